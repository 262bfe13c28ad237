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

from __future__ import annotations

from typing import Any, Optional

import typer

from rolecli.commands import DICE, JSON, LANG, REGISTRY, SEED, current_campaign, systems_lookup
from rolecli.conflict import MAX_EFFECT_ROUNDS, MAX_EFFECT_TEXT, turns_of
from rolecli.contract import Action, Effect, Outcome
from rolecli.errors import RoleError
from rolecli.output import Printer
from rolecli.session import session_of

conflict_app = typer.Typer(name="conflict", no_args_is_help=True,
                           help="Run a conflict: turns and rounds in the system's order, effects that expire.")
effect_app = typer.Typer(name="effect", no_args_is_help=True,
                         help="Effects that last between commands: add, list, remove.")
REGISTRY.update(conflict=conflict_app, effect=effect_app)



class _Play:
    """One conflict command: the campaign under its lock, its system, the scene,
    and what the command reports."""

    def __init__(self, ctx: typer.Context, lang: str | None, seed: int | None = None, dice: str | None = None):
        from rolecli.dice.source import DiceSource, parse_given
        from rolecli.i18n import choose_lang

        self.session = session_of(ctx)
        self.lang = choose_lang(lang or self.session.lang)
        self.source = DiceSource(seed, parse_given(dice))
        self.store, self.root, self.name = current_campaign(ctx)
        self.lines: list[str] = []
        self.events: list[dict[str, Any]] = []

    def __enter__(self) -> "_Play":
        from rolecli.conflict import Scene
        from rolecli.plugins import get_plugins

        self._txn = self.store.transaction(self.root, self.name, systems_lookup, command=self.session.command_line)
        self.camp = self._txn.__enter__()
        from rolecli.play import with_house

        self.system = with_house(get_plugins().system(self.camp.system), dict(self.camp.options))
        self.characters = self.camp.working_copies()
        self.touched: set[str] = set()  # the characters an outcome changed: only they are written
        self.scene = Scene.load(self.camp.scene)
        return self

    def __exit__(self, *exc) -> bool:
        return self._txn.__exit__(*exc)

    def context(self):
        from rolecli.play import rule_options
        from rolecli.contract import Context

        return Context(self.lang, self.source, rule_options(self.camp.info, self.camp.options, None),
                       self.characters, tuple(self.scene.effects), self.scene.turn)

    def es(self, es: str, en: str) -> str:
        return es if self.lang == "es" else en

    # --- the system's hooks -------------------------------------------------

    def why_not(self, name: str) -> str | None:
        """``None`` when ``name`` can act now, else why not."""
        from rolecli.status import status_of

        if name not in self.characters:
            return self.es("ya no está en la campaña", "no longer in the campaign")
        status = status_of(self.system, self.characters[name], self.context())
        return None if status.can_act else (status.why(self.lang) if status.why else status.key)

    def recover(self, event: str, names: list[str]) -> list:
        """The system's recovery for ``event`` on ``names``, if it declares the event."""
        from rolecli.conflict import Event

        spec = self.system.info.verb("recover")
        if spec is None or event not in [e for e, _ in self.system.info.events]:
            return []
        subjects = [self.characters[n] for n in names if n in self.characters]
        if not subjects:
            return []
        outcome = self.play(spec, Action(spec.name, {"event": event}), subjects)
        return [Event("said", why=line) for line in outcome.lines]

    def initiative(self, names: list[str], round_: int, kind: str | None) -> Outcome:
        spec = self.system.info.verb("initiative")
        if spec is None:
            raise RoleError(f"system {self.system.info.name!r} declares no initiative verb.")
        declared = {p.name for p in spec.params}
        params: dict[str, Any] = {}
        if kind is not None:
            if "kind" not in declared:
                raise RoleError(f"the initiative of {self.system.info.name!r} has no kind of conflict; drop --kind.")
            params["kind"] = _choice(spec, "kind", kind)
        if "round" in declared:
            params["round"] = round_
        return self.play(spec, Action(spec.name, params), [self.characters[n] for n in names])

    def play(self, spec, action: Action, subjects: list) -> Outcome:
        """The verb played as every verb is (:func:`rolecli.play.play`): its
        changes and the effects it leaves kept in the scene."""
        from rolecli.play import play

        ctx = self.context()
        outcome = play(self.system, spec, action, ctx, subjects, self.scene)
        self.touched.update(n for n in outcome.changes if n in self.characters)
        return outcome

    # --- recording and printing ---------------------------------------------

    def tell(self, events) -> None:
        for event in events:
            self.events.append(event.as_json())
            line = event.say(self.lang)
            if line:
                self.lines.append(line)

    def record(self, summary: str) -> None:
        changed = {n: self.characters[n].state for n in self.touched
                   if self.characters[n].state != self.camp.characters[n].state}
        self.camp.record(Outcome(data={"conflict": self.events}, changes=changed), kind="change",
                         summary=summary, scene=self.scene.dump())

    def payload(self) -> dict[str, Any]:
        turn = self.scene.turn
        c = self.scene.conflict
        return {"running": c is not None, "round": turn.round if turn else None, "turn": turn.actor if turn else None,
                "order": list(turn.order) if turn else [], "participants": list(c["participants"]) if c else [],
                "kind": c.get("kind") if c else None, "effects": [e.as_json() for e in self.scene.effects],
                "events": self.events}


def _choice(spec, name: str, value: str) -> str:
    param = next(p for p in spec.params if p.name == name)
    match = next((c for c in param.choices if c.casefold() == value.casefold()), None) if param.choices else value
    if match is None:
        raise RoleError(f"--{name} {value!r} is not one of: {', '.join(param.choices)}.")
    return match


def _find(play: _Play, name: str) -> str:
    from rolecli.campaign.store import find_character

    return find_character(play.characters, name, play.name)


def _show(play: _Play, printer: Printer, order: bool = False) -> None:
    """Print what the command did; ``order``: also the round's turns, who cannot act and the effects."""
    payload = play.payload()
    lines = list(play.lines)
    if not order:
        printer.result(payload, lines)
        return
    if payload["running"]:
        if not play.lines:
            lines.append(play.es(f"Asalto {payload['round']}, turno de {payload['turn'] or 'nadie'}.",
                                 f"Round {payload['round']}, {payload['turn'] or 'nobody'}'s turn."))
        order = [(">" if i == play.scene.conflict["turn"] else " ") + f" {i + 1}. {n}"
                 + ("" if play.why_not(n) is None else f" [{play.why_not(n)}]")
                 for i, n in enumerate(payload["order"])]
        lines += [play.es("Orden:", "Order:")] + order
    elif not play.lines:
        lines.append(play.es("No hay ningún conflicto en curso.", "No conflict is running."))
    if payload["effects"]:
        lines.append(play.es("Efectos:", "Effects:"))
        lines += [f"  #{e.id} {e.on}: {e.text} ({_lasts(e, play)})" for e in play.scene.effects]
    printer.result(payload, lines)


def _lasts(effect: Effect, play: _Play) -> str:
    es = play.es
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
    with _Play(ctx, lang, seed, dice) as play:
        chosen = [_find(play, n) for n in names] if names else list(play.characters)
        able = [n for n in chosen if play.why_not(n) is None]
        from rolecli.conflict import Event

        play.tell([Event("left_out", n, why=play.why_not(n)) for n in chosen if n not in able])
        if not able:
            raise RoleError("nobody named can act, so no conflict can start.")
        outcome = play.initiative(able, 1, kind)
        play.lines += outcome.lines
        turns, each_round = turns_of(outcome, play.characters, play.system.info.name)
        participants = list(dict.fromkeys(turns))
        play.tell(play.scene.start(turns, participants, kind, each_round))
        play.source.finish()
        play.record(f"conflict started: {', '.join(participants)}")
    _show(play, Printer(json_))
    return 0


@conflict_app.command("next")
def conflict_next(ctx: typer.Context, seed: Optional[int] = SEED, dice: Optional[str] = DICE, json_: bool = JSON,
                  lang: Optional[str] = LANG) -> int:
    """End this turn and start the next (a new round after the last turn)."""
    with _Play(ctx, lang, seed, dice) as play:
        c = play.scene.running()

        def new_round(round_: int, participants: list[str]):
            able = [n for n in participants if play.why_not(n) is None]
            if not able:
                return None
            return turns_of(play.initiative(able, round_, c.get("kind")), play.characters, play.system.info.name)

        play.tell(play.scene.advance(play.why_not, new_round,
                                     lambda who: play.recover("end_of_turn", [who]),
                                     lambda names: play.recover("end_of_round", names)))
        play.source.finish()
        turn = play.scene.turn
        play.record(f"round {turn.round}: {turn.actor or 'nobody'}'s turn")
    _show(play, Printer(json_))
    return 0


@conflict_app.command("show")
def conflict_show(ctx: typer.Context, json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """Show the conflict: round, whose turn, the order, who cannot act, effects."""
    with _Play(ctx, lang) as play:
        pass  # read under the lock, nothing recorded
    _show(play, Printer(json_), order=True)
    return 0


@conflict_app.command("join")
def conflict_join(ctx: typer.Context, name: str = typer.Argument(..., help="Who joins (last in this round)."),
                  json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """A character joins the running conflict, last in this round's turns."""
    with _Play(ctx, lang) as play:
        who = _find(play, name)
        why = play.why_not(who)
        if why is not None:
            raise RoleError(play.es(f"{who} no puede actuar: {why}.", f"{who} cannot act: {why}."))
        play.scene.join(who)
        play.lines.append(play.es(f"{who} entra en el conflicto.", f"{who} joins the conflict."))
        play.record(f"{who} joins the conflict")
    _show(play, Printer(json_))
    return 0


@conflict_app.command("leave")
def conflict_leave(ctx: typer.Context, name: str = typer.Argument(..., help="Who leaves."),
                   json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """A character leaves the running conflict."""
    with _Play(ctx, lang) as play:
        who = _find(play, name)
        play.tell(play.scene.leave(who))
        play.record(f"{who} leaves the conflict")
    _show(play, Printer(json_))
    return 0


@conflict_app.command("end")
def conflict_end(ctx: typer.Context, seed: Optional[int] = SEED, dice: Optional[str] = DICE, json_: bool = JSON,
                 lang: Optional[str] = LANG) -> int:
    """End the conflict: the system's end-of-scene recovery for the participants; effects cleared."""
    with _Play(ctx, lang, seed, dice) as play:
        participants = list(play.scene.running()["participants"])
        events = play.recover("end_of_scene", participants)
        events += play.scene.end()
        play.tell(events)
        play.lines.insert(0, play.es("Fin del conflicto.", "The conflict ends."))
        play.source.finish()
        play.record("conflict ended")
    _show(play, Printer(json_))
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
    with _Play(ctx, lang) as play:
        who = _find(play, name)
        added = play.scene.add(Effect(on=who, text=text.strip(), until=until, rounds=rounds))
        play.events.append({"event": "added", "effect": added.as_json()})
        play.lines.append(play.es(f"Efecto #{added.id} sobre {who}: {added.text} ({_lasts(added, play)}).",
                                  f"Effect #{added.id} on {who}: {added.text} ({_lasts(added, play)})."))
        play.record(f"effect #{added.id} on {who}: {added.text}")
    Printer(json_).result(added.as_json(), play.lines)
    return 0


@effect_app.command("list")
def effect_list(ctx: typer.Context, name: Optional[str] = typer.Argument(None, help="Only the effects on this character."),
                json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """List the effects in force."""
    with _Play(ctx, lang) as play:
        who = _find(play, name) if name else None
    printer = Printer(json_)
    shown = [e for e in play.scene.effects if who is None or e.on == who]
    for e in shown:
        printer.result(e.as_json(), [f"#{e.id} {e.on}: {e.text} ({_lasts(e, play)})"])
    if not shown and not json_:
        from rolecli.output import note

        note(play.es("no hay efectos en curso.", "no effects in force."))
    return 0


@effect_app.command("remove")
def effect_remove(ctx: typer.Context, ids: list[int] = typer.Argument(..., help="The effects' numbers (#N)."),
                  json_: bool = JSON, lang: Optional[str] = LANG) -> int:
    """Remove effects by number."""
    with _Play(ctx, lang) as play:
        known = {e.id for e in play.scene.effects}
        missing = [i for i in ids if i not in known]
        if missing:
            have = ", ".join(f"#{i}" for i in sorted(known)) or play.es("ninguno", "none")
            raise RoleError(f"no effect #{missing[0]}; effects in force: {have}.")
        gone = play.scene.remove(ids)
        play.events += [{"event": "removed", "effect": e.as_json()} for e in gone]
        play.lines += [play.es(f"Quitado #{e.id} de {e.on}: {e.text}.", f"Removed #{e.id} from {e.on}: {e.text}.")
                       for e in gone]
        play.record("removed effect(s) " + ", ".join(f"#{e.id}" for e in gone))
    Printer(json_).result({"removed": [e.as_json() for e in gone]}, play.lines)
    return 0
