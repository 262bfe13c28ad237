"""The ``dice`` system's explanations only when someone reads them
(Context.explain): with ``explain=False`` (a simulation's trials) every verb
leaves its lines empty, and everything else is what it is with
``explain=True``: data, changes, success, effects, used, and every die read
with its reason."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rolecli_dice
from rolecli.contract import Action
from rolecli.testing import character, context, hooks
from rolecli_testing import only_the_lines_differ

RELAY = hooks(rolecli_dice)
INFO = rolecli_dice.INFO


def cast() -> dict:
    return {"Ana": character(INFO, "Ana", {"hp": 12, "initiative": 2, "traits": {"Fuerza": 2, "Pelea": 1}}),
            "Bruno": character(INFO, "Bruno", {"hp": 8, "traits": {"Sigilo": 3}}, {"damage": 5})}


def resolve(verb, actor=None, **params):
    def play(ctx, who):
        return RELAY.rolecli_resolve(action=Action(verb, params, who.get(actor)), ctx=ctx)
    return play


def on(hook, verb, name, **params):
    def play(ctx, who):
        action = Action(verb, params)
        if hook == "recover":
            return RELAY.rolecli_recover(character=who[name], event=params["event"], action=action, ctx=ctx)
        return RELAY.rolecli_apply_damage(character=who[name], action=action, ctx=ctx)
    return play


def roll(ctx, who):
    return RELAY.rolecli_roll(action=Action("roll", {"expression": "4d6kh3+2"}), ctx=ctx)


def initiative(ctx, who):
    return RELAY.rolecli_initiative(characters=list(who.values()), action=Action("initiative", {}), ctx=ctx)


VERBS = {
    "roll": roll,
    "check quick": resolve("check", expression="2d20kh1", bonus="3", target=12),
    "check under": resolve("check", expression="1d20", target=9, under=True),
    "check with traits": resolve("check", "Ana", expression="1d20", bonus="Fuerza+Pelea+1", target=12),
    "damage": on("damage", "damage", "Bruno", amount=4),
    "heal": on("damage", "heal", "Bruno", amount=2),
    "rest": on("recover", "recover", "Bruno", event="rest"),
    "end of scene": on("recover", "recover", "Ana", event="end_of_scene"),
    "initiative": initiative,
}
RULES = st.fixed_dictionaries({"rest": st.sampled_from(("full", "none")),
                               "initiative_die": st.sampled_from(("1d20", "2d6", "1d6!"))})


def played(verb: str, seed: int, lang: str, rules: dict, explain: bool):
    who = cast()
    ctx = context(INFO, seed=seed, lang=lang, options=rules, characters=list(who.values()), explain=explain)
    outcome = VERBS[verb](ctx, who)
    return outcome, [(r.sides, r.value, r.how, r.why) for r in ctx.dice.reads]


@pytest.mark.parametrize("verb", VERBS)
@settings(max_examples=25)
@given(seed=st.integers(0, 2**32), lang=st.sampled_from(("en", "es")), rules=RULES)
def test_without_explanations_a_verb_plays_the_same(verb, seed, lang, rules):
    told, told_dice = played(verb, seed, lang, rules, explain=True)
    quiet, quiet_dice = played(verb, seed, lang, rules, explain=False)
    only_the_lines_differ(told, told_dice, quiet, quiet_dice)
    assert quiet.lines == []
