"""Being in a conflict and leaving it (000-R7, R35, R36): who is still in it,
and concessions.

A conflict ends, for one character, when it is Taken Out (000-R35) or concedes
(000-R36); it lasts until the end of the scene, whose recovery clears the marks
kept here. State kept per character:

- ``fuera``: ``""``, ``"taken_out"`` or ``"conceded"``. A minion group is out
  when none of its minions stands (000-R46), whatever its mark says, so a GM
  who raises its ``cantidad`` puts it back in.
- ``consecuencia_tomada``: it took a consequence in this conflict, which is
  what a concession is offered with.
- ``concesion_ofrecida``: it has offered its one concession of this conflict.
"""

from __future__ import annotations

import functools

from rolecli.contract import Character, Label, Refused

from .ladder import fold
from .minions import standing
from .state import Work, fate_points, is_group


def out_of_conflict(work: Work, ch: Character) -> str:
    """``""`` while ``ch`` is in the conflict, else ``"taken_out"`` or ``"conceded"``."""
    if is_group(ch):
        return "" if standing(work, ch) else "taken_out"
    return str(work.get(ch, "fuera", "") or "")


def check_can_concede(work: Work, offerer: Character, winner: Character | None) -> None:
    """000-R36: only a character still in the conflict concedes, once per conflict,
    together with a consequence taken in it; and to someone who can still answer."""
    name = offerer.name
    out = out_of_conflict(work, offerer)
    if out == "conceded":
        raise Refused(Label(f"{name} ya ha concedido este conflicto; la concesión se ofrece una sola vez (000-R36).",
                            f"{name} has already conceded this conflict; a concession is offered once (000-R36)."))
    if out:
        raise Refused(Label(f"{name} está Fuera de Combate: solo concede un personaje que sigue en el conflicto (000-R36).",
                            f"{name} is Taken Out: only a character still in the conflict can concede (000-R36)."))
    if work.get(offerer, "concesion_ofrecida", False):
        raise Refused(Label(f"{name} ya ofreció una concesión en este conflicto y se la rechazaron: "
                            "el conflicto sigue hasta un final sangriento (000-R36).",
                            f"{name} already offered a concession in this conflict and it was refused: "
                            "the conflict goes on to a bloody end (000-R36)."))
    if not work.get(offerer, "consecuencia_tomada", False):
        raise Refused(Label(f"{name} no ha tomado ninguna consecuencia en este conflicto, y la concesión se ofrece al "
                            f"tomar una (000-R36): usa 'damage {name} N --concede yes', o concede tras un golpe que "
                            "haya dado una consecuencia.",
                            f"{name} has taken no consequence in this conflict, and a concession is offered when taking "
                            f"one (000-R36): use 'damage {name} N --concede yes', or concede after a hit that gave a "
                            "consequence."))
    if winner is not None and winner.name == name:
        raise Refused(Label(f"{name} no puede conceder ante sí mismo; --target nombra al bando que causó el daño.",
                            f"{name} cannot concede to itself; --target names the side that inflicted the harm."))
    if winner is not None and out_of_conflict(work, winner):
        raise Refused(Label(f"{winner.name} está fuera del conflicto y no puede aceptar ni rechazar la concesión; "
                            "nombra con --target a alguien que siga en él.",
                            f"{winner.name} is out of the conflict and cannot accept or refuse the concession; "
                            "name a --target still in it."))


# (a few replies, asked at every hit on a named character, stress.damage_named: icount, a fate trial 3.7834M -> 3.7754M)
@functools.lru_cache(maxsize=64)
def accepts(reply: str) -> bool:
    """Whether ``reply`` accepts a concession (a refused one costs the refuser a Fate point)."""
    return fold(reply) in ("accept", "aceptar", "acepta", "yes", "si")


def concession(work: Work, offerer: Character, winner: Character | None, reply: str, lang: str,
               data: dict, reasonable: bool = True) -> list[str]:
    """000-R36 with the rulings: offerer +1 FP when accepted as reasonable;
    the refuser −1 FP when refused (a reasonable offer: the book ties both to it)."""
    accepted = accepts(reply)
    data["concession"] = {"offered": True, "accepted": accepted, "reasonable": reasonable}
    work.set(offerer, "concesion_ofrecida", True)
    if accepted:
        work.set(offerer, "fuera", "conceded")
    payer = (offerer if accepted else winner) if reasonable else None  # who gains or loses the Fate point
    if payer is not None:
        fp = fate_points(work, payer)
        work.set(payer, "puntos_destino", fp + 1 if accepted else max(0, fp - 1))
    if not work.ctx.explain:  # the line is written only for someone to read (Context.explain)
        return []
    if payer is None:
        return [Label("Concesión aceptada (no razonable: sin PD)", "Concession accepted (not reasonable: no FP)")(lang) if accepted
                else Label("Concesión rechazada; el conflicto sigue", "Concession refused; the conflict goes on")(lang)]
    fp = fate_points(work, payer)
    if accepted:
        return [Label(f"Concesión aceptada: {payer.name} sale del conflicto en sus términos y gana 1 PD ({fp})",
                      f"Concession accepted: {payer.name} leaves the conflict on their own terms and gains 1 FP ({fp})")(lang)]
    return [Label(f"Concesión rechazada: {payer.name} pierde 1 PD ({fp}); el conflicto sigue hasta un final sangriento",
                  f"Concession refused: {payer.name} loses 1 FP ({fp}); the conflict goes on to a bloody end")(lang)]


def clear_marks(work: Work, ch: Character) -> None:
    """The end of the scene ends the conflict: its marks go (taken-out minions stay
    out, the rulings)."""
    if not is_group(ch) and work.get(ch, "fuera", ""):
        work.set(ch, "fuera", "")
    for key in ("consecuencia_tomada", "concesion_ofrecida"):
        if work.get(ch, key, False):
            work.set(ch, key, False)
