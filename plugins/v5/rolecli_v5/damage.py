"""How much damage a won conflict deals (003-R11), of which type (003-R12), and
what it does to the loser's tracker (003-R13…R16); voluntary spending (003-R14)."""

from __future__ import annotations

from typing import Any

from rolecli.contract import Character, Label, Refused

from . import labels as L
from . import trackers as T
from .labels import tr

SOCIAL_SOURCES = ("social", "secret", "trusted")  # what hurts Willpower; every other source hurts Health


def amount(margin: int, weapon: int = 0, audience: int = 0) -> int:
    """003-R11: the margin, plus the winner's weapon rating, plus the audience of a social conflict."""
    return margin + weapon + audience


def tracker_for(tracker: str, source: str, social: bool) -> str:
    """The Storyteller's choice (003-R4): Willpower in a social conflict or from a social source, else Health."""
    if tracker != "auto":
        return tracker
    return "willpower" if social or source in SOCIAL_SOURCES else "health"


def source_for(source: str, tracker: str, weapon: int, *, ranged: bool = False) -> str:
    """The source when none is named: embarrassment on Willpower; on Health a weapon
    with a rating, or any shot (003-R7: a ranged attack is made with a firearm, even
    one given no rating), is taken as lethal, anything else as fists and kicks."""
    if source == "auto":
        source = "social" if tracker == "willpower" else "weapon" if weapon > 0 or ranged else "nonlethal"
    if (tracker == "willpower") != (source in SOCIAL_SOURCES):
        hurts = "willpower" if source in SOCIAL_SOURCES else "health"
        raise Refused(Label(f"--source {source} daña la {L.tracker(hurts, 'es')}, no la {L.tracker(tracker, 'es')}: "
                            "elige una fuente de daño para ese registro o deja que --source auto la escoja.",
                            f"--source {source} hurts {L.tracker(hurts, 'en')}, not {L.tracker(tracker, 'en')}: "
                            "choose a source for that tracker or let --source auto pick it."))
    return source


def damage_type(source: str, creature: str) -> str:
    """003-R12: what is aggravated depends on the source and on who is hit."""
    if source in ("fire", "sunlight", "supernatural", "secret", "trusted"):
        return "aggravated"
    if source == "weapon":
        return "aggravated" if creature == "mortal" else "superficial"  # normal weapons only bruise the dead
    return "superficial"


def creature_of(character: Character | None, given: str = "auto") -> str:
    if given != "auto":
        return given
    return str(character.sheet.get("creature") or "mortal") if character is not None else "mortal"


def marks_text(marks: T.Marks, kind: str, lang: str) -> str:
    said = []
    if marks.superficial:
        said.append(tr(lang, f"marca {marks.superficial} /", f"marks {marks.superficial} /"))
    if marks.aggravated:
        said.append(tr(lang, f"marca {marks.aggravated} X", f"marks {marks.aggravated} X"))
    if marks.converted:
        said.append(tr(lang, f"sin casillas vacías (Impedido): convierte {marks.converted} / en X",
                       f"no empty box (Impaired): converts {marks.converted} / into X"))
    if marks.overflow:
        said.append(tr(lang, f"{marks.overflow} más allá del registro", f"{marks.overflow} beyond the tracker"))
    return ", ".join(said) or tr(lang, "nada que marcar", "nothing to mark")


def take(character: Character, state: dict[str, Any], key: str, levels: int, kind: str, lang: str,
         *, social: bool = False, said: str = "", explain: bool = True) -> tuple[dict, list[str]]:
    """Mark ``levels`` (already halved or not) on one tracker of ``character``,
    writing the new counts into ``state``; then Impairment and the end of the
    tracker (003-R15, R16). ``said`` opens the line: what hit and how much
    (with ``explain`` false, no line is written)."""
    before = T.read(character, key, state)
    after, marks = T.mark(before, levels, kind)
    T.store(state, after)
    ends = after.ended and not before.ended
    out = end_of_tracker(character, state, key, social) if ends else None
    data = {"character": character.name, "tracker": key, "type": kind, "before": before.as_json(),
            "after": after.as_json(), **marks.as_json(), "out": out}
    if not explain:
        return data, []
    lines = [f"{said}: {marks_text(marks, kind, lang)} → {L.tracker(key, lang)} {after.draw()}"]
    if after.impaired and not before.impaired and not after.ended:
        pools = tr(lang, "físicas", "physical") if key == "health" else tr(lang, "sociales y mentales",
                                                                             "social and mental")
        lines.append(tr(lang, f"{character.name} queda {L.IMPAIRED[key]('es')}: −2 dados a sus reservas {pools}",
                        f"{character.name} is now {L.IMPAIRED[key]('en')}: −2 dice to {pools} pools"))
    if out:
        lines.append(f"{character.name}: {L.OUT[out](lang)}")
    elif ends:
        lines.append(tr(lang, f"{character.name}: Fuerza de Voluntad llena de daño agravado fuera de un conflicto "
                              "social: ningún efecto más que quedar Impedido",
                        f"{character.name}: Willpower full of aggravated damage outside a social conflict: "
                        "no effect beyond being Impaired"))
    return data, lines


def end_of_tracker(character: Character, state: dict[str, Any], key: str, social: bool) -> str | None:
    """003-R16: Health full of "X" takes a mortal out (coma or death) and puts a vampire
    in torpor; Willpower full of "X" inside a social conflict ruins the character
    (kept as ``ruined`` until the scene ends), outside one it does nothing more."""
    if key == "health":
        return "torpor" if creature_of(character) == "vampire" else "dead"
    if social:
        state["ruined"] = True
        return "ruined"
    return None


def hurt_fields(state: dict[str, Any] | None, key: str) -> tuple | None:
    """All :func:`hit` on tracker ``key`` reads of ``state`` and all it may set there, as kept
    (``None``: not kept; no state, ``None``): the tracker's two counts and ``ruined`` (003-R16).
    A hit comes to the same on two states alike in these (Hunger or the other tracker
    change nothing of it), so what it comes to is kept by them."""
    if state is None:
        return None
    superficial, aggravated = T.KEPT[key]
    return state.get(superficial), state.get(aggravated), state.get("ruined")


def hit(character: Character, state: dict[str, Any], dealt: int, kind: str, key: str, lang: str, *,
        halve: bool = True, social: bool = False, explain: bool = True) -> tuple[dict, list[str]]:
    """Damage of one type on one tracker: halve superficial (003-R13), then mark it."""
    levels = T.levels_of(dealt, kind, halve)
    said = ""
    if explain:
        what = L.DAMAGE_TYPES[kind](lang)
        said = tr(lang, f"{character.name} recibe {dealt} de daño {what}", f"{character.name} takes {dealt} {what}")
        if levels != dealt:
            said += tr(lang, f", dividido por dos (redondeando hacia arriba) queda en {levels}",
                       f", halved (rounding up) to {levels}")
    data, lines = take(character, state, key, levels, kind, lang, social=social, said=said, explain=explain)
    return {"damage": dealt, "halved": levels != dealt, **data}, lines


def spend(character: Character, state: dict[str, Any], points: int, key: str, lang: str, *,
          social: bool = False, explain: bool = True) -> tuple[dict, list[str]]:
    """003-R14: a voluntary spend is superficial damage marked without halving; with
    every box already marked, it marks aggravated by the Impairment rules. A point
    that would find neither an empty box nor a "/" to convert cannot be spent."""
    tracker = T.read(character, key, state)
    if points > spendable(tracker):
        raise Refused(Label(f"{character.name} no puede gastar {points} de {L.tracker(key, 'es')}: su registro "
                            f"{tracker.draw()} admite como mucho {spendable(tracker)} más.",
                            f"{character.name} cannot spend {points} {L.tracker(key, 'en')}: its tracker "
                            f"{tracker.draw()} takes at most {spendable(tracker)} more."))
    said = tr(lang, f"{character.name} gasta {points} de {L.tracker(key, 'es')} (superficial, sin dividir)",
              f"{character.name} spends {points} {L.tracker(key, 'en')} (superficial, not halved)") if explain else ""
    data, lines = take(character, state, key, points, "superficial", lang, social=social, said=said, explain=explain)
    return {"spent": points, **data}, lines


def spendable(tracker: T.Tracker) -> int:
    """Points a tracker can still take: each empty box once as "/", then each "/" once as "X"."""
    return 2 * tracker.empty + tracker.superficial


def can_spend_safely(character: Character, state: dict[str, Any]) -> bool:
    """Whether one Willpower can be spent without the tracker ending up all "X"."""
    tracker = T.read(character, "willpower", state)
    return tracker.empty > 0 or tracker.superficial > 1
