"""Behaviours aimed at allies (self, nearest_ally, weakest_ally, random_ally)
and priority lists of rules (docs/encounters.md, "Allies and rules"): on the
demo campaign (the dice system, whose heal verb follows a successful check),
with the campaign's characters hurt beforehand so that a condition holds
from the first turn. Every play is seeded."""

from __future__ import annotations

import pytest

from rolecli.encounter.behaviour import Condition, condition, reachable

# Ana, Bruno and a healer, Clara (a stat block), against the crypt's skeleton;
# each case below puts its own behaviour in {clara}.
FILE = """\
campaign = "demo"

[sides.heroes]
characters = ["Ana", "Bruno"]

[sides.heroes.behaviour]
verb = "check"
params = {{ expression = "1d20", bonus = "Pelea", target = 12 }}
on_success = {{ verb = "damage", params = {{ amount = 1 }} }}

[sides.heroes.stat_blocks.Clara]
sheet = {{ hp = 8, traits = {{ Pelea = 1, Fe = 3 }} }}
{clara}
[sides.foes]
characters = ["Esqueleto"]
behaviour = {{ verb = "check", params = {{ expression = "1d20", bonus = "Pelea", target = 30 }} }}
"""

# heal whoever is under half, then herself under a third, else the side's attack
HEALER = """
[[sides.heroes.stat_blocks.Clara.behaviour.rules]]
when = "ally_below = 0.5"
verb = "check"
target = "{target}"
params = { expression = "1d20", bonus = "Fe", target = 1 }
on_success = { verb = "heal", params = { amount = 2 } }

[[sides.heroes.stat_blocks.Clara.behaviour.rules]]
when = "self_below = 0.3"
verb = "check"
target = "self"
params = { expression = "1d20", bonus = "Fe", target = 1 }
on_success = { verb = "heal", params = { amount = 2 } }
"""


def _write(tmp_path, clara: str, name: str = "fight.toml"):
    path = tmp_path / name
    path.write_text(FILE.format(clara=clara), encoding="utf-8")
    return path


def _actions(cli, path, *args, actor="Clara"):
    played = cli("encounter", "run", path, "--dry-run", "--json", *args)
    assert played.code == 0, played.err
    return [(e["round"], e["verb"], e["role"], e["target"]) for e in played.json
            if e["event"] == "action" and e["actor"] == actor]


def _hurt(cli, **damage):
    for name, amount in damage.items():
        assert cli("-C", "demo", "damage", name, str(amount)).code == 0


def test_an_ally_under_half_is_healed_first_else_the_side_attacks(cli, tmp_path):
    _hurt(cli, Bruno=6)  # 3/9: under half
    path = _write(tmp_path, HEALER.replace("{target}", "weakest_ally"))
    acts = _actions(cli, path, "--seed", "1")
    assert acts[:2] == [(1, "check", "main", "Bruno"), (1, "heal", "on_success", "Bruno")]
    # Bruno healed to 5/9, over half: the next turns are the side's attack on the skeleton
    assert {(verb, target) for _, verb, _, target in acts[2:]} <= {("check", "Esqueleto"), ("damage", "Esqueleto")}
    assert acts[2:]


def test_nobody_hurt_no_rule_holds_and_the_behaviour_s_verb_plays(cli, tmp_path):
    acts = _actions(cli, _write(tmp_path, HEALER.replace("{target}", "weakest_ally")), "--seed", "1")
    assert acts and all(target == "Esqueleto" for _, _, _, target in acts)


def test_self_below_aims_at_itself(cli, tmp_path):
    mending = ('\n[participants.Ana]\nbehaviour = { rules = [{ when = "self_below = 0.3", verb = "check", target = '
               '"self", params = { expression = "1d20", target = 1 }, on_success = { verb = "heal", params = '
               '{ amount = 2 } } }] }\n')
    path = _write(tmp_path, mending)
    assert _actions(cli, path, "--seed", "1", actor="Ana")[0][3] == "Esqueleto"  # 12/12: it attacks
    _hurt(cli, Ana=9)  # 3/12 = 0.25
    acts = _actions(cli, path, "--seed", "1", actor="Ana")
    assert acts[:2] == [(1, "check", "main", "Ana"), (1, "heal", "on_success", "Ana")]


def test_under_ally_below_an_ally_target_picks_among_the_allies_below(cli, tmp_path):
    # nearest_ally alone would be whoever of Ana and Bruno comes first in the turns;
    # under ally_below it is the one below half, Bruno, whatever the order
    _hurt(cli, Bruno=6)
    path = _write(tmp_path, HEALER.replace("{target}", "nearest_ally"))
    firsts = set()
    for seed in range(1, 9):
        played = cli("encounter", "run", path, "--dry-run", "--json", "--seed", str(seed)).json
        turns = next(e["turns"] for e in played if e["event"] == "initiative")
        firsts.add(next(n for n in turns if n in ("Ana", "Bruno")))
        clara = [e for e in played if e["event"] == "action" and e["actor"] == "Clara"]
        assert (clara[0]["verb"], clara[0]["target"]) == ("check", "Bruno")
    assert firsts == {"Ana", "Bruno"}  # the seeds tried put each first: the test can tell


def test_weakest_ally_is_the_one_with_the_lowest_vitality(cli, tmp_path):
    _hurt(cli, Ana=9, Bruno=7)  # Ana 3/12 = 0.25, Bruno 2/9 = 0.22: Bruno the weakest (ties: choose's test)
    path = _write(tmp_path, HEALER.replace("{target}", "weakest_ally"))
    assert _actions(cli, path, "--seed", "1")[0][3] == "Bruno"
    _hurt(cli, Ana=1)  # Ana 2/12 = 0.17 < Bruno 0.22
    assert _actions(cli, path, "--seed", "1")[0][3] == "Ana"


def test_a_rule_whose_ally_target_finds_nobody_gives_way_to_the_next(cli, tmp_path):
    # the skeleton, alone on its side, has no ally to heal: its attack is played
    lone = FILE.format(clara="").replace(
        'behaviour = { verb = "check", params = { expression = "1d20", bonus = "Pelea", target = 30 } }',
        'behaviour = { verb = "check", params = { expression = "1d20", bonus = "Pelea", target = 30 }, rules = ['
        '{ verb = "check", target = "random_ally", params = { expression = "1d20", target = 1 }, '
        'on_success = { verb = "heal", params = { amount = 1 } } }] }')
    path = tmp_path / "lone.toml"
    path.write_text(lone, encoding="utf-8")
    played = cli("encounter", "run", path, "--dry-run", "--json", "--seed", "2").json
    acts = [e for e in played if e["event"] == "action" and e["actor"] == "Esqueleto"]
    # the rule's check (target 1) would succeed: each is the behaviour's own (target 30), which fails
    assert acts and all(e["verb"] == "check" and e["success"] is False for e in acts)


def test_the_sample_healer_raises_a_fallen_ally_and_simulates(cli, campaigns):
    sample = campaigns / "demo" / "healer.toml"
    played = cli("encounter", "run", sample, "--seed", "4", "--json", "--dry-run").json
    fell = next(e["round"] for e in played if e["event"] == "skipped" and e["name"] == "Bruno")
    heal = next(e for e in played if e["event"] == "action" and e["verb"] == "heal")
    assert (heal["actor"], heal["target"], heal["round"]) == ("Clara", "Bruno", fell)
    assert any(e["event"] == "action" and e["actor"] == "Bruno" and e["round"] > fell for e in played)
    summary = cli("encounter", "simulate", sample, "--trials", "20", "--seed", "3", "--json")
    assert summary.code == 0, summary.err
    assert summary.json["participants"]["Clara"]["side"] == "héroes"


@pytest.mark.slow  # worker processes
def test_the_sample_healer_gives_the_same_bytes_whatever_the_workers(cli, campaigns):
    sample = campaigns / "demo" / "healer.toml"
    one = cli("encounter", "simulate", sample, "--trials", "120", "--seed", "7", "--json", "--workers", "1")
    two = cli("encounter", "simulate", sample, "--trials", "120", "--seed", "7", "--json", "--workers", "2")
    assert one.code == two.code == 0 and one.out == two.out


def test_conditions_are_read_as_documented():
    assert condition("always") == Condition("always")
    assert condition(" ally_below=0.5 ") == condition("ally_below = 0.5") == Condition("ally_below", 0.5)
    assert condition("self_below = 1") == Condition("self_below", 1.0)
    assert str(condition("ally_below = .25")) == "ally_below = 0.25"
    for wrong in ("ally_belw = 0.5", "ally_below = 0", "ally_below = 1.5", "ally_below", "sometimes", 0.5, None):
        assert condition(wrong) is None, wrong


def test_who_a_target_may_reach():
    sides = {"a": ["A1", "A2", "A3"], "b": ["B1"]}
    assert reachable("self", "A2", "a", sides) == ["A2"]
    assert reachable("weakest_ally", "A2", "a", sides) == ["A1", "A3"]
    assert reachable("nearest", "A2", "a", sides) == ["B1"] == reachable("B1", "A2", "a", sides)


# --- bad input: one line naming the file, the line and the key, exit 2 ---------------

BROKEN = [
    ('when = "ally_below = 0.5"', 'when = "ally_belw = 0.5"', "line 15: sides.heroes.stat_blocks.Clara.behaviour"
     ".rules[1].when", '= "ally_belw = 0.5" is not a condition; conditions: never, hurt, outnumbered, always, '
     "self_below = N, ally_below = N"),
    ('when = "self_below = 0.3"', 'when = "self_below = 3"', "line 22: sides.heroes.stat_blocks.Clara.behaviour"
     ".rules[2].when", "is not a condition"),
    ('verb = "check"\ntarget = "self"', 'verb = "cure"\ntarget = "self"',
     "line 23: sides.heroes.stat_blocks.Clara.behaviour.rules[2].verb", "= \"cure\" is not a verb of 'dice'."),
    ('verb = "check"\ntarget = "self"', 'target = "self"', "line 21: sides.heroes.stat_blocks.Clara.behaviour"
     ".rules[2]", 'needs verb = "...": the verb the rule plays.'),
    ('target = "weakest_ally"', 'target = "weakest_friend"', "line 17: sides.heroes.stat_blocks.Clara.behaviour"
     ".rules[1].target", "is neither one of nearest, weakest, random, self, nearest_ally, weakest_ally"),
    ('target = "weakest_ally"', 'targte = "weakest_ally"', "line 17: sides.heroes.stat_blocks.Clara.behaviour"
     ".rules[1].targte", "is not a key here. Did you mean 'target'?"),
    ('bonus = "Fe", target = 1 }\non_success = { verb = "heal", params = { amount = 2 } }\n\n',
     'bonus = "Fe", target = 1 }\non_success = { verb = "hael", params = { amount = 2 } }\n\n',
     "line 19: sides.heroes.stat_blocks.Clara.behaviour.rules[1].on_success.verb", "Did you mean 'heal'?"),
]


@pytest.mark.parametrize("old, new, where, words", BROKEN)
@pytest.mark.parametrize("command", ["check", "simulate"])
def test_a_broken_rule_is_one_line_naming_file_line_and_key(cli, tmp_path, old, new, where, words, command):
    text = FILE.format(clara=HEALER.replace("{target}", "weakest_ally"))
    assert old in text
    path = tmp_path / "fight.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = cli("encounter", command, path, *(["--trials", "5"] if command == "simulate" else []))
    assert result.code == 2 and result.out == "", result.out + result.err
    assert result.err.count("\n") == 1 and result.err.startswith(f"rolecli: fight.toml {where} "), result.err
    assert words in result.err, result.err


def test_an_ally_rule_is_rehearsed_against_each_ally(cli, tmp_path):
    # Ana has no Fe: the heal's check is refused by the rules against an ally, before anything is played
    path = _write(tmp_path, HEALER.replace("{target}", "weakest_ally").replace(
        "[[sides.heroes.stat_blocks.Clara.behaviour.rules]]", "[[sides.heroes.behaviour.rules]]"))
    result = cli("encounter", "check", path)
    assert result.code == 2
    assert result.err == ("rolecli: fight.toml line 18: sides.heroes.behaviour.rules[1].params.bonus is refused by "
                          "'dice' (check against Bruno): Ana has no trait 'Fe'. Did you mean 'Fuerza'? Traits: Fuerza, Pelea, Sigilo, hp, "
                          "initiative.\n")


@pytest.mark.parametrize("clara, where, words", [
    ('behaviour = { verb = "check", rules = "heal" }', "line 13: sides.heroes.stat_blocks.Clara.behaviour.rules",
     '= "heal" should be a list of rules'),
    ('behaviour = { rules = [] }', "line 13: sides.heroes.stat_blocks.Clara.behaviour.rules", "should be a list"),
])
def test_rules_that_are_no_list(cli, tmp_path, clara, where, words):
    path = _write(tmp_path, "").read_text(encoding="utf-8").replace(
        "traits = { Pelea = 1, Fe = 3 } }\n", "traits = { Pelea = 1, Fe = 3 } }\n" + clara + "\n")
    (tmp_path / "fight.toml").write_text(path, encoding="utf-8")
    result = cli("encounter", "check", tmp_path / "fight.toml")
    assert result.code == 2 and result.err.startswith(f"rolecli: fight.toml {where} "), result.err
    assert words in result.err and result.err.count("\n") == 1


def test_rules_that_may_all_find_nobody_need_a_verb_to_fall_back_on(cli, tmp_path):
    text = FILE.format(clara="").replace(
        'characters = ["Esqueleto"]\nbehaviour = {',
        'characters = ["Esqueleto"]\n[[sides.foes.behaviour.rules]]\nverb = "check"\ntarget = "weakest_ally"\n'
        'params = { expression = "1d20", target = 1 }\n\n[sides.foes.nothing]\nx = {')
    text = text[:text.index("[sides.foes.nothing]")]
    path = tmp_path / "fight.toml"
    path.write_text(text, encoding="utf-8")
    result = cli("encounter", "check", path)
    assert result.code == 2
    assert result.err == ("rolecli: fight.toml line 16: sides.foes.behaviour.rules gives Esqueleto no verb: add verb = "
                          '"..." (one of check), played when no rule is, or end the rules with one whose when = '
                          '"always" aimed at a foe or at self.\n')


def test_random_ally_is_drawn_from_the_seed(cli, tmp_path):
    path = _write(tmp_path, '\n[sides.heroes.stat_blocks.Clara.behaviour]\nrules = [{ verb = "check", target = '
                            '"random_ally", params = { expression = "1d20", bonus = "Fe", target = 1 }, on_success = '
                            '{ verb = "heal", params = { amount = 1 } } }]\n')
    picks = {seed: [t for _, verb, _, t in _actions(cli, path, "--seed", str(seed)) if verb == "heal"]
             for seed in range(1, 5)}
    assert all(picks.values()) and picks[1] == [t for _, verb, _, t in _actions(cli, path, "--seed", "1")
                                                if verb == "heal"]
    assert {t for ts in picks.values() for t in ts} == {"Ana", "Bruno"}
