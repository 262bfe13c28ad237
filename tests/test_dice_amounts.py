"""Dice in damage and healing amounts (issue 17, problem 4): ``damage Kira 1d6``,
``heal Kira 2d4+2``, in every system that has those verbs, as a quick roll, on a
campaign, with ``-n`` and in a batch. A number parameter declared ``dice=True``
takes a dice expression, rolled from the command's dice before the hook is
called, as an encounter file's live value is (rolecli.dice.amount)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rolecli import hookimpl
from rolecli.contract import ActionSpec, Label, Odds, Outcome, Param, SystemInfo
from rolecli_testing import run_inprocess

# Every built-in verb that takes a damage or healing amount, as a quick roll:
# the verb's words, and a sheet with something to heal where it heals.
AMOUNTS = [
    ("dice", "damage"), ("dice", "heal", "--with", "damage=9"),
    ("fate", "damage"),
    ("giro", "damage"), ("giro", "heal", "--with", "heridas=9"),
    ("middle", "damage"),
    ("v5", "damage"),
    ("alternity", "heal", "--with", "wound=9"),
]


def _without_the_roll(payload: dict) -> dict:
    return {k: v for k, v in payload.items() if k not in ("amounts", "dice", "explanation")}


@pytest.mark.parametrize("words", AMOUNTS, ids=lambda w: " ".join(w[:2]))
def test_a_quick_amount_given_as_dice_is_rolled_and_the_hook_gets_the_total(cli, words):
    system, verb, *sheet = words
    rolled = cli(system, verb, "1d6+1", *sheet, "--dice", "3", "--json")
    assert rolled.code == 0, rolled.err
    (name, amount), = rolled.json["amounts"].items()
    assert (amount["expression"], amount["total"]) == ("1d6+1", 4)
    assert rolled.json["dice"] == amount["dice"] == [{"sides": 6, "value": 3, "how": "given", "why": "1d6 die 1"}]
    assert rolled.json["explanation"][0] == f"{name}: 1d6 [3] + 1 = 4"
    plain = cli(system, verb, "4", *sheet, "--json")  # the same as giving the total
    assert _without_the_roll(rolled.json) == _without_the_roll(plain.json)
    text = cli(system, verb, "1d6+1", *sheet, "--dice", "3")
    assert text.out.startswith(f"{name}: 1d6 [3] + 1 = 4\n") and "d6=3 (1d6 die 1)" in text.err


def test_damage_and_heal_on_a_campaign_are_logged_with_the_dice(cli, campaigns):
    cli("campaign", "use", "demo")
    hit = cli("damage", "Ana", "1d6", "--dice", "5", "--json")
    assert hit.code == 0 and hit.json["damage"] == 5
    assert cli("heal", "Ana", "2d4+2", "--dice", "1,1").code == 0  # 4: Ana 11/12
    log = [json.loads(line) for line in (campaigns / "demo" / "log.jsonl").read_text("utf-8").splitlines()]
    assert [e["summary"] for e in log] == ["damage 1d6 = 5 — Ana: 7/12 HP", "heal 2d4+2 = 4 — Ana: 11/12 HP"]
    healed = log[-1]["data"]["results"][0]["amounts"]["amount"]
    assert healed["total"] == 4 and [d["value"] for d in healed["dice"]] == [1, 1]
    assert "change: heal 2d4+2 = 4 — Ana: 11/12 HP" in cli("log", "-n", "1").out


def test_each_repetition_rolls_the_amount_anew(cli, campaigns):
    cli("campaign", "use", "demo")
    repeated = cli("damage", "Ana", "1d4", "-n", "3", "--dice", "1,2,3", "--json")
    assert repeated.code == 0, repeated.err
    results = [json.loads(line) for line in repeated.out.splitlines()]
    assert [r["amounts"]["amount"]["total"] for r in results] == [1, 2, 3]
    assert [r["damage"] for r in results] == [1, 3, 6]
    assert [[d["value"] for d in r["dice"]] for r in results] == [[1], [2], [3]]


def test_a_batch_rolls_the_amounts_of_its_lines(cli, campaigns):
    script = "-C demo damage Ana 1d6 --dice 6\n-C demo heal Ana 1d4 --dice 2\n-C demo character show Ana --json\n"
    result = cli("batch", "-", stdin=script)
    assert result.code == 0, result.err
    assert result.out.splitlines()[:4] == ["amount: 1d6 [6] = 6", "Ana: 6/12 HP", "amount: 1d4 [2] = 2", "Ana: 8/12 HP"]
    assert json.loads(result.out.splitlines()[-1])["state"]["damage"] == 4


@given(seed=st.integers(0, 2**32))
def test_a_seeded_amount_is_the_same_as_its_dice_given_at_the_table(seed):
    seeded = run_inprocess("dice", "damage", "3d6+2", "--seed", str(seed), "--json").json
    faces = ",".join(str(d["value"]) for d in seeded["dice"])
    given_back = run_inprocess("dice", "damage", "3d6+2", "--dice", faces, "--json").json
    assert 5 <= seeded["amounts"]["amount"]["total"] <= 20 and seeded["damage"] == min(seeded["amounts"]["amount"]["total"], 10)
    assert _without_the_roll(given_back) == _without_the_roll(seeded)


@pytest.mark.parametrize("text", ["1d6", "3d6+2", "4d6kh3", "2d10!+1", "d%-10"])
@given(seed=st.integers(0, 2**32))
def test_an_amounts_total_alone_is_its_rolls_and_reads_the_same_dice(text, seed):
    """What an encounter rolls for an amount (Rolled.total) is what the roll gives."""
    from rolecli.dice.amount import rolled
    from rolecli.dice.source import DiceSource

    amount = rolled(Param("amount", "int", Label(en="amount")), text)
    alone, whole = DiceSource(seed), DiceSource(seed)
    assert amount.total(alone) == amount.roll(whole).total
    assert alone.reads == whole.reads


@pytest.mark.parametrize("args, said", [
    (("dice", "damage", "1d6-4"), "amount '1d6-4' can roll -3..2, outside amount's range 0..1000000."),
    (("giro", "heal", "1d100"), "points '1d100' can roll 1..100, outside points's range 0..99."),
    (("dice", "damage", "3d6y"), "amount '3d6y' is neither a number nor a dice expression: "),
    (("dice", "damage", "Kira"), "amount 'Kira' is neither a number nor a dice expression: "),
    (("dice", "damage", "2d6", "--dice", "4"), "--dice ran out"),
    (("dice", "damage", "1d6", "--dice", "4,5"), "remove the extra value(s) 5"),
    (("dice", "damage", "9" * 5000), "amount '" + "9" * 39 + "…' is neither a number nor a dice expression: dice "
                                     "expression too long"),
])
def test_bad_dice_in_an_amount_are_one_line_and_exit_2(cli, args, said):
    result = cli(*args)
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1
    assert said in result.err and "Traceback" not in result.err and len(result.err) < 400


def test_a_refused_amount_on_a_campaign_writes_nothing(cli, campaigns):
    cli("campaign", "use", "demo")
    assert cli("damage", "Ana", "1d6", "--dice", "7").code == 2  # not a d6 face
    assert cli("damage", "Ana", "1d6-9").code == 2
    assert not (campaigns / "demo" / "state.toml").exists() and not (campaigns / "demo" / "log.jsonl").exists()


def test_a_number_not_declared_rollable_takes_no_dice(cli):
    refused = cli("dice", "check", "1d20", "--target", "1d6")
    assert refused.code == 2 and "--target" in refused.err and refused.err.count("\n") == 1


# --- the contract: Param(dice=True) ---------------------------------------------------


class _Hurt:
    """A system whose one verb with odds takes a rollable amount."""

    ROLECLI_CONTRACT = 2

    @hookimpl
    def rolecli_system(self):
        amount = Param("amount", "int", Label(en="Amount."), required=True, positional=True, minimum=0, maximum=9,
                       dice=True)
        return SystemInfo(name="hurt", names=Label(en="hurt"), actions=(
            ActionSpec("hit", "roll", Label(en="hit"), (amount,), actor="none", odds=True),))

    @hookimpl
    def rolecli_roll(self, action, ctx):
        return Outcome(data={"amount": action.params["amount"]}, lines=[str(action.params["amount"])])

    @hookimpl
    def rolecli_odds(self, action, ctx):
        from fractions import Fraction

        return Odds(outcomes={"hit": Fraction(1, 2)})


def test_the_exact_odds_refuse_dice_in_a_number():
    from rolecli.testing import plugins, run

    with plugins(_Hurt()):
        assert run("hurt", "hit", "1d4", "--dice", "3", "--json").json["amount"] == 3
        assert run("odds", "hurt", "hit", "3").code == 0
        refused = run("odds", "hurt", "hit", "1d4")
    assert refused.code == 2 and refused.err.count("\n") == 1
    assert "amount 1d4: exact odds take a plain number here, not dice" in refused.err


def test_only_a_number_may_be_declared_rollable():
    from rolecli.declarations import DeclarationError, check_action

    info = SystemInfo(name="hurt", names=Label(en="hurt"))
    spec = ActionSpec("hit", "roll", Label(en="hit"), (Param("how", "str", Label(en="How."), dice=True),))
    with pytest.raises(DeclarationError, match="only an int or float may be rolled"):
        check_action(info, spec)


@pytest.mark.parametrize("campaign, verb, who", [
    ("demo", "heal", "Ana"), ("caminantes", "damage", "Lucía"), ("giro", "damage", "Berthold"),
    ("middle", "damage", "Novato"), ("v5", "damage", "Tracy"), ("aaa", "heal", "Mad Dog"),
], ids=lambda v: v if v in ("demo", "caminantes", "giro", "middle", "v5", "aaa") else "")
def test_every_systems_amount_on_its_campaign_is_rolled_and_logged(cli, campaigns, campaign, verb, who):
    result = cli("-C", campaign, verb, who, "1d6", "--dice", "3", "--json")
    assert result.code == 0, result.err
    assert next(iter(result.json["amounts"].values()))["total"] == 3
    logged = json.loads((campaigns / campaign / "log.jsonl").read_text("utf-8").splitlines()[-1])
    assert logged["summary"].startswith(f"{verb} 1d6 = 3 — ")
