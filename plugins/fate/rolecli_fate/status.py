"""Who can act (contract 2's ``rolecli_status``): nobody out of the conflict
(Taken Out, 000-R35; conceded, 000-R36; a minion group with no minion standing,
000-R46). The conditions are what can be invoked or compelled on the character: its
consequences and temporary aspects (000-R34, R41), and for a group the minions
still standing (its size bonus, 000-R45)."""

from __future__ import annotations

import functools

from rolecli.contract import Character, Label, Status, worked_out

from .aspects import temps
from .conflict import out_of_conflict
from .minions import standing
from .state import Work, frozen, is_group, work_on
from .stress import ENGLISH, SPANISH, TRACKS, marked, parse_consequence, severities, track_size

TAKEN_OUT = Label("fuera de combate hasta el fin de la escena", "Taken Out until the end of the scene")
CONCEDED = Label("concedió el conflicto", "conceded the conflict")
NO_MINIONS = Label("no queda ningún sicario en pie", "no minion left standing")
REFUSED = Label("su concesión fue rechazada: el conflicto sigue hasta un final sangriento",
                "its concession was refused: the conflict goes on to a bloody end")


@functools.lru_cache(maxsize=1024)  # a fight's statuses tell the same few consequences again and again
def consequence(entry: str) -> tuple[str, Label]:
    """The condition a ``consecuencias`` entry is (000-R34)."""
    sev, text, _ = parse_consequence(entry)
    return ("consequence", Label(f"consecuencia {SPANISH[sev]}: {text}", f"{ENGLISH[sev]} consequence: {text}"))


def conditions(work: Work, ch: Character) -> list[tuple[str, Label]]:
    """Its consequences, temporary aspects and, for a group, the minions standing."""
    found = list(map(consequence, work.get(ch, "consecuencias", []) or []))
    for t in temps(work, ch):
        kind_es, kind_en = ("pegado", "sticky") if t.sticky else ("frágil", "fragile")
        free_es, free_en = (", etiqueta gratis", ", free tag") if t.free else ("", "")
        found.append(("aspect", Label(f"aspecto «{t.name}» ({kind_es}{free_es})",
                                      f"aspect “{t.name}” ({kind_en}{free_en})")))
    if is_group(ch):
        n, total = standing(work, ch), int(ch.value("cantidad"))
        found.append(("minions", Label(f"{n} de {total} sicarios en pie", f"{n} of {total} minions standing")))
    return found


def vitality(work: Work, ch: Character) -> float:
    """The fight left, for an encounter's "weakest": the minions standing of a
    group; for a character, the stress boxes and consequence slots still free
    on its fuller track, of all it has."""
    if is_group(ch):
        return standing(work, ch) / int(ch.value("cantidad"))
    slots = int(work.ctx.options.get("max_consequences", 3)) + int(ch.value("companeros") or 0)
    held = len(work.get(ch, "consecuencias", []) or [])
    left = min(_left_on(work, ch, t, slots, held) for t in TRACKS)
    return max(left, 0.0)


def _left_on(work: Work, ch: Character, track: str, slots: int, held: int) -> float:
    """Of ``track``'s boxes and the ``slots`` for consequences (``held`` of them taken), the share still free."""
    size = track_size(ch, track)  # (read once: the boxes free and all of them)
    return (size - len(marked(work, ch, track)) + slots - held) / (size + slots)


def status(ch: Character, ctx) -> Status:
    """Worked out once for each state of :data:`STATUS_FIELDS` a sheet is in with
    the same consequence slots (a fight goes through a few dozen, and the status is
    asked after every change; a Fate point spent or a minion's box marked leaves it
    as it was). A field is keyed as its state holds it, its lists (boxes,
    consequences, aspects) as tuples, or as absent (:data:`_SHEET`) where the
    state has none: the sheet's then, the same for every key of this sheet's. The
    consequences held are keyed by their severities (each one's text names the hit
    that took it: as texts, a fight's states seldom meet again), and the conditions
    they are, first of the status's, told from their own texts."""
    held = tuple(ch.value("consecuencias") or ())  # (as the rules read them: Work.get)
    key = ("status", ctx.options.get("max_consequences"), frozen(map(ch.state.get, KEYED_FIELDS, _SHEETS)),
           severities(held))
    kept = worked_out(ch.sheet, key, _status, ch, ctx)
    if not held:  # (it tells no consequence)
        return kept
    told = tuple(map(consequence, held)) + kept.conditions[len(held):]
    return Status(kept.can_act, kept.key, kept.why, told, kept.vitality)


# The state a status reads: the stress boxes marked, the consequences and temporary
# aspects held, being out of the conflict or having offered its concession, the
# minions taken out; and of the rule options, max_consequences (vitality). Keyed as they
# are but for the consequences (:func:`status`).
STATUS_FIELDS = ("salud", "compostura", "consecuencias", "aspectos_temporales", "fuera", "concesion_ofrecida",
                 "sicarios_fuera")
KEYED_FIELDS = tuple(field for field in STATUS_FIELDS if field != "consecuencias")
# What a status key holds for a field its state has not, read from the sheet then: a mark of its
# own (a state may hold None), given to the state's ``get`` as its default for each field at once.
_SHEET = object()
_SHEETS = (_SHEET,) * len(KEYED_FIELDS)


def _status(ch: Character, ctx) -> Status:
    work = work_on(ctx, ch)
    held = tuple(conditions(work, ch))
    out = out_of_conflict(work, ch)
    if not out and work.get(ch, "concesion_ofrecida", False):
        held += (("concession_refused", REFUSED),)
    if out:
        why = CONCEDED if out == "conceded" else (NO_MINIONS if is_group(ch) else TAKEN_OUT)
        return Status(False, out, why, held, vitality=0.0)
    return Status(conditions=held, vitality=vitality(work, ch))
