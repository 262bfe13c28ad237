"""``Context.record``: where no one reads a call's data (a simulation's trials with no
house rule), a check, a contest and an attack give none (all of it only records: the dice,
who won, the damage and the health it leaves); an initiative gives its order, not each
entrant's score. Everything else they give, and the dice they read, are the same; every
other verb gives the same data. What they keep from such a call is never handed to a call
that records."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rolecli_giro
from rolecli.testing import context
from rolecli_testing import recorded_and_not
from test_giro_explain import RULES, VERBS, cast

ROLLS = ("check", "contest", "attack")  # the verbs that give no data unrecorded


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
def test_unrecorded_a_roll_gives_no_data_and_an_initiative_no_scores(verb, seed, lang, rules, explain):
    full, bare = recorded_and_not(lambda record: played(verb, seed, lang, rules, explain, record))
    if verb.startswith(ROLLS):
        assert full.data["verb"] == verb.split()[0] and bare.data == {}
        return
    left_out = ("scores",) if verb.startswith("initiative") else ()
    kept = {key: value for key, value in full.data.items() if key not in left_out}
    assert bare.data == kept
    assert list(bare.data) == list(kept)  # the keys kept in their order


@pytest.mark.parametrize("verb", [verb for verb in VERBS if verb.startswith(ROLLS)])
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
