"""The action economy of a round (004-R5).

Each round a character declares one Combat Action, plus normal actions that fit
into a few seconds. The special combat actions (charge, mount and dismount,
insults, threats) may come before another combat action in the same round, but
not after it. A declared parry or cover lasts until the character's next combat
action, which replaces it. ``accion`` is cleared at the end of the round."""

from __future__ import annotations

from rolecli.contract import Label, Refused

from .words import L


def _end_round_hint(name: str) -> Label:
    return L(f"termina antes la ronda con 'rolecli recover end_of_round \"{name}\"'",
             f"end the round first with 'rolecli recover end_of_round \"{name}\"'")


def combat_action(fighter, keep: str = "") -> None:
    """Spend the fighter's combat action of the round (a quick roll tracks nothing).
    The stance named ``keep`` is the one being declared; any other ends."""
    if fighter.character is None:
        return
    if fighter.now["accion"]:
        hint = _end_round_hint(fighter.name)
        raise Refused(L(f"{fighter.name} ya ha hecho su Acción de Combate de esta ronda (004-R5); {hint.es}.",
                        f"{fighter.name} has already made its combat action this round (004-R5); {hint.en}."))
    fighter.set("accion", True)
    if keep != "parando" and fighter.now["parando"]:
        fighter.set("parando", False)
    if keep != "cubre" and fighter.now["cubre"]:
        fighter.set("cubre", "")


def special_action(fighter) -> None:
    """A special combat action: allowed only before the round's combat action."""
    if fighter.character is not None and fighter.now["accion"]:
        hint = _end_round_hint(fighter.name)
        raise Refused(L(f"{fighter.name} ya ha hecho su Acción de Combate de esta ronda, y las Acciones de Combate "
                        f"especiales (cargar, montar, desmontar, improperios, amenazas) van antes de ella (004-R5); "
                        f"{hint.es}.",
                        f"{fighter.name} has already made its combat action this round, and special combat actions "
                        f"(charge, mount, dismount, insults, threats) come before it (004-R5); {hint.en}."))
