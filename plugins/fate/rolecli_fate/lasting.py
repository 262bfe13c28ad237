"""What lasts between commands, kept by the core as effects (contract 2):

- a block protecting a character (000-R18): an attack on it faces
  max(defence, block strength) with no ``--block`` typed, until the protector's
  next turn;
- full defence (000-R16), declared with ``defend``: +2 to every reaction and
  defence roll of the character for the rest of the round;
- a Spin (000-R48), earned by a defender who beats an attack by 3 or more: +1
  or −1 to one roll of the immediately next action. Default policy (the
  winner's choice, the rulings): +1 when the Spin's holder rolls next, −1 when
  the attacker it was earned against does; any other next action lets it lapse
  ("unused Spins are lost"). ``--spin`` typed on that roll overrides it.
"""

from __future__ import annotations

import functools
from types import MappingProxyType

from rolecli.contract import NO_DATA, Effect, Label, Outcome, Refused

from .ladder import signed


FULL_DEFENCE = Label("Defensa Total (+2 a defensas y reacciones)", "Full defence (+2 to defence and reactions)")


def before(action, ctx, p: dict, defends: bool) -> list[int] | tuple[()]:
    """Fill ``p`` from the effects in force (asked only where some are: ``verbs``); the ids
    of the effects this action uses up (none: an empty tuple, no list made for most actions).
    ``defends``: the action's target rolls a defence, its ``full_defence`` the target's. An action
    whose ``p`` it fills in has its plan (:attr:`~rolecli.contract.Action.plan`, which
    stands for its parameters as the core gave them) stand for them as filled in: the
    plan it had, with what it filled in (the target's full defence, the actor's, a block's strength,
    a Spin)."""
    actor, target = action.actor, action.target
    if actor is None:  # a quick roll (no campaign): nothing to fill in or use
        return ()
    on_target = target.name if target is not None else None
    # (lists made only where an effect of their kind is in force; what it fills in kept for the plan: icount -0.36%)
    blocks = spins = None
    defended = reacting = block = spin = None  # (what it filled in, if anything)
    for e in ctx.effects:  # (one look at them all: a verb asks of a few)
        key = e.key
        if key == "spin":
            if spins is None:
                spins = []
            spins.append(e)
        elif key == "block" and e.on == on_target:
            if blocks is None:
                blocks = []
            blocks.append(e)
        elif key == "full_defence":
            if e.on == on_target and defends:
                p["full_defence"] = defended = True
            if e.on == actor.name and action.name == "check":
                p["full_defence"] = reacting = True  # in full defence every roll is a reaction
    if blocks and action.name == "attack" and p.get("block") is None:
        p["block"] = block = max(int(e.data.get("strength", 0)) for e in blocks)
    if spins and not p.get("spin"):
        for e in spins:
            if e.on == actor.name:
                p["spin"] = spin = 1
            elif e.data.get("against") == actor.name:
                p["spin"] = spin = -1
    if (defended or reacting or block is not None or spin) and action.plan is not None:
        # (equal plans, equal parameters still. A third of the attacks of a fight are made in a full
        # defence or after a Spin, and a plan keeps what their sides are made of, roll.roll_contest,
        # rather than their parameters read and hashed at each: icount, a fate trial 3.7884M -> 3.7538M;
        # the values, not a list of the names filled in: 3.7224M -> 3.7137M; not read back from p: above)
        action.plan = (_FILLED, action.plan, defended, reacting, block, spin)
    if not spins:  # (most actions use none)
        return ()
    used = []
    for e in spins:  # (a loop: a Spin or two, for which a comprehension's call costs more: icount -0.11%)
        used.append(e.id)
    return used


# What begins the plan of an action whose parameters :func:`before` filled in: no plan the core
# makes holds it, so such a plan is never one the core gave.
_FILLED = object()


def block_left(action, ctx, strength: int) -> list[Effect]:
    """The block a block leaves protecting its target (000-R18) until the
    protector's next turn: none without both characters."""
    actor, target = action.actor, action.target
    if actor is None or target is None:
        return []
    text = (Label(f"bloqueo {signed(strength)} de {actor.name}", f"block {signed(strength)} by {actor.name}")(ctx.lang))
    return [Effect(on=target.name, text=text, key="block", data={"strength": strength}, by=actor.name,
                   until="next_turn")]


def spin_earned(action, ctx) -> list[Effect]:
    """The Spin a defender earns against the attacker it beat by 3 or more (000-R48),
    for the immediately next action: none without both characters."""
    actor, target = action.actor, action.target
    if actor is None or target is None:
        return []
    return [spin(target.name, actor.name, ctx.lang)]


@functools.lru_cache(maxsize=1024)  # an Effect never changes (the core keeps its own copy): a fight's few pairs share one
def spin(on: str, against: str, lang: str) -> Effect:
    """The Spin ``on`` earns against the attacker ``against`` (000-R48), in ``lang``, made once
    for each pair and language, its data a read-only view (nobody who gets it can change the
    next one); not made at every Spin, its words and data with it (icount, a fate trial N=400
    2.1541M -> 2.1435M, -0.49%)."""
    return Effect(on=on, text=Label(f"Giro ganado contra {against}", f"Spin earned against {against}")(lang),
                  key="spin", data=MappingProxyType({"against": against}), by=on, until="used")


def defend(action, ctx, p: dict):
    """000-R16: full defence instead of acting, +2 to every reaction and defence roll for the round."""
    actor, lang = action.actor, ctx.lang
    if actor is None:
        raise Refused(Label("defend declara la Defensa Total de un personaje de la campaña: nombra al personaje "
                            "(en una tirada rápida, da en su lugar +2 con --full-defence en la tirada de defensa).",
                            "defend declares a campaign character's full defence: name the character "
                            "(a quick roll gives +2 with --full-defence on the defence roll instead)."))
    text = FULL_DEFENCE(lang)
    lines = [Label(f"{actor.name} se pone en Defensa Total: +2 a toda tirada de defensa o reacción hasta el final del "
                   "asalto, en lugar de actuar",
                   f"{actor.name} goes into full defence: +2 to every defence and reaction roll until the end of the "
                   "round, instead of acting")(lang)] if ctx.explain else []  # only for someone to read
    # (no data where no one reads it: Context.record)
    return Outcome(data={"verb": "defend", "full_defence": True} if ctx.record else {}, lines=lines,
                   effects=[full_defence(actor.name, text)])


@functools.lru_cache(maxsize=1024)  # an Effect never changes (the core keeps its own): a fight's few defenders share one
def full_defence(name: str, text: str) -> Effect:
    """000-R16: the full defence ``name`` goes into for the round, made once for each defender
    and language (its data :data:`~rolecli.contract.NO_DATA`, read-only: nobody who gets it can
    change the next one); not made by keywords at every defence (a class call with a Python
    ``__init__``: icount, a fate trial N=400 2.2194M -> 2.1953M, -1.09%)."""
    return Effect(on=name, text=text, key="full_defence", by=name, until="rounds", rounds=1, data=NO_DATA)
