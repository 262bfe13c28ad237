"""Action checks and phases (002-R7..R13, R47): who acts in which phase, and in what order."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter, itemgetter
from typing import Any

from .check import SCORE_MAX, SCORE_MIN, check_score

PHASES = ("amazing", "good", "ordinary", "marginal")
PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}  # a phase's place, read at every initiative


def phase_of(degree: str) -> str:
    """The phase an action check grade opens (002-R7/R8); Failure is Marginal (the rulings
    002), a Critical Failure acts last in the Marginal phase (002-R10)."""
    if degree in ("failure", "marginal", "critical_failure"):
        return "marginal"
    return degree


def usable_actions(actions: int, first_phase: str) -> int:
    """002-R11/R13: at most one action per phase, from ``first_phase`` through the
    Marginal phase; the rest are lost at the end of the round."""
    return max(0, min(actions, len(PHASES) - PHASE_INDEX[first_phase]))


@dataclass(slots=True)  # (its fields read at every round: slotted, read for less)
class Entrant:
    """An entrant's part of a round: its name, action check score and actions, the degree
    its phases come from, and whether it made a special delay (it counts as Amazing and
    goes first, 002-R13); and what those give, worked out as it is made: the phases it acts
    in (:meth:`acting`) and its turns, each ranked within the round (:func:`_ranks`, then
    its score) and named (its score is a check's, refused out of range whether it is rolled
    or not, for its turns' ranks hold it). The same for the same fields: a character's part
    of the initiative keeps one for each degree its action check meets
    (``action_checks._Entry``), and the rounds share it: read it, do not change it."""

    name: str
    score: int
    degree: str              # amazing | good | ordinary | marginal | critical_failure
    actions: int
    delayed: bool = False    # special delay (002-R13)
    phases: list[str] = field(init=False)   # the phases it acts in this round
    turns: tuple[tuple[int, str, str], ...] = field(init=False)  # (rank, phase, name): its turns, for scheduled

    def __post_init__(self) -> None:
        check_score(self.score)  # (a check's score, rolled or not: its turns' ranks hold it, _BELOW)
        self.phases = [PHASES[i] for i in self.acting()]
        below = SCORE_MAX - self.score  # (the higher score first, 002-R10)
        self.turns = tuple((rank * _BELOW + below, phase, self.name)
                           for rank, phase in _ranks(self.degree, self.delayed, self.actions))

    def record(self, check: tuple[int, int] | None) -> dict[str, Any]:
        """Its record in the initiative's ``checks``, with the control die and total of its
        action check (``check``; a delayer rolls none)."""
        record = {"score": self.score, "degree": self.degree, "actions": self.actions, "delayed": self.delayed,
                  "phases": self.phases, "lost_actions": self.actions - len(self.phases)}
        if check:
            record["control"], record["total"] = check
        return record

    @property
    def first_phase(self) -> str:
        return first_phase(self.degree, self.delayed)

    @property
    def usable(self) -> int:
        return len(self.acting())

    def acting(self) -> range:
        """The places in PHASES of the phases it may act in (:func:`acting`)."""
        return acting(self.degree, self.delayed, self.actions)


def acting(degree: str, delayed: bool, actions: int) -> range:
    """The places in PHASES of the phases an entrant may act in: from its first phase on,
    one per usable action (002-R11/R13)."""
    start = first_phase(degree, delayed)
    first = PHASE_INDEX[start]
    if degree == "critical_failure" and not delayed:
        return range(first, first + 1)   # only the Marginal phase is left, and it goes last there
    return range(first, first + usable_actions(actions, start))


def first_phase(degree: str, delayed: bool) -> str:
    """The phase an entrant acts first in: Amazing after a special delay (002-R13), else its degree's."""
    return "amazing" if delayed else phase_of(degree)


def schedule(entrants: list[Entrant]) -> dict[str, list[str]]:
    """Every phase's actors, in order, when everyone acts as early as allowed (:func:`scheduled`)."""
    return scheduled(entrants)[0]


def scheduled(entrants: list[Entrant]) -> tuple[dict[str, list[str]], list[str]]:
    """Every phase's actors, in order, when everyone acts as early as allowed, and the
    round's turns, phase by phase (every phase's actors in one list, gathered as they are
    placed). ``entrants``: as listed; their turns in the order :func:`ranked` gives."""
    out: dict[str, list[str]] = {}
    for phase in PHASES:  # (a loop: a comprehension is a call of its own in 3.11; icount 3.702M -> 3.698M a trial)
        out[phase] = []
    names = []
    for _, phase, name in ranked(entrants):
        out[phase].append(name)
        names.append(name)
    return out, names


def ranked(entrants: list[Entrant]) -> list[tuple[int, str, str]]:
    """The round's turns of ``entrants`` (as listed), each ``(rank, phase, name)``, in the
    order they are played, when everyone acts as early as allowed.

    Within a phase (002-R10): whoever has not acted yet this round goes before those who
    already acted (GAP-21: "acted" is read as "in this round", since a character acts once
    per phase); then a special delayer first, then the higher action check score, then the
    order the GM listed them. A Critical Failure goes last in the Marginal phase regardless.
    """
    # Each entrant's turns are ranked as it is made (_ranks: by phase, then all but the score
    # and the place listed; then its score), and gathered from the entrants as listed: one
    # stable sort of the turns by their rank then gives every phase's order, with no key to
    # call for each entrant in each phase and no entrant ever compared. (A turn of seven fields
    # sorted whole, its rank, score and place listed, cost 0.2% of a trial: icount 3.866M ->
    # 3.858M; the entrants sorted by score before their turns were gathered, and the turns
    # then by a rank without it, 0.37%: 3.4767M -> 3.4638M over 400 trials.)
    turns: list[tuple[int, str, str]] = []
    for e in entrants:
        turns += e.turns
    turns.sort(key=_RANK)
    return turns


_SCORE, _RANK, TURN_NAME = attrgetter("score"), itemgetter(0), itemgetter(2)  # (TURN_NAME: a ranked turn's actor)
_BELOW = SCORE_MAX - SCORE_MIN + 1  # a turn's rank, by _ranks, over its score's place (SCORE_MAX - score)


def _ranks(degree: str, delayed: bool, actions: int) -> tuple[tuple[int, str], ...]:
    """An entrant's turns (:func:`acting`), each ranked within the round by all that 002-R10
    reads of it but its score and its place listed: its phase, whether it is a Critical
    Failure, whether it acted before in the round (the phase is not its first), and whether it
    is not a delayer in the Amazing phase; each with its phase's name. The rank is one number,
    each of these a binary digit below the one before (the phase's place above them all): it
    orders the turns as the four would in turn, and a sort compares numbers for less than
    tuples (icount 3.5185M -> 3.5116M a trial)."""
    phases, crit = acting(degree, delayed, actions), degree == "critical_failure"
    return tuple((i * 8 + crit * 4 + (i > phases.start) * 2 + (not (delayed and i == 0)), PHASES[i]) for i in phases)


def first_order(entrants: list[Entrant], turns: list[str]) -> list[str]:
    """Everyone by their first action (``turns``: the round's turns, phase by phase): the
    order the core prints."""
    seen = dict.fromkeys(turns)
    order = list(seen)
    if len(seen) != len(entrants):  # those with no turn, last (a loop: a generator made seen a cell)
        for e in entrants:
            if e.name not in seen:
                order.append(e.name)
    return order


def surprise_phase(entrants: list[Entrant], surprised: set[str]) -> list[str]:
    """002-R47: each character who is not surprised takes one action in the surprise
    phase; they go by action check score (higher first), then as listed."""
    free = [e for e in entrants if e.name not in surprised]
    free.sort(key=_SCORE, reverse=True)  # (a stable sort, as listed within a score)
    return [e.name for e in free]


MOVE_MODES = ("walk", "run", "sprint", "swim", "easy_swim", "fly", "glide")
ALL_OUT_MODES = ("sprint", "swim", "fly")   # 002-R41: sprint on land, swim in water, fly in air
UNHURRIED_MODES = ("easy_swim", "glide")    # 002-R40: speeds for unhurried travel


def phases_left(from_phase: str) -> int:
    """The phases of the round from ``from_phase`` through the Marginal phase."""
    return len(PHASES) - PHASES.index(from_phase)


def combat_move(speed: int, from_phase: str, phases: int = 1) -> dict:
    """002-R40: combat movement works like any other action: each phase in which the
    character has an action it may move for that one phase at its speed. ``phases``
    actions spent moving, one per phase from ``from_phase`` on (at most one action per
    phase, 002-R11); the caller checks them against the actions the character has."""
    if not 1 <= phases <= phases_left(from_phase):
        raise ValueError(f"phases = {phases} is out of range 1..{phases_left(from_phase)}")
    moved = PHASES[PHASES.index(from_phase):][:phases]
    return {"phases": list(moved), "metres": speed * len(moved)}


def all_out_move(speed: int, from_phase: str, stop_after: int | None = None) -> dict:
    """002-R41: declared in a phase with an action, the character moves its speed (sprint,
    swim or fly) in metres every phase from then on and does nothing else; once it stops
    it can do nothing more that round."""
    phases = PHASES[PHASES.index(from_phase):]
    if stop_after is not None:
        if not 1 <= stop_after <= len(phases):
            raise ValueError(f"stop_after = {stop_after} is out of range 1..{len(phases)}")
        phases = phases[:stop_after]
    return {"phases": list(phases), "metres": speed * len(phases), "other_actions": 0}


CRITICAL_EFFECTS = ("unit", "step", "fail")


@dataclass
class ChallengePath:
    """002-R48: a challenge path is a series of skill checks, one per time unit; a step may
    need several successes before the next step can start.

    Any success (Ordinary, Good or Amazing) counts as one success: the text counts
    successes, not degrees (its bomb needs "six successes" in at least six checks).
    A Failure only costs its time unit. A Critical Failure costs its time unit and, by the
    rule option ``challenge_critical``: ``unit`` nothing more; ``step`` (default) the
    successes already gained on the current step are lost (finished steps stay finished);
    ``fail`` the challenge fails at once.
    """

    needs: list[int]
    critical: str = "step"
    got: list[int] = field(default_factory=list)
    step: int = 0              # index of the current step; == len(needs) once complete
    failed: bool = False       # a Critical Failure ended it (critical = "fail")

    def __post_init__(self) -> None:
        if not self.got:
            self.got = [0] * len(self.needs)

    @property
    def minimum(self) -> dict[str, int]:
        """The fewest steps, successes and checks (= time units): one check per success."""
        total = sum(self.needs)
        return {"steps": len(self.needs), "successes": total, "units": total}

    @property
    def complete(self) -> bool:
        return self.step >= len(self.needs)

    @property
    def over(self) -> bool:
        return self.complete or self.failed

    def record(self, degree: str) -> str:
        """Count one check of the current step: ``success``, ``step_done``, ``failure``,
        ``lost`` (a Critical Failure wiped the step's successes) or ``fail``."""
        if degree in ("ordinary", "good", "amazing"):
            self.got[self.step] += 1
            if self.got[self.step] >= self.needs[self.step]:
                self.step += 1
                return "step_done"
            return "success"
        if degree == "critical_failure":
            if self.critical == "fail":
                self.failed = True
                return "fail"
            if self.critical == "step" and self.got[self.step]:
                self.got[self.step] = 0
                return "lost"
        return "failure"
