"""Damage: ratings by degree (002-R20), the four tracks with secondary damage and 2:1
overflow (002-R21..R24), knockout and death, drowning's 1:1 spill (002-R28) and
fatigue boxes with their Resolve roll (002-R25)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from rolecli.contract import Context, Label, Refused, check_range

from . import labels as L

_LETTERS = {"s": "stun", "a": "stun", "w": "wound", "h": "wound", "m": "mortal", "f": "fatigue"}
_ENTRY = re.compile(r"^(?:(\d*)d(\d+)([+-]\d+)?|(\d+))([a-z])$")
RATING_DEGREES = ("ordinary", "good", "amazing")


@dataclass(frozen=True)
class Entry:
    """One entry of a rating: ``count``d``sides``+``mod`` (or a fixed number) of ``track``;
    of one die, its rolls (:func:`roll_entry`'s points and dice) and their records
    (:func:`roll_record`'s points and record) by the die's value, made with it."""

    text: str
    track: str
    count: int = 0
    sides: int = 0
    mod: int = 0
    fixed: int | None = None
    # (one die, the most rolled: a roll is one look-up, no list or tuple made, its list shared by
    # the rolls alike: read it, do not change it; icount 3.4552M -> 3.4440M a trial)
    ones: tuple[tuple[int, list[int]], ...] | None = field(init=False, default=None, repr=False, compare=False)
    # (their records the same way: a record's table made at every hit cost 1.0% of a trial, icount
    # 3.4440M -> 3.4109M)
    records: tuple[tuple[int, dict[str, Any]], ...] | None = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.count == 1 and self.fixed is None:  # (by the die's value, 1 up: the first unread)
            ones = ((0, []), *((_points(value + self.mod), [value]) for value in range(1, self.sides + 1)))
            object.__setattr__(self, "ones", ones)
            object.__setattr__(self, "records", tuple((points, record(self, points, dice)) for points, dice in ones))


def _points(total: int) -> int:
    """An entry's points: its dice and modifier, never below 0."""
    return total if total > 0 else 0  # (max's call costs more than the test)


def parse_entry(text: str) -> Entry:
    raw = text.strip().lower().replace(" ", "").replace("−", "-")
    m = _ENTRY.match(raw)
    if not m or m.group(5) not in _LETTERS:
        raise Refused(Label(f"no se entiende el daño {text!r}: escribe un número o dados y una letra, "
                            "s (aturdimiento), w (herida), m (mortal) o f (fatiga): 5w, d6+1s, 2d4m.",
                            f"damage {text!r} is not understood: write a number or dice and a letter, "
                            "s (stun), w (wound), m (mortal) or f (fatigue): 5w, d6+1s, 2d4m."))
    track = _LETTERS[m.group(5)]
    if m.group(4) is not None:
        return Entry(text.strip(), track, fixed=int(m.group(4)))
    count = int(m.group(1)) if m.group(1) else 1
    sides = int(m.group(2))
    if sides not in (2, 3, 4, 6, 8, 10, 12, 20) or not 1 <= count <= 20:
        raise Refused(Label(f"dados de daño {text!r}: de 1 a 20 dados de 2, 3, 4, 6, 8, 10, 12 o 20 caras.",
                            f"damage dice {text!r}: 1..20 dice of 2, 3, 4, 6, 8, 10, 12 or 20 sides."))
    return Entry(text.strip(), track, count, sides, int(m.group(3) or 0))


@functools.lru_cache(maxsize=256)  # a behaviour's rating is read at every attack of a simulation
def parse_rating(text: str) -> tuple[Entry, ...]:
    """``d4s/d6w/d4m`` → three entries (Ordinary, Good, Amazing); one entry alone stands for itself."""
    parts = [p for p in str(text).split("/")]
    if len(parts) not in (1, 3):
        raise Refused(Label(f"la clasificación de daño {text!r} necesita una entrada o tres (Ordinario/Bueno/Asombroso): "
                            "d4s/d6w/d4m.",
                            f"damage rating {text!r} needs one entry or three (Ordinary/Good/Amazing): d4s/d6w/d4m."))
    return tuple(parse_entry(p) for p in parts)


def pick(entries: tuple[Entry, ...], degree: str) -> Entry:
    """002-R20: Ordinary → first entry, Good → second, Amazing → third."""
    if len(entries) == 1:
        return entries[0]
    if degree not in RATING_DEGREES:
        result = L.a_degree_result(degree) if degree in L.DEGREES else Label(f"un resultado {degree}",
                                                                             f"a {degree} result")
        raise Refused(Label(f"{result.es} no causa daño; las entradas de la clasificación son para Ordinario, "
                            "Bueno y Asombroso.",
                            f"{result.en} deals no damage; the rating's entries are for Ordinary, Good, Amazing."))
    return entries[RATING_DEGREES.index(degree)]


def roll_entry(ctx: Context, entry: Entry, why: str | None = None) -> tuple[int, list[int]]:
    """The points of ``entry`` and its dice, read for ``why`` (else :func:`reason`'s); the
    list of one die's is shared by the rolls alike (:attr:`Entry.ones`): read it, do not change it."""
    if entry.fixed is not None:
        return entry.fixed, []
    if why is None:
        why = reason(entry.text, ctx.lang)
    ones = entry.ones
    if ones is not None:  # (one die, read alone: a comprehension costs a frame, a sum a call)
        return ones[ctx.dice.roll(entry.sides, why)]
    values = [ctx.dice.roll(entry.sides, why) for _ in range(entry.count)]
    return _points(sum(values) + entry.mod), values


def record(entry: Entry, points: int, dice: list[int]) -> dict[str, Any]:
    """The record of a roll of ``entry`` (an attack's or an impact's ``damage``): its text,
    track, points and dice."""
    return {"entry": entry.text, "track": entry.track, "amount": points, "dice": dice}


def roll_record(ctx: Context, entry: Entry, why: str | None = None) -> tuple[int, dict[str, Any]]:
    """:func:`roll_entry`'s points and their :func:`record`, the record shared by the rolls
    alike where one die rolled them (:attr:`Entry.records`): read it, do not change it."""
    records = entry.records
    if records is None:
        points, dice = roll_entry(ctx, entry, why)
        return points, record(entry, points, dice)
    if why is None:
        why = reason(entry.text, ctx.lang)
    return records[ctx.dice.roll(entry.sides, why)]


@functools.lru_cache(maxsize=256)  # a behaviour's damage is rolled at every hit of a simulation
def reason(text: str, lang: str) -> str:
    """Why a damage die is read, in ``lang``."""
    return Label(f"daño {text}", f"damage {text}")(lang)


# --- marking the tracks -----------------------------------------------------------


DAMAGE = Label("daño", "damage")  # made once: every hit checks its amount


def apply(st: dict[str, Any], sizes: dict[str, int], track: str, amount: int, *, spill: str = "overflow",
          fatigue_check: Callable[[dict[str, Any]], bool] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Apply one attack's (or one event's) damage. Returns (new state, report).

    ``overflow`` (the rulings, GAP-10/11): the hit's stun (primary + secondary) fills the
    stun boxes and its excess converts 2:1 to wound, odd point ignored; the wound (primary
    + secondary + converted) fills the wound boxes and its excess converts 2:1 to mortal.
    Wound hits add 1 secondary stun per 2; mortal hits add 1 wound and 1 stun per 2, and
    that wound causes no further stun. Converted damage causes no secondary damage.

    ``drowning`` (002-R28): points spill 1:1, stun then wound then mortal, no secondary.

    Fatigue (002-R25): boxes are marked; the hit that fills the last box calls
    ``fatigue_check(state)`` (the Resolve-physical resolve roll): a success keeps the
    character going (``fatigue_hold``), a failure knocks it out; any fatigue damage once
    the track is full knocks it out.
    """
    check_range(DAMAGE, amount, 0, None)
    st = dict(st)
    # the marks before, each in a local (a comprehension over the tracks would cost a frame of its own)
    stun0, wound0, mortal0, fatigue0 = int(st["stun"]), int(st["wound"]), int(st["mortal"]), int(st["fatigue"])
    was_status = st["status"]
    rep: dict[str, Any] = {"track": track, "amount": amount, "spill": spill,
                           "secondary": {"stun": 0, "wound": 0}, "converted": {"wound": 0, "mortal": 0},
                           "ignored": 0, "beyond": 0}

    if track == "fatigue":
        free = sizes["fatigue"] - st["fatigue"]
        if amount and free <= 0:
            rep["fatigue_knockout"] = True
            knock_out(st, "fatigue")
        else:
            put = min(amount, free)
            st["fatigue"] += put
            rep["beyond"] = amount - put
            if amount and st["fatigue"] >= sizes["fatigue"] and fatigue_check is not None:
                # the points beyond the last box belong to the same event: one roll decides
                ok = fatigue_check(st)
                rep["resolve_roll"] = ok
                if ok:
                    st["fatigue_hold"] = True
                else:
                    knock_out(st, "fatigue")
    elif spill == "drowning":
        left = amount
        for t in ("stun", "wound", "mortal"):
            put = min(left, sizes[t] - st[t])
            st[t] += put
            left -= put
        rep["beyond"] = left
    else:
        _overflow(st, sizes, track, amount, rep)

    marked = {"stun": st["stun"] - stun0, "wound": st["wound"] - wound0, "mortal": st["mortal"] - mortal0,
              "fatigue": st["fatigue"] - fatigue0}
    rep["marked"] = marked
    if marked["wound"] or marked["mortal"]:
        st["hurt_this_scene"] = True
    if marked["mortal"]:
        st["mortal_this_scene"] = True
    _settle(st, sizes, drowning=(spill == "drowning"))
    rep["condition"] = st["status"]  # "status" is the envelope's (docs/envelope.md)
    rep["knocked_out"] = st["status"] == "ko" and was_status != "ko"
    rep["died"] = st["status"] == "dead" and was_status != "dead"
    rep["dying"] = st["mortal"] > 0 and st["status"] != "dead"
    return st, rep


def _overflow(st: dict[str, Any], sizes: Mapping[str, int], track: str, amount: int, rep: dict[str, Any]) -> None:
    """:func:`apply`'s ``overflow`` of a stun, wound or mortal hit, on ``st`` and its
    report ``rep`` (the points each track takes held in locals: a hit that misses the
    memo of hits runs it)."""
    half = amount // 2
    if track == "stun":
        stun, wound, mortal = amount, 0, 0
    elif track == "wound":
        stun, wound, mortal = half, amount, 0
        rep["secondary"]["stun"] = half
    elif track == "mortal":
        stun, wound, mortal = half, half, amount
        rep["secondary"] = {"stun": half, "wound": half}
    else:
        raise KeyError(track)  # (no such track: as a look-up of its points would fail)
    # Fill each track in turn; what does not fit converts 2:1 into the next
    # (an odd point is lost), and what does not fit the mortal track is beyond it.
    converted = rep["converted"]
    put = min(stun, sizes["stun"] - st["stun"])
    st["stun"] += put
    excess = stun - put
    wound += excess // 2
    converted["wound"] = excess // 2
    ignored = excess % 2
    put = min(wound, sizes["wound"] - st["wound"])
    st["wound"] += put
    excess = wound - put
    mortal += excess // 2
    converted["mortal"] = excess // 2
    rep["ignored"] = ignored + excess % 2
    put = min(mortal, sizes["mortal"] - st["mortal"])
    st["mortal"] += put
    rep["beyond"] = mortal - put


def most_points(track: str, amount: int, spill: str = "overflow") -> tuple[int, int, int]:
    """The most points a hit of ``amount`` on ``track`` can put on the stun, wound and
    mortal tracks (:func:`apply`): its own and secondary points, and all it converts
    should every track before be full. A bound on what it marks, for who keeps hits by the
    room they land on; a track or spill :func:`apply` refuses gets a bound too."""
    if spill == "drowning":
        return amount, amount, amount
    half = amount // 2
    if track == "stun":
        stun, wound, mortal = amount, 0, 0
    elif track == "wound":
        stun, wound, mortal = half, amount, 0
    elif track == "mortal":
        stun, wound, mortal = half, half, amount
    else:
        return amount, amount, amount
    wound += stun // 2
    return stun, wound, mortal + wound // 2


def knock_out(st: dict[str, Any], cause: str) -> None:
    if st["status"] == "dead":
        return
    if st["status"] != "ko":
        st["ko_wait"] = 1 if cause == "stun" else 0   # round events to skip: the next round (002-R31)
    st["status"] = "ko"
    st["ko_cause"] = cause


def _settle(st: dict[str, Any], sizes: dict[str, int], drowning: bool = False) -> None:
    """Knockout and death from full tracks (002-R21..R23): all mortal boxes → dead; all
    wound boxes → KO (wound); all stun boxes → KO (stun, or drowning while holding breath)."""
    if st["mortal"] >= sizes["mortal"]:
        st["status"] = "dead"
        return
    if st["status"] == "dead":
        return
    if st["wound"] >= sizes["wound"]:
        knock_out(st, "wound")
        st["ko_cause"] = "wound"
    elif st["stun"] >= sizes["stun"]:
        knock_out(st, "drowning" if drowning else (st["ko_cause"] if st["status"] == "ko" and st["ko_cause"] else "stun"))


def wake_if_possible(st: dict[str, Any], sizes: dict[str, int]) -> bool:
    """A KO ends when its cause is gone: stun below full (stun KO), a wound healed
    (wound KO, 002-R32). Returns True when the character woke."""
    if st["status"] != "ko":
        return False
    cause = st["ko_cause"]
    if st["wound"] >= sizes["wound"]:
        return False
    if cause in ("stun", "wound", "drowning") and st["stun"] < sizes["stun"]:
        st["status"], st["ko_cause"], st["ko_wait"] = "ok", "", 0
        return True
    return False


def report_lines(name: str, rep: dict[str, Any], st: dict[str, Any], sizes: dict[str, int], lang: str) -> list[str]:
    """What happened, track by track."""
    out = []
    tname = L.track(rep["track"], lang)
    head = Label(f"{name} recibe {rep['amount']} de {tname}", f"{name} takes {rep['amount']} {tname}")(lang)
    if rep["spill"] == "drowning":
        head += Label(" (ahogamiento: se desborda 1:1)", " (drowning: spills 1:1)")(lang)
    out.append(head + ".")
    sec = rep["secondary"]
    if sec["wound"] or sec["stun"]:
        bits = []
        if sec["wound"]:
            bits.append(Label(f"{sec['wound']} de herida", f"{sec['wound']} wound")(lang))
        if sec["stun"]:
            bits.append(Label(f"{sec['stun']} de aturdimiento", f"{sec['stun']} stun")(lang))
        out.append(Label("Daño secundario (1 por cada 2 puntos): ", "Secondary damage (1 per 2 points): ")(lang)
                   + ", ".join(bits) + ".")
    conv = rep["converted"]
    if conv["wound"]:
        out.append(Label(f"Aturdimiento Grave: el exceso de aturdimiento pasa a {conv['wound']} de herida (2:1).",
                         f"Stun overflow: the excess stun becomes {conv['wound']} wound (2:1).")(lang))
    if conv["mortal"]:
        out.append(Label(f"Herida Grave: el exceso de heridas pasa a {conv['mortal']} mortal (2:1).",
                         f"Wound overflow: the excess wound becomes {conv['mortal']} mortal (2:1).")(lang))
    if rep["ignored"]:
        out.append(Label("Se ignora el punto sobrante de la conversión.",
                         "The odd point of the conversion is ignored.")(lang))
    marks = ", ".join(f"{L.track(t, lang)} {st[t]}/{sizes[t]}" for t in ("stun", "wound", "mortal", "fatigue"))
    out.append(Label(f"Casillas marcadas: {marks}.", f"Boxes marked: {marks}.")(lang))
    if "resolve_roll" in rep:
        out.append(Label("Fatiga completa: tirada de Resolución-resolución física ",
                         "Fatigue full: Resolve-physical resolve roll ")(lang)
                   + (Label("superada: sigue en pie, pero la próxima fatiga lo noquea.",
                            "passed: keeps going, but the next fatigue knocks it out.")(lang)
                      if rep["resolve_roll"] else Label("fallida.", "failed.")(lang)))
    if rep["died"]:
        out.append(Label(f"{name} muere: todas las casillas mortales marcadas.",
                         f"{name} dies: every mortal box is marked.")(lang))
    elif rep["knocked_out"]:
        cause = L.track(st["ko_cause"], lang) if st["ko_cause"] in L.TRACKS else st["ko_cause"]
        out.append(Label(f"{name} queda noqueado ({cause}).", f"{name} is knocked out ({cause}).")(lang))
    if rep["dying"] and rep["marked"]["mortal"]:
        out.append(Label(f"{name} está moribundo: tirada de Resistencia-resistencia al final de la escena.",
                         f"{name} is dying: Stamina-endurance roll at the end of the scene.")(lang))
    return out


# --- impact (002-R29) ------------------------------------------------------------------

IMPACT = ("Ex", "S", "M", "L", "T")
# The bands of each category (002-R29): a fall height, a collision speed, and its name.
IMPACT_BANDS = {
    "Ex": ("< 3 m", "≤ 20 km/h", L.Label("caída extremadamente corta", "extremely short fall")),
    "S": ("3–10 m", "21–60 km/h", L.Label("caída corta", "short fall")),
    "M": ("11–30 m", "61–120 km/h", L.Label("caída media", "medium fall")),
    "L": ("31–60 m", "121–300 km/h", L.Label("caída larga", "long fall")),
    "T": ("≥ 61 m", "> 300 km/h", L.Label("velocidad terminal", "terminal velocity")),
}
IMPACT_GRAVITY = {"normal": 0, "light": -1, "heavy": 1}


def impact_category(metres: float | None = None, kmh: float | None = None, gravity: str = "normal") -> str:
    """002-R29: Ex < 3 m or ≤ 20 km/h; S 3–10 m or 21–60; M 11–30 m or 61–120; L 31–60 m or
    121–300; T ≥ 61 m or > 300 km/h. A value past a band's top is in the next band (10.5 m
    is M). Lighter gravity: a fall one category shorter; heavier: one longer (the book's
    note speaks of the fall's distance: a collision's speed is not shifted). Table P15, the
    damage per category and degree, is missing from the text."""
    if metres is not None:
        check_range(Label("altura", "height"), metres, 0, None, "m")
        i = 0 if metres < 3 else 1 if metres <= 10 else 2 if metres <= 30 else 3 if metres <= 60 else 4
        i += IMPACT_GRAVITY[gravity]
    elif kmh is not None:
        check_range(Label("velocidad", "speed"), kmh, 0, None, "km/h")
        i = 0 if kmh <= 20 else 1 if kmh <= 60 else 2 if kmh <= 120 else 3 if kmh <= 300 else 4
    else:
        raise Refused(Label("un impacto necesita la altura de la caída (m) o la velocidad de la colisión (km/h).",
                            "an impact needs a fall height (m) or a collision speed (km/h)."))
    return IMPACT[max(0, min(4, i))]


# Table P15 is missing: the GM's damage for an impact lists one entry per degree, the best
# degree last, so that three entries read as an attack's rating (Ordinary/Good/Amazing).
IMPACT_DEGREES = ("critical_failure", "failure", "ordinary", "good", "amazing")


def parse_impact_rating(text: str) -> list[Entry]:
    """The GM's impact damage: one entry (whatever the degree), three (Ordinary/Good/Amazing,
    as an attack's rating), four (Failure/Ordinary/Good/Amazing) or five (Critical
    Failure/Failure/Ordinary/Good/Amazing)."""
    parts = str(text).split("/")
    if len(parts) not in (1, 3, 4, 5):
        raise Refused(Label(f"el daño de impacto {text!r} necesita 1 entrada, o una por grado con el mejor al final: 3 "
                            "(Ordinario/Bueno/Asombroso), 4 (Fracaso/…) o 5 (Fallo Crítico/Fracaso/…): d6w/d4w/d6s.",
                            f"impact damage {text!r} needs 1 entry, or one per degree with the best last: 3 "
                            "(Ordinary/Good/Amazing), 4 (Failure/…) or 5 (Critical Failure/Failure/…): d6w/d4w/d6s."))
    return [parse_entry(p) for p in parts]


def pick_impact(entries: list[Entry], degree: str) -> Entry | None:
    """The entry for the roll's degree, or None when the rating lists none for it (a failed
    roll against a three-entry rating). With four entries a Critical Failure takes the
    Failure entry (it fails "in the worst way", and that is the worst entry given)."""
    if len(entries) == 1:
        return entries[0]
    if len(entries) == 4 and degree == "critical_failure":
        return entries[0]
    i = IMPACT_DEGREES.index(degree) - (len(IMPACT_DEGREES) - len(entries))
    return entries[i] if i >= 0 else None
