"""The situation die of a roll (002-R3, R4): the score, the base die of its kind and
every step that moves it: modifiers, the eyeball approach, help (002-R12), two actions or
weapons (002-R14, R15), aim (002-R16), gravity (002-R43), moving (002-R40), load
(002-R42) and the character's Dazed penalties (002-R26)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Mapping, Sequence

from rolecli.contract import Character, Context, Label, Refused, worked_out

from . import labels as L
from .sheet import ability, dazed_steps, dazing, kept_state, resolve_rating
from .steps import (AIM_STEPS, GRAVITY, TWO_ACTIONS, encumbrance, final_rung, help_steps, moving_steps, parse_rung,
                    rung_text, situation_steps, two_weapon_steps)


KIND_BASE = {"specialty": 0, "broad": 1, "feat": 1, "untrained": 1, "action": 0}


KIND_NAMES = {
    "specialty": L.Label("especialidad", "specialty"), "broad": L.Label("habilidad general", "broad skill"),
    "feat": L.Label("proeza", "feat"), "untrained": L.Label("sin entrenar: mitad de la característica", "untrained: half the ability"),
    "action": L.Label("tirada de acción", "action check"),
}

# The sources of steps whose words hold no value, made once (a hurt character's every roll is dazed).
SOURCE_NAMES = {
    "modifiers": L.Label("modificadores", "modifiers"), "help": L.Label("ayuda", "help"),
    "two_actions": L.Label("dos acciones a la vez", "two actions at once"), "aim": L.Label("apuntar", "aim"),
    "dazed": L.Label("aturdido", "dazed"),
}


@dataclass(frozen=True)
class Prepared:
    """A roll made ready: shared by every roll of the same call on the same sheet and marks
    (see :func:`prepare`), so it is never changed."""

    score: int
    kind: str
    name: str
    base: int
    rung: int
    steps: int
    sources: tuple[tuple[int, str], ...] = ()

    def line(self, lang: str) -> str:
        who = f"{self.name} " if self.name else ""
        text = Label(f"Puntuación {who}{self.score}", f"Score {who}{self.score}")(lang)
        text += f" ({KIND_NAMES[self.kind](lang)}, " + Label("base", "base")(lang) + f" {rung_text(self.base)})"
        if self.sources:
            text += "; " + Label("pasos", "steps")(lang) + ": " + ", ".join(f"{s:+d} {why}" for s, why in self.sources)
        text += f" → {L.SITUATION(lang)} {rung_text(self.rung)}"
        return text

    @cached_property
    def json(self) -> dict[str, Any]:
        """Its JSON fields, made once (a Prepared is shared): merged into a result's own
        data (``res.as_json(prep.json)``), never changed."""
        return {"score": self.score, "kind": self.kind, "trait": self.name, "base": rung_text(self.base),
                "steps": self.steps, "situation_die": rung_text(self.rung),
                "step_sources": [{"steps": s, "why": w} for s, w in self.sources]}


def prepare(p: dict[str, Any], ctx: Context, actor: Character | None, score_text: Any, *,
            kind: str | None = None, name: str | None = None, extra: Sequence[tuple[int, str]] = (), dazed: bool = True,
            modifiers: bool = True, dazed_optional: bool = True, st: Mapping[str, Any] | None = None) -> Prepared:
    """Score, base die and every step (002-R3/R4, R12..R16, R26, R40..R43) → the rung.
    ``name``: the trait to name instead of the one the score reads as (a skill found on
    the sheet, rolled as its score). ``st``: the actor's kept state, if already read.

    The same for the same call, sheet and marks: worked out once for each (every
    exchange of a simulation prepares the same few rolls), keyed by every parameter,
    option and mark it reads."""
    if score_text is None:
        raise Refused(Label("falta la puntuación (o un personaje de campaña).",
                            "a score (or a campaign character) is needed."))
    if actor is None:  # no sheet to keep it on: a quick roll, made once
        return _prepare(p, ctx, actor, score_text, kind, name, extra, dazed, modifiers, dazed_optional, st)
    options = ctx.options
    marks = None
    if dazed:  # the Dazed steps read the tracks marked (002-R26), as far as they daze
        if st is None:
            st = kept_state(actor)
        marks = (*dazing(actor, st), dazed_optional, options.get("dazed_stun", True), options.get("dazed_wound", True))
    given = None
    if modifiers:  # every parameter whose steps move the roll (_prepare); helpers given as a list are held as a tuple
        get = p.get  # (each read by name: a map over a tuple of the names costs more than the reads)
        given = (tuple(get("helpers") or ()), options["help_stack"], get("steps"), get("situation"), get("two_actions"),
                 get("two_weapons"), get("ambidextrous"), get("aim"), get("gravity"), get("moving"), get("load"),
                 get("strength"))
    key = ("prepared", score_text, kind, name, tuple(extra), p.get("kind"), p.get("base"), given, marks,
           options["clamp_bonus"], ctx.lang)
    return worked_out(actor.sheet, key, _prepare, p, ctx, actor, score_text, kind, name, extra, dazed, modifiers,
                      dazed_optional, st)


def _prepare(p: dict[str, Any], ctx: Context, actor: Character | None, score_text: Any, kind: str | None,
             name: str | None, extra: Sequence[tuple[int, str]], dazed: bool, modifiers: bool, dazed_optional: bool,
             st: Mapping[str, Any] | None) -> Prepared:
    """:func:`prepare`, worked out."""
    lang = ctx.lang
    value, guessed, trait = resolve_rating(actor, score_text)
    if kind is None:
        kind = p.get("kind", "auto") or "auto"
        if kind == "auto":
            kind = "specialty" if guessed == "number" else guessed
    score = value // 2 if kind == "untrained" else value
    base = parse_rung(p["base"]) if p.get("base") else KIND_BASE[kind]
    sources: list[tuple[int, str]] = list(extra)
    if modifiers:
        if p.get("steps"):
            sources.append((int(p["steps"]), SOURCE_NAMES["modifiers"](lang)))
        if p.get("situation"):
            s, label = situation_steps(p["situation"])
            sources.append((s, label(lang)))
        if p.get("helpers"):
            s = help_steps(list(p["helpers"]), ctx.options["help_stack"])
            sources.append((s, SOURCE_NAMES["help"](lang)))
        if p.get("two_actions", "none") != "none":
            sources.append((TWO_ACTIONS[p["two_actions"]], SOURCE_NAMES["two_actions"](lang)))
        if p.get("two_weapons", "none") != "none":
            amb = bool(p.get("ambidextrous")) or bool(actor and actor.sheet.get("ambidextrous"))
            sources.append((two_weapon_steps(p["two_weapons"], amb),
                            Label(f"dos armas (mano {'hábil' if p['two_weapons'] == 'main' else 'torpe'})",
                                  f"two weapons ({p['two_weapons']} hand)")(lang)))
        if p.get("aim"):
            sources.append((AIM_STEPS, SOURCE_NAMES["aim"](lang)))
        if p.get("gravity", "normal") != "normal":
            sources.append((GRAVITY[p["gravity"]], Label(f"gravedad {'cero' if p['gravity'] == 'zero' else 'ligera'}",
                                                         f"{p['gravity']} gravity")(lang)))
        if p.get("moving", "none") not in ("none",):
            s = moving_steps(p["moving"])
            if s:
                sources.append((s, Label(f"moverse ({p['moving']})", f"moving ({p['moving']})")(lang)))
        if p.get("load") is not None:
            strength = p.get("strength") or (ability(actor, "FUE") if actor else None)
            if strength is None:
                raise Refused(Label("la carga necesita --strength.", "a load needs --strength."))
            enc = encumbrance(float(p["load"]), int(strength))
            if enc.steps:
                sources.append((enc.steps, Label(f"carga {float(p['load']):g} kg",
                                                 f"load {float(p['load']):g} kg")(lang)))
    if dazed and actor is not None:
        opts = ctx.options if dazed_optional else {**ctx.options, "dazed_stun": False, "dazed_wound": False}
        s, why = dazed_steps(actor, opts, lang, st)
        if s:
            sources.append((s, SOURCE_NAMES["dazed"](lang) + " (" + ", ".join(why) + ")"))
    steps = sum(s for s, _ in sources)
    rung = final_rung(base, steps, clamp=bool(ctx.options["clamp_bonus"]))
    return Prepared(score, kind, trait if name is None else name, base, rung, steps, tuple(sources))
