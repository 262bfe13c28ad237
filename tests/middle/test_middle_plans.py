"""What a blow's parameters type of its two fighters is kept by the action's plan
(``Action.plan``, an encounter's: the same only for the same parameters) where it has
one (``verbs.strike_sides``): each plan gets its own, as the parameters' values make it."""

from __future__ import annotations

from dataclasses import astuple

import rolecli_middle
from rolecli.contract import Action
from rolecli.dispatch import complete
from rolecli.testing import character, context
from rolecli_middle import capability as C
from rolecli_middle import strike as K
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
    attacker, target, _ = strike_sides(Scene(ctx), action, action.params, C.WEAPON_USE)
    return attacker.given, target.given, target.protections(False)


def test_a_blows_fighters_typed_by_the_actions_plan_are_those_of_its_parameters():
    plain = sides(("a call", "Bruno"))
    assert sides(("a call", "Bruno")) == plain == sides(None) == ({}, {}, -1)
    armoured = sides(("another call", "Bruno"), weapon="large", armour=-3)  # another plan: typed as its own
    assert armoured == sides(None, weapon="large", armour=-3)
    assert armoured[0] == {"arma": "grande"} and armoured[1] == {"armadura": -3} and armoured[2] == -3


def declared(plan, **params):
    """What a strike's parameters declare of it, as an encounter's call with ``plan`` gives it."""
    action, ctx = complete(INFO, Action("strike", params, ANA, BRUNO),
                           context(INFO, characters=[ANA, BRUNO], explain=False))
    action.plan = plan
    return strike_sides(Scene(ctx), action, action.params, C.WEAPON_USE)[2], action.params


def test_what_a_blows_parameters_declare_is_kept_by_the_plan_as_they_declare_it():
    # (a Declared is known by its identity, as a blow is kept by it: compared here by its fields)
    plain, params = declared(("a declaring call", "Bruno"))
    assert declared(("a declaring call", "Bruno"))[0] is plain
    assert astuple(plain) == astuple(K.Declared.of(params)) == astuple(K.Declared()) and plain != K.Declared()
    aimed, params = declared(("an aiming call", "Bruno"), location="head", charge=True, nd=1, goal=3, covered=2)
    assert astuple(aimed) == astuple(K.Declared.of(params)) == \
        astuple(declared(None, location="head", charge=True, nd=1, goal=3, covered=2)[0])
    assert (aimed.location, aimed.charge, aimed.goal, aimed.covered) == ("head", True, 3, 2)
    assert [m.nd for m in aimed.narrator] == [1]
    assert declared(("a declaring call", "Bruno"))[0] is plain  # each plan its own
