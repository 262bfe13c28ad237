"""What a blow's parameters type of its two fighters is kept by the action's plan
(``Action.plan``, an encounter's: the same only for the same parameters) where it has
one (``verbs.strike_sides``): each plan gets its own, as the parameters' values make it."""

from __future__ import annotations

import rolecli_middle
from rolecli.contract import Action
from rolecli.dispatch import complete
from rolecli.testing import character, context
from rolecli_middle import capability as C
from rolecli_middle.sheet import Scene
from rolecli_middle.verbs import strike_sides

INFO = rolecli_middle.INFO
SHEET = {"capacidades": {"uso de armas": 2}, "armadura": -1}
ANA, BRUNO = character(INFO, "Ana", SHEET), character(INFO, "Bruno", SHEET)


def sides(plan, **params):
    """A strike's two fighters as an encounter's call with ``plan`` gives them: what they
    were given, and the target's protections."""
    action, ctx = complete(INFO, Action("strike", params, ANA, BRUNO),
                           context(INFO, characters=[ANA, BRUNO], explain=False))
    action.plan = plan
    attacker, target = strike_sides(Scene(ctx), action, action.params, C.WEAPON_USE)
    return attacker.given, target.given, target.protections(False)


def test_a_blows_fighters_typed_by_the_actions_plan_are_those_of_its_parameters():
    plain = sides(("a call", "Bruno"))
    assert sides(("a call", "Bruno")) == plain == sides(None) == ({}, {}, -1)
    armoured = sides(("another call", "Bruno"), weapon="large", armour=-3)  # another plan: typed as its own
    assert armoured == sides(None, weapon="large", armour=-3)
    assert armoured[0] == {"arma": "grande"} and armoured[1] == {"armadura": -3} and armoured[2] == -3
