"""The action economy of a round (004-R5).

Each round a character declares one Combat Action, plus normal actions that fit
into a few seconds. The special combat actions (charge, mount and dismount,
insults, threats) may come before another combat action in the same round, but
not after it. A declared parry or cover lasts until the character's next combat
action, which replaces it. ``accion`` is cleared at the end of the round."""

from __future__ import annotations

from rolecli.contract import Refused

def _end_round_hint(name: str) -> str:
    return f"end the round first with 'rolecli recover end_of_round \"{name}\"'"


def combat_action(fighter, keep: str = "") -> None:
    """Spend the fighter's combat action of the round (a quick roll tracks nothing).
    The stance named ``keep`` is the one being declared; any other ends."""
    if fighter.character is None:
        return
    if fighter.get("accion"):
        raise Refused(f"{fighter.name} has already made its combat action this round (004-R5); "
                      + _end_round_hint(fighter.name) + ".")
    fighter.set("accion", True)
    if keep != "parando" and fighter.get("parando"):
        fighter.set("parando", False)
    if keep != "cubre" and fighter.get("cubre"):
        fighter.set("cubre", "")


def special_action(fighter) -> None:
    """A special combat action: allowed only before the round's combat action."""
    if fighter.character is not None and fighter.get("accion"):
        raise Refused(f"{fighter.name} has already made its combat action this round, and special combat actions "
                      "(charge, mount, dismount, insults, threats) come before it (004-R5); "
                      + _end_round_hint(fighter.name) + ".")
