"""The difficulty level (Nivel de Dificultad, ND) and which die it reads (004-R3, R4).

Negative is harder: ND 0 reads the middle die, +1 the highest, +2 the highest
plus the middle (the rulings), −1 the lowest, −2 the lowest minus the
second-lowest (or, with the rule option ``nd_minus2 = "difference"``, the
second-lowest minus the lowest); −3 and −4 throw dice one and two sizes smaller
(d20 → d12 → d6) and then read as −2. With no smaller die the LD cannot be
attempted: an automatic failure. Modifiers add up (R4); beyond +2 reads as +2,
below −4 fails (the rulings)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from rolecli.contract import Label

from .words import signed

TOP, BOTTOM = 2, -4
SIZES = (20, 12, 6)  # the size ladder, largest first

# The readings, worst to best: the key for scripts, and the book's words.
READINGS: dict[str, Label] = {
    "lowest_minus_second": Label("el más bajo − el segundo más bajo", "lowest − second-lowest"),
    "second_minus_lowest": Label("el segundo más bajo − el más bajo", "second-lowest − lowest"),
    "lowest": Label("el más bajo", "lowest"),
    "middle": Label("el del medio", "middle"),
    "highest": Label("el mayor", "highest"),
    "highest_plus_middle": Label("el mayor + el del medio", "highest + middle"),
}

LEVELS = {
    2: Label("extremadamente fácil", "extremely easy"),
    1: Label("fácil", "easy"),
    0: Label("normal", "normal"),
    -1: Label("más complicada de lo normal", "harder than normal"),
    -2: Label("muy complicada", "very complicated"),
    -3: Label("solo para expertos", "experts only"),
    -4: Label("prácticamente una locura", "practically madness"),
}


@dataclass(frozen=True)
class Mod:
    """One ND modifier: a key for scripts, the words for people, and its levels."""

    key: str
    why: Label
    nd: int

    def text(self, lang: str) -> str:
        return f"{self.why(lang)} {signed(self.nd)}"

    def as_json(self) -> dict:
        return {"key": self.key, "nd": self.nd}


def total(mods: list[Mod] | tuple[Mod, ...]) -> int:
    """004-R4: the modifiers add up."""
    nd = 0
    for mod in mods:  # a plain loop: every LD adds its few (often none), and a generator costs more than they do
        nd += mod.nd
    return nd


@dataclass(frozen=True)
class Plan:
    """How an LD at a given ND is thrown and read: the level of the table used,
    how many sizes the dice shrink (or would have to), and the reading (``None``:
    cannot be attempted)."""

    level: int
    shrink: int
    reading: str | None


@lru_cache(maxsize=256)  # a fight asks a handful of NDs and ratings: each is looked up once (asked positionally: a cheaper key)
def plan(nd: int, rating: int, innate: bool, minus2: str = "literal", reading: str = "table") -> Plan:
    """Which die an LD reads at a total ND.

    ``reading="table"`` (the default) applies the ND table as written: innate and
    rating 0 change only the normal reading (004-R2). ``"shift"`` reads innate as
    one level easier and rating 0 as one harder at every ND (GAP-5)."""
    level = min(nd, TOP)  # The rulings: above ND+2 reads as ND+2
    if reading == "shift":
        level = min(level + (1 if innate else 0) - (1 if rating == 0 else 0), TOP)
    if level < BOTTOM:
        return Plan(level, -2 - level, None)  # The rulings: the dice would shrink past d6
    if level <= -2:
        return Plan(level, -2 - level, "second_minus_lowest" if minus2 == "difference" else "lowest_minus_second")
    if level == 0 and reading == "table":
        normal = ("middle" if innate else "lowest") if rating == 0 else ("highest" if innate else "middle")
        return Plan(0, 0, normal)
    return Plan(level, 0, {-1: "lowest", 0: "middle", 1: "highest", 2: "highest_plus_middle"}[level])


@lru_cache(maxsize=64)
def shrunk(sizes: tuple[int, ...], steps: int) -> tuple[int, ...] | None:
    """The dice ``steps`` sizes smaller (004-R3), or ``None`` when one has no
    smaller die: a d6, so rating 0 and 3d6 cannot shrink (the rulings, GAP-5)."""
    out = []
    for size in sizes:
        i = SIZES.index(size) + steps
        if i >= len(SIZES):
            return None
        out.append(SIZES[i])
    return tuple(out)


def ranked(faces: list[int]) -> tuple[int, int, int]:
    """The positions of an LD's three dice, lowest face first, equal faces in the
    order thrown: what a stable sort by face gives, by three comparisons at most
    (every LD is read so; a sort with a key cost it more than the reading)."""
    a, b, c = faces
    if a <= b:
        if b <= c:
            return 0, 1, 2
        return (0, 2, 1) if a <= c else (2, 0, 1)
    if a <= c:
        return 1, 0, 2
    return (1, 2, 0) if b <= c else (2, 1, 0)


# Each reading of the dice, as a function of its own: the result and the positions of the dice
# read. An LD takes its reading's at once (:data:`READ_BY`), not its name compared at every throw.

def _one_die(rank: int) -> Callable[[list[int]], tuple[int, list[int]]]:
    """The reading of one die, the ``rank``-th from the lowest (0: the lowest, 1: the middle one, 2: the highest)."""
    def reading(faces: list[int]) -> tuple[int, list[int]]:
        at = ranked(faces)[rank]
        return faces[at], [at]
    return reading


def _highest_plus_middle(faces: list[int]) -> tuple[int, list[int]]:
    _, mid, high = ranked(faces)
    return faces[high] + faces[mid], [high, mid]


def _lowest_minus_second(faces: list[int]) -> tuple[int, list[int]]:
    low, mid, _ = ranked(faces)
    return faces[low] - faces[mid], [low, mid]


def _second_minus_lowest(faces: list[int]) -> tuple[int, list[int]]:
    low, mid, _ = ranked(faces)
    return faces[mid] - faces[low], [mid, low]


READ_BY = {"lowest_minus_second": _lowest_minus_second, "second_minus_lowest": _second_minus_lowest,
           "lowest": _one_die(0), "middle": _one_die(1), "highest": _one_die(2),
           "highest_plus_middle": _highest_plus_middle}


def read(faces: list[int], reading: str) -> tuple[int, list[int]]:
    """The result of the dice by a reading, and the positions of the dice read.
    Equal faces keep the smaller die lower, then the order thrown: an LD throws
    its smaller dice first (:data:`~.capability.DICE`, and :func:`shrunk` keeps
    the order), so ranking by face alone, ties in the order thrown, keeps both."""
    return READ_BY[reading](faces)
