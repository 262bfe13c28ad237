"""``encounter check|run|simulate FILE``: a fight written in a file
(docs/encounters.md), checked, played on its campaign, or played many times
in memory.

``run`` plays it under the campaign's lock and records it as one change of the
campaign (every roll and event in the log entry's data), so that one ``undo``
takes the whole encounter back; ``--dry-run`` records nothing. ``simulate``
only reads the campaign.
"""

import os
import sys
from typing import Optional

import typer

from rolecli.commands import DICE, JSON, LANG, REGISTRY, SEED, systems_lookup
from rolecli.commands.base import RoleCommand
from rolecli.errors import RoleError
from rolecli.output import Printer
from rolecli.session import session_of

encounter_app = typer.Typer(name="encounter", no_args_is_help=True,
                            help="Encounters from a file: check, run on the campaign, simulate many times.")
REGISTRY.update(encounter=encounter_app)

FILE = typer.Argument(..., help="The encounter file (TOML).", metavar="FILE")


def _open(ctx: typer.Context, file: str, lang: str | None):
    """The file read, the campaigns folder and campaign it plays on, the language."""
    from rolecli import campaign as store
    from rolecli.encounter.file import EncounterFile
    from rolecli.i18n import choose_lang

    session = session_of(ctx)
    source = EncounterFile(file)
    root, name = source.campaign_place(store.campaigns_dir(session.campaigns), session.campaign)
    return source, root, name, choose_lang(lang or session.lang), session


def _checked(source, camp):
    from rolecli.encounter.engine import rehearse

    enc = source.encounter(camp)
    rehearse(enc)
    return enc


@encounter_app.command("check")
def encounter_check(ctx: typer.Context, file: str = FILE, json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """Check an encounter file without playing it (exit 2 and one line naming file, line and key if it is wrong;
    a warning line for each participant already out, who would be left out of the fight)."""
    from rolecli import campaign as store
    from rolecli.campaign.paths import display_path
    from rolecli.conflict import Scene
    from rolecli.encounter.engine import Play, scene_of
    from rolecli.output import note

    source, root, name, lang, _ = _open(ctx, file, lang)
    camp = store.load_campaign(root, name, systems_lookup)
    enc = _checked(source, camp)
    shown = display_path(enc.path)
    # Who cannot act as the campaign stands is playable, but is likely not what the file meant: warned, exit 0.
    out = Play(enc, seed=0, lang=lang, scene=Scene.load(scene_of(camp, keep_conflict=False))).absent()
    for who, why in out.items():
        note(f"warning: {shown}: " + (f"{who} ya está fuera ({why}): el encuentro lo deja fuera del combate."
                                      if lang == "es" else
                                      f"{who} is already out ({why}): the encounter leaves them out of the fight."))
    sides = "; ".join(f"{side}: {', '.join(names)}" for side, names in enc.sides.items())
    Printer(json_).result({"file": shown, "ok": True, "campaign": name, "system": enc.info.name,
                           "sides": {s: list(n) for s, n in enc.sides.items()}, "already_out": out},
                          [f"{shown}: ok — {enc.title} ({name}, {enc.info.name}) — {sides}"])
    return 0


@encounter_app.command("run")
def encounter_run(ctx: typer.Context, file: str = FILE,
                  dry_run: bool = typer.Option(False, "--dry-run", help="Play it, but record nothing."),
                  step: bool = typer.Option(False, "--step", help="Wait for Enter after each round (EOF: go on)."),
                  brief: bool = typer.Option(False, "--brief", help="One line a verb: who, whom, and what came of it."),
                  seed: Optional[int] = SEED, dice: Optional[str] = DICE, json_: bool = JSON,
                  lang: Optional[str] = LANG) -> int:
    """Play an encounter on its campaign, round by round, and record it as one change ('undo' takes it back)."""
    from rolecli import campaign as store
    from rolecli.contract import Outcome
    from rolecli.dice.source import parse_given
    from rolecli.encounter import report
    from rolecli.encounter.engine import Play, scene_of

    source, root, name, lang, session = _open(ctx, file, lang)
    given = parse_given(dice)
    printer = Printer(json_)
    account = report.Account(printer, lang, brief)
    events: list[dict] = []

    def tell(event: dict) -> None:
        events.append(event)
        account(event)

    def play(camp):
        from rolecli.conflict import Scene

        enc = _checked(source, camp)
        game = Play(enc, seed, given, lang, tell, Scene.load(scene_of(camp, keep_conflict=True)),
                    _pause(printer) if step else None)
        ending = game.play()
        game.finish()
        game.source.finish()  # leftover --dice values are an error, before anything is written
        return game, ending

    if dry_run:
        play(store.load_campaign(root, name, systems_lookup))
        tell({"event": "dry_run"})
        return 0
    with store.transaction(root, name, systems_lookup, command=session.command_line) as camp:
        game, ending = play(camp)
        changed = game.changes(camp.characters)
        summary = f"encounter {game.enc.title!r}: " + (f"won by {ending.winner}" if ending.winner else "no winner") \
            + f" after {ending.rounds} round(s)"
        entry = camp.record(Outcome(data={"encounter": game.enc.title, "file": str(game.enc.path), "seed": seed,
                                          "events": list(events)}, changes=changed),
                            kind="change" if changed else "roll", summary=summary, scene=game.scene.dump())
    tell({"event": "recorded", "campaign": name, "seq": entry.get("seq"), "changed": sorted(changed)})
    return 0


def _pause(printer: Printer):
    """After each round: wait for a line on standard input (Enter on a
    terminal, where it asks); at its end, play on without waiting."""
    waiting = [True]

    def pause(round_: int) -> None:
        if not waiting[0]:
            return
        printer.stream.flush()
        if sys.stdin is None:  # standard input closed (`<&-`): as at its end, play on
            waiting[0] = False
            return
        if sys.stdin.isatty():
            print(f"rolecli: round {round_} played; Enter for the next (Ctrl-D plays to the end).", file=sys.stderr)
        waiting[0] = sys.stdin.readline() != ""

    return pause


UNTIL_CI = 0.04  # --until-ci alone: every side's win rate within about ±2 points


class _Simulate(RoleCommand):
    """``encounter simulate``, whose ``--until-ci`` may come without its width
    (then :data:`UNTIL_CI`): the common question, "how deadly is it?", needs no
    tuning. click has no option with an optional value, so the width is put in
    before click reads the line when the next word is not a number."""

    def parse_args(self, ctx, args):
        given = list(args)
        for i, arg in enumerate(given):
            if arg == "--":
                break
            if arg == "--until-ci" and (i + 1 == len(given) or not _is_number(given[i + 1])):
                given.insert(i + 1, str(UNTIL_CI))
                break
        return super().parse_args(ctx, given)


def _is_number(word: str) -> bool:
    try:
        float(word)
    except ValueError:
        return False
    return True


@encounter_app.command("simulate", cls=_Simulate)
def encounter_simulate(ctx: typer.Context, file: str = FILE,
                       trials: Optional[int] = typer.Option(None, "--trials", "-n",
                                                            help="How many plays (default 1000; with --until-ci, "
                                                                 "the most it plays: default 100000)."),
                       workers: str = typer.Option("auto", "--workers",
                                                   help="Processes sharing the trials out: a number, or auto "
                                                        "(the default: one per core this machine gives "
                                                        "rolecli, as many as the trials keep busy)."),
                       until_ci: Optional[float] = typer.Option(None, "--until-ci",
                                                                help=f"Stop once every side's 95% win-rate interval "
                                                                     f"is narrower than this width (0.05: five "
                                                                     f"points); alone, {UNTIL_CI:g} (about ±2 "
                                                                     f"points)."),
                       seed: Optional[int] = SEED, json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """Play an encounter many times in memory (the campaign is only read): win rates, rounds, damage, who falls."""
    from rolecli import campaign as store
    from rolecli.encounter import report
    from rolecli.encounter.engine import scene_of
    from rolecli.encounter.simulate import MAX_TRIALS, Job, Reload, simulate, workers_for

    if trials is None:
        trials = 100_000 if until_ci is not None else 1000
    if not 1 <= trials <= MAX_TRIALS:
        raise RoleError(f"--trials {trials} is out of range 1..{MAX_TRIALS}.")
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    asked = _workers(workers)
    # more processes than cores only share them out: same figures, more memory, slower
    workers = workers_for(trials, cores) if asked is None else min(asked, cores)
    if until_ci is not None and not 0 < until_ci < 1:
        raise RoleError(f"--until-ci {until_ci:g} is out of range: give a width between 0 and 1, such as 0.05.")
    source, root, name, lang, _ = _open(ctx, file, lang)
    camp = store.load_campaign(root, name, systems_lookup)
    enc = _checked(source, camp)
    if asked is not None and asked > cores:
        from rolecli.i18n import say
        from rolecli.output import note

        note(say(f"--workers {asked}: this machine gives rolecli {cores} core(s), so {cores} worker(s) share the "
                 "trials (the figures are the same whatever the workers).", lang))
    if seed is None:  # a seed of its own, said in the results, so the figures can be had again
        import random

        seed = random.SystemRandom().randrange(2**31)
    job = Job(enc, scene_of(camp, keep_conflict=False), seed)
    with _progress(trials) as progress:
        tally = simulate(job, trials, workers, until_ci, progress, Reload(str(source.path), str(root), name, seed))
    report.simulation(Printer(json_), tally.summary(enc, seed, until_ci), lang)
    return 0


def _workers(given: str) -> int | None:
    """``--workers``: a number from 1 to 64, or ``auto`` (``None``: left to
    :func:`~rolecli.encounter.simulate.workers_for`, one per core the trials keep busy)."""
    if given.strip().lower() == "auto":
        return None
    try:
        workers = int(given)
    except ValueError:
        raise RoleError(f"--workers {given!r} is not a number: give one from 1 to 64, or auto (one per core the trials keep busy).") from None
    if not 1 <= workers <= 64:
        raise RoleError(f"--workers {workers} is out of range 1..64 (or auto: one per core the trials keep busy).")
    return workers


class _progress:
    """A progress bar on standard error, on a terminal only."""

    def __init__(self, total: int):
        self.total, self.bar = total, None

    def __enter__(self):
        if not sys.stderr.isatty():
            return None
        from rich.console import Console
        from rich.progress import Progress

        self.bar = Progress(console=Console(stderr=True), transient=True)
        self.bar.start()
        task = self.bar.add_task("trials", total=self.total)
        return lambda done: self.bar.update(task, completed=done)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()
