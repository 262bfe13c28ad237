"""Simulating an encounter: many plays in memory, summed up.

Each trial is a :class:`~rolecli.encounter.engine.Play` on fresh copies of
the characters, its dice seeded from the simulation's seed and the trial's
number alone (:func:`trial_seed`), and what it did is measured the same way
for every system (:func:`measure`): who won and why, the rounds, the change
of every state field of every participant, and who cannot act at the end
(not counting those who could not when it began: the fight leaves them out).
The trials are tallied in their order, in pieces of :data:`PIECE` counted
from the first trial, each summed where it was played and the pieces summed
in their order, so the figures are the same, to the last bit of a sum, whether
one process plays them or several (``workers``) share them out in blocks;
``until_ci`` looks at the intervals only after every :data:`CHECK` trials,
so where it stops does not depend on the workers either. Nothing is written:
the campaign is only read.

Left to choose (``--workers auto``, the default), a simulation takes one
worker per core it may use, as many as its trials keep busy
(:func:`workers_for`). A worker that meets an error of the rules or of a
plugin passes it on as its message and exit code (:class:`Relayed`): the
command reports it as if one process had played every trial.
"""

from __future__ import annotations

import copy
import gc
import math
import signal
from collections import Counter
from contextlib import ExitStack, contextmanager
from random import Random
from typing import Any, Callable, Iterator, NamedTuple

from rolecli.conflict import Scene
from rolecli.encounter.engine import KNOWN_STATES, REASONS, Play
from rolecli.errors import RoleError

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
CHECK = 500  # --until-ci looks at the intervals every CHECK trials
# Trials in one piece of work: as many as --until-ci waits for between looks, so a
# stop costs the workers no more than they play ahead. A piece is a task of the worker pool,
# and each costs the process that deals them out about a millisecond of its own CPU (its
# threads pass it out, and its results back): at 100 trials a piece, 10,000 dice trials over
# two workers cost the parent 0.21 s, against 0.04 s at 500 (--workers 2 at best 1.75x, not 1.8x).
BLOCK = CHECK
# Where workers share the trials, the last ones go out in blocks a quarter the size: a
# worker that takes the last whole block leaves the others idle until it ends, half a block on
# average (10,000 dice trials over two workers: about 20 ms of their 0.55 s). A block more
# costs a worker about half a millisecond, and one process playing every trial gains nothing.
LAST_BLOCK = BLOCK // 4
# Trials summed where they are played, and sent to the process that tallies them as those sums
# (Tally.sums): every block is made of whole pieces, counted from the first trial. Sent trial by
# trial, the results of 10,000 middle trials were 11.6 MB, and unpickling and tallying them cost
# that process 0.11 s of CPU beside the two workers on a 2-core machine (dice 0.02 s).
PIECE = LAST_BLOCK
MAX_TRIALS = 1_000_000
# The fewest trials that pay for a worker of their own, left to choose: a forked worker
# starts in some milliseconds, but learns afresh the statuses and recoveries each state
# gives; one started anew (no fork: Windows) imports rolecli and reads the campaign again.
FORKED_SHARE = 500
STARTED_SHARE = 4000
MEASURED_BY_NUMBER = 4  # the state fields from which a trial's last states are measured once a state (measure)


def trial_seed(seed: int, index: int) -> int:
    """The dice seed of trial ``index``: (seed, index) alone, so any process can play it."""
    return seed * 2**32 + index


def wilson(wins: int, trials: int) -> tuple[float, float]:
    """The Wilson score interval (95%) of a rate of ``wins`` in ``trials``."""
    if trials == 0:
        return 0.0, 1.0
    p, z2 = wins / trials, Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def amount(value: Any) -> float:
    """A state value as a number, to measure its change in any system: a
    number itself, a flag or a text 1 when set, a list or a table its size."""
    if type(value) is int:  # (most values: a whole number made a float by adding one, not by float(), a
        return value + 0.0  # call several times dearer: icount, a dice trial 0.24% less)
    if isinstance(value, (bool, int, float)):
        return float(value)
    if isinstance(value, (list, tuple, dict)):
        return float(len(value))
    return 1.0 if value else 0.0


def fields(enc) -> list[tuple[str, str]]:
    """(participant, state field) pairs whose change each trial measures."""
    return [(name, key) for name in enc.participants for key in enc.state_keys]


def starting(enc) -> list[tuple[str, dict, tuple[tuple[str, Any, float, float], ...], tuple[float, ...]]]:
    """Each participant as every trial starts: its name, its state, each
    state field's key, value, amount and what :func:`measure` finds of a
    value that stays as it was (its amount less itself), and those changes
    for the whole state. Worked out once for all the trials (a trial's state
    that no hook moved is that very table; a value no hook replaced is that
    very object)."""
    found = []
    for name in enc.participants:
        state = enc.characters[name].state
        values = [(k, state.get(k), amount(state.get(k))) for k in enc.state_keys]
        kept = tuple((k, v, a, a - a) for k, v, a in values)
        found.append((name, state, kept, tuple(unchanged for _, _, _, unchanged in kept)))
    return found


def measure(play: Play, ending, start, measured: dict | None = None, already: tuple | None = None) -> tuple:
    """What one trial did, as plain values (sent between processes): ``start``
    is :func:`starting`'s. ``measured``: the changes found in each state
    a trial ended in, by participant and the state's number
    (:meth:`~rolecli.encounter.engine.Play.state_key`), for the trials
    that share it (the encounter's, :attr:`~rolecli.encounter.file.Encounter.measured`,
    kept for all its trials up to :data:`~rolecli.encounter.engine.KNOWN_STATES`):
    most trials end in states some other trial ended in. ``already``: who
    was out before the fight began, by participant, as another trial of the
    same beginning measured it (the simulation's: :meth:`~rolecli.encounter.engine.Play.beginning`)."""
    enc = play.enc
    sides = list(enc.sides)
    changes: list[float] = []
    for name, then, kept, unchanged in start:
        now = play.characters[name].state
        if now is then:
            changes += unchanged
            continue
        if measured is not None:
            met = (name, play.state_key(name))
            found = measured.get(met)
            if found is not None:
                changes += found
                continue
        for key, value, a, same in kept:
            v = now.get(key)
            changes.append(same if v is value else amount(v) - a)
        if measured is not None and met[1] is not None and len(measured) < KNOWN_STATES:
            measured[met] = changes[-len(kept):]
    # who is out, and who was out before, by participant (a loop: a map over a handful of names costs more)
    if already is None:
        left_out, out_before = play.left_out, []
        for name in enc.participants:
            out_before.append(name in left_out)
        already = tuple(out_before)
    return (sides.index(ending.winner) if ending.winner is not None else -1, REASONS.index(ending.reason),
            ending.rounds, ending.exchanges, tuple(changes), tuple(play.out_flags()), already)


def play_trials(enc, scene: dict, seed: int, start: int, stop: int, explain: bool = False,
                record: bool | None = None) -> list[tuple]:
    """Trials ``start`` to ``stop``, measured. No one reads a trial's
    ``Outcome.lines``, so its hooks are told not to write them
    (``Context.explain``, which changes no result): ``explain`` is for a test.
    Nor, where no house rule joins the system, its ``Outcome.data`` (a house
    rule's wrapper may read a hook's data: the encounter's memos are kept only
    where none joins, :func:`~rolecli.encounter.file.kept_exchanges`), so its
    hooks are told that too (``Context.record``, which changes no result
    either); ``record`` is for a test. It is the same in every trial of a
    simulation (each block plays the same encounter), so an outcome the
    encounter keeps (:mod:`rolecli.encounter.dice_paths`) is only given to
    calls with the flag of the call it was kept from."""
    from rolecli.campaign.store import SharedCharacters

    results, shared, before = [], SharedCharacters(enc.characters), starting(enc)
    # a state of a few fields is measured field by field as cheaply as it is looked up by its number; a
    # state's number is the encounter's, and so is what its states changed, in every block of trials
    measured = enc.measured if len(enc.state_keys) >= MEASURED_BY_NUMBER else None
    # the statuses every trial starts with, the numbers of the states it starts from (shared by every
    # trial) that asking them gave, and the fight as it begins (Play.beginning): worked out once, as the
    # first one starts (the fight as it begins, and checked, by that trial's play)
    opening = numbered = begun = None
    already = None  # who was out before it began, as the first trial measured it (the same beginning: begun)
    loaded = Scene.load(scene)
    # one dice generator, seeded afresh by each trial, not one made and freed at every trial (icount: a dice or
    # giro trial 0.35% less, v5, fate and alternity 0.15%, middle 0.09%)
    generator = Random()
    if record is None:
        record = bool(enc.system.house)
    # A trial makes no reference cycle (tests/test_encounter_simulate.py holds every sample to it): all it
    # makes is freed by its count as it goes. Python's cyclic collector, run after every 700 objects made,
    # would find nothing and walk the memos that keep growing again and again (icount over 400 trials:
    # alternity 3.3% less without it, middle 1.1%, dice 0.75%), so it is paused over a block; what a
    # plugin's own cycles hold is collected when the block ends and it runs again, a block's worth at most.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for index in range(start, stop):
            play = Play(enc, trial_seed(seed, index), scene=anew(loaded), characters=shared.copies(),
                        statuses=opening, numbered=numbered, begun=begun, generator=generator)
            play.ctx.explain, play.ctx.record = explain, record
            if opening is None:
                opening = {name: play.status(name) for name in enc.participants}
                numbered = dict(play.keyed)
            results.append(measure(play, play.play(), before, measured, already))
            # (measured once, not at every trial: icount, a dice trial 0.4% less)
            begun, already = play.begun, results[-1][6]
            shared.restore()
    finally:
        if collecting:
            gc.enable()
    return results


def summed(enc, results: list[tuple], start: int) -> list[tuple]:
    """``results``, trials from ``start`` on, summed in pieces of :data:`PIECE`
    counted from the first trial (:meth:`Tally.sums`), in their order."""
    pieces, tally = [], None
    for index, result in enumerate(results, start):
        if tally is None or index % PIECE == 0:
            if tally is not None:
                pieces.append(tally.sums())
            tally = Tally(enc)
        tally.add(result)
    if tally is not None:
        pieces.append(tally.sums())
    return pieces


def anew(scene: Scene) -> Scene:
    """A :class:`~rolecli.conflict.Scene` as ``scene`` (the encounter's, loaded
    once) stands, for one trial to play in: its effects in a list of its own,
    which the trial's scene adds to, and its conflict, where it has one, a copy,
    which it moves in place; each effect is shared (an ``Effect`` is frozen). Not
    the campaign's table loaded again at every trial (icount: a dice trial 0.7% less)."""
    conflict = scene.conflict
    return Scene(None if conflict is None else copy.deepcopy(conflict), list(scene.effects), scene.next_effect)


class Tally:
    """The trials' results, summed in their order."""

    def __init__(self, enc):
        self.sides = list(enc.sides)
        self.names = list(enc.participants)
        self.fields = fields(enc)
        self.trials = 0
        self.wins = [0] * len(self.sides)
        self.reasons = [0] * len(REASONS)
        self.rounds: Counter[int] = Counter()
        self.exchanges = 0
        self.changes = [0.0] * len(self.fields)
        self.moved = [False] * len(self.fields)
        self.out = [0] * len(self.names)
        self.already = [False] * len(self.names)  # out before the fight began (the same in every trial)

    def add(self, result: tuple) -> None:
        winner, reason, rounds, exchanges, changes, out, already = result
        self.trials += 1
        if winner >= 0:
            self.wins[winner] += 1
        self.reasons[reason] += 1
        self.rounds[rounds] += 1
        self.exchanges += exchanges
        for i, change in enumerate(changes):
            if change:
                self.changes[i] += change
                self.moved[i] = True
        for i, flag in enumerate(out):
            self.out[i] += flag
        for i, flag in enumerate(already):
            self.already[i] |= flag

    def sums(self) -> tuple:
        """What :meth:`merge` adds to another tally: the counts and sums alone, plain values sent between processes."""
        return (self.trials, self.wins, self.reasons, self.rounds, self.exchanges, self.changes, self.moved,
                self.out, self.already)

    def merge(self, sums: tuple) -> None:
        """Add the trials another tally of the same encounter summed (:meth:`sums`), as if played after these."""
        trials, wins, reasons, rounds, exchanges, changes, moved, out, already = sums
        self.trials += trials
        self.wins = [a + b for a, b in zip(self.wins, wins)]
        self.reasons = [a + b for a, b in zip(self.reasons, reasons)]
        self.rounds.update(rounds)
        self.exchanges += exchanges
        self.changes = [a + b for a, b in zip(self.changes, changes)]
        self.moved = [a or b for a, b in zip(self.moved, moved)]
        self.out = [a + b for a, b in zip(self.out, out)]
        self.already = [a or b for a, b in zip(self.already, already)]

    def narrow(self, width: float) -> bool:
        """Whether every side's win-rate interval is narrower than ``width``."""
        return all(hi - lo < width for lo, hi in (wilson(w, self.trials) for w in self.wins))

    def summary(self, enc, seed: int, until_ci: float | None) -> dict[str, Any]:
        n = self.trials

        def rate(k: int) -> float:
            return round(k / n, 6)

        sides = {side: {"wins": w, "rate": rate(w), "ci95": [round(x, 6) for x in wilson(w, n)]}
                 for side, w in zip(self.sides, self.wins)}
        draws = n - sum(self.wins)
        participants: dict[str, Any] = {}
        for i, name in enumerate(self.names):
            changes = {key: round(self.changes[j] / n, 6) for j, (who, key) in enumerate(self.fields)
                       if who == name and self.moved[j]}
            participants[name] = {"side": enc.participants[name].side, "campaign": enc.participants[name].campaign,
                                  "already_out": self.already[i], "taken_out": self.out[i],
                                  "taken_out_rate": rate(self.out[i]), "changes": changes}
        mean = sum(r * k for r, k in self.rounds.items()) / n
        return {"encounter": enc.title, "campaign": enc.campaign.name, "system": enc.info.name, "trials": n,
                "seed": seed, "until_ci": until_ci, "sides": sides, "draws": {"count": draws, "rate": rate(draws)},
                "endings": dict(zip(REASONS, self.reasons)),
                "rounds": {"mean": round(mean, 6),
                           "distribution": {str(r): self.rounds[r] for r in sorted(self.rounds)}},
                "exchanges": {"total": self.exchanges, "mean": round(self.exchanges / n, 6)},
                "participants": participants}


# Job and Reload are named tuples, not frozen dataclasses: a dataclass writes and compiles
# its methods at import, some 3M instructions each (1% of a quick simulation's start-up).
class Job(NamedTuple):
    """What a worker plays: the encounter, the scene it starts in, the seed."""

    enc: Any
    scene: dict
    seed: int


class Reload(NamedTuple):
    """How a worker started without fork reads the job again."""

    path: str
    root: str
    campaign: str
    seed: int

    def __call__(self) -> Job:
        from pathlib import Path

        from rolecli import campaign as store
        from rolecli.plugins import system_info
        from rolecli.encounter.engine import scene_of
        from rolecli.encounter.file import EncounterFile

        camp = store.load_campaign(Path(self.root), self.campaign, system_info)
        return Job(EncounterFile(self.path).encounter(camp), scene_of(camp, keep_conflict=False), self.seed)


_job: Job | None = None  # the job of this process (a worker inherits it when forked)


def _start(load: Callable[[], Job]) -> None:
    global _job
    # Ctrl-C reaches every process of the terminal's: the command says "interrupted" once and
    # ends the pool, whose workers would each print a traceback of their own. A worker is
    # started with Ctrl-C held back (_ctrl_c_held): one pressed meanwhile is dropped here.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if _job is None:  # started, not forked: read the encounter again
        _job = load()


class Relayed(RoleError):
    """An error a worker met (the rules refused a verb, a plugin failed), as
    the process that reports it raises it again: its message and exit code.
    The error itself may not cross between processes (a plugin's failure
    holds the plugin's record and what it raised); these always do."""

    def __init__(self, message, exit_code: int = 2):
        # (exit_code has a default: an exception is unpickled by calling its class with its
        # args, the message alone, and then given back its attributes, exit_code among them)
        super().__init__(message)
        self.exit_code = exit_code


def _block(span: tuple[int, int]) -> list[tuple]:
    try:
        return summed(_job.enc, play_trials(_job.enc, _job.scene, _job.seed, *span), span[0])
    except RoleError as exc:
        from rolecli.plugins import debugging

        if debugging():  # the traceback is the worker's: it shows it, on the stderr they share
            import traceback

            traceback.print_exception(getattr(exc, "original", exc))
        raise Relayed(exc.args[0] if len(exc.args) == 1 else str(exc), exc.exit_code) from None


def fork_starts() -> bool:
    """Whether a worker starts as a fork of this process (where the system allows it)."""
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def workers_for(trials: int, cores: int) -> int:
    """``--workers auto``: one worker per core, as many as ``trials`` keep
    busy, each playing :data:`FORKED_SHARE` of them at least
    (:data:`STARTED_SHARE` where a worker cannot be forked)."""
    if cores < 2 or trials < 2 * FORKED_SHARE:  # one, however workers start: not asked (multiprocessing
        return 1  # takes some 8 ms to import, at every simulation of a few trials)
    share = FORKED_SHARE if fork_starts() else STARTED_SHARE
    return max(1, min(cores, trials // share))


def blocks(trials: int, workers: int) -> list[tuple[int, int]]:
    """The spans of trials dealt out, in their order: of :data:`BLOCK` trials,
    and where several workers share them, the last ``workers`` blocks' worth
    or a little more in blocks of :data:`LAST_BLOCK`, so that every
    :data:`CHECK` trials still end a block."""
    last = max(0, trials - workers * BLOCK) // BLOCK * BLOCK if workers > 1 else trials
    return ([(i, min(i + BLOCK, last)) for i in range(0, last, BLOCK)]
            + [(i, min(i + LAST_BLOCK, trials)) for i in range(last, trials, LAST_BLOCK)])


def simulate(job: Job, trials: int, workers: int = 1, until_ci: float | None = None,
             progress: Callable[[int], None] | None = None, load: Reload | None = None) -> Tally:
    """Play ``trials`` trials (at most, with ``until_ci``) over ``workers``
    processes; ``load`` makes the job again in a process started without fork."""
    global _job
    tally = Tally(job.enc)
    spans = blocks(trials, workers)
    if workers <= 1:
        pieces = (summed(job.enc, play_trials(job.enc, job.scene, job.seed, *span), span[0]) for span in spans)
        _tally(tally, pieces, until_ci, progress)
        return tally
    import multiprocessing

    _job = job  # what the forked workers inherit

    context = multiprocessing.get_context("fork" if fork_starts() else None)
    with ExitStack() as stack:
        with _ctrl_c_held():  # (a Ctrl-C held comes as this ends: the pool is ended then too)
            pool = stack.enter_context(context.Pool(workers, initializer=_start, initargs=(load,)))
        _tally(tally, pool.imap(_block, spans), until_ci, progress)
        pool.terminate()  # with --until-ci, the blocks played past the stop are dropped
    return tally


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Ctrl-C held back while the workers start: pressed as a worker is
    forked, it would reach the worker before the worker can ignore it
    (:func:`_start`), and the worker would print a traceback. This process
    gets it as soon as the workers are started; each worker drops it as it
    starts. (Nothing is held where a thread's signals cannot be, as on Windows.)"""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _tally(tally: Tally, blocks, until_ci: float | None, progress) -> None:
    for pieces in blocks:
        for sums in pieces:
            tally.merge(sums)
            if until_ci is not None and tally.trials % CHECK == 0 and tally.narrow(until_ci):
                return
        if progress is not None:
            progress(tally.trials)
