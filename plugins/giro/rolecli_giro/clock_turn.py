"""The Giro de Reloj of one side (001-R2, R6, R11…R13): what it rolls, and what
the dice come to.

Normally the Day Dice are rolled first, the player keeps any one of them
(001-R13), and only if it fails (or, in a contest, loses) may the Night Dice be
rolled, of which the highest must be taken. A Night Turn (001-R12) and tempting
fate (001-R13) roll Night Dice only, once. Using the Night Die always has
consequences (001-R6, R11).

These are pure functions of the dice values, shared by the rolls (``verbs``)
and the exact odds (``odds``). A side and its dice always come to the same
Turn, so each Turn is worked out once and kept on the side (one Night Die's on
the Turn before it: :attr:`Turn.nights`; an encounter rolls the same few again
at every exchange), with the numbers it comes to; a Turn is
therefore known by itself (compared and hashed as the object it is), which
makes it a cheap key for what follows from it (``contest.opening``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rolecli.contract import Refused, keep_at_most

from .adjustment import AdjustPlan, adjusted
from .challenge import Challenge
from .factors import modified
from .glossary import L
from .success_range import SuccessRange

Night = Literal["never", "on-failure", "on-loss", "always"]
# The Turns kept on a side for its first rolls, and for its Night Dice (and a
# contest's opening rounds kept on its pair of sides), are dropped whole when there are this many:
# a few dice fall a few ways, but many dice a great many.
KEPT_MOST = 2048


@dataclass(frozen=True)
class Pool:
    """How many dice a Giro de Reloj rolls.

    ``day``: the Day Dice, rolled first (0 when there are none). ``night``: the
    Night Dice rolled together when the Night Die is used. ``night_only``: a
    Night Turn or tempting fate, where the Night Dice are the first and only
    roll. ``first``: the dice of the first roll (the Day Dice, or the Night
    Dice of a night-only one). ``day_sources``: why each Day Die is there, as ``(kind, name)``:
    ``("", "")`` the first, ``("motivation", "")``, ``("assist", "Beckett")``
    (``""`` for an assistant not named)."""

    day: int
    night: int
    night_turn: bool = False
    tempt: bool = False
    day_sources: tuple[tuple[str, str], ...] = ()
    night_only: bool = field(init=False, repr=False, compare=False)
    first: int = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        # said once: every roll and every step of a contest asks
        object.__setattr__(self, "night_only", self.night_turn or self.tempt)
        object.__setattr__(self, "first", self.night if self.night_only else self.day)

    @property
    def assistants(self) -> list[str]:
        return [name for kind, name in self.day_sources if kind == "assist"]


def pool(extra_day: int = 0, assistants: tuple[str, ...] = (), extra_night: int = 0, *,
         tempt: bool = False, night_turn: bool = False) -> Pool:
    """001-R13 extra dice, 001-R17 one Day Die per assistant (``""`` for one not
    named), 001-R12 Night Turn."""
    sources = (("", ""),) + (("motivation", ""),) * extra_day + tuple(("assist", name) for name in assistants)
    if night_turn:
        extras = [flag for flag, n in (("--extra-day", extra_day), ("--assist", len(assistants)),
                                       ("--extra-night", extra_night), ("--tempt", tempt)) if n]
        if extras:
            raise Refused(L(f"un Giro Nocturno tira el Dado Nocturno solo, y una vez: sin dados adicionales (nuestra decisión "
                            f"sobre 001-R12, en docs/systems/giro.md); quita {', '.join(extras)}.",
                            f"a Night Turn rolls the Night Die alone, once: no extra dice (our ruling on 001-R12, in docs/systems/giro.md); "
                            f"drop {', '.join(extras)}."))
        return Pool(0, 1, night_turn=True)
    if tempt:
        # 001-R13: one more Night Die, and every die becomes a Night Die (GAP-11:
        # they are Night Dice, so the highest must be taken).
        return Pool(0, len(sources) + 1 + extra_night + 1, tempt=True)
    return Pool(len(sources), 1 + extra_night, day_sources=sources)


@dataclass(frozen=True, slots=True)
class Side:
    """Everything one side of a Giro de Reloj has settled before the dice: its
    range (from its challenge's limit, when it was read from one), its dice,
    its adjustment and the player's choices. What follows from them alone is
    worked out as it is made, into slots, as a Turn's numbers are (read at
    every roll and every step of a contest: icount giro 1.7142M -> 1.6981M a trial)."""

    who: str
    window: SuccessRange
    pool: Pool
    plan: AdjustPlan = AdjustPlan()
    night: Night = "on-failure"
    keep: int | None = None  # the Day Die the player keeps, by its value (None: the best)
    success_factor_mod: int = 0
    failure_factor_mod: int = 0
    challenge: Challenge | None = None
    # Whether its policy ever rolls the Night Die after a first roll (not a
    # Night Turn's or tempting fate's, whose first roll is the Night Dice): a
    # contest asks of both sides at every step, and most never do.
    rolls_night: bool = field(init=False, repr=False, compare=False)
    # Whether its Night Dice are one die (most sides'): a contest asks at every Night Die, not the length
    # of their reasons (icount giro 1.1833M -> 1.1817M a trial, N=400, -0.14%).
    one_night: bool = field(init=False, repr=False, compare=False)
    # The highest result within its range its Night Die can come to (:func:`best_night`): a contest
    # asks at every step.
    best_night: int | None = field(init=False, repr=False, compare=False)
    # The numbers a referee checks that it settles before the dice (:func:`settled`): the head of
    # each of its Turns' (:attr:`Turn.data`), the same for all: shared, never change it.
    data: dict = field(init=False, repr=False, compare=False)
    # What its rolls came to and why each die is read, kept on it (an encounter rolls the same few
    # again at every exchange): the Turns its first rolls came to, by their dice (:func:`open_turn`);
    # those its Night Dice came to, by the Turn they follow (its Day Dice read) and their own dice
    # (:func:`night_roll`); why each die of its first roll and of its Night Dice is read, as the
    # rolls say it, by language (kept by ``verbs``, which says it).
    first_rolls: dict[tuple[int, ...], Turn] = field(init=False, repr=False, compare=False)
    night_rolls: dict[tuple[Turn, tuple[int, ...]], Turn] = field(init=False, repr=False, compare=False)
    reasons: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "rolls_night", self.night != "never" and not self.pool.night_only)
        object.__setattr__(self, "one_night", self.pool.night == 1)
        object.__setattr__(self, "best_night", best_night(self))
        object.__setattr__(self, "data", settled(self))
        object.__setattr__(self, "first_rolls", {})
        object.__setattr__(self, "night_rolls", {})
        object.__setattr__(self, "reasons", {})


def best_night(side: Side) -> int | None:
    """The highest result within its range the side's Night Die can come to,
    face by face after the adjustment points it would get (the highest of
    several Night Dice can show any face), or None: its :attr:`Side.best_night`."""
    results = (adjusted(face, side.plan.night_delta(face, side.window)) for face in range(1, 13))
    return max((v for v in results if side.window.holds(v)), default=None)


def settled(side: Side) -> dict:
    """The numbers a referee checks that the side settles before the dice
    (``--json``): its :attr:`Side.data`."""
    window, pool = side.window, side.pool
    return {
        "who": side.who or None,
        "challenge": None if side.challenge is None else side.challenge.data(),
        "limit": window.limit,
        "difficulty": window.difficulty,
        "range": [window.difficulty, window.limit],
        "pool": {"day": pool.day, "night": pool.night, "night_turn": pool.night_turn, "tempt": pool.tempt,
                 "assistants": [name or None for name in pool.assistants]},
    }


@dataclass(frozen=True)
class Read:
    """The dice of one kind rolled, the one kept and the points put on it."""

    die: Literal["day", "night"]
    dice: tuple[int, ...]
    kept: int
    delta: int = 0

    @property
    def value(self) -> int:
        return adjusted(self.kept, self.delta)

    def data(self, window: SuccessRange) -> dict:
        value = self.value  # (read once: a property is worked out at every read)
        return {"dice": list(self.dice), "kept": self.kept, "adjust": self.delta, "value": value,
                "in_range": window.holds(value)}


@dataclass(frozen=True, eq=False, slots=True)
class Turn:
    """What one side's Giro de Reloj has come to so far (kept on its side:
    known by itself, see the module's docstring). Its numbers are worked out
    as it is made, into slots: a contest reads them at every exchange, and
    Python 3.11 specializes the read of a slot, never that of a cached
    property nor, once one has filled an object's dict, of any attribute of objects
    alike (nearly every Turn made has its numbers read: icount giro 1.7591M -> 1.7142M a trial)."""

    side: Side
    day: Read | None = None
    night: Read | None = None
    # The result within its own range, or None (none before a die is read):
    # what a contest compares at every step.
    result: int | None = field(init=False, repr=False)
    # 001-R7 and the rulings: the value of the die that succeeded (an attack's damage counts it).
    success_factor: int | None = field(init=False, repr=False)
    # The numbers a referee checks (:func:`numbers`; None before a die is read): shared, never change it.
    data: dict | None = field(init=False, repr=False)
    # Where its side may still roll one Night Die, the Turns it comes to, by the die's face (:func:`night_roll`):
    # read by position, no key made, hashed nor compared at every Night Die; else None.
    nights: list[Turn | None] | None = field(init=False, repr=False)

    def __post_init__(self):
        standing = self.standing
        value = None if standing is None else standing.value
        result = value if value is not None and self.side.window.holds(value) else None
        object.__setattr__(self, "result", result)
        object.__setattr__(self, "success_factor",
                           None if result is None else modified(result, self.side.success_factor_mod))
        object.__setattr__(self, "data", None if standing is None else numbers(self))
        side = self.side
        object.__setattr__(self, "nights", [None] * 13 if self.night is None and side.rolls_night and side.one_night
                           else None)  # (a face is 1..12: place 0 unused)

    @property
    def standing(self) -> Read:
        """The die that counts: the Night Die once rolled (the rulings: it stands)."""
        return self.night or self.day  # type: ignore[return-value]

    @property
    def consequences(self) -> bool:
        """001-R6/R11: using the Night Die always brings consequences."""
        return self.night is not None

    @property
    def outcome(self) -> str:
        if self.night is not None:
            return "success_with_consequences" if self.result is not None else "fiasco"
        return "success" if self.result is not None else "failure"

    @property
    def failure_factor(self) -> int | None:
        """001-R8 and the rulings: only a failed Night Die has one, its value."""
        if self.outcome != "fiasco":
            return None
        return modified(self.standing.value, self.side.failure_factor_mod)

    @property
    def points_spent(self) -> int:
        spent = 0
        for read in (self.day, self.night):  # (a loop, not sum() of a generator: a frame of its own for two)
            if read is not None:
                spent += abs(read.delta)
        return spent


def numbers(turn: Turn) -> dict:
    """The numbers a referee checks of a Turn with a die read (``--json``,
    language-neutral keys): its :attr:`Turn.data`, worked out as it is made;
    what its side settles is its side's (:attr:`Side.data`)."""
    side, window = turn.side, turn.side.window
    spent = turn.points_spent  # (read once: a property is worked out at every read)
    # (its side's head copied, then each number set in it, not a display unpacking the head into an empty
    # table that grows twice: a Turn worked out some 3,000 instructions less, icount giro 1.4092M -> 1.4069M
    # a trial, N=400, measured twice)
    data = side.data.copy()
    data["day"] = turn.day.data(window) if turn.day else None
    data["night"] = turn.night.data(window) if turn.night else None
    data["die"] = turn.standing.die
    data["result"] = turn.result
    data["outcome"] = turn.outcome
    data["consequences"] = turn.consequences
    data["success_factor"] = turn.success_factor
    data["failure_factor"] = turn.failure_factor
    data["adjustment"] = {"budget": side.plan.budget, "spent": spent, "left": side.plan.budget - spent}
    return data


def day_choice(side: Side, value: int) -> tuple[int, tuple]:
    """The points the policy (or the player) puts on a Day Die showing
    ``value``, and how good the die is then: in range first, then the highest,
    then the fewest points spent."""
    delta = side.plan.day_delta(value, side.window)
    final = adjusted(value, delta)
    holds = side.window.holds(final)
    return delta, (holds, final if holds else -side.window.distance(final), -abs(delta), value)


def open_turn(side: Side, dice: tuple[int, ...]) -> Turn:
    """The first roll: the Day Dice (keep one, 001-R13), or the Night Dice of a
    Night Turn or of tempting fate. Kept on the side for the same dice."""
    dice = tuple(dice)
    found = side.first_rolls.get(dice)  # looked up here: most are found, with no call to keep them
    return found if found is not None else keep_at_most(side.first_rolls, dice, _opened(side, dice), KEPT_MOST)


def _opened(side: Side, dice: tuple[int, ...]) -> Turn:
    if side.pool.night_only:
        return _night_rolled(Turn(side), dice)  # kept with the first rolls, and only there
    if side.keep is not None:
        if side.keep not in dice:
            shown = ', '.join(map(str, dice))
            raise Refused(L(f"--keep-day {side.keep}: ningún Dado Diurno muestra {side.keep}; los Dados Diurnos son {shown}.",
                            f"--keep-day {side.keep}: no Day Die shows {side.keep}; the Day Dice are {shown}."))
        kept = side.keep
    else:
        kept = max(dice, key=lambda v: day_choice(side, v)[1])
    return Turn(side, day=Read("day", dice, kept, day_choice(side, kept)[0]))


def can_win(side: Side, rival: Turn | None = None, ties_win: bool = False) -> bool:
    """Whether the side's Night Die can still bring what the player rolls it for:
    a result within its range, and in a contest one that beats ``rival``'s
    standing result (a tie beats it only when ``ties_win``: the target's, under
    ``contest_tie = "defender"``); a rival with none is beaten by any."""
    best = side.best_night
    if best is None:
        return False
    beaten = None if rival is None else rival.result
    return beaten is None or best > beaten or (ties_win and best == beaten)


def wants_night(turn: Turn, losing: bool = False, rival: Turn | None = None, ties_win: bool = False) -> bool:
    """Whether the side rolls the Night Die now, by its policy: ``on-failure``
    after a failed Day Die (the only time in a test, the rulings); ``on-loss``
    also after an in-range Day Die the other side beats (a contest); never twice.
    Both roll it only when it can still succeed (a test) or win (a contest
    against ``rival``, :func:`can_win`): a Night Die that cannot help only
    brings its consequences, and no player rolls it. ``always`` rolls it
    whenever the rules allow, helpful or not. What would win is asked last,
    only of a side that may roll (a contest asks at every step)."""
    if turn.night is not None or not turn.side.rolls_night:
        return False
    policy = turn.side.night
    allowed = turn.result is None or (policy in ("on-loss", "always") and losing)
    return allowed and (policy == "always" or can_win(turn.side, rival, ties_win))


def night_roll(turn: Turn, dice: tuple[int, ...]) -> Turn:
    """The Night Dice: the highest must be taken (001-R13), then adjusted with
    the points left. A Day Die the policy had adjusted gives its points back.
    Kept on the side for the same Turn before (the same Day Dice read: a Turn
    is kept for its dice) and the same dice, all a Night Die's Turn depends on:
    a tuple, as every roll reads them, kept as given (icount giro 1.6913M ->
    1.6901M a trial); one Night Die's on the Turn before it, by its face
    (:attr:`Turn.nights`)."""
    faces = turn.nights
    if faces is not None and len(dice) == 1:  # one Night Die: kept on the Turn, by its face (at most 12)
        found = faces[dice[0]]
        if found is None:
            found = faces[dice[0]] = _night_rolled(turn, dice)
        return found
    key = (turn, dice)
    found = turn.side.night_rolls.get(key)  # looked up here: most are found, with no call to keep them
    return found if found is not None else keep_at_most(turn.side.night_rolls, key, _night_rolled(turn, dice), KEPT_MOST)


def _night_rolled(turn: Turn, dice: tuple[int, ...]) -> Turn:
    side = turn.side
    highest = max(dice)
    day = turn.day
    # the points the policy put on the Day Die given back; one it put none on stands as read (most Day Dice:
    # a side with no adjustment), not made again (icount giro 1.4158M -> 1.4092M a trial, N=400)
    if day is not None and side.plan.day is None and day.delta:
        day = Read("day", day.dice, day.kept)
    return Turn(side, day, Read("night", dice, highest, side.plan.night_delta(highest, side.window)))
