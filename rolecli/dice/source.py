"""Where dice values come from: a seeded generator, or the dice a player rolled
at the table (``--dice``). Every die is recorded with the reason it was read,
so the output can show which dice were rolled, which were read and why."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from rolecli.errors import DiceError

# A fudge die given as a d6 reads 1-2 as "-", 3-4 as blank, 5-6 as "+" (the fate system's rulings, docs/systems/fate.md).
_FUDGE_FACES = {"+": 1, "+1": 1, "-": -1, "-1": -1, "−": -1, "0": 0, "": 0, "_": 0, " ": 0}
_FUDGE_FROM_D6 = {1: -1, 2: -1, 3: 0, 4: 0, 5: 1, 6: 1}


@dataclass(frozen=True, slots=True)
class DieRead:
    """One die: its size (``"F"`` for a fudge die), its value, whether it was
    ``"rolled"`` or ``"given"`` with ``--dice``, and why it was read."""

    sides: int | str
    value: int
    how: str
    why: str

    def as_json(self) -> dict:
        return {"sides": self.sides, "value": self.value, "how": self.how, "why": self.why}


_Random = random.Random
# random.Random.seed(int) only calls the C-level seed; calling it directly
# skips two Python-level wrappers (about 1 µs of the ~5 µs a seeded generator costs).
_c_seed = getattr(getattr(random, "_random", None), "Random", None)
_c_seed = getattr(_c_seed, "seed", None)
_BELOW = getattr(_Random, "_randbelow_with_getrandbits", None)
# The generator type whose randrange(n) is rejection sampling on
# getrandbits(n.bit_length()), so callers may draw the bits themselves and get
# the very same numbers (None on a Python where that does not hold).
FastRandom = _Random if (_BELOW is not None and _Random._randbelow is _BELOW) else None


def _seeded(seed: int | None, rng: random.Random | None = None) -> random.Random:
    """``random.Random(seed)``: the same generator giving the same numbers,
    built a little faster for an int seed; ``rng``, where given, seeded
    afresh to be it (none made: a new one is 2.5 KB made and freed)."""
    if type(seed) is int and _c_seed is not None:
        if rng is None:
            rng = _Random.__new__(_Random)
        _c_seed(rng, seed)
        rng.gauss_next = None
        return rng
    if rng is None:
        return _Random(seed)
    rng.seed(seed)  # (as Random(seed) seeds itself; gauss_next cleared too)
    return rng


class DiceSource:
    """Dice for one command: rolled from ``random.Random(seed)`` or read, in
    order, from the values a player gave.

    ``given`` values are strings as typed: integers for numbered dice, and
    ``+``, ``-``, ``0`` (or a d6 result) for fudge dice. ``generator``: one
    its caller rolls no more, seeded afresh and rolled (the same numbers as a
    new one): a simulation's trials, one after another, share one.

    ``reads`` lists every die read so far, as :class:`DieRead`, in order. (The
    reads are kept as plain tuples while rolling and turned into
    :class:`DieRead` objects when ``reads`` is first looked at, which keeps
    rolling cheap; the list behaves as an ordinary list.) ``recording``: true
    unless the core turned it off where nobody reads the records of rolled
    dice (a simulation's trials of a system that says its hooks read none,
    ``SystemInfo.reads_dice_records``); dice given are recorded always.
    """

    __slots__ = ("_rng", "_below", "_bits", "_given", "_pos", "_raw", "_seen", "_reads", "_counted", "_taken", "seed",
                 "recording")

    # False for a subclass that overrides roll or fudge: every die then goes
    # through them, even when the dice language rolls many at once.
    _plain = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._plain = cls.roll is DiceSource.roll and cls.fudge is DiceSource.fudge

    def __init__(self, seed: int | None = None, given: Sequence[str] | None = None,
                 generator: random.Random | None = None):
        self.seed = seed
        self._rng = rng = _seeded(seed, generator)
        # randrange(n) is _randbelow(n) for n > 0: the same numbers, less overhead.
        self._below = rng._randbelow if type(rng) is _Random else rng.randrange
        # A FastRandom's randrange(n) is rejection sampling on getrandbits: the dice draw the bits
        # themselves, the very numbers, without a call of _randbelow a die (None: through _below).
        # (None too where the dice are given: roll asks it first, and only then whether they are)
        self._bits = rng.getrandbits if type(rng) is FastRandom and given is None else None
        self._given = list(given) if given is not None else None
        self._pos = 0
        self._raw: list[tuple] = []  # (sides, value, how, why) or (sides, [values], how, [whys])
        self._seen = 0  # how many entries of _raw are already in _reads
        self._counted = [0, 0]  # how many entries of _raw were counted, and their dice (count)
        self._reads: list[DieRead] = []
        self._taken: list[tuple] | None = None  # the readings taken back, to be read again (unread)
        # false while nobody reads the dice rolled (a simulation's trial where no house rule joins, but where it
        # keeps a call anew: Play.play), which reads, count and readings then leave out; given dice are recorded
        self.recording = True

    @property
    def reads(self) -> list[DieRead]:
        """Every die read so far, in order."""
        raw = self._raw
        if self._seen < len(raw):
            out = self._reads
            for sides, value, how, why in raw[self._seen :]:
                if type(value) is list:
                    out.extend(DieRead(sides, v, how, w) for v, w in zip(value, why))
                else:
                    out.append(DieRead(sides, value, how, why))
            self._seen = len(raw)
        return self._reads

    @property
    def count(self) -> int:
        """How many dice were read so far: ``len(reads)``, without making
        them (a simulation marks where each hook's dice begin, and reads none)."""
        raw, counted = self._raw, self._counted
        if counted[0] < len(raw):
            counted[1] += _dice(raw[counted[0] :])
            counted[0] = len(raw)
        return counted[1]

    @property
    def readings(self) -> int:
        """How many times dice were read so far, a pool's dice at once: whether
        a call read any, without counting them (:attr:`count`)."""
        return len(self._raw)

    def read_since(self, mark: int) -> list[tuple]:
        """The readings made since :attr:`readings` was ``mark``, as kept:
        ``(sides, value, how, why)``, a pool read at once as
        ``(sides, [values], how, [whys])`` (what a simulation keeps a call by:
        :mod:`rolecli.encounter.dice_paths`)."""
        return self._raw[mark:]

    def unread(self, mark: int) -> None:
        """Take back the readings made since :attr:`readings` was ``mark``:
        the next reads of dice of the same sizes, in the same order, give them
        again (recorded again, with the reasons of those reads), and the
        generator goes on from where it stands. A simulation draws the dice of a call it
        kept (:mod:`rolecli.encounter.dice_paths`) and, where they lead where
        nothing was kept yet, makes the call, which reads them."""
        raw = self._raw
        taken = raw[mark:]
        if not taken:
            return
        if self._seen > mark:  # made into DieReads already: taken back from them too
            del self._reads[len(self._reads) - _dice(raw[mark:self._seen]):]
            self._seen = mark
        counted = self._counted
        if counted[0] > mark:
            counted[1] -= _dice(raw[mark:counted[0]])
            counted[0] = mark
        del raw[mark:]
        self._taken = taken
        self.__class__ = _Rereading

    def take_back(self, drawn: Sequence[tuple]) -> None:
        """Take back the dice just drawn, ``drawn``: each ``(sides, value,
        why)`` (a pool's values as a tuple), as its caller knows them (where
        they fell a way not kept: :meth:`~rolecli.encounter.dice_paths.Reading.played`),
        as :meth:`unread` takes back those recorded: where they were not
        recorded (``recording`` false), from ``drawn`` itself."""
        if self.recording or self._given is not None:
            self.unread(len(self._raw) - len(drawn))
            return
        # (a pool's values a list of their own again, as it is rolled: the tree's tuple is shared by every trial)
        self._taken = [(sides, list(value) if type(value) is tuple else value, "rolled", why)
                       for sides, value, why in drawn]
        self.__class__ = _Rereading

    @property
    def rereading(self) -> bool:
        """Whether readings taken back (:meth:`unread`) are still to be read again."""
        return self._taken is not None

    @reads.setter
    def reads(self, value: list[DieRead]) -> None:
        self._reads = value
        self._seen = len(self._raw)
        self._counted = [self._seen, len(value)]

    @property
    def physical(self) -> bool:
        """True when the values come from ``--dice``."""
        return self._given is not None

    def _next_given(self, what: str, why: str) -> str:
        assert self._given is not None
        if self._pos >= len(self._given):
            from rolecli.dice.words import lang, reason

            es_what = what.replace("a fudge die", "un dado fudge").replace("a d", "un d")
            why = reason(why, lang())
            raise DiceError(_say(
                f"--dice se quedó corto: {len(self._given)} valor(es) dados, pero la tirada necesita {es_what}"
                f"{f' para {why}' if why else ''}; da un valor por dado, en el orden en que los lista la salida.",
                f"--dice ran out: {len(self._given)} value(s) given, but the roll needs {what}"
                f"{f' for {why}' if why else ''}; give one value per die, in the order the output lists them."))
        token = self._given[self._pos].strip()
        self._pos += 1
        return token

    def roll(self, sides: int, why: str = "") -> int:
        """One die of ``sides`` faces (1..sides)."""
        bits = self._bits  # (rolled from a FastRandom, most dice: nothing else asked first: icount, a dice trial 0.25% less)
        if bits is not None:  # _randbelow_with_getrandbits, as _below_many draws it: a Python call fewer a die
            k = sides.bit_length()
            value = bits(k)
            while value >= sides:
                value = bits(k)
            value += 1
            if self.recording:  # (a trial's die nobody reads: no record made and freed, Play.play)
                self._raw.append((sides, value, "rolled", why))
            return value
        if self._given is None:
            value = self._below(sides) + 1
            if self.recording:
                self._raw.append((sides, value, "rolled", why))
            return value
        token = self._next_given(f"a d{sides}", why)
        if not token.lstrip("+").isdigit() or not 1 <= int(token) <= sides:
            raise DiceError(_say(f"el valor de --dice {token!r} no puede ser un resultado de d{sides}; debe ser un número "
                                 f"entero de 1..{sides}.",
                                 f"--dice value {token!r} cannot be a d{sides} result; it must be a whole number "
                                 f"1..{sides}."))
        value = int(token)
        self._raw.append((sides, value, "given", why))
        return value

    def fudge(self, why: str = "") -> int:
        """One fudge die: -1, 0 or +1. Given as ``+``, ``-``, ``0`` or a d6 result."""
        if self._given is None:
            value = self._below(3) - 1
            if self.recording:
                self._raw.append(("F", value, "rolled", why))
            return value
        token = self._next_given("a fudge die", why)
        if token in _FUDGE_FACES:
            value = _FUDGE_FACES[token]
        elif token.isdigit() and int(token) in _FUDGE_FROM_D6:
            value = _FUDGE_FROM_D6[int(token)]
        else:
            raise DiceError(_say(f"el valor de --dice {token!r} no puede ser un dado fudge; usa +, - o 0 (o un resultado "
                                 "de d6, 1..6).",
                                 f"--dice value {token!r} cannot be a fudge die; use +, - or 0 (or a d6 result 1..6)."))
        self._raw.append(("F", value, "given", why))
        return value

    def custom(self, faces: Sequence[int], why: str = "", label: str | None = None) -> int:
        """One die with the given ``faces`` (``d{1,1,2,3}``); given as one of its faces."""
        label = label or _faces_label(faces)
        if self._given is None:
            value = faces[self._below(len(faces))]
            if self.recording:
                self._raw.append((label, value, "rolled", why))
            return value
        token = self._next_given(f"a d{label}", why)
        try:
            value = int(token)
        except ValueError:
            value = None
        if value not in faces:
            raise DiceError(_say(f"el valor de --dice {token!r} no puede ser un resultado de d{label}; debe ser una de sus "
                                 "caras.",
                                 f"--dice value {token!r} cannot be a d{label} result; it must be one of its faces."))
        self._raw.append((label, value, "given", why))
        return value

    def roll_many(self, sides: int, whys: Sequence[str]) -> list[int]:
        """Several dice of ``sides`` faces, one for each reason in ``whys`` (a
        pool of d10): the values and records of ``[roll(sides, why) for why in whys]``,
        without a call per die; one die read as :meth:`roll` reads it (a pool's
        machinery costs twice the die, and a pool of one is the commonest)."""
        if len(whys) == 1:
            return [self.roll(sides, whys[0])]
        if self._given is None and self._plain:
            values = self._below_many(sides, len(whys), 1)
            if self.recording:
                self._raw.append((sides, values, "rolled", whys))
            return values
        roll = self.roll
        return [roll(sides, w) for w in whys]

    def fudge_many(self, whys: Sequence[str]) -> list[int]:
        """Several fudge dice, one for each reason in ``whys`` (Fate's 4dF):
        the values and records of ``[fudge(why) for why in whys]``, without a call per die
        (one die as :meth:`fudge` reads it)."""
        if len(whys) == 1:
            return [self.fudge(whys[0])]
        if self._given is None and self._plain:
            values = self._below_many(3, len(whys), -1)
            if self.recording:
                self._raw.append(("F", values, "rolled", whys))
            return values
        fudge = self.fudge
        return [fudge(w) for w in whys]

    def _below_many(self, n: int, count: int, offset: int) -> list[int]:
        """``count`` numbers ``randrange(n) + offset``: the very numbers
        ``_randbelow`` gives (rejection sampling on ``getrandbits(n.bit_length())``),
        without a call per die."""
        bits = self._bits
        if bits is None:
            below = self._below
            return [below(n) + offset for _ in range(count)]
        k = n.bit_length()
        out = [0] * count  # (each die set in its place: no call of append a die, no list grown)
        for i in range(count):
            r = bits(k)
            while r >= n:
                r = bits(k)
            out[i] = r + offset
        return out

    def finish(self) -> None:
        """Refuse leftover ``--dice`` values: they usually mean a typo."""
        if self._given is not None and self._pos < len(self._given):
            extra = ",".join(self._given[self._pos :])
            raise DiceError(_say(
                f"--dice dio {len(self._given)} valor(es) pero la tirada leyó solo {self._pos}; "
                f"quita los valores de sobra {extra}.",
                f"--dice gave {len(self._given)} value(s) but the roll read only {self._pos}; "
                f"remove the extra value(s) {extra}."))


def _faces_label(faces: Sequence[int]) -> str:
    """How a die of its own ``faces`` is named when its expression gives no label: ``{1,1,2}``."""
    return "{" + ",".join(map(str, faces)) + "}"


def _dice(raw: list[tuple]) -> int:
    """How many dice the readings ``raw`` hold, a pool's each."""
    return sum(len(value) if type(value) is list else 1 for _, value, _, _ in raw)


class _Rereading(DiceSource):
    """A :class:`DiceSource` while the readings it took back
    (:meth:`~DiceSource.unread`) are read again: each read gives the next of
    them, which must be of dice of the same size (the generator drew them for
    those: a call that reads others is not a function of its dice, as it said
    it is, and its plugin fails), recorded with the reasons of this read;
    once all are read again, it is a DiceSource again."""

    __slots__ = ()

    def _again(self, sides: int | str, why, count: int | None = None) -> int | list[int]:
        taken = self._taken
        entry = taken[0]
        if entry[0] != sides or (len(entry[1]) if type(entry[1]) is list else None) != count:
            raise ValueError(f"it read {count or 1} d{sides} ({why!r}) where the same states and dice read "
                             f"other dice before ({entry[3]!r}): what it does is not a function of them, as it "
                             "declares (ActionSpec.from_state, SystemInfo.recovery_from_state)")
        del taken[0]
        if not taken:
            self._taken = None
            self.__class__ = DiceSource
        self._raw.append((sides, entry[1], entry[2], why))
        return entry[1]

    def roll(self, sides: int, why: str = "") -> int:
        return self._again(sides, why)

    def fudge(self, why: str = "") -> int:
        return self._again("F", why)

    def roll_many(self, sides: int, whys: Sequence[str]) -> list[int]:
        return [self._again(sides, whys[0])] if len(whys) == 1 else self._again(sides, whys, len(whys))

    def fudge_many(self, whys: Sequence[str]) -> list[int]:
        return [self._again("F", whys[0])] if len(whys) == 1 else self._again("F", whys, len(whys))

    def custom(self, faces: Sequence[int], why: str = "", label: str | None = None) -> int:
        return self._again(label or _faces_label(faces), why)


def _say(es: str, en: str) -> str:
    from rolecli.dice.words import say  # only when refusing: a roll need not load it

    return say(es, en)


def parse_given(text: str | None) -> list[str] | None:
    """Split the ``--dice a,b,c`` option into its values (``None`` when absent)."""
    if text is None:
        return None
    return [part.strip() for part in text.split(",")]
