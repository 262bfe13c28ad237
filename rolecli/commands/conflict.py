"""``conflict`` and ``effect``: a campaign's fight, turn by turn, and what lasts.

``conflict start`` asks the system's initiative hook for the order (its own
rules: Fate's Alerta/Empatía, Alternity's action-check phases...), leaving out
who cannot act; ``conflict next`` ends the turn (the system's ``end_of_turn``
event for that character), moves to the next one who can act, and at the end
of a round runs ``end_of_round`` for every participant, counts down effects
and, for systems that order each round anew, asks the initiative again;
``conflict end`` runs ``end_of_scene`` for the participants and clears the
effects. Every step is one logged change of the campaign, undone by ``undo``.
"""

import functools
from contextlib import contextmanager
from typing import Any, Optional

import typer

from rolecli.commands import DICE, JSON, LANG, REGISTRY, SEED, current_campaign, systems_lookup
from rolecli.conflict import MAX_EFFECT_ROUNDS, MAX_EFFECT_TEXT
from rolecli.contract import Effect, Outcome
from rolecli.errors import RoleError
from rolecli.output import Printer
from rolecli.session import session_of

conflict_app = typer.Typer(name="conflict", no_args_is_help=True,
                           help="Run a conflict: turns and rounds in the system's order, effects that expire.")
effect_app = typer.Typer(name="effect", no_args_is_help=True,
                         help="Effects that last between commands: add, list, remove.")
REGISTRY.update(conflict=conflict_app, effect=effect_app)


@contextmanager
def _tracker(ctx: typer.Context, lang: str | None, seed: int | None = None, dice: str | None = None):
    """The current campaign under its lock, and the :class:`~rolecli.tracker.Tracker`
    of its conflict, on working copies of its characters."""
    from rolecli.conflict import Scene
    from rolecli.dice.source import DiceSource, parse_given
    from rolecli.i18n import choose_lang
    from rolecli.play import rule_options, with_house
    from rolecli.plugins import get_plugins
    from rolecli.tracker import Tracker

    session = session_of(ctx)
    lang = choose_lang(lang or session.lang)
    source = DiceSource(seed, parse_given(dice))
    store, root, name = current_campaign(ctx)
    with store.transaction(root, name, systems_lookup, command=session.command_line) as camp:
        system = with_house(get_plugins(camp.system).system(camp.system), dict(camp.options))
        yield camp, Tracker(system, camp.working_copies(), rule_options(camp.info, camp.options, None), lang, source,
                            Scene.load(camp.scene))


class _Told:
    """What a conflict command did: its events as JSON, and the lines that tell them."""

    def __init__(self, lang: str):
        self.lang = lang
        self.lines: list[str] = []
        self.events: list[dict[str, Any]] = []

    def __call__(self, events) -> None:
        for event in events:
            self.events.append(event.as_json())
            line = event.say(self.lang)
            if line:
                self.lines.append(line)

    def es(self, spanish: str, english: str) -> str:
        return _es(self.lang, spanish, english)


def _es(lang: str, spanish: str, english: str) -> str:
    return spanish if lang == "es" else english


def _record(camp, tracker, told: _Told, summary: str) -> None:
    """The step as one logged change: what the hooks changed, the scene as it now stands."""
    camp.record(Outcome(data={"conflict": told.events}, changes=tracker.changes(camp.characters)), kind="change",
                summary=summary, scene=tracker.scene.dump())


def _payload(tracker, told: _Told) -> dict[str, Any]:
    turn = tracker.scene.turn
    c = tracker.scene.conflict
    return {"running": c is not None, "round": turn.round if turn else None, "turn": turn.actor if turn else None,
            "order": list(turn.order) if turn else [], "participants": list(c["participants"]) if c else [],
            "kind": c.get("kind") if c else None, "effects": [e.as_json() for e in tracker.scene.effects],
            "events": told.events}


def _kind(tracker, value: str) -> str:
    """``--kind`` as the system's initiative spells it."""
    spec = tracker.ordering
    param = next((p for p in spec.params if p.name == "kind"), None)
    if param is None:
        raise RoleError(f"the initiative of {tracker.info.name!r} has no kind of conflict; drop --kind.")
    match = next((c for c in param.choices if c.casefold() == value.casefold()), None) if param.choices else value
    if match is None:
        raise RoleError(f"--kind {value!r} is not one of: {', '.join(param.choices)}.")
    return match


def _find(camp, tracker, name: str) -> str:
    from rolecli.campaign.store import find_character

    return find_character(tracker.characters, name, camp.name)


def _show(tracker, told: _Told, printer: Printer, order: bool = False) -> None:
    """Print what the command did; ``order``: also the round's turns, who cannot act and the effects."""
    payload = _payload(tracker, told)
    lines = list(told.lines)
    if not order:
        printer.result(payload, lines)
        return
    es = told.es
    standing = payload["combatants"] = [tracker.standing_of(n) for n in payload["participants"]]
    if payload["running"]:
        if not told.lines:
            lines.append(es(f"Asalto {payload['round']}, turno de {payload['turn'] or 'nadie'}.",
                            f"Round {payload['round']}, {payload['turn'] or 'nobody'}'s turn."))
        turns = [(">" if i == tracker.scene.conflict["turn"] else " ") + f" {i + 1}. {n}"
                 + ("" if (why := tracker.why_not(n)) is None else f" [{why}]")
                 for i, n in enumerate(payload["order"])]
        lines += [es("Orden:", "Order:")] + turns
        lines += [es("Cómo están:", "Standing:")] + [_standing(s, told.lang) for s in standing]
    elif not told.lines:
        lines.append(es("No hay ningún conflicto en curso.", "No conflict is running."))
    if payload["effects"]:
        lines.append(es("Efectos:", "Effects:"))
        lines += [f"  #{e.id} {e.on}: {e.text} ({_lasts(e, told.lang)})" for e in tracker.scene.effects]
    printer.result(payload, lines)


def _standing(standing: dict[str, Any], lang: str) -> str:
    """A combatant's line under "Standing": whether it can act, its vitality, its conditions."""
    said = [] if standing["can_act"] else [_es(lang, f"no puede actuar: {standing['why']}",
                                                f"cannot act: {standing['why']}")]
    if standing["vitality"] is not None:
        said.append(_es(lang, "vitalidad", "vitality") + f" {standing['vitality']:.0%}")
    said += [c["label"] for c in standing["conditions"]]
    return f"  {standing['name']}" + (f": {'; '.join(said)}" if said else "")


def _lasts(effect: Effect, lang: str) -> str:
    es = functools.partial(_es, lang)
    if effect.until == "next_turn":
        who = effect.by or effect.on
        return es(f"hasta el próximo turno de {who}", f"until {who}'s next turn")
    if effect.until == "rounds":
        return es(f"{effect.rounds} asalto(s) más", f"{effect.rounds} more round(s)")
    if effect.until == "used":
        return es("hasta que se use", "until used")
    return es("hasta el fin de la escena", "until the end of the scene")


# --- conflict -----------------------------------------------------------------


@conflict_app.command("start")
def conflict_start(ctx: typer.Context,
                   names: Optional[list[str]] = typer.Argument(None, help="Who takes part (default: every character able to act).",
                                                               metavar="NAMES"),
                   kind: Optional[str] = typer.Option(None, "--kind", help="The kind of conflict, where the system's initiative has one."),
                   seed: Optional[int] = SEED, dice: Optional[str] = DICE, json_: bool = JSON,
                   lang: Optional[str] = LANG) -> int:
    """Start a conflict: the order from the system's initiative, round 1, first turn."""
    with _tracker(ctx, lang, seed, dice) as (camp, tracker):
        told = _Told(tracker.lang)
        if tracker.ordering is None:
            raise RoleError(f"system {tracker.info.name!r} declares no initiative verb.")
        kind = _kind(tracker, kind) if kind is not None else None
        chosen = [_find(camp, tracker, n) for n in names] if names else list(tracker.characters)
        events = tracker.start(chosen, kind)
        at = next(i for i, e in enumerate(events) if e.kind == "round_started")
        told(events[:at])  # who is left out, then the order the initiative gave, then the first turn
        told.lines += tracker.ordered[0].outcome.lines
        told(events[at:])
        tracker.source.finish()
        _record(camp, tracker, told, f"conflict started: {', '.join(tracker.scene.conflict['participants'])}")
    _show(tracker, told, Printer(json_))
    return 0


@conflict_app.command("next")
def conflict_next(ctx: typer.Context, seed: Optional[int] = SEED, dice: Optional[str] = DICE, json_: bool = JSON,
                  lang: Optional[str] = LANG) -> int:
    """End this turn and start the next (a new round after the last turn)."""
    with _tracker(ctx, lang, seed, dice) as (camp, tracker):
        told = _Told(tracker.lang)
        told(tracker.next())
        tracker.source.finish()
        turn = tracker.scene.turn
        _record(camp, tracker, told, f"round {turn.round}: {turn.actor or 'nobody'}'s turn")
    _show(tracker, told, Printer(json_))
    return 0


@conflict_app.command("show")
def conflict_show(ctx: typer.Context, json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """Show the conflict: round, whose turn, the order, how each combatant stands, effects."""
    with _tracker(ctx, lang) as (camp, tracker):
        pass  # read under the lock, nothing recorded
    _show(tracker, _Told(tracker.lang), Printer(json_), order=True)
    return 0


@conflict_app.command("join")
def conflict_join(ctx: typer.Context, name: str = typer.Argument(..., help="Who joins (last in this round)."),
                  json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """A character joins the running conflict, last in this round's turns."""
    with _tracker(ctx, lang) as (camp, tracker):
        told = _Told(tracker.lang)
        who = _find(camp, tracker, name)
        tracker.join(who)
        told.lines.append(told.es(f"{who} entra en el conflicto.", f"{who} joins the conflict."))
        _record(camp, tracker, told, f"{who} joins the conflict")
    _show(tracker, told, Printer(json_))
    return 0


@conflict_app.command("leave")
def conflict_leave(ctx: typer.Context, name: str = typer.Argument(..., help="Who leaves."),
                   json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """A character leaves the running conflict."""
    with _tracker(ctx, lang) as (camp, tracker):
        told = _Told(tracker.lang)
        who = _find(camp, tracker, name)
        told(tracker.leave(who))
        _record(camp, tracker, told, f"{who} leaves the conflict")
    _show(tracker, told, Printer(json_))
    return 0


@conflict_app.command("end")
def conflict_end(ctx: typer.Context, seed: Optional[int] = SEED, dice: Optional[str] = DICE, json_: bool = JSON,
                 lang: Optional[str] = LANG) -> int:
    """End the conflict: the system's end-of-scene recovery for the participants; effects cleared."""
    with _tracker(ctx, lang, seed, dice) as (camp, tracker):
        told = _Told(tracker.lang)
        told(tracker.end())
        told.lines.insert(0, told.es("Fin del conflicto.", "The conflict ends."))
        tracker.source.finish()
        _record(camp, tracker, told, "conflict ended")
    _show(tracker, told, Printer(json_))
    return 0


# --- effects ------------------------------------------------------------------


@effect_app.command("add")
def effect_add(ctx: typer.Context, name: str = typer.Argument(..., help="The character it lies on."),
               text: str = typer.Argument(..., help="What it is."),
               rounds: Optional[int] = typer.Option(None, "--rounds", help="Lasts N ends of round (this one counts)."),
               until_turn: bool = typer.Option(False, "--until-turn", help="Lasts until that character's next turn."),
               scene: bool = typer.Option(False, "--scene", help="Lasts until the end of the scene (the default)."),
               json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """Add an effect on a character (a condition, a note the table must not forget)."""
    if sum([rounds is not None, until_turn, scene]) > 1:
        raise RoleError("give one of --rounds N, --until-turn and --scene.")
    if rounds is not None and not 1 <= rounds <= MAX_EFFECT_ROUNDS:
        raise RoleError(f"--rounds {rounds} is out of range 1..{MAX_EFFECT_ROUNDS}.")
    if not text.strip() or len(text) > MAX_EFFECT_TEXT:
        raise RoleError(f"an effect's text is 1 to {MAX_EFFECT_TEXT} characters.")
    if any("\ud800" <= c <= "\udfff" for c in text):  # bytes that were not UTF-8, as sys.argv passes them on
        raise RoleError("an effect's text is not valid UTF-8 text; type it again in UTF-8.")
    until = "rounds" if rounds is not None else "next_turn" if until_turn else "scene"
    with _tracker(ctx, lang) as (camp, tracker):
        told = _Told(tracker.lang)
        who = _find(camp, tracker, name)
        added = tracker.scene.add(Effect(on=who, text=text.strip(), until=until, rounds=rounds))
        told.events.append({"event": "added", "effect": added.as_json()})
        lasts = _lasts(added, told.lang)
        told.lines.append(told.es(f"Efecto #{added.id} sobre {who}: {added.text} ({lasts}).",
                                  f"Effect #{added.id} on {who}: {added.text} ({lasts})."))
        _record(camp, tracker, told, f"effect #{added.id} on {who}: {added.text}")
    Printer(json_).result(added.as_json(), told.lines)
    return 0


@effect_app.command("list")
def effect_list(ctx: typer.Context, name: Optional[str] = typer.Argument(None, help="Only the effects on this character."),
                json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """List the effects in force."""
    with _tracker(ctx, lang) as (camp, tracker):
        who = _find(camp, tracker, name) if name else None
    printer = Printer(json_)
    shown = [e for e in tracker.scene.effects if who is None or e.on == who]
    for e in shown:
        printer.result(e.as_json(), [f"#{e.id} {e.on}: {e.text} ({_lasts(e, tracker.lang)})"])
    if not shown and not json_:
        from rolecli.output import note

        note(_es(tracker.lang, "no hay efectos en curso.", "no effects in force."))
    return 0


@effect_app.command("remove")
def effect_remove(ctx: typer.Context, ids: list[int] = typer.Argument(..., help="The effects' numbers (#N)."),
                  json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """Remove effects by number."""
    with _tracker(ctx, lang) as (camp, tracker):
        told = _Told(tracker.lang)
        known = {e.id for e in tracker.scene.effects}
        missing = [i for i in ids if i not in known]
        if missing:
            have = ", ".join(f"#{i}" for i in sorted(known)) or told.es("ninguno", "none")
            raise RoleError(f"no effect #{missing[0]}; effects in force: {have}.")
        gone = tracker.scene.remove(ids)
        told.events += [{"event": "removed", "effect": e.as_json()} for e in gone]
        told.lines += [told.es(f"Quitado #{e.id} de {e.on}: {e.text}.", f"Removed #{e.id} from {e.on}: {e.text}.")
                       for e in gone]
        _record(camp, tracker, told, "removed effect(s) " + ", ".join(f"#{e.id}" for e in gone))
    Printer(json_).result({"removed": [e.as_json() for e in gone]}, told.lines)
    return 0
