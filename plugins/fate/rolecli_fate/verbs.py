"""The verbs as ``system`` names them: each one played through the rules'
modules, with what lasts between commands (``lasting``) around every action."""

from __future__ import annotations

from typing import Callable

from rolecli.contract import Action, Character, Label, Odds, Outcome, Refused

from . import actions, ladder, lasting
from .roll import DEFENDED, OPPOSED, before_dice, dice_text, four_df, make_side, side_text
from .state import work_on
from .stress import apply_stress, track_key
from .words import AGAINST

Rule = Callable[[Action, object, dict], Outcome]


def _played(rule: Rule, defended: bool = False) -> Callable[[Action, object], Outcome]:
    """``rule`` as a verb: the effects in force fill in its parameters, and a Spin
    pending lapses or is used by it (``lasting``); the effects it leaves are its
    own (a block's, an attack's Spin: ``lasting.block_left``, ``lasting.spin_earned``).
    ``defended``: the target rolls a defence, its ``full_defence`` the target's (``roll.DEFENDED``)."""

    def verb(action: Action, ctx) -> Outcome:
        p = action.params  # the verb's own (the core gives each call a copy): filled in below, where they lack
        # (nothing in force: nothing to fill in or use)
        used = lasting.before(action, ctx, p, defended) if ctx.effects else ()
        outcome = rule(action, ctx, p)
        if used:  # (most actions use up no effect)
            outcome.used += used
        return outcome

    return verb


check = _played(actions.check)
contest = _played(actions.contest, defended=True)
attack = _played(actions.attack, defended=True)
maneuver = _played(actions.maneuver, defended=True)
block = _played(actions.block)
defend = _played(lasting.defend)
overcome = _played(actions.overcome)
sprint = _played(actions.sprint)
push = _played(actions.push, defended=True)
throw = _played(actions.throw, defended=True)
concede = _played(actions.concede)
compel = _played(actions.compel)


def roll(action: Action, ctx) -> Outcome:
    """4dF, no rules."""
    dice = four_df(ctx, ("4dF",))
    total = sum(dice)
    return Outcome(data={"dice": dice, "total": total}, lines=[f"{dice_text(dice)} ({ladder.describe(total, ctx.lang)})"],
                   success=None)


def damage(character: Character, action: Action, ctx) -> Outcome:
    """Stress dealt outside a roll, with its consequences (``stress``)."""
    p = action.params
    work = work_on(ctx, character, action.actor if action.actor is not character else None)
    by = work.char(p["by"]) if p["by"] else None
    lines, data = apply_stress(work, character, int(p["stress"]), track_key(p["track"]), p, ctx.lang, by)
    return Outcome(data={"verb": "damage", **data} if ctx.record else data, lines=lines, success=None,
                   changes=work.changes())


def check_odds_of(action: Action, ctx) -> Odds:
    """Exact odds of a simple action against its difficulty."""
    from .odds import as_odds, check_odds  # (here: fractions, with decimal, is 1.5% of a verb's start-up)

    p, lang = action.params, ctx.lang
    work = work_on(ctx, action.actor, action.target)  # thrown away: odds change nothing
    a = make_side(work, action.actor, p["skill"], p, lang, target=action.target)
    diff = ladder.parse(p["difficulty"])
    return as_odds(check_odds(before_dice(a), diff),
                   f"{side_text(a, lang)} {AGAINST(lang)} {ladder.describe(diff, lang)}", lang)


def _opposed_odds(action: Action, ctx, opposition: str, attack: bool) -> Odds:
    from .odds import as_odds, contest_odds

    p, lang = action.params, ctx.lang
    work = work_on(ctx, action.actor, action.target)
    a = make_side(work, action.actor, p["skill"], p, lang, target=action.target, reads=DEFENDED)
    d = make_side(work, action.target, p[opposition] or 0, p, lang, what=opposition, target=action.actor, reads=OPPOSED)
    if attack and p["block"] is not None:
        raise Refused(Label("no se calculan las probabilidades de un ataque contra un blanco protegido (el máximo de "
                            "defensa y bloqueo); quita --block.",
                            "odds of an attack on a protected target (max of defence and block) are not computed; "
                            "drop --block."))
    return as_odds(contest_odds(before_dice(a), before_dice(d), attack=attack),
                   f"{side_text(a, lang)} {AGAINST(lang)} {side_text(d, lang)}", lang)


def contest_odds_of(action: Action, ctx) -> Odds:
    """Exact odds of a contest: who wins, by how many shifts."""
    return _opposed_odds(action, ctx, "opposition", attack=False)


def attack_odds_of(action: Action, ctx) -> Odds:
    """Exact odds of an attack: a contest in which a tie deals nothing, and the defender's Spin."""
    return _opposed_odds(action, ctx, "defence", attack=True)
