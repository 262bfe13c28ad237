"""The generic rule system ``dice``: plain dice and a hit-point track.

It makes campaigns of any game usable before (or without) a dedicated plugin,
and it is the smallest complete example of the plugin contract: every hook,
written exactly as a third-party plugin would write it.
"""

from __future__ import annotations

from rolecli import hookimpl
from rolecli.contract import (ActionSpec, Field, Label, Odds, Outcome, Param, Refused, RuleOption, Status,
                              SystemInfo)

ROLECLI_CONTRACT = 2

L = Label

_EXPRESSION = Param("expression", "str", L("Expresión de dados, p. ej. 1d20.", "A dice expression, e.g. 1d20."),
                    required=True, positional=True)
_BONUS = Param("bonus", "rating", L("Bonificador: un número o rasgos del personaje (Fuerza+Pelea).",
                                    "Bonus: a number or the character's traits (Strength+Brawl)."), default="0")
_AMOUNT = Param("amount", "int", L("Puntos.", "Points."), required=True, positional=True, minimum=0, maximum=1_000_000,
                dice=True)

INFO = SystemInfo(
    name="dice",
    names=L("Dados genéricos", "Generic dice"),
    template=(
        Field("hp", "int", L("Puntos de vida máximos", "Maximum hit points"), default=10, minimum=1, maximum=1_000_000),
        Field("initiative", "int", L("Bonificador de iniciativa", "Initiative bonus"), default=0,
              minimum=-1000, maximum=1000),
        Field("traits", "table", L("Rasgos con nombre (Fuerza = 2...)", "Named traits (Strength = 2...)"), default={},
              minimum=-1000, maximum=1000),
        Field("damage", "int", L("Daño recibido", "Damage taken"), default=0, minimum=0, maximum=1_000_000, state=True),
    ),
    options=(
        RuleOption("rest", "full", L("Qué cura un descanso: full (todo) o none (nada).",
                                     "What a rest heals: full or none."), choices=("full", "none")),
        RuleOption("initiative_die", "1d20", L("Dados de iniciativa.", "Initiative dice."), dice=True),
    ),
    actions=(
        ActionSpec("roll", "roll", L("Tira una expresión de dados.", "Roll a dice expression."), (_EXPRESSION,),
                   actor="none"),
        ActionSpec("check", "resolve", L("Tira contra un objetivo: éxito si total ≥ objetivo (o ≤ con --under).",
                                         "Roll against a target: success when total ≥ target (≤ with --under)."),
                   (_EXPRESSION, _BONUS,
                    Param("target", "int", L("Objetivo.", "Target number."), required=True, short="t"),
                    Param("under", "bool", L("Éxito por debajo del objetivo.", "Succeed at or under the target."),
                          default=False)),
                   actor="required", odds=True),
        ActionSpec("damage", "damage", L("Aplica daño.", "Apply damage."), (_AMOUNT,)),
        ActionSpec("heal", "damage", L("Cura puntos de vida.", "Heal hit points."), (_AMOUNT,)),
        ActionSpec("recover", "recover", L("Recuperación entre escenas.", "Recover between scenes."),
                   (Param("event", "choice", L("Evento.", "Event."), required=True, positional=True,
                          choices=("end_of_scene", "start_of_session", "rest")),)),
        ActionSpec("initiative", "initiative", L("Orden de iniciativa.", "Initiative order."), ()),
    ),
)


@hookimpl
def rolecli_system():
    return INFO


def _bonus(action) -> tuple[int, str]:
    text = str(action.params.get("bonus") or "0")
    if action.actor is None:
        if not text.lstrip("+-").isdigit():
            raise Refused(f"--bonus {text!r} names traits, which needs a campaign character; give a number.")
        return int(text), text
    parts = action.actor.rating(text)
    return sum(v for _, v in parts), "+".join(f"{n} {v}" if n else str(v) for n, v in parts)


@hookimpl
def rolecli_roll(action, ctx):
    from rolecli.dice import parse

    result = parse(action.params["expression"]).roll(ctx.dice)
    return Outcome(data={"total": result.total}, lines=[result.breakdown])


@hookimpl
def rolecli_resolve(action, ctx):
    from rolecli.dice import parse

    result = parse(action.params["expression"]).roll(ctx.dice)
    bonus, said = _bonus(action)
    total, target, under = result.total + bonus, action.params["target"], action.params["under"]
    success = total <= target if under else total >= target
    verdict = L("éxito", "success") if success else L("fallo", "failure")
    compare = ("≤" if success else ">") if under else ("≥" if success else "<")
    with_bonus = f" + {said} = {total}" if said != "0" else ""
    line = f"{result.breakdown}{with_bonus} {compare} {target}: {verdict(ctx.lang)}"
    return Outcome(data={"total": total, "target": target, "bonus": bonus, "under": under}, lines=[line],
                   success=success)


def _track(character, damage: int, lang: str) -> str:
    hp = character.sheet["hp"]
    left = max(hp - damage, 0)
    down = L(" — fuera de combate", " — down")(lang) if left == 0 else ""
    return L(f"{character.name}: {left}/{hp} PV{down}", f"{character.name}: {left}/{hp} HP{down}")(lang)


@hookimpl
def rolecli_apply_damage(character, action, ctx):
    amount, hp = action.params["amount"], character.sheet["hp"]
    # No negative hit points: damage stops at the maximum, so healing a character
    # at 0 gives back what it heals (a state from before this rule may hold more).
    before = min(character.state.get("damage", 0), hp)
    after = min(before + amount, hp) if action.name == "damage" else max(before - amount, 0)
    state = {**character.state, "damage": after}
    down = after >= hp
    return Outcome(data={"character": character.name, "damage": after, "hp": hp, "down": down},
                   lines=[_track(character, after, ctx.lang)], changes={character.name: state})


@hookimpl
def rolecli_recover(character, event, action, ctx):
    heals = event == "rest" and ctx.options["rest"] == "full"
    after = 0 if heals else character.state.get("damage", 0)
    changes = {character.name: {**character.state, "damage": after}} if heals else {}
    return Outcome(data={"character": character.name, "event": event, "damage": after},
                   lines=[_track(character, after, ctx.lang)], changes=changes)


@hookimpl
def rolecli_initiative(characters, action, ctx):
    from rolecli.dice import parse

    expr = parse(ctx.options["initiative_die"])
    scores = []
    for c in characters:
        result = expr.roll(ctx.dice)
        scores.append((result.total + c.sheet["initiative"], c.name, result.breakdown))
    # Highest first; equal scores keep the order the GM listed them in.
    ranked = sorted(scores, key=lambda s: -s[0])
    return Outcome(data={"order": [name for _, name, _ in ranked], "scores": {n: s for s, n, _ in ranked}},
                   lines=[f"{i}. {name} {score} ({said})" for i, (score, name, said) in enumerate(ranked, 1)])


_DOWN = Status(can_act=False, key="down", why=L("fuera de combate (0 PV)", "down (0 HP)"), vitality=0.0)


@hookimpl
def rolecli_status(character, ctx):
    # A character at 0 hit points is down: it cannot act until healed.
    damage, hp = character.state.get("damage", 0), character.sheet["hp"]
    return _DOWN if damage >= hp else Status(vitality=1 - damage / hp)


@hookimpl
def rolecli_odds(action, ctx):
    from fractions import Fraction

    from rolecli.dice.odds import distribution

    if action.name != "check":
        return None
    bonus, _ = _bonus(action)
    dist = distribution(action.params["expression"])
    target, under = action.params["target"], action.params["under"]
    p = sum((pr for v, pr in dist.outcomes if (v + bonus <= target if under else v + bonus >= target)), Fraction(0))
    return Odds(outcomes={"success": p, "failure": 1 - p},
                labels={"success": L("éxito", "success"), "failure": L("fallo", "failure")})
