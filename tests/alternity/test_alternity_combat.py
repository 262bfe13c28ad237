"""Combat (002-R7..R16, R40..R50): action checks, phases, order, helpers, delays, two
actions, aiming, movement, encumbrance, gravity, throwing, grenades, surprise."""

from __future__ import annotations

import pytest

from aaa_helpers import aaa_cli, after, call, character
from rolecli.contract import Refused


def test_002_R7_action_check_score_and_marginal(cli):
    from rolecli_alternity.sheet import action_check_score

    assert action_check_score(character("Mad Dog")) == 12            # ⌊(12+9)/2⌋ + 2
    assert action_check_score(character("x", DES=11, INT=10)) == 10  # no profession bonus
    r = aaa_cli(cli, "action-check", 12, "--dice", 15)
    assert r.json["degree"] == "marginal" and r.json["phase"] == "marginal"
    r = aaa_cli(cli, "action-check", 12, "--dice", 5)
    assert r.json["degree"] == "good" and r.json["phase"] == "good"


def test_002_R8_four_phases_in_order():
    out = call("initiative", entrants=("A=12:1", "B=12:1", "C=12:1", "D=12:1"), dice=[15, 8, 5, 2])
    assert out.data["phases"] == {"amazing": ["D"], "good": ["C"], "ordinary": ["B"], "marginal": ["A"]}
    assert out.data["order"] == ["D", "C", "B", "A"]


def test_002_T3_both_good_act_in_the_good_phase(cli):
    """002-T3 [seed]: Mad Dog and Sor Deskul both roll Good: both act in the Good phase."""
    out = call("initiative", chars=[character("Mad Dog"), character("Sor Deskul")], dice=[5, 4])
    assert out.data["checks"]["Mad Dog"]["degree"] == "good" and out.data["checks"]["Sor Deskul"]["degree"] == "good"
    assert set(out.data["phases"]["good"]) == {"Mad Dog", "Sor Deskul"}


def test_002_R9_T3_damage_applies_at_the_end_of_the_phase():
    """With phase_damage=end_of_phase both hits of the Good phase wait; the second attacker
    rolls without the first hit's penalties; end_of_phase applies them."""
    rules = {"phase_damage": "end_of_phase"}
    mad, sor = character("Mad Dog"), character("Sor Deskul")
    hit1 = call("attack", actor=mad, target=sor, score="Armas Cuerpo a Cuerpo-espada", damage="d4s/d6w/d4m",
                dice=[5, 4], rules=rules)                                   # Good → d6 wound = 4, pending
    hurt = after(sor, hit1)
    assert hurt["pending"] == ["wound:4"] and hurt["wound"] == 0
    hit2 = call("attack", actor=sor, target=mad, score="Armas Cuerpo a Cuerpo-contundente", damage="d6s/d8w/d4m",
                dice=[6, 5], rules=rules)
    assert hit2.data["situation_die"] == "+d0"                              # no penalty from the pending hit
    sor2 = character("Sor Deskul", state=hurt)
    end = call("recover", actor=sor2, event="end_of_phase", rules=rules)
    st = end.changes["Sor Deskul"]
    assert st["wound"] == 4 and st["stun"] == 2 and st["pending"] == []


def test_002_R10_order_within_a_phase():
    # same grade (Good): higher score first; a Critical Failure goes last in the Marginal phase
    out = call("initiative", entrants=("Low=8:1", "High=14:1", "Oops=20:1", "Slow=10:1"), dice=[2, 4, 20, 15])
    assert out.data["phases"]["good"] == ["High"]
    assert out.data["phases"]["amazing"] == ["Low"]
    assert out.data["phases"]["marginal"] == ["Slow", "Oops"]


def test_002_R10_critical_failure_last_even_after_those_who_acted():
    out = call("initiative", entrants=("Zug=8:2", "Grimes=12:2"), dice=[20, 9])
    assert out.data["phases"]["marginal"] == ["Grimes", "Zug"]


def test_002_R10_not_yet_acted_go_first():
    # A: Amazing with 2 actions (acts Amazing then Good); B: Good, lower score, not yet acted → first in Good
    out = call("initiative", entrants=("A=20:2", "B=8:1"), dice=[1, 3])
    assert out.data["phases"]["amazing"] == ["A"] and out.data["phases"]["good"] == ["B", "A"]


def test_002_R10_R11_R13_every_phase_as_the_rule_reads_it_phase_by_phase():
    """The schedule ranks each entrant's turns at once: it is what the rule gives read phase
    by phase (who may still act there, sorted by not acted yet, delayer first in the Amazing
    phase, higher score, as listed; a Critical Failure last), for random rounds with ties,
    delayers, Critical Failures and several actions."""
    import random

    from rolecli_alternity.combat import PHASES, Entrant, schedule, scheduled

    def by_the_rule(entrants):
        """Every phase's actors, and each entrant's phases, read phase by phase."""
        out, acted = {}, {id(e): [] for e in entrants}
        for i, phase in enumerate(PHASES):
            here = [(listed, e) for listed, e in enumerate(entrants)
                    if PHASES.index(e.first_phase) <= i and len(acted[id(e)]) < e.usable]
            here.sort(key=lambda le: (le[1].degree == "critical_failure", len(acted[id(le[1])]) > 0,
                                      not (le[1].delayed and phase == "amazing"), -le[1].score, le[0]))
            out[phase] = [e.name for _, e in here]
            for _, e in here:
                acted[id(e)].append(phase)
        return out, [acted[id(e)] for e in entrants]

    rng = random.Random(2026)
    degrees = ("amazing", "good", "ordinary", "marginal", "critical_failure")
    for _ in range(2000):
        made = [Entrant(f"E{i}", rng.randint(8, 12), rng.choice(degrees), rng.randint(1, 4), rng.random() < 0.2)
                for i in range(rng.randint(0, 6))]
        phases, each = by_the_rule(made)
        assert schedule(made) == phases, made
        assert [e.phases for e in made] == each, made
        assert [e.record(None)["phases"] for e in made] == each, made
        placed, turns = scheduled(made)   # and the turns, as placed
        assert placed == phases, made
        assert turns == [name for phase in PHASES for name in phases[phase]], made


def test_002_R10_an_action_check_score_out_of_a_checks_range_is_refused_rolled_or_not():
    """The schedule ranks a turn by its entrant's score as a check's (0 to 40): a delayer,
    who rolls none, is refused a score no check could have, as a roller always was."""
    for delayed in ((), ("A",)):
        for score in (-1, 41):
            with pytest.raises(Refused):
                call("initiative", entrants=(f"A={score}",), delayed=delayed, dice=[5])
    out = call("initiative", entrants=("A=0", "B=40"), delayed=("A", "B"), dice=[])
    assert out.data["phases"]["amazing"] == ["B", "A"]


@pytest.mark.parametrize("con,wil,actions", [(8, 7, 1), (8, 8, 2), (12, 11, 2), (12, 12, 3), (16, 15, 3), (16, 16, 4)])
def test_002_R11_actions_per_round_from_con_and_wil(con, wil, actions):
    from rolecli_alternity.sheet import actions_per_round

    assert actions_per_round(character("x", CON=con, VOL=wil)) == actions
    assert actions_per_round(character("x", CON=con, VOL=wil, actions=1)) == 1


def test_002_R11_unused_actions_are_lost():
    # 3 actions from the Ordinary phase: Ordinary and Marginal only → 1 lost
    out = call("initiative", entrants=("A=12:3",), dice=[10])
    assert out.data["checks"]["A"]["phases"] == ["ordinary", "marginal"] and out.data["checks"]["A"]["lost_actions"] == 1


@pytest.mark.parametrize("degrees,steps", [(("good",), -2), (("cf",), 2), (("f",), 1), (("o",), -1), (("a",), -3),
                                           (("good", "ordinary"), -3)])
def test_002_T4_R12_helpers_degrees_become_steps(degrees, steps):
    """002-T4 [derived]: a Good helper → k − 2; a Critical Failure → k + 2."""
    from rolecli_alternity.steps import help_steps

    assert help_steps(degrees) == steps


def test_002_R12_help_through_the_command_line(cli):
    r = aaa_cli(cli, "check", 13, "--kind", "broad", "--helpers", "bueno", "--dice", "9,3")   # +d4 − 2 → −d4
    assert r.json["situation_die"] == "−d4" and r.json["total"] == 6
    r = aaa_cli(cli, "check", 13, "--helpers", "good,ordinary", "--rule", "help_stack=best", "--dice", "9,3")
    assert r.json["situation_die"] == "−d6"


def test_002_T5_delay_within_the_round(cli):
    """002-T5 [seed]: 2 actions, Amazing; waiting to the Good phase keeps both; to Marginal, one is lost."""
    r = aaa_cli(cli, "action-check", 12, "--actions", 2, "--delay", "good", "--dice", 2)
    assert r.json["degree"] == "amazing" and r.json["usable_actions"] == 2 and r.json["lost_actions"] == 0
    r = aaa_cli(cli, "action-check", 12, "--actions", 2, "--delay", "marginal", "--dice", 2)
    assert r.json["usable_actions"] == 1 and r.json["lost_actions"] == 1


def test_002_R13_waiting_the_whole_round_counts_as_amazing_next_round():
    out = call("action-check", actor=character("Grimes"), delay="next_round", dice=[8])    # Ordinary (score 12)
    st = out.changes["Grimes"]
    assert st["delayed"] is True
    nxt = call("initiative", chars=[character("Mad Dog"), character("Grimes", state=st)], dice=[1])
    assert nxt.data["phases"]["amazing"][0] == "Grimes" and nxt.data["checks"]["Grimes"]["delayed"] is True
    assert nxt.changes["Grimes"]["delayed"] is False
    with pytest.raises(Refused, match="Ordinary"):
        call("action-check", actor=character("Grimes"), delay="next_round", dice=[18])


def test_002_R14_two_actions_at_once(cli):
    assert aaa_cli(cli, "check", 13, "--two-actions", "primary", "--dice", "5,1").json["situation_die"] == "+d6"
    assert aaa_cli(cli, "check", 13, "--two-actions", "secondary", "--dice", "5,1").json["situation_die"] == "+d12"


def test_002_R15_two_weapons(cli):
    assert aaa_cli(cli, "check", 13, "--two-weapons", "main", "--dice", "5,1").json["steps"] == 2
    assert aaa_cli(cli, "check", 13, "--two-weapons", "off", "--dice", "5,1").json["steps"] == 4
    assert aaa_cli(cli, "check", 13, "--two-weapons", "off", "--ambidextrous", "--dice", "5,1").json["steps"] == 2


def test_002_R16_T6_aim_gives_minus_one_step(cli):
    """002-T6 [seed]: aim in the Good phase, fire in the Ordinary phase at −1 step."""
    r = aaa_cli(cli, "check", 13, "--aim", "--dice", "10,2")
    assert r.json["steps"] == -1 and r.json["situation_die"] == "−d4" and r.json["total"] == 8


def test_002_R40_moving_and_acting(cli):
    assert aaa_cli(cli, "check", 13, "--moving", "walk", "--dice", "5").json["steps"] == 0
    r = cli("alternity", "check", "13", "--moving", "swim")
    assert r.code == 2 and "swim" in r.err


def test_002_T14_twice_strength_is_free(cli):
    """002-T14 [seed]: STR 10 carries 20 kg without effect."""
    r = aaa_cli(cli, "encumbrance", 20, "--strength", 10)
    assert r.json["steps"] == 0 and r.json["speed_percent"] == 100 and r.json["free_load"] == 20


def test_002_T15_grimes_load():
    """002-T15 [seed]: Grimes, STR 12, 48 kg = STR×4 → 75 % speed, +1 step, resistance −1;
    without the 26 kg pack, 22 kg < 24: no penalty."""
    out = call("encumbrance", actor=character("Grimes"), load=48)
    assert (out.data["speed_percent"], out.data["steps"], out.data["resistance_change"]) == (75, 1, -1)
    out = call("encumbrance", actor=character("Grimes"), load=22)
    assert out.data["steps"] == 0 and out.data["speed_percent"] == 100
    out = call("check", actor=character("Grimes"), score="Atletismo", load=48, dice=[10, 1])
    assert out.data["steps"] == 1


def test_002_T16_dex_resistance_at_five_times_strength(cli):
    """002-T16 [seed]: DEX resistance +1 with a load of 5×STR → −1."""
    r = aaa_cli(cli, "encumbrance", 50, "--strength", 10, "--resistance", 1)
    assert r.json["resistance"] == -1


def test_002_R42_over_six_times_strength(cli):
    r = aaa_cli(cli, "encumbrance", 61, "--strength", 10)
    assert r.json["speed_percent"] == 0 and r.json["max_moving_load"] == 60


def test_002_R43_gravity(cli):
    assert aaa_cli(cli, "check", 13, "--gravity", "zero", "--dice", "5,1").json["steps"] == 3
    assert aaa_cli(cli, "check", 13, "--gravity", "light", "--dice", "5,1").json["steps"] == 1


def test_002_R45_T19_throwing_ranges_and_heavy_objects(cli):
    """002-T19 [derived]: STR 10 → 10 / 20 / 40 m; heaviest throwable 5 kg at +4, short only."""
    r = aaa_cli(cli, "throw", 1, "--strength", 10)
    assert r.json["ranges"] == {"short": 10, "medium": 20, "long": 40}
    r = aaa_cli(cli, "throw", 5, "--strength", 10)
    assert r.json["heavy"] is True and r.json["steps"] == 4 and r.json["ranges"] == {"short": 10}
    r = cli("alternity", "throw", "6", "--strength", "10")
    assert r.code == 2 and "5 kg" in r.err


@pytest.mark.parametrize("face,direction", [(1, "front"), (2, "behind"), (3, "left"), (4, "right")])
def test_002_R46_grenade_miss_direction(cli, face, direction):
    r = aaa_cli(cli, "scatter", "--dice", face)
    assert r.json["direction"] == direction


def test_002_R47_prepared_surprise_roll_and_surprise_phase(cli):
    r = aaa_cli(cli, "surprise", 10, "--prepared", 2, "--dice", "12,2")      # −d6: 12 − 2 = 10 ≤ 10
    assert r.json["steps"] == -2 and r.json["surprised"] is False
    out = call("initiative", entrants=("A=10:1", "B=14:1", "C=12:1"), surprised=("A",), dice=[10, 10, 10])
    assert out.data["surprise_phase"] == ["B", "C"]


def test_002_R47_surprise_from_the_sheet():
    out = call("surprise", actor=character("Mad Dog"), dice=[15])           # Percepción-intuición 10
    assert out.data["trait"] == "Percepción-intuición" and out.data["surprised"] is True


BOMB = ("challenge", "12,12,12", "--successes", "1,1,4", "--limit", 16)   # 4 rounds = 16 phases


def test_002_T20_challenge_path(cli):
    """002-T20 [seed]: a bomb exploding in 4 rounds (16 phases): lockpicking, then disarm or
    deduce, then 4 successes: "three actions and six successes". Every check succeeds (an
    Amazing, Good or Ordinary success counts one success), so it takes exactly six phases."""
    r = aaa_cli(cli, *BOMB, "--dice", "2,5,10,3,6,12")           # with score 12: A, G, O, A, G, O
    assert r.code == 0 and r.json["success"] is True and r.json["complete"] is True
    assert r.json["minimum"] == {"steps": 3, "successes": 6, "units": 6}
    assert r.json["units_used"] == 6 and r.json["limit"] == 16 and r.json["unit"] == "phase"
    assert [c["step"] for c in r.json["checks"]] == [1, 2, 3, 3, 3, 3]
    assert all(c["success"] for c in r.json["checks"])
    assert [s["successes"] for s in r.json["steps"]] == [1, 1, 4]


def test_002_R48_failures_run_out_of_time(cli):
    """Each failure costs a phase: after 16 phases the third step has 3 of its 4 successes."""
    dice = [5, 15, 5] + [5, 15, 15, 5, 15, 15, 15, 5, 15, 15, 15, 15, 15]   # 16 phases
    r = aaa_cli(cli, *BOMB, "--dice", ",".join(map(str, dice)))
    assert r.code == 1 and r.json["success"] is False and r.json["complete"] is False
    assert r.json["units_used"] == 16
    assert [s["successes"] for s in r.json["steps"]] == [1, 1, 3]
    assert [s["done"] for s in r.json["steps"]] == [True, True, False]


def test_002_R48_one_success_per_step_by_default_and_no_limit(cli):
    r = aaa_cli(cli, "challenge", "12,12", "--dice", "15,4,4")       # a failure, then two successes
    assert r.code == 0 and r.json["minimum"] == {"steps": 2, "successes": 2, "units": 2}
    assert r.json["units_used"] == 3 and r.json["limit"] is None
    r = cli("alternity", "challenge", "12,12", "--successes", "1,1,4")
    assert r.code == 2 and "3 values for 2 steps" in r.err


@pytest.mark.parametrize("effect,after,event,code,used", [
    ("step", ",5,5,5,5", "lost", 0, 9),   # default: the 2 successes of step 3 are lost, 4 more needed
    ("unit", ",5,5", "failure", 0, 7),     # only the phase is lost: 2 more needed
    ("fail", "", "fail", 1, 5),            # the bomb goes off
])
def test_002_R48_critical_failure_on_a_challenge(cli, effect, after, event, code, used):
    """A Critical Failure always costs its phase; the rule option challenge_critical says what else."""
    r = aaa_cli(cli, "challenge", "12,12,12", "--successes", "1,1,4", "--rule", f"challenge_critical={effect}",
                "--dice", "5,5,5,5,20" + after)
    assert r.code == code and r.json["units_used"] == used
    assert r.json["checks"][4]["degree"] == "critical_failure" and r.json["checks"][4]["event"] == event


def test_002_R48_critical_failure_keeps_finished_steps(cli):
    r = aaa_cli(cli, "challenge", "12,12", "--dice", "5,20,5")       # step 2: CF, then a success
    assert r.code == 0 and r.json["units_used"] == 3 and [c["step"] for c in r.json["checks"]] == [1, 2, 2]


def test_002_R48_R49_combat_scene_action_checks_roll_only_the_control_die():
    # a combat scene runs on action checks: base +d0, one control die per character
    out = call("initiative", chars=[character("Mad Dog"), character("Zug")], dice=[7, 9])
    assert [d.sides for d in out.dice] == [20, 20]


def test_002_R49_knocked_out_characters_do_not_act():
    out = call("initiative", chars=[character("Mad Dog"), character("Zug", state={"status": "ko", "stun": 13})],
               dice=[7])
    assert out.data["skipped"] == ["Zug"] and out.data["order"] == ["Mad Dog"]


def test_002_R50_quality_labels_are_the_degrees_in_both_languages():
    from rolecli_alternity.labels import DEGREES

    assert [DEGREES[k].es for k in ("ordinary", "good", "amazing")] == ["Ordinario", "Bueno", "Asombroso"]
    assert [DEGREES[k].en for k in ("ordinary", "good", "amazing")] == ["Ordinary", "Good", "Amazing"]
