"""Checks (002-R1..R6), the step ladder (002-R3/R4) and last resort points (002-R44),
through the command line where a quick roll can show it. Numbers come from the
rules and rulings of docs/systems/alternity.md, never from the output."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from aaa_helpers import aaa_cli, call, character
from rolecli.contract import Refused
from rolecli.errors import RoleError


def test_002_R1_total_at_most_score_succeeds(cli):
    # control 7 + d4 3 = 10 ≤ 13 → success; exit code 0
    r = aaa_cli(cli, "check", 13, "--kind", "broad", "--dice", "7,3")
    assert r.code == 0 and r.json["total"] == 10 and r.json["success"] is True
    # control 12 + d4 3 = 15 > 13 → Failure; exit code 1
    r = aaa_cli(cli, "check", 13, "--kind", "broad", "--dice", "12,3")
    assert r.code == 1 and r.json["total"] == 15 and r.json["degree"] == "failure"


def test_002_R1_bonus_dice_subtract(cli):
    # −d6 (2 steps of bonus from +d0): control 15 − 4 = 11 ≤ 13
    r = aaa_cli(cli, "check", 13, "--steps", -2, "--dice", "15,4")
    assert r.json["situation_die"] == "−d6" and r.json["total"] == 11 and r.json["success"] is True


def test_002_R1_line_names_dice_and_result_es(cli):
    r = cli("alternity", "check", "13", "--kind", "broad", "--dice", "7,3", "--lang", "es")
    assert "Dado de control 7 + dado de situación +d4 (3) = 10 ≤ 13: éxito Ordinario" in r.out
    r = cli("alternity", "check", "13", "--kind", "broad", "--dice", "7,3", "--lang", "en")
    assert "Control die 7 + situation die +d4 (3) = 10 ≤ 13: Ordinary success" in r.out


@pytest.mark.parametrize("control,degree", [(1, "amazing"), (3, "amazing"), (4, "good"), (6, "good"), (7, "ordinary"),
                                            (13, "ordinary"), (14, "failure"), (19, "failure"), (20, "critical_failure")])
def test_002_R2_degrees_by_score_fractions(cli, control, degree):
    # The rulings: Amazing ≤ 13÷4 = 3, Good ≤ 13÷2 = 6, Ordinary ≤ 13; a specialty rolls +d0
    r = aaa_cli(cli, "check", 13, "--kind", "specialty", "--dice", control)
    assert r.json["degree"] == degree


@pytest.mark.parametrize("steps,die", [(-5, "−d20"), (-4, "−d12"), (-3, "−d8"), (-2, "−d6"), (-1, "−d4"), (0, "+d0"),
                                       (1, "+d4"), (2, "+d6"), (3, "+d8"), (4, "+d12"), (5, "+d20"), (6, "+2d20"),
                                       (7, "+3d20"), (8, "+4d20"), (9, "+5d20")])
def test_002_R3_ladder_from_d0(steps, die):
    from rolecli_alternity.steps import final_rung, parse_rung, rung_text

    assert rung_text(final_rung(0, steps)) == die
    assert parse_rung(die) == steps


def test_002_R3_beyond_3d20_each_step_adds_a_d20(cli):
    r = aaa_cli(cli, "check", 30, "--steps", 9, "--dice", "1,1,1,1,1,1")   # +5d20: control + 5 dice
    assert r.json["situation_die"] == "+5d20" and len(r.json["situation"]) == 5


def test_002_R3_bonus_beyond_d20_is_refused_naming_the_range(cli):
    r = cli("alternity", "check", "13", "--steps", "-6")
    assert r.code == 2 and "−d20" in r.err and "range" in r.err


def test_002_R3_clamp_bonus_option_stays_at_d20(cli):
    r = aaa_cli(cli, "check", 13, "--steps", -8, "--rule", "clamp_bonus=true", "--dice", "10,5")
    assert r.json["situation_die"] == "−d20" and r.json["total"] == 5


def test_002_T1_mad_dog_casi_imposible(cli):
    """002-T1 [seed]: Athletics 13, base +d4, Casi Imposible (+7) → +4d20; d20 + 4d20 ≤ 13."""
    r = aaa_cli(cli, "check", 13, "--kind", "broad", "--situation", "Casi Imposible", "--dice", "2,1,1,1,1")
    assert r.json["situation_die"] == "+4d20" and r.json["total"] == 6 and r.json["success"] is True
    r = aaa_cli(cli, "check", 13, "--kind", "broad", "--steps", 7, "--dice", "5,1,2,3,4")
    assert r.json["situation_die"] == "+4d20" and r.json["total"] == 15 and r.code == 1


def test_002_T1_mad_dog_from_the_campaign_sheet():
    """Atletismo is a broad skill on Mad Dog's sheet: base +d4 found from the name."""
    out = call("check", actor=character("Mad Dog"), score="Atletismo", situation="Nearly Impossible",
               dice=[5, 1, 2, 3, 4])
    assert out.data["base"] == "+d4" and out.data["situation_die"] == "+4d20" and out.data["score"] == 13


def test_002_R3_eyeball_labels_in_both_languages():
    from rolecli_alternity.steps import situation_steps

    assert situation_steps("Casi Imposible")[0] == 7
    assert situation_steps("casi-imposible")[0] == 7
    assert situation_steps("Nearly Impossible")[0] == 7
    with pytest.raises(Refused, match="Casi Imposible"):
        situation_steps("imposible del todo")


def test_002_R4_modifiers_of_every_source_add_up(cli):
    # +2 modifiers, aim −1, light gravity +1, one Good helper −2 → 0 steps from +d4
    r = aaa_cli(cli, "check", 13, "--kind", "broad", "--steps", 2, "--aim", "--gravity", "light", "--helpers", "good",
                "--dice", "9,2")
    assert r.json["steps"] == 0 and r.json["situation_die"] == "+d4"


def test_002_R4_opponent_resistance_modifier_on_attack():
    # Sor Deskul's STR resistance +1 adds a step to a melee attack against him
    out = call("attack", actor=character("Mad Dog"), target=character("Sor Deskul"), score="Armas Cuerpo a Cuerpo-espada",
               damage="d4s/d6w/d4m", resist="str", dice=[18, 4])
    assert out.data["situation_die"] == "+d4"     # specialty +d0, +1 resistance
    assert out.data["step_sources"] == [{"steps": 1, "why": "Sor Deskul's resistance"}]
    out = call("attack", lang="es", actor=character("Mad Dog"), target=character("Sor Deskul"),
               score="Armas Cuerpo a Cuerpo-espada", damage="d4s/d6w/d4m", resist="str", dice=[18, 4])
    assert out.data["step_sources"] == [{"steps": 1, "why": "resistencia de Sor Deskul"}]


def test_every_die_read_is_named_for_what_it_is_in_the_call_language():
    """The reasons a check and its damage give their dice (worded once per check, rung and
    language): each call names its own situation die, in its own language."""
    def whys(lang, **over):
        dice = [2, 1, 3] if over else [2, 3]   # an Amazing hit; Sor Deskul's resistance puts a +d4 between the two
        out = call("attack", lang=lang, actor=character("Mad Dog"), target=character("Sor Deskul"),
                   score="Armas Cuerpo a Cuerpo-espada", damage="d4s/d6w/d4m", dice=dice, **over)
        return [d.why for d in out.dice]

    assert whys("en") == ["control die (attack)", "damage d4m"]
    assert whys("es") == ["dado de control (ataque)", "daño d4m"]
    assert whys("en", resist="str") == ["control die (attack)", "situation die +d4 (attack)", "damage d4m"]
    assert whys("es", resist="str") == ["dado de control (ataque)", "dado de situación +d4 (ataque)", "daño d4m"]
    assert whys("en") == ["control die (attack)", "damage d4m"]
    for lang, told in (("en", ["control die (Mad Dog's action check)", "control die (Grimes's action check)"]),
                       ("es", ["dado de control (tirada de acción de Mad Dog)",
                               "dado de control (tirada de acción de Grimes)"])):
        out = call("initiative", lang=lang, chars=[character("Mad Dog"), character("Grimes")], dice=[5, 9])
        assert [d.why for d in out.dice] == told


@pytest.mark.parametrize("kind,score,base", [("specialty", 12, "+d0"), ("broad", 12, "+d4"), ("feat", 12, "+d4"),
                                            ("untrained", 6, "+d4")])
def test_002_R3_base_die_by_skill_kind(cli, kind, score, base):
    # The rulings: specialty +d0; broad or feat +d4; untrained: half the ability at +d4
    r = aaa_cli(cli, "check", 12, "--kind", kind, "--dice", "10" if base == "+d0" else "10,1")
    assert r.json["score"] == score and r.json["base"] == base


def test_002_R3_feat_and_untrained_from_sheet():
    mad = character("Mad Dog")                          # DES 12
    out = call("check", actor=mad, score="DEX", dice=[10, 1])
    assert out.data["kind"] == "feat" and out.data["score"] == 12 and out.data["base"] == "+d4"
    out = call("check", actor=mad, score="Destreza", kind="untrained", dice=[10, 1])
    assert out.data["score"] == 6 and out.data["base"] == "+d4"
    out = call("check", actor=mad, score="Armas Cuerpo a Cuerpo-espada", dice=[10])
    assert out.data["kind"] == "specialty" and out.data["base"] == "+d0"


def test_002_T2_control_1_turns_failure_into_ordinary(cli):
    """002-T2 [derived]: score 5, +d12, control 1, d12 11 → 12 > 5 but Ordinary success."""
    r = aaa_cli(cli, "check", 5, "--base", "+d12", "--dice", "1,11")
    assert r.json["total"] == 12 and r.json["degree"] == "ordinary" and r.code == 0


def test_002_T2b_control_1_does_not_save_at_d20_or_worse(cli):
    """002-T2b [derived]: score 10, +2d20, control 1, total 25 → stays a Failure."""
    r = aaa_cli(cli, "check", 10, "--base", "+2d20", "--dice", "1,12,12")
    assert r.json["total"] == 25 and r.json["degree"] == "failure" and r.code == 1


def test_002_R5_gm_may_declare_too_hard(cli):
    r = aaa_cli(cli, "check", 5, "--base", "+d12", "--too-hard", "--dice", "1,11")
    assert r.json["degree"] == "failure"


def test_002_R6_control_20_is_critical_failure_even_under_the_score(cli):
    r = aaa_cli(cli, "check", 30, "--dice", "20")
    assert r.json["total"] == 20 and r.json["degree"] == "critical_failure" and r.code == 1


def test_002_R6_control_20_on_an_action_that_cannot_fail_is_bad_luck(cli):
    r = aaa_cli(cli, "check", 13, "--cannot-fail", "--dice", "20")
    assert r.json["success"] is True and r.json["bad_luck"] is True and r.json["degree"] == "ordinary"


def test_002_R6_bad_luck_is_kept_in_the_state():
    out = call("check", actor=character("Mad Dog"), score="Atletismo", cannot_fail=True, dice=[20, 1])
    assert out.changes["Mad Dog"]["bad_luck"] == 1


def test_unknown_trait_lists_traits_and_closest_match():
    with pytest.raises(RoleError, match="Did you mean 'Atletismo'"):
        call("check", actor=character("Mad Dog"), score="Atletsmo")


def test_score_out_of_range_is_refused(cli):
    r = cli("alternity", "check", "41")
    assert r.code == 2 and "0..40" in r.err


def test_abilities_out_of_range_are_refused():
    with pytest.raises(Refused, match="CON"):
        call("damage", actor=character("x", CON=40), damage="3w")


# --- last resort points (002-R44) ---------------------------------------------------


def test_002_T17_good_plus_one_point_is_amazing(cli):
    """002-T17 [seed]: your Good result + 1 point → Amazing."""
    r = aaa_cli(cli, "check", 13, "--dice", "5", "--last-resort", "1")
    assert r.json["rolled_degree"] == "good" and r.json["degree"] == "amazing" and r.json["last_resorts_spent"] == 1


def test_002_T18_target_lowers_villains_amazing_to_good(cli):
    """002-T18 [seed]: a villain's Amazing attack, the target spends 1 before damage: Good (d6 wound)."""
    r = aaa_cli(cli, "attack", 13, "d4s/d6w/d4m", "--target-last-resort", "1", "--dice", "2,5")
    assert r.json["rolled_degree"] == "amazing" and r.json["degree"] == "good"
    assert r.json["damage"] == {"entry": "d6w", "track": "wound", "amount": 5, "dice": [5]}
    r = aaa_cli(cli, "attack", 13, "d4s/d6w/d4m", "--target-last-resort", "1", "--dice", "5,3")
    assert r.json["rolled_degree"] == "good" and r.json["degree"] == "ordinary" and r.json["damage"]["track"] == "stun"


def test_an_attack_raised_from_a_failure_tells_the_degree_and_the_success_it_was_raised_to(cli):
    """The check writes the degree rolled and its success; the attack's are those the points give."""
    r = aaa_cli(cli, "attack", 13, "d4s/d6w/d4m", "--last-resort", "1", "--dice", "15,3")
    assert (r.json["rolled_degree"], r.json["degree"], r.json["success"]) == ("failure", "ordinary", True)
    assert r.json["damage"] == {"entry": "d4s", "track": "stun", "amount": 3, "dice": [3]}
    r = aaa_cli(cli, "attack", 13, "d4s/d6w/d4m", "--dice", "15")
    assert (r.json["rolled_degree"], r.json["degree"], r.json["success"], r.json["damage"]) == ("failure", "failure", False, None)


def test_002_R44_critical_failure_plus_one_is_failure_and_free_agent_two_is_ordinary():
    out = call("check", actor=character("Jack Everstar"), score="Resistencia-resistencia", last_resort="1", dice=[20])
    assert out.data["degree"] == "failure" and out.changes["Jack Everstar"]["last_resorts_spent"] == 1
    out = call("check", actor=character("Mad Dog"), score="Atletismo", last_resort="2", dice=[20, 1])
    assert out.data["degree"] == "ordinary" and out.changes["Mad Dog"]["last_resorts_spent"] == 2


def test_002_R44_only_free_agents_spend_two():
    with pytest.raises(Refused, match="Free Agent"):
        call("check", actor=character("Jack Everstar"), score="Resistencia-resistencia", last_resort="2", dice=[20])


def test_002_R44_no_points_left_is_refused():
    grimes = character("Grimes")                # PER 7 → 0 points (rulings)
    with pytest.raises(Refused, match="0 last resort"):
        call("check", actor=grimes, score="Atletismo", last_resort="1", dice=[15, 2])


def test_002_R44_last_resorts_cannot_counter_each_other():
    with pytest.raises(Refused, match="counter"):
        call("attack", score="13", damage="d4s/d6w/d4m", last_resort="1", target_last_resort="1", dice=[5])


def test_002_R44_if_failed_policy_spends_only_on_a_failure(cli):
    r = aaa_cli(cli, "check", 13, "--dice", "15", "--last-resort", "if-failed")
    assert r.json["degree"] == "ordinary" and r.json["last_resorts_spent"] == 1
    r = aaa_cli(cli, "check", 13, "--dice", "5", "--last-resort", "if-failed")
    assert r.json["degree"] == "good" and r.json["last_resorts_spent"] == 0


def test_002_R44_a_policy_spends_on_the_degrees_it_is_said_to_spend_on():
    """``spent_on`` names the degrees each policy spends points on, own or against: ``no`` none,
    ``if-failed`` one's own Failure or Critical Failure, a number of points any it can shift;
    a roll of any other degree spends nothing (an attack asks ``spend`` only of those)."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli_alternity.check import RANK
    from rolecli_alternity.last_resort import spend, spent_on

    from aaa_helpers import options

    free = character("Mad Dog", free_agent=True)
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    assert spent_on("no") == spent_on("if-failed", False) == frozenset()
    assert spent_on("if-failed") == {"failure", "critical_failure"}
    assert spent_on("if-failed", True, False) == frozenset()  # one who holds no point spends none if failed
    assert spent_on("1", True, False) == spent_on("1")  # a number of points is refused where it cannot be spent
    poor = character("Grimes", PER=7)
    for degree in RANK:
        assert spend("if-failed", degree, poor, ctx)[1] == 0
    for policy in ("no", "if-failed", "1", "2"):
        for own in (True, False):
            for degree in RANK:
                try:
                    spent = spend(policy, degree, free, ctx, own)[1]
                except Refused:   # a degree the points cannot shift: refused, not spent on
                    spent = None
                assert (spent != 0) == (degree in spent_on(policy, own)), (policy, own, degree)


def test_002_R44_points_from_personality():
    from rolecli_alternity.sheet import last_resorts_max

    # The rulings: 7→0, 10→1, 12→2, 14→3, 16→4, linear between
    got = {per: last_resorts_max(character("x", PER=per)) for per in (7, 9, 10, 11, 12, 14, 16)}
    assert got == {7: 0, 9: 0, 10: 1, 11: 1, 12: 2, 14: 3, 16: 4}
    assert last_resorts_max(character("x", PER=7, last_resorts=5)) == 5


# --- properties ------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(score=st.integers(0, 40), a=st.integers(-60, 120), b=st.integers(-60, 120))
def test_002_R2_degrees_monotone_in_the_total(score, a, b):
    from rolecli_alternity.check import RANK, raw_degree

    lo, hi = min(a, b), max(a, b)
    assert RANK[raw_degree(lo, score)] >= RANK[raw_degree(hi, score)]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), score=st.integers(0, 40), steps=st.integers(-5, 10))
def test_seeded_and_given_dice_agree(seed, score, steps):
    import rolecli_alternity as plugin
    from aaa_helpers import options
    from rolecli.contract import Action, Context
    from rolecli.dice.source import DiceSource
    from rolecli.testing import hooks

    spec_params = {"score": str(score), "steps": steps}
    src = DiceSource(seed=seed)
    first = hooks(plugin).rolecli_resolve(action=Action("check", spec_params), ctx=Context("en", src, options()))
    again = call("check", dice=[d.value for d in src.reads], score=str(score), steps=steps)
    assert again.data["degree"] == first.data["degree"] and again.data["total"] == first.data["total"]


def test_a_roll_prepared_once_per_sheet_follows_the_call_the_marks_and_the_rules():
    """One sheet, its roll worked out once for each call and marks: another step, other
    marks, another Dazed rule or language each make a roll of their own."""
    from dataclasses import replace

    mad = character("Mad Dog")   # CON 11: Dazed over 5 stun or 5 wound boxes

    def rolled(who, **kw):
        out = call("check", actor=who, score="Atletismo", dice=[5, 1], **kw)
        return out.data["situation_die"], [s["why"] for s in out.data["step_sources"]]

    assert rolled(mad) == ("+d4", [])
    assert rolled(mad, steps=1) == ("+d6", ["modifiers"])
    hurt = replace(mad, state={"stun": 6})
    assert rolled(hurt) == ("+d6", ["dazed (+1 dazed (over half the stun boxes))"])
    assert rolled(hurt, rules={"dazed_stun": False}) == ("+d4", [])
    assert rolled(hurt, lang="es")[1] == ["aturdido (+1 aturdido (más de la mitad del aturdimiento))"]
    assert rolled(replace(mad, state={"stun": 6, "mortal": 1}))[0] == "+d8"
    assert rolled(mad) == ("+d4", [])


def test_a_checks_json_over_the_made_ready_fields_is_a_table_of_its_own():
    """CheckResult.as_json(prep.json) is ``prep.json | as_json()``, keys in that order, in a
    new table: the Prepared's fields, shared by every roll of the same call, stay as they were."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli_alternity.check import roll_check
    from rolecli_alternity.situation import prepare

    from aaa_helpers import options

    ctx = Context("en", DiceSource(given=["5", "3"]), options())
    mad = character("Mad Dog")
    prep = prepare({"steps": 1}, ctx, mad, "Atletismo")
    before = dict(prep.json)
    res = roll_check(ctx, prep.score, prep.rung, "check")
    data = res.as_json(prep.json)
    assert data == prep.json | res.as_json() and list(data) == list(prep.json | res.as_json())
    data["degree"] = "changed"
    assert data is not prep.json and prep.json == before and prep is prepare({"steps": 1}, ctx, mad, "Atletismo")


def test_a_degree_is_worked_out_once_per_roll_and_read_anew_for_another():
    """degree_of is kept for the same roll (its notes a tuple, shared by every check that
    meets it): the same call gives the very same answer, any other argument is read
    again, and a check's JSON lists its rules in a list of its own."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli_alternity.check import degree_of, roll_check

    from aaa_helpers import options

    first = degree_of(1, 25, 12, 0)
    assert first == ("ordinary", ("auto1",)) and degree_of(1, 25, 12, 0) is first
    assert degree_of(1, 25, 12, 0, cannot_fail=False, too_hard=False) == first
    assert degree_of(1, 25, 12, 5) == ("failure", ("no_auto_d20",))       # another rung: +d20
    assert degree_of(1, 25, 12, 0, False, True) == ("failure", ("no_auto_gm",))
    assert degree_of(1, 25, 30, 0) == ("ordinary", ())                    # another score
    assert degree_of(20, 3, 12, 0) == ("critical_failure", ("crit20",))
    assert degree_of(20, 3, 12, 0, True) == ("amazing", ("bad_luck",))    # cannot fail
    ctx = Context("en", DiceSource(given=["20", "20"]), options())
    a, b = (roll_check(ctx, 12, 0, "check", cannot_fail=True) for _ in range(2))
    assert a.notes is b.notes == ("bad_luck", "cannot_fail") and a.bad_luck
    rules = a.as_json()["rules"]
    rules.append("changed")
    assert b.as_json()["rules"] == ["bad_luck", "cannot_fail"] == list(degree_of(20, 20, 12, 0, True)[1])


@pytest.mark.parametrize("degree, notes, marginal", [
    ("ordinary", (), False), ("failure", (), True), ("critical_failure", ("crit20",), False),
    ("ordinary", ("bad_luck",), False), ("ordinary", ("auto1",), False),
])
def test_a_checks_json_over_its_head_is_its_json_over_the_prepared_fields(degree, notes, marginal):
    """An attack's plan keeps its check's head (check_head) and writes the roll over it
    (json_over): the same fields, in the same order, as ``as_json`` over the prepared
    fields, and the head is left as it was (a plan shares it with every roll)."""
    from rolecli_alternity.check import CheckResult, check_head
    under = {"score": 12, "kind": "broad", "trait": "x", "base": "+d4", "steps": 1, "situation_die": "+d6",
             "step_sources": [{"steps": 1, "why": "aim"}]}
    res = CheckResult(12, 2, 20 if "crit20" in notes else 7, [3], 10, degree, notes, marginal)
    head = check_head(under, res.score, res.rung)
    kept = dict(head)
    data = res.json_over(head)
    assert data == res.as_json(under) and list(data) == list(res.as_json(under)) == list(under | res.as_json())
    assert data["degree"] == res.degree_key() and data["success"] is res.success and data["bad_luck"] is res.bad_luck
    assert head == kept and data is not head


def test_a_check_rolled_without_its_result_reads_the_same_dice_as_one_made():
    """rolled (what an attack and an initiative's entrant read, no CheckResult made) gives
    the very fields roll_ready's result holds, from the same dice in the same order, and
    json_over of those fields is the result's own json_over."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli_alternity.check import check_head, json_over, ready_check, roll_ready, rolled

    from aaa_helpers import options

    for cannot_fail in (False, True):
        ready = ready_check(12, 3, "check", "en", cannot_fail)  # a situation die that rolls
        dice = ["20", "2", "1", "5", "9", "4"]
        made = roll_ready(Context("en", DiceSource(given=list(dice)), options()), ready, True)
        ctx = Context("en", DiceSource(given=list(dice)), options())
        fields = rolled(ctx, ready)
        assert fields == (made.control, made.situation, made.total, made.degree, made.notes)
        head = check_head(None, 12, 3)
        assert json_over(head, *fields, True) == made.json_over(head)
        assert list(json_over(head, *fields, True)) == list(made.as_json())


@pytest.mark.parametrize("rung", [-5, -3, -1, 0, 1, 3, 5])
def test_a_ready_checks_rolls_are_degree_of_for_every_roll_it_can_make(rung):
    """A check of at most one situation die keeps its rolls (ready_check), by control die
    and the die's value (0 with none): each its dice, total and the very answer degree_of
    gives for that control die and total, for every score; a pool keeps none (its totals
    are many), and a roll that cannot fail or is too hard reads degree_of (the table is of
    a plain check's)."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli_alternity.check import degree_of, ready_check, rolled
    from rolecli_alternity.steps import dice

    from aaa_helpers import options

    sd = dice(rung)
    for score in (0, 1, 7, 12, 13, 40):
        rolls = ready_check(score, rung, "check", "en").rolls
        for control in range(1, 21):
            if sd.count:
                assert rolls[control][1:] == tuple((control, [v], control + sd.sign * v,
                                                    *degree_of(control, control + sd.sign * v, score, rung))
                                                   for v in range(1, sd.sides + 1))
            else:
                assert rolls[control] == ((control, [], control, *degree_of(control, control, score, rung)),)
    assert ready_check(12, 6, "check", "en").rolls is None                         # +2d20: a pool
    assert ready_check(12, rung, "check", "en", too_hard=True).rolls is None
    assert ready_check(12, rung, "check", "en", cannot_fail=True).rolls is None
    given = ["1", "1"] if sd.count else ["1"]
    ctx = Context("en", DiceSource(given=given * 3), options())
    assert rolled(ctx, ready_check(3, rung, "check", "en"))[3:] == degree_of(1, 1 + sd.sign * sd.count, 3, rung)
    assert rolled(ctx, ready_check(3, rung, "check", "en", too_hard=True))[3:] == degree_of(1, 1 + sd.sign * sd.count,
                                                                                             3, rung, False, True)
    assert rolled(ctx, ready_check(3, rung, "check", "en", cannot_fail=True))[3:] == degree_of(1, 1 + sd.sign * sd.count,
                                                                                                3, rung, True)
