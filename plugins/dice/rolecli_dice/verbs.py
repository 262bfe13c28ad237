"""The ``dice`` system's verbs: a dice expression rolled, checked against a
target, and damage on a hit-point track that stops at 0 hit points."""

from __future__ import annotations

from operator import itemgetter

from rolecli.contract import Label, Odds, Outcome, Refused, worked_out
from rolecli.dice import parse

L = Label
SUCCESS, FAILURE = L("éxito", "success"), L("fallo", "failure")


def _bonus(action) -> tuple[int, str]:
    text = str(action.params["bonus"] or "0")
    if action.actor is None:
        if not text.lstrip("+-").isdigit():
            raise Refused(L(f"--bonus {text!r} nombra rasgos, y eso necesita un personaje de campaña; da un número.",
                            f"--bonus {text!r} names traits, which needs a campaign character; give a number."))
        return int(text), text
    actor = action.actor
    # rated once per sheet: an encounter asks for the same few bonuses at every exchange
    return worked_out(actor.sheet, ("bonus", text), lambda: _rated(actor.rating(text)))


def _rated(parts: list[tuple[str, int]]) -> tuple[int, str]:
    """A bonus's total, and how it adds up (``Fuerza 3+2``)."""
    return sum(v for _, v in parts), "+".join(f"{n} {v}" if n else str(v) for n, v in parts)


def roll(action, ctx) -> Outcome:
    result = parse(action.params["expression"]).roll(ctx.dice)
    return Outcome(data={"total": result.total}, lines=[result.breakdown] if ctx.explain else [])


def check(action, ctx) -> Outcome:
    p = action.params
    expression = parse(p["expression"])
    # the roll's record (its breakdown) only when someone reads it
    result = expression.roll(ctx.dice) if ctx.explain else None
    bonus, said = _bonus(action)
    total = (result.total if result is not None else expression.total(ctx.dice)) + bonus
    target, under = p["target"], p["under"]
    success = total <= target if under else total >= target
    lines = []
    if result is not None:
        verdict = SUCCESS if success else FAILURE
        compare = ("≤" if success else ">") if under else ("≥" if success else "<")
        with_bonus = f" + {said} = {total}" if said != "0" else ""
        lines.append(f"{result.breakdown}{with_bonus} {compare} {target}: {verdict(ctx.lang)}")
    margin = target - total if under else total - target  # from the roller's side: 0 or more succeeds
    return Outcome(data={"total": total, "target": target, "bonus": bonus, "under": under, "margin": margin},
                   lines=lines,
                   success=success)


def check_odds(action, ctx) -> Odds:
    from fractions import Fraction  # (here: with decimal, 1% of every dice command's start-up)

    from rolecli.dice.odds import distribution

    bonus, _ = _bonus(action)
    dist = distribution(action.params["expression"])
    target, under = action.params["target"], action.params["under"]
    p = sum((pr for v, pr in dist.outcomes if (v + bonus <= target if under else v + bonus >= target)), Fraction(0))
    return Odds(outcomes={"success": p, "failure": 1 - p}, labels={"success": SUCCESS, "failure": FAILURE})


def track(character, damage: int, lang: str) -> str:
    """``Ana: 8/12 HP``, and ``— down`` at 0 hit points."""
    hp = character.sheet["hp"]
    left = max(hp - damage, 0)
    down = L(" — fuera de combate", " — down")(lang) if left == 0 else ""
    return L(f"{character.name}: {left}/{hp} PV{down}", f"{character.name}: {left}/{hp} HP{down}")(lang)


def _marked(character, after: int, ctx) -> Outcome:
    hp = character.sheet["hp"]
    return Outcome(data={"character": character.name, "damage": after, "hp": hp, "down": after >= hp},
                   lines=[track(character, after, ctx.lang)] if ctx.explain else [],
                   changes={character.name: {"damage": after}})


def _taken(character) -> int:
    # No negative hit points: damage stops at the maximum, so healing a character
    # at 0 gives back what it heals (a state from before this rule may hold more).
    return min(character.state.get("damage", 0), character.sheet["hp"])


def damage(character, action, ctx) -> Outcome:
    return _marked(character, min(_taken(character) + action.params["amount"], character.sheet["hp"]), ctx)


def heal(character, action, ctx) -> Outcome:
    return _marked(character, max(_taken(character) - action.params["amount"], 0), ctx)


def recover(character, event, action, ctx) -> Outcome:
    heals = event == "rest" and ctx.options["rest"] == "full"
    after = 0 if heals else character.state.get("damage", 0)
    return Outcome(data={"character": character.name, "event": event, "damage": after},
                   lines=[track(character, after, ctx.lang)] if ctx.explain else [],
                   changes={character.name: {"damage": 0}} if heals else {})


def initiative(characters, action, ctx) -> Outcome:
    expr = parse(ctx.options["initiative_die"])
    explain, dice = ctx.explain, ctx.dice
    scores = []
    for c in characters:
        # the roll's record only where its breakdown is told: the total alone where nobody reads the lines
        # (every trial of a simulation rolls an initiative: icount, a dice trial 0.8% less)
        if explain:
            result = expr.roll(dice)
            total = result.total
        else:
            result, total = None, expr.total(dice)
        scores.append((total + c.sheet["initiative"], c.name, result))
    # Highest first; equal scores keep the order the GM listed them in (a sort is stable, reversed too). By
    # itemgetter and a loop, not a lambda's call per entrant and two comprehensions' frames: every trial of a
    # simulation ranks its initiative (icount: a dice trial 0.56% less)
    ranked = sorted(scores, key=_SCORE, reverse=True)
    lines = [f"{i}. {name} {score} ({result.breakdown})" for i, (score, name, result) in enumerate(ranked, 1)] \
        if explain else []
    order, by_name = [], {}
    for score, name, _ in ranked:
        order.append(name)
        by_name[name] = score
    return Outcome(data={"order": order, "scores": by_name}, lines=lines)


_SCORE = itemgetter(0)  # an initiative entry's score
