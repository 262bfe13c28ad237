"""The LD (Lanzamiento de Dados): a capability thrown at an ND, read, and
judged against a target (004-R1…R4, the rulings).

An :class:`Ld` is everything known before the dice fall, so the same object is
thrown (:func:`throw`) and enumerated exactly (:func:`distribution`). An
unopposed LD succeeds when its result is at least the goal the Narrator gives,
or 1 without one (the rulings)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Callable, Sequence

from rolecli.contract import keep_at_most
from rolecli.errors import DiceError

from . import nd as ND
from .capability import DICE, Capability, dice_text
from .nd import Mod
from .words import number, signed, tr, verdict

NO_GOAL = 1  # The rulings: with no target, a result of 1 or more succeeds


@dataclass(init=False)
class Ld:
    """One LD before it is thrown. It is not changed once built (:meth:`with_mods`
    makes a new one), so how the table throws it is read as it is built: its
    total ``nd``, the ``plan`` of the table, the dice the rating throws before
    any shrinking (``thrown``), the ``sizes`` of the dice actually thrown
    (``None``: the LD cannot be attempted), the ``reader`` of its dice
    (:data:`~.nd.READ_BY`), that reading's results by the faces met (``reads``: :func:`thrown`) and the result it
    ``needed``. Made
    by its own ``__init__``, not a generated one and a ``__post_init__``: one
    call, not two, at every LD of a simulation."""

    capability: Capability
    mods: list[Mod]
    goal: int | None
    minus2: str
    reading_rule: str
    who: str

    def __init__(self, capability: Capability, mods: list[Mod] | None = None, goal: int | None = None,
                 minus2: str = "literal", reading_rule: str = "table", who: str = "") -> None:
        self.capability = capability
        self.mods = mods = [] if mods is None else mods
        self.goal = goal
        self.minus2 = minus2
        self.reading_rule = reading_rule
        self.who = who
        self.nd = nd = ND.total(mods)
        self.plan, self.thrown, self.sizes, literal, self.reader = _table(nd, capability.rating, capability.innate,
                                                                          minus2, reading_rule)
        self.reads = None if self.reader is None else _READ.setdefault(self.reader, {})  # (its reading's results)
        self.throws: dict[tuple[int, int, int], Throw] = {}  # its throws no one records, by their faces (thrown)
        self.needed = needed = NO_GOAL if goal is None else goal
        self._hopeless = hopeless = literal and needed > 0  # (its data says so at every LD: worked out here, not asked)
        sizes = self.sizes
        # What its data says before the dice fall, in the order the data gives it (the throw's own values,
        # None here, are set on a copy: :meth:`Throw.data`; a kept LD is thrown again and again). Its
        # modifiers and dice are laid here once, the same lists in every throw's data (laid at every throw,
        # they were almost 1% of a simulated trial): nobody changes a result's data in place (the core gives a house
        # rule wrapping a hook a deep copy of it to change).
        self.before = {"capability": capability.name, "rating": capability.rating, "innate": capability.innate,
                       "nd": nd, "nd_modifiers": [m.as_json() for m in mods], "nd_level": self.plan.level,
                       "shrink": self.plan.shrink, "sizes": list(sizes or ()), "faces": None,
                       "reading": self.plan.reading if sizes else None, "kept": None,
                       "result": None, "goal": needed, "success": None, "automatic_failure": sizes is None,
                       "cannot_succeed": sizes is None or hopeless}

    def hopeless(self) -> bool:
        """The literal ND −2 reading (never above 0) against a positive target."""
        return self._hopeless

    def with_mods(self, *more: Mod) -> "Ld":
        return Ld(self.capability, self.mods + list(more), self.goal, self.minus2, self.reading_rule, self.who)


KEPT_LIMIT = 64  # a fighter throws a handful of different LDs in a fight (a blow at each rival, its parry...)
# the throws an LD keeps by their faces (Ld.throws): every way of 3d12 (1,728), not all 8,000 of 3d20, which
# would hold some 1.5 MB an LD (64 LDs a sheet)
THROWS_LIMIT = 2048


def made(kept: dict | None, capability: Capability, mods: list[Mod], goal: int | None, rules: tuple[str, str],
         who: str) -> Ld:
    """The LD of these parts, made once for the thrower's sheet: ``kept`` is
    its table of them (a :class:`~.sheet.Fighter`'s ``lds``; ``None``, a quick
    roll's, keeps none). A simulation's fighter throws the same few LDs
    thousands of times (a blow at each rival: 23 different ones in 500 trials
    of the sample's 8,500 blows), and an :class:`Ld` is never changed once
    made, so one made before is thrown again. Keyed by the identity of the
    capability and of each modifier (a capability is its sheet's, kept with
    it; the modifiers a blow gives most often are made once, :mod:`.states`,
    :func:`~.strike.protections_mod`), which the kept LD holds, so no other
    object takes their ids while it is kept: hashing a frozen dataclass runs
    Python code, its id does not. A modifier made anew (with a name in its
    words) is another key, made again: right, only not kept to use."""
    if kept is None:
        return Ld(capability, mods, goal, *rules, who)
    key = (id(capability), goal, rules, who, *map(id, mods)) if mods else (id(capability), goal, rules, who)
    try:  # (a subscript, not a get()'s call: Scene.fighter)
        return kept[key]
    except KeyError:
        pass
    return keep_at_most(kept, key, Ld(capability, mods, goal, *rules, who), KEPT_LIMIT)


@lru_cache(maxsize=256)  # a fight's few NDs and ratings: each looked up once, not at every LD (asked positionally)
def _table(nd: int, rating: int, innate: bool, minus2: str,
           reading_rule: str) -> tuple[ND.Plan, tuple[int, ...], tuple[int, ...] | None, bool, Callable | None]:
    """How the table throws an LD at a total ND: its plan, the dice the rating
    throws, the dice actually thrown after shrinking (``None``: not at all),
    whether they are read by the literal ND −2 rule (:func:`literal`), and the
    function that reads them (``None``: none is thrown)."""
    plan = ND.plan(nd, rating, innate, minus2, reading_rule)
    thrown = DICE[rating]
    sizes = None if plan.reading is None else ND.shrunk(thrown, plan.shrink)
    return plan, thrown, sizes, _literal(plan, sizes), ND.READ_BY[plan.reading] if sizes else None


def _literal(plan: ND.Plan, sizes: tuple[int, ...] | None) -> bool:
    return sizes is not None and plan.reading == "lowest_minus_second"


@dataclass(init=False)
class Throw:
    """An LD thrown: the faces, the result read (``None``: automatic failure),
    and its ``success``, judged as it is thrown (a blow, its data and its words
    each ask). Made by :func:`judged`, which sets its fields at once: a class's
    ``__init__`` of Python's is a frame of its own, some 2,000 instructions at every
    LD of a simulation (icount 4.4359M -> 4.4287M a middle trial, -0.16%). Its fields in slots:
    an object with no table of its attributes is made and dropped for less (with a blow's,
    :class:`~.strike.Blow`: icount 4.906M -> 4.895M a middle trial, -0.2%)."""

    __slots__ = ("ld", "faces", "result", "kept", "success")

    ld: Ld
    faces: list[int]
    result: int | None
    kept: Sequence[int]

    def data(self) -> dict:
        faces = self.faces
        # (a loop, not a comprehension: an LD keeps a die or two, and a comprehension costs a
        # function's call, at every LD of a simulation)
        kept = []
        for i in self.kept:
            kept.append(faces[i])
        data = self.ld.before.copy()  # (its keys in their order; each value set below its own, or immutable)
        data["faces"] = faces
        data["kept"] = kept
        data["result"] = self.result
        data["success"] = self.success
        return data


# A new object of a class, its fields set by whoever makes it (:func:`judged`): a function of this module's,
# not ``object.__new__`` read at every call (its read and call are not specialized).
_NEW = object.__new__


def judged(ld: Ld, faces: list[int], result: int | None, kept: Sequence[int]) -> Throw:
    """``ld`` thrown: its ``faces``, the ``result`` read (``None``: automatic failure) and the
    faces ``kept`` for it, judged: a success when the result reaches the goal (the rulings)."""
    made = _NEW(Throw)
    made.ld = ld
    made.faces = faces
    made.result = result
    made.kept = kept
    made.success = result is not None and result >= ld.needed
    return made


def throw(ld: Ld, dice, why: str, recorded: bool = True) -> Throw:
    """Throw ``ld`` with the command's dice (``--dice`` gives them in the order
    thrown: the three dice of the rating, after shrinking); ``why``: what they
    are thrown for, as they record it. ``recorded``: whether its data may be
    read (:func:`thrown`)."""
    return thrown(ld, dice, dice_whys(why), recorded)


def thrown(ld: Ld, dice, whys: tuple[str, str, str], recorded: bool = True) -> Throw:
    """:func:`throw`, given why each of its three dice is thrown (:func:`dice_whys`): a blow's are
    kept with who throws it (:func:`~.strike.thrown_for`), not looked up again from its words at
    every blow (icount 4.895M -> 4.885M a middle trial, -0.2%). Its faces are a list of its own
    where its data may be read (``recorded``, a call's ``Context.record``), which holds them; else,
    read by the rules alone, the dice's own list of them (the dice keep it in their records), and the throw
    itself the one its LD judged first for those faces (``Ld.throws``; a throw is never changed once judged)."""
    sizes = ld.sizes
    if sizes is None:
        return judged(ld, [], None, ())
    if sizes[0] == sizes[2]:  # 3d6, 3d12, 3d20 (rating 1..3): one call for the three, the same values and records
        faces = dice.roll_many(sizes[0], whys)
        if recorded:  # (no copy where no one may hold it: icount 4.0632M -> 4.0469M a middle trial, -0.4%)
            faces = list(faces)
    else:  # d6+d12+d20 (rating 0)
        roll = dice.roll
        faces = [roll(sizes[0], whys[0]), roll(sizes[1], whys[1]), roll(sizes[2], whys[2])]
    # (its reading's result looked up by its faces, read only the first time they are met: not two calls at
    # every LD; icount N=1000 2.9147M -> 2.8900M a middle trial, -0.85%, measured twice)
    a, b, c = faces
    # A throw no one records is a function of its LD and faces, read only: made once for them, not judged at every LD
    # (216 ways for 3d6, at most THROWS_LIMIT; icount N=1000 2.8079M -> 2.7690M a middle trial, -1.4%)
    if not recorded:
        try:
            return ld.throws[a, b, c]
        except KeyError:
            pass
    try:
        result, kept = ld.reads[a, b, c]
    except KeyError:
        result, kept = ld.reads[a, b, c] = _read(ld.reader, faces)
    throw = judged(ld, faces, result, kept)
    if not recorded:
        keep_at_most(ld.throws, (a, b, c), throw, THROWS_LIMIT)
    return throw


# Each reading's result and the positions of the dice it read, by the faces read (in the order thrown): a reading is
# a function of its faces alone, which a fight's LDs meet again and again (216 ways for 3d6, 8,000 at most for 3d20),
# read once each (:func:`thrown`). Their positions a tuple, never changed, that every throw of those faces holds.
_READ: dict[Callable, dict[tuple[int, int, int], tuple[int, tuple[int, ...]]]] = {}


def _read(reader: Callable, faces: list[int]) -> tuple[int, tuple[int, ...]]:
    result, kept = reader(faces)
    return result, tuple(kept)


@lru_cache(maxsize=256)  # a fight's few fighters throw for the same few reasons, thousands of times
def dice_whys(why: str) -> tuple[str, str, str]:
    """Why each of an LD's three dice is thrown, in the order thrown."""
    return f"{why} 1/3", f"{why} 2/3", f"{why} 3/3"


def unread(data, dice, lang: str) -> None:
    """Dice a player gave for LDs that cannot be attempted (the rulings).

    Such an LD reads no die, so a command whose every LD failed that way reads
    nothing; but a player may have thrown the capability's three dice before
    the table said so. When ``--dice`` was given and nothing was read, each
    such LD (found in ``data``, the command's JSON) takes up to three values,
    checked against its capability's dice and listed as ignored, instead of
    leaving them over (which the core refuses)."""
    if not dice.physical:
        return
    why = tr(lang, "ignorado (fallo automático)", "ignored (automatic failure)")
    for found in _failed(data):
        for i, size in enumerate(DICE[found["rating"]], 1):
            try:
                dice.roll(size, f"LD {i}/3 {why}")
            except DiceError as error:
                if str(error).startswith("--dice ran out"):
                    return  # no value was left for it: the player threw nothing
                raise


def _failed(data):
    """The LDs of a command's JSON that could not be attempted, in order."""
    if isinstance(data, dict):
        if data.get("automatic_failure") is True and "rating" in data:
            yield data
            return
        for value in data.values():
            yield from _failed(value)
    elif isinstance(data, list):
        for value in data:
            yield from _failed(value)


@lru_cache(maxsize=256)
def _counts(sizes: tuple[int, ...], reading: str) -> tuple[tuple[tuple[int, int], int], ...]:
    counts: dict[tuple[int, int], int] = {}
    for faces in product(*(range(1, s + 1) for s in sizes)):
        result, kept = ND.read(list(faces), reading)
        key = (result, max(sizes[i] for i in kept))
        counts[key] = counts.get(key, 0) + 1
    return tuple(sorted(counts.items()))


def outcomes(ld: Ld) -> dict[tuple[int, int], Fraction]:
    """The exact odds of each (result, size of the die read) — the size is what
    a charge adds a die of — by enumerating every face of the dice (at most
    20³ = 8000). Empty when the LD cannot be attempted."""
    sizes = ld.sizes
    if sizes is None:
        return {}
    counts = _counts(sizes, ld.plan.reading)
    ways = sum(c for _, c in counts)
    return {key: Fraction(c, ways) for key, c in counts}


def distribution(ld: Ld) -> dict[int | None, Fraction]:
    """The exact odds of each result; ``None`` is the automatic failure."""
    if ld.sizes is None:
        return {None: Fraction(1)}
    out: dict[int | None, Fraction] = {}
    for (result, _), p in outcomes(ld).items():
        out[result] = out.get(result, Fraction(0)) + p
    return dict(sorted(out.items()))


def success_odds(ld: Ld) -> Fraction:
    return sum((p for r, p in distribution(ld).items() if r is not None and r >= ld.needed), Fraction(0))


# --- the explanation ----------------------------------------------------------

def nd_text(ld: Ld, lang: str) -> str:
    """``ND −2 [protecciones −1, Mareado −1]``, with how the table reads it."""
    text = f"ND {signed(ld.nd)}"
    if ld.mods:
        text += " [" + ", ".join(m.text(lang) for m in ld.mods) + "]"
    level = ld.plan.level
    if ld.nd > ND.TOP:
        text += tr(lang, f", leído como ND {signed(ND.TOP)}", f", read as ND {signed(ND.TOP)}")
    elif level in ND.LEVELS and level != 0:
        text += f" ({ND.LEVELS[level](lang)})"
    return text


def head(ld: Ld, lang: str) -> str:
    """What is thrown and at which ND: the capability, its dice, the ND and
    its modifiers, and how the table throws it (smaller dice, or not at all)."""
    who = f"{ld.who}: " if ld.who else ""
    text = f"{who}{ld.capability.text(lang)} ({dice_text(ld.thrown)}), {nd_text(ld, lang)}"
    if ld.sizes is None:
        why = (tr(lang, "más allá de ND −4", "beyond ND −4") if ld.plan.reading is None
               else tr(lang, "no hay dado menor que el d6", "there is no die smaller than a d6"))
        return text + tr(lang, f": {why}, no puede intentarse: fallo automático",
                         f": {why}, it cannot be attempted: automatic failure")
    shrink = ld.plan.shrink
    if shrink:
        text += tr(lang, f"; dados {('de una cara menor', 'de dos caras menores')[shrink - 1]} → {dice_text(ld.sizes)}",
                   f"; dice {('one size', 'two sizes')[shrink - 1]} smaller → {dice_text(ld.sizes)}")
    return text


def line(t: Throw, lang: str, *, judged: bool = True) -> str:
    """What was thrown, at which ND, what was read and why; with ``judged``,
    the comparison with the goal and the verdict."""
    ld = t.ld
    if ld.sizes is None:
        return head(ld, lang)
    reading = ND.READINGS[ld.plan.reading](lang)
    kept = [t.faces[i] for i in t.kept]
    value = f"{kept[0]} {'+' if ld.plan.reading == 'highest_plus_middle' else '−'} {kept[1]} = {number(t.result)}" \
        if len(kept) == 2 else number(t.result)
    text = f"{head(ld, lang)}: {' '.join(str(f) for f in t.faces)} → {reading} {value}"
    if judged:
        text += f" {'≥' if t.success else '<'} {number(ld.needed)}: {verdict(t.success, lang)}"
    return text


def hopeless_line(ld: Ld, lang: str, against: tuple[str, str] | None = None) -> str:
    """What the output says when the literal ND −2 reading cannot succeed: it
    cannot reach the goal, or (``against``, in Spanish and English) beat what an
    opposed LD must beat."""
    es, en = against or (f"no puede alcanzar {ld.needed}", f"it cannot reach {ld.needed}")
    return tr(lang, f"Con nd_minus2 = literal, el más bajo − el segundo más bajo nunca pasa de 0: {es} "
                    "(--rule nd_minus2=difference lee el segundo más bajo − el más bajo).",
              f"With nd_minus2 = literal, lowest − second-lowest is never above 0: {en} "
              "(--rule nd_minus2=difference reads second-lowest − lowest).")


def literal(ld: Ld) -> bool:
    """The LD reads the literal ND −2 rule, which is never above 0."""
    return _literal(ld.plan, ld.sizes)


def lines(t: Throw, lang: str, *, judged: bool = True) -> list[str]:
    out = [line(t, lang, judged=judged)]
    if t.ld.hopeless() and judged:
        out.append(hopeless_line(t.ld, lang))
    return out
