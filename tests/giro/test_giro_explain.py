"""Explanations only when someone reads them (Context.explain): with
``explain=False`` (a simulation's trials) every verb of the system leaves its
lines empty, and everything else is what it is with ``explain=True``: data,
changes, success, effects, used, and every die read with its reason."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rolecli_giro
from giro_helpers import character
from rolecli.contract import Action
from rolecli.testing import context, hooks
from rolecli_testing import only_the_lines_differ

RELAY = hooks(rolecli_giro)
BECKETT, LENOIR, BERTHOLD, PENNROCK, CHEVALLIER = ("Wilhelmina Beckett", "Clovis Lenoir", "Berthold",
                                                   "Nathaniel Pennrock", "Maurice Chevallier")
WOUNDED = {LENOIR: {"heridas": 8}, PENNROCK: {"heridas": 3, "consecuencias": ["parcialmente aturdido"]}}


def cast() -> dict:
    """Fresh characters of the sample campaign, two of them hurt."""
    return {name: character(name, WOUNDED.get(name)) for name in (BECKETT, LENOIR, BERTHOLD, PENNROCK, CHEVALLIER)}


def resolve(verb, actor=None, target=None, **params):
    def play(ctx, who):
        return RELAY.rolecli_resolve(action=Action(verb, params, who.get(actor), who.get(target)), ctx=ctx)
    return play


def on(hook, verb, name, **params):
    def play(ctx, who):
        action = Action(verb, params)
        if hook == "recover":
            return RELAY.rolecli_recover(character=who[name], event=params["event"], action=action, ctx=ctx)
        return RELAY.rolecli_apply_damage(character=who[name], action=action, ctx=ctx)
    return play


def initiative(**params):
    def play(ctx, who):
        return RELAY.rolecli_initiative(characters=list(who.values()), action=Action("initiative", params), ctx=ctx)
    return play


def roll(ctx, who):
    return RELAY.rolecli_roll(action=Action("roll", {"day_dice": 2, "night_dice": 3}), ctx=ctx)


# Every verb of the system, quick and on the campaign, with the options that
# change what is rolled and said (extra dice, assistants, a Night Turn,
# tempting fate, adjustments, consequences, every contest_tie).
VERBS = {
    "roll": roll,
    "check quick": resolve("check", challenge="4+3", difficulty=3, adjust=2, extra_day=1, extra_night=1),
    "check tempting fate": resolve("check", challenge="10+2", tempt=True, success_factor_mod=-3),
    "check on a sheet": resolve("check", BERTHOLD, challenge="Ímpetu o Genio + Pilotar u Fisicoculturismo",
                                assist=(BECKETT, "1"), consequence="se quema", difficulty=2),
    "check untrained": resolve("check", PENNROCK, challenge="Genio + Mecanología", consequence="la caldera silba",
                               failure_factor_mod=2),
    "contest quick": resolve("contest", challenge="5+4", opposition="4+3", adjust=1, target_adjust=2),
    "contest on sheets": resolve("contest", CHEVALLIER, PENNROCK, challenge="Precisión + Combate Desarmado",
                                 opposition="Gracia + Combate Desarmado", consequence="herido",
                                 target_consequence="aturdido", night="always", target_night="always"),
    "attack": resolve("attack", BECKETT, LENOIR, challenge="Precisión + Armas de Fuego",
                      defence="Gracia + Percepción", weapon=2, difficulty=2, target_difficulty=2),
    "attack mutual": resolve("attack", BECKETT, LENOIR, challenge="Armas de Fuego + Precisión",
                             defence="Armas de Fuego + Precisión", weapon=2, target_weapon=3, mutual=True),
    "attack with no defence": resolve("attack", BERTHOLD, LENOIR, challenge="Ímpetu + Fisicoculturismo", weapon=1),
    "automatic success": resolve("automatic", result="success", success_factor_mod=-2),
    "automatic failure": resolve("automatic", result="failure"),
    "damage": on("damage", "damage", LENOIR, points=5),
    "heal": on("damage", "heal", PENNROCK, points=2),
    "end of scene": on("recover", "recover", PENNROCK, event="end_of_scene"),
    "start of session": on("recover", "recover", LENOIR, event="start_of_session"),
    "rest with a healing roll": on("recover", "recover", LENOIR, event="rest", healing="Genio + Oratoria"),
    "rest of the unhurt": on("recover", "recover", BECKETT, event="rest"),
    "automatic rest": on("recover", "recover", PENNROCK, event="rest"),
    "initiative": initiative(),
    "initiative of other traits": initiative(traits="Genio + Percepción"),
}
RULES = st.fixed_dictionaries({"contest_tie": st.sampled_from(("stalemate", "defender", "reroll")),
                               "initiative": st.sampled_from(("roll", "limit"))})


def played(verb: str, seed: int, lang: str, rules: dict, explain: bool):
    who = cast()
    ctx = context(rolecli_giro.INFO, seed=seed, lang=lang, options=rules,
                  characters=list(who.values()), explain=explain)
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
