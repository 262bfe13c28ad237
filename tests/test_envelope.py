"""Every verb's ``--json`` is one envelope (docs/envelope.md): each line of
every verb of every system, quick and on its sample campaign (the walk of
:mod:`test_conventions_json`), validates against docs/envelope.schema.json,
and no system's data takes a key the envelope added (``actor``, ``status``...)."""

from __future__ import annotations

import json
import shlex

import jsonschema
import pytest

import rolecli.envelope
from rolecli_testing import REPO, quick_tier, run_inprocess
from test_conventions_json import VERBS, _lines
from test_readme import _examples

SCHEMA = json.loads((REPO / "docs" / "envelope.schema.json").read_text(encoding="utf-8"))


def _results(*args: str) -> list[dict]:
    result = run_inprocess(*args, "--json")
    assert result.code in (0, 1), (args, result.err)
    return [json.loads(line) for line in result.out.splitlines()]


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_the_schema_refuses_a_result_without_the_envelope():
    """The walk below can fail: a result as verbs printed it before the envelope does not validate."""
    old = {"system": "dice", "action": "damage", "character": "Ana", "damage": 4, "success": None, "dice": [],
           "explanation": ["Ana: 8/12 HP"], "changes": {"Ana": {"damage": 4}}}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(old, SCHEMA)


@pytest.mark.parametrize("system", sorted(VERBS))
def test_every_verb_of_every_system_prints_the_envelope(cli, system, monkeypatch, request):
    keys: list[tuple[str, set[str]]] = []
    shape = rolecli.envelope.envelope

    def spy(system_name, verb, outcome, *rest):
        keys.append((verb, set(outcome.data)))
        return shape(system_name, verb, outcome, *rest)

    monkeypatch.setattr(rolecli.envelope, "envelope", spy)
    monkeypatch.setattr("rolecli.play.envelope", spy)
    campaign, quick, on_campaign = VERBS[system]
    # The quick tier walks half the quick lines; a campaign's lines play one story, each after the last.
    share = 2 if quick_tier(request.config) else 1
    for args in _lines(quick, "envelope", share):
        for result in _results(*args):
            jsonschema.validate(result, SCHEMA)
            assert (result["actor"], result["targets"]) == (None, None), args
            assert "status" not in result, args
    for args in _lines(on_campaign):
        for result in _results("-C", campaign, *args):
            jsonschema.validate(result, SCHEMA)
            touched = {result["actor"], *result["targets"], *result["changes"]} - {None}
            assert set(result["status"]) == touched, args
    # What the core always wrote over (success, dice, explanation) a system may still echo; the rest is the envelope's.
    reserved = set(rolecli.envelope.RESERVED) - {"margin", "success", "dice", "explanation"}
    assert keys and not [(verb, sorted(k & reserved)) for verb, k in keys if k & reserved]


def test_damage_on_a_dice_campaign_says_the_character_can_still_act(cli):
    (result,) = _results("-C", "demo", "damage", "Ana", "4")
    assert (result["actor"], result["targets"]) == ("Ana", [])
    assert result["status"]["Ana"]["can_act"] is True
    assert result["status"]["Ana"]["key"] == "active"


def test_changes_hold_the_whole_state_after_each_repetition(cli):
    """A rouse check changes Willpower and Hunger; its changes still show the
    Health a blow left before, and a repeated verb shows each repetition's state."""
    (hit,) = _results("-C", "v5", "damage", "Tracy", "2")
    (roused,) = _results("-C", "v5", "rouse", "Tracy", "--seed", "1")
    health = {k: v for k, v in hit["changes"]["Tracy"].items() if k.startswith("health_")}
    assert health and health.items() <= roused["changes"]["Tracy"].items()
    first, second = _results("-C", "demo", "damage", "Esqueleto", "1", "-n", "2")
    assert (first["changes"]["Esqueleto"]["damage"], second["changes"]["Esqueleto"]["damage"]) == (1, 2)


def test_a_quick_roll_has_the_envelope_without_characters(cli):
    (result,) = _results("dice", "damage", "3")
    assert (result["actor"], result["targets"], result["margin"]) == (None, None, None)
    assert "status" not in result
    assert result["changes"] == {"Character": {"damage": 3}}


@pytest.mark.parametrize("args,margin", [
    (("dice", "check", "1d20", "--target", "15", "--dice", "12"), 12 - 15),          # short of the target by 3
    (("dice", "check", "1d20", "--target", "15", "--dice", "15"), 0),                # on the line: a success
    (("dice", "check", "1d20", "--target", "15", "--under", "--dice", "9"), 15 - 9),  # roll-under: 6 to spare
    # v5: the winner's successes − the loser's, from the actor's side: 6s and 7s are successes (003-R4)
    (("v5", "contest", "2", "3", "--dice", "6,1,6,7,8"), 1 - 3),
    (("v5", "contest", "3", "1", "--dice", "6,7,8,2"), 3 - 0),
    # fate: effort (skill + the four dice) − the difficulty or the opposition's effort (000-R2, R3)
    (("fate", "check", "2", "--difficulty", "4", "--dice", "0,0,0,+"), (2 + 1) - 4),
    (("fate", "contest", "2", "3", "--dice", "0,0,0,0,+,+,0,0"), (2 + 0) - (3 + 2)),
])
def test_the_margin_is_from_the_actors_side(cli, args, margin):
    (result,) = _results(*args)
    assert result["margin"] == margin
    assert result["success"] is (margin >= 0)


def test_the_pages_examples_print_what_it_shows(cli):
    """docs/envelope.md's examples are real, as the README's are (test_readme)."""
    examples = list(_examples("docs/envelope.md"))
    assert len(examples) == 2
    for command, shown in examples:
        code = int(shown.pop()[6:-1]) if shown and shown[-1].startswith("[exit ") else 0
        result = run_inprocess(*shlex.split(command)[1:])
        assert (result.out.splitlines(), result.code) == (shown, code), command


def test_a_state_fields_sheet_value_is_only_its_start_so_hunger_lives_in_one_place(cli):
    """Hunger written on the sheet starts the state; after a Rouse check (a die of
    1–5 raises it by one, v5 rulings) `character show` tells one Hunger, the state's."""
    assert cli("-C", "v5", "character", "set", "Tracy", "hunger=3").code == 0
    (roused,) = _results("-C", "v5", "rouse", "Tracy", "--dice", "3")
    assert (roused["hunger"], roused["changes"]["Tracy"]["hunger"]) == (3 + 1, 3 + 1)
    (shown,) = _results("-C", "v5", "character", "show", "Tracy")
    assert shown["state"]["hunger"] == 3 + 1 and "hunger" not in shown["sheet"]
