"""Printing encounters: a play's account, event by event, and a simulation's figures.

A play's events are JSON objects (:mod:`.engine`); an :class:`Account`
prints each as one JSON line with ``--json``, else as the lines :func:`lines`
makes of it (rich on a terminal, plain text when piped, through
:class:`~rolecli.output.Printer`). The system's own lines (what was rolled,
what it did) are indented under the line saying who did what, as ``rolecli
<verb>`` prints them; ``brief`` keeps only the last, which the contract makes
the summary of what a verb did. The dice are in the JSON and in the campaign's log.
"""

from __future__ import annotations

import functools
from typing import Any

from rolecli.conflict import Event
from rolecli.output import Printer


def _t(lang: str, es: str, en: str) -> str:
    return es if lang == "es" else en


def _names(names) -> str:
    return ", ".join(names)


def lines(event: dict[str, Any], lang: str, brief: bool = False) -> list[str]:
    """The account's lines for one event (none for the events it leaves to
    others); ``brief``: a verb's summary on the line saying who did what."""
    kind = event["event"]
    t = functools.partial(_t, lang)
    said = ["  " + line for line in event.get("lines", ())]
    if brief and said and kind in ("action", "recovery", "morale"):
        return [lines(event, lang)[0] + " —" + said[-1][1:]]
    if brief and kind == "initiative":
        said = []
    if kind == "encounter":
        sides = "; ".join(f"{side}: {_names(names)}" for side, names in event["sides"].items())
        return [f"{event['title']} ({event['campaign']}, {event['system']}) — {sides}"]
    if kind in ("left_out", "skipped"):  # as the conflict commands tell them
        return [Event(kind, event["name"], why=event["why"]).say(lang)]
    if kind == "initiative":
        return [t("Iniciativa: ", "Initiative: ") + _names(event["turns"])] + said
    if kind == "round_started":
        return [t(f"Asalto {event['round']}", f"Round {event['round']}")]
    if kind == "action":
        whom = f" → {event['target']}" if event["target"] and event["role"] != "defend" else ""
        rolled = "".join(f" {r['expression']} = {r['total']}" for r in event["rolled"].values())
        return [f"{event['actor']}{whom}: {event['verb']}{rolled}"] + said
    if kind == "recovery":
        return [f"{event['name']}: {event['label']}"] + said
    if kind == "morale":
        held = t("aguanta", "holds") if event["held"] else t("se rompe", "breaks")
        return [t(f"Moral de {event['side']}: {held}", f"Morale of {event['side']}: {held}")] + said
    if kind == "nobody":
        return [t("Nadie puede actuar.", "Nobody can act.")]
    if kind == "end":
        return _ending(event, lang)
    if kind == "recorded" and not event["changed"]:
        return [t(f"Anotado en el registro de la campaña {event['campaign']} (#{event['seq']}); no ha cambiado a "
                  "ningún personaje de la campaña.",
                  f"Logged in campaign {event['campaign']} (#{event['seq']}); it changed no character of the "
                  "campaign.")]
    if kind == "recorded":
        return [t(f"Anotado en la campaña {event['campaign']} como un solo cambio (#{event['seq']}): 'rolecli undo' "
                  "deshace el encuentro entero.",
                  f"Recorded in campaign {event['campaign']} as one change (#{event['seq']}): 'rolecli undo' takes "
                  "the whole encounter back.")]
    if kind == "dry_run":
        return [t("Ensayo (--dry-run): no se ha anotado nada.", "Dry run: nothing was recorded.")]
    return []  # turns beginning and ending, rounds ending, effects expiring: in the JSON, not worth a line


def _ending(event: dict[str, Any], lang: str) -> list[str]:
    t = functools.partial(_t, lang)
    rounds, winner, reason = event["rounds"], event["winner"], event["reason"]
    after = t(f"tras {rounds} asalto(s)", f"after {rounds} round(s)")
    if winner is not None:
        why = {"side_out": t("a los demás no les queda nadie que pueda actuar",
                             "the others have nobody left who can act"),
               "morale": t("la moral de los demás se ha roto", "the others' morale broke")}[reason]
        said = t(f"El combate es para {winner} {after}: {why}.", f"The fight goes to {winner} {after}: {why}.")
    elif reason == "round_limit":
        said = t(f"Sin vencedor {after}: el límite de asaltos.", f"No winner {after}: the round limit.")
    else:
        said = t(f"Sin vencedor {after}: nadie puede actuar.", f"No winner {after}: nobody can act.")
    out = [said]
    if event["out"]:
        out.append(t("Fuera de combate: ", "Out of the fight: ") + _names(event["out"]) + ".")
    if event["already_out"]:  # apart: the fight did not take them out
        out.append(t("Ya fuera antes del combate: ", "Already out before the fight: ") + _names(event["already_out"])
                   + ".")
    return out


class Account:
    """A play's account as it happens: each event a JSON line with ``--json``,
    else its lines; that someone cannot act is said once, not every round."""

    def __init__(self, printer: Printer, lang: str, brief: bool = False):
        self.printer, self.lang, self.brief = printer, lang, brief
        self.out: set[str] = set()

    def __call__(self, event: dict[str, Any]) -> None:
        if self.printer.as_json:
            self.printer.result(event, [])
            return
        if event["event"] == "skipped":
            if event["name"] in self.out:
                return
            self.out.add(event["name"])
        said = lines(event, self.lang, self.brief)
        if said:
            self.printer.result(event, said)


# --- a simulation ---------------------------------------------------------------


def _pct(rate: float) -> str:
    return f"{rate * 100:.1f}%"


def _signed(value: float) -> str:
    return f"{value:+.2f}"


def simulation(printer: Printer, summary: dict[str, Any], lang: str) -> None:
    """A simulation's figures: a JSON object, or two tables and their notes."""
    if printer.as_json:
        printer.result(summary, [])
        return
    t = functools.partial(_t, lang)
    n = summary["trials"]
    title = t(f"{summary['encounter']} ({summary['campaign']}, {summary['system']}): {n} partidas, semilla "
              f"{summary['seed']}", f"{summary['encounter']} ({summary['campaign']}, {summary['system']}): {n} "
              f"trials, seed {summary['seed']}")
    rows = [[side, str(s["wins"]), _pct(s["rate"]), f"{_pct(s['ci95'][0])}–{_pct(s['ci95'][1])}"]
            for side, s in summary["sides"].items()]
    draws, endings = summary["draws"], summary["endings"]
    rows.append([t("empates", "draws"), str(draws["count"]), _pct(draws["rate"]), ""])
    rounds = summary["rounds"]
    spread = ", ".join(f"{r}: {_pct(k / n)}" for r, k in rounds["distribution"].items())
    notes = [t(f"Sin vencedor: {endings['round_limit']} en el límite de asaltos, {endings['nobody']} sin nadie en pie; "
               f"{endings['morale']} terminan por la moral.",
               f"No winner: {endings['round_limit']} at the round limit, {endings['nobody']} with nobody standing; "
               f"{endings['morale']} ended by morale."),
             t(f"Asaltos: media {rounds['mean']:.2f}; {spread}", f"Rounds: mean {rounds['mean']:.2f}; {spread}")]
    printer.table({}, title, [t("bando", "side"), t("victorias", "wins"), "%", t("intervalo 95%", "95% interval")],
                  rows, notes)
    people = [[name, p["side"], t("ya fuera", "already out") if p["already_out"] else _pct(p["taken_out_rate"]),
               ", ".join(f"{key} {_signed(change)}" for key, change in p["changes"].items()) or "—"]
              for name, p in summary["participants"].items()]
    printer.table({}, t("Por participante", "Per participant"),
                  [t("participante", "participant"), t("bando", "side"), t("fuera", "taken out"),
                   t("cambio medio del estado", "mean change of its state")], people)
