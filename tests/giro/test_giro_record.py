"""``Context.record``: where no one reads a call's data (a simulation's trials with no
house rule), a contest (``contest``, an attack against a defence) leaves out of its data
what only records what the dice did: both rolls, each round's results, whether the
results tied, the tie rule and the Night Dice's order; an initiative, each entrant's score.
Everything else it gives, and the dice it reads, are the same; every other verb gives the
same data. What it keeps from such a call is never handed to a call that records."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rolecli_giro
from rolecli.testing import context
from rolecli_testing import only_the_data_differs
from test_giro_explain import RULES, VERBS, cast

LEFT_OUT = ("roll", "opposition", "tie", "tie_rule", "night_order", "rounds")


def played(verb: str, seed: int, lang: str, rules: dict, explain: bool, record: bool, who=None):
    """``verb`` of :data:`VERBS` played, seeded, on ``who`` (fresh characters where not
    given): its Outcome and the dice it read."""
    who = who or cast()
    ctx = context(rolecli_giro.INFO, seed=seed, lang=lang, options=rules, characters=list(who.values()),
                  explain=explain, record=record)
    outcome = VERBS[verb](ctx, who)
    return outcome, [(r.sides, r.value, r.how, r.why) for r in ctx.dice.reads]


@pytest.mark.parametrize("verb", VERBS)
@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32), lang=st.sampled_from(("en", "es")), rules=RULES, explain=st.booleans())
def test_unrecorded_a_verb_leaves_out_only_what_its_contest_records(verb, seed, lang, rules, explain):
    (full, read), (bare, bare_read) = (played(verb, seed, lang, rules, explain, record) for record in (True, False))
    only_the_data_differs(full, read, bare, bare_read)
    contested = "rounds" in full.data
    assert contested == (verb.startswith("contest") or (verb.startswith("attack") and "no defence" not in verb))
    left_out = LEFT_OUT if contested else ("scores",) if verb.startswith("initiative") else ()
    kept = {key: value for key, value in full.data.items() if key not in left_out}
    assert bare.data == kept
    assert list(bare.data) == list(kept)  # the keys kept in their order


@pytest.mark.parametrize("verb", [verb for verb in VERBS if verb.startswith(("contest", "attack"))])
@pytest.mark.parametrize("rule", ["stalemate", "defender", "reroll"])
def test_a_call_that_records_after_one_that_did_not_gets_its_full_data(verb, rule):
    """The same characters (so the same sides and records kept for them), the same
    dice: a call unrecorded first leaves nothing a recorded one then reads."""
    rules = {"contest_tie": rule, "initiative": "roll"}
    for seed in range(12):
        fresh = played(verb, seed, "es", rules, False, True)[0]
        who = cast()
        played(verb, seed, "es", rules, False, False, who)
        recorded = played(verb, seed, "es", rules, False, True, who)[0]
        assert recorded.data == fresh.data
        assert list(recorded.data) == list(fresh.data)
