"""Who can act, and the conditions in force with their ND effects (004-R16).

Dead, Inconsciente and surrendered characters cannot act; everything else a
character carries into its next LD is listed as a condition."""

from __future__ import annotations

from rolecli.contract import Character, Label, Status, worked_out

from . import states as S
from .sheet import Fighter
from .wounds import DEATHS, INJURIES

L = Label


def _both(make) -> Label:
    return Label(make("es"), make("en"))


DISARMED, MOUNTED, FLEEING = L("desarmado", "disarmed"), L("montado", "mounted"), L("huyendo", "fleeing")
PARRYING = L("parando (en vez de sus protecciones)", "parrying (instead of its protections)")
ACTED = L("ya hizo su acción de combate esta ronda", "has made its combat action this round")


def conditions(f: Fighter, held: set[str]) -> tuple[tuple[str, Label], ...]:
    """The conditions of ``f``, whose battle states are ``held``."""
    out = [(state, _both(lambda lang, s=state: f"{S.label(f, s, lang)}: {S.EFFECTS[s](lang)}")) for state in S.ORDER
           if state in held] if held else []
    for injury in f.now["lesiones"] or ():
        out.append((injury, INJURIES[injury]))
    return tuple(out + _facts(f))


def _facts(f: Fighter) -> list[tuple[str, Label]]:
    """What else the character carries into its next LD; a label naming someone is
    written only when it holds (a status is asked at every turn of a simulation)."""
    now, out = f.now, []
    if now["desarmado"]:
        out.append(("disarmed", DISARMED))
    if now["montado"]:
        out.append(("mounted", MOUNTED))
    if now["parando"]:
        out.append(("parrying", PARRYING))
    if now["duelo"]:
        out.append(("duel", L(f"en duelo de desarme con {now['duelo']} (ND {now['duelo_nd']})",
                              f"in a disarm duel with {now['duelo']} (ND {now['duelo_nd']})")))
    if now["cubre"]:
        out.append(("covering", L(f"cubre a {now['cubre']}: golpearle es un nivel más fácil",
                                  f"covers {now['cubre']}: hitting it is one level easier")))
    if now["finta_de"]:
        out.append(("feinted", L(f"víctima de una finta de {now['finta_de']}: ND +2 para él, +1 para sus aliados",
                                 f"victim of {now['finta_de']}'s feint: ND +2 for it, +1 for its allies")))
    if now["moral"] == "huyendo":
        out.append(("fleeing", FLEEING))
    if now["accion"]:
        out.append(("acted", ACTED))
    return out


def status(character: Character) -> Status:
    """Who can act, why not, the conditions and the life left: the same for the same
    battle states, injuries and :data:`STATUS_FIELDS` on the same sheet, so each is
    worked out once (an encounter asks again whenever a state changes). A field the
    state leaves out is the sheet's, the same for every state of that sheet."""
    st = character.state
    held, injuries = st.get("estados"), st.get("lesiones")
    key = ("status", None if held is None else tuple(held), None if injuries is None else tuple(injuries),
           *map(st.get, STATUS_FIELDS))
    return worked_out(character.sheet, key, _status, character)


# The state a status reads besides the battle states and injuries (lists, which a key holds as tuples).
STATUS_FIELDS = ("muerte", "moral", "vida_perdida", "desarmado", "montado", "parando", "duelo", "duelo_nd", "cubre",
                 "finta_de", "accion", "cegado_rondas", "irritado_duradero")


def _status(character: Character) -> Status:
    f = Fighter(character)
    states = f.states
    held = conditions(f, states)
    if f.dead():
        how = DEATHS[f.now["muerte"]]
        return Status(False, "dead", L(f"muerto ({how.es})", f"dead ({how.en})"), held, vitality=0.0)
    if "inconsciente" in states:
        return Status(False, "unconscious", L("Inconsciente", "Unconscious"), held, vitality=0.0)
    if f.now["moral"] == "rendido":
        return Status(False, "surrendered", L("se ha rendido", "has surrendered"), held, vitality=0.0)
    return Status(True, "active", None, held, vitality=max(f.left(), 0) / f.life())  # the life left
