"""Battle states (estados de batalla, 004-R16) and the ND they give.

A state is kept in the character's ``estados``; Cegado from a dirty trick also
counts its rounds down in ``cegado_rondas`` (0: until the scene ends). Their ND
modifiers are added to every later LD of the character by kind of LD: an
``attack`` (a blow: strikes, feints, blinding, mount attacks, disarm duels),
any LD ``combat`` (every LD made while fighting), ``vigilance`` and ``valor``."""

from __future__ import annotations

from collections.abc import Set

from rolecli.contract import Label

from .nd import Mod
from .words import tr

L = Label

NAMES: dict[str, Label] = {
    "acobardado": L("Acobardado", "Cowed"),
    "cegado": L("Cegado", "Blinded"),
    "inconsciente": L("Inconsciente", "Unconscious"),
    "irritado": L("Irritado", "Enraged"),
    "mareado": L("Mareado", "Dazed"),
}
ORDER = tuple(NAMES)

EFFECTS: dict[str, Label] = {
    "acobardado": L("ND −1 mientras combate; no puede hacer el LD de valentía, solo rendirse o huir",
                    "ND −1 while fighting; cannot make the valor LD, only surrender or flee"),
    "cegado": L("ND −1 para atacar y a su Vigilancia", "ND −1 to attack and to its Vigilance"),
    "inconsciente": L("sus enemigos tienen ND +2 para darle muerte", "its enemies get ND +2 to kill it"),
    "irritado": L("ND −1 a sus ataques, ND +1 a sus LD de valentía", "ND −1 to its attacks, ND +1 to its valor LDs"),
    "mareado": L("ND −1 para golpear; quien le golpea tiene ND +1; otro Mareado lo deja Inconsciente",
                 "ND −1 to hit; whoever strikes it gets ND +1; Dazed again leaves it Unconscious"),
}

# 004-R16: (state, kind of LD it touches, ND) for the character's own LDs, with the modifier it gives.
_OWN = tuple((state, kind, Mod(f"state:{state}", NAMES[state], nd)) for state, kind, nd in (
    ("acobardado", "combat", -1),
    ("cegado", "attack", -1),
    ("cegado", "vigilance", -1),
    ("irritado", "attack", -1),
    ("irritado", "valor", +1),
    ("mareado", "attack", -1),
))
# 004-R16: what a state gives to whoever strikes the character.
_AGAINST = tuple((state, Mod(f"target:{state}", L(f"{NAMES[state].es} el blanco", f"target {NAMES[state].en}"), nd))
                 for state, nd in (("mareado", +1), ("inconsciente", +2)))


def own(states: Set[str], kinds: Set[str]) -> list[Mod]:
    """The ND the character's own states give to one of its LDs."""
    if not states:
        return []
    kinds = kinds | ({"combat"} if "attack" in kinds else set())
    return [mod for state, kind, mod in _OWN if state in states and kind in kinds]


def against(states: Set[str]) -> list[Mod]:
    """The ND a target's states give to a blow against it."""
    if not states:  # the usual case, as for own
        return []
    return [mod for state, mod in _AGAINST if state in states]


def gain(fighter, state: str, *, rounds: int = 0, by: str = "", lasting: bool = False) -> str:
    """Put ``fighter`` in ``state``; returns the state it ends in. Dazed while
    Dazed leaves it Unconscious (004-R16), which replaces the dizziness."""
    held = set(fighter.states)
    if state == "mareado" and "inconsciente" in held:
        return "inconsciente"
    if state == "mareado" and "mareado" in held:
        held.discard("mareado")
        state = "inconsciente"
    if state == "cegado":
        kept = int(fighter.now["cegado_rondas"] or 0)
        if "cegado" in held and kept == 0:
            rounds = 0  # already blinded until the scene ends
        elif "cegado" in held:
            rounds = max(rounds, kept) if rounds else 0
        fighter.set("cegado_rondas", rounds)
    if state == "irritado":
        fighter.set("irritado_por", by)
        fighter.set("irritado_duradero", bool(lasting or fighter.now["irritado_duradero"]))
    held.add(state)
    fighter.keep_states(held)
    return state


def lose(fighter, state: str) -> None:
    held = set(fighter.states)
    held.discard(state)
    fighter.keep_states(held)
    if state == "cegado":
        fighter.set("cegado_rondas", 0)
    if state == "irritado":
        fighter.set("irritado_por", "")
        fighter.set("irritado_duradero", False)


def label(fighter, state: str, lang: str) -> str:
    """``Cegado (2 rondas)``, ``Irritado (duradero)``: a state as it stands."""
    text = NAMES[state](lang)
    rounds = int(fighter.now["cegado_rondas"] or 0)
    if state == "cegado" and rounds:
        plural = "s" if rounds != 1 else ""
        text += tr(lang, f" ({rounds} ronda{plural})", f" ({rounds} round{plural})")
    if state == "irritado" and fighter.now["irritado_duradero"]:
        text += tr(lang, " (duradero)", " (lasting)")
    return text
