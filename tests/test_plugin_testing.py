"""The test kit shipped for plugin authors (rolecli.testing): what each helper
promises, and that it leaves nothing behind."""

from __future__ import annotations

import os

import pytest

from rolecli import hookimpl
from rolecli.contract import Action, ActionSpec, Character, Label, Outcome, SystemInfo
from rolecli.errors import CampaignError, DiceError
from rolecli.testing import campaign, character, context, hooks, plugins, run

DICE = {"system": "dice", "characters": {"Ana": {"hp": 12, "traits": {"Fuerza": 2}}}}


def test_run_gives_code_out_err_and_json():
    one = run("roll", "2d6", "--dice", "3,4", "--json")
    assert one.code == 0 and one.err == "" and one.json["total"] == 7
    many = run("roll", "d6", "-n", "3", "--seed", "1", "--json")
    assert [r["expression"] for r in many.json] == ["d6"] * 3  # JSON lines: a list
    bad = run("roll", "2d")
    assert bad.code == 2 and bad.out == "" and bad.err.startswith("rolecli: ")


def test_run_sets_the_environment_for_one_call_only(monkeypatch):
    monkeypatch.delenv("ROLECLI_LANG", raising=False)
    assert "éxito" in run("dice", "check", "d20", "--target", "2", "--dice", "5", env={"ROLECLI_LANG": "es"}).out
    assert "ROLECLI_LANG" not in os.environ


def test_run_feeds_standard_input():
    result = run("batch", stdin="roll 2d6 --seed 1\nroll 2d6 --seed 2\n")
    assert result.code == 0 and [line.split(" = ")[0] for line in result.out.splitlines()] == ["2d6 [2, 5]", "2d6 [1, 1]"]


def test_a_throw_away_campaign_is_current_for_the_block_and_gone_after(monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")
    before = os.environ.get("ROLECLI_CAMPAIGNS")
    with campaign(DICE, name="trial") as folder:
        assert folder.name == "trial" and (folder / "campaign.toml").is_file()
        assert run("damage", "Ana", "5").out.startswith("Ana: 7/12 HP")
        assert "damage = 5" in (folder / "state.toml").read_text(encoding="utf-8")
        assert run("check", "Ana", "d20", "--bonus", "Fuerza", "--target", "10", "--dice", "8").code == 0
    assert not folder.exists() and os.environ.get("ROLECLI_CAMPAIGNS") == before


def test_a_campaign_rolecli_would_refuse_fails_at_once():
    with pytest.raises(CampaignError, match="hp = -1 is out of range"):
        with campaign({"system": "dice", "characters": {"Ana": {"hp": -1}}}):
            pass


def test_a_context_reads_the_dice_given_and_no_more():
    import rolecli_dice
    from rolecli_dice import INFO

    relay = hooks(rolecli_dice)
    ctx = context(INFO, dice=[17])
    ana = character(INFO, "Ana", {"traits": {"Fuerza": 2}})
    outcome = relay.rolecli_resolve(action=Action("check", {"expression": "d20", "target": 19, "bonus": "Fuerza"},
                                                  ana), ctx=ctx)
    assert outcome.success is True and outcome.data["total"] == 19  # --under filled in by its default
    assert ctx.options == {"rest": "full", "initiative_die": "1d20"}  # the system's defaults
    with pytest.raises(DiceError, match="--dice ran out"):
        relay.rolecli_resolve(action=Action("check", {"expression": "d20", "target": 2}), ctx=ctx)


def test_a_character_is_the_template_under_the_sheet_and_state():
    from rolecli_dice import INFO

    ana = character(INFO, "Ana", {"hp": 8}, {"damage": 3})
    assert isinstance(ana, Character)
    assert (ana.sheet["hp"], ana.sheet["initiative"], ana.state) == (8, 0, {"damage": 3})


def test_plugins_adds_a_module_for_the_block_only():
    from rolecli.plugins import get_plugins

    before = get_plugins()
    with plugins(_Shout()) as loaded:
        assert get_plugins() is loaded and "shout" in loaded.systems
        assert run("shout", "say", "--json").json["said"] == "HEY"
    assert get_plugins() is before and "shout" not in before.systems
    assert run("shout", "say").code == 2


class _Shout:
    """A system with one verb, registered by hand."""

    ROLECLI_CONTRACT = 2

    @hookimpl
    def rolecli_system(self):
        return SystemInfo(name="shout", names=Label(en="shout"), actions=(ActionSpec("say", "roll", Label(en="say"),
                                                                                     actor="none"),))

    @hookimpl
    def rolecli_roll(self, action, ctx):
        return Outcome(data={"said": "HEY"}, lines=["HEY"])


@pytest.mark.parametrize("out", ["", "2d6 [3, 4] = 7\n", '{"total": 7}\nnot json\n'])
def test_json_is_none_when_what_was_printed_is_not_json(out):
    from rolecli.testing import Result

    assert Result(0, out, "").json is None


def test_json_is_none_for_a_refused_command():
    refused = run("roll", "2d", "--json")
    assert refused.code == 2 and refused.json is None
