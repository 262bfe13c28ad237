"""A campaign's log as a session recap in Markdown, to paste into the group's notes.

What marks a session or a scene is only what the log holds:

- a **session** starts with the first entry shown, with a ``recover
  start_of_session``, and after a gap of :data:`SESSION_GAP` or more between
  two entries (the table went home);
- a **scene** ends with a ``recover end_of_scene``; a **conflict** is a scene of
  its own, from ``conflict start`` to ``conflict end`` (read from the scene
  table the entry changed, not from its words), closed by who fell in it.

Rolls and changes are one line each: the time, the verb, the entry's summary.
A character *falls* when a change takes it from able to act to not (the
system's own ``rolecli_status``, which the caller passes in as ``fell``).

Every text from the log (names, summaries, a note, an effect) goes through
:func:`plain`: whatever Markdown it holds is shown as the characters it is
(``# x`` is no heading, ``[a](javascript:...)`` no link, ``<b>`` no HTML).
"""

from __future__ import annotations

import re
import shlex
from datetime import datetime, timedelta
from typing import Any, Callable, Iterable, Iterator

from rolecli.campaign.operations import forward
from rolecli.errors import RoleError
from rolecli.i18n import t

SESSION_GAP = timedelta(hours=6)
# What a conflict's turn passing is made of (rolecli.conflict.Event): no line of its own.
_TURNING = {"turn_ended", "turn_started", "round_ended", "round_started", "skipped", "expired", "nobody"}

# Fell: (name, state before, state after) -> why it can no longer act, or None.
Fell = Callable[[str, dict, dict], "str | None"]

# Characters that mean something to Markdown wherever they stand (emphasis, code,
# links and images, HTML and autolinks, headings, tables, strikethrough, entities).
_INLINE = re.compile(r"([\\`*_\[\]<>#|~&])")
# What opens a block at the start of a list item's text: a list, a setext underline
# or a thematic break, an ordered list's number (its dot or parenthesis is escaped).
_LEADING = re.compile(r"^(\d*)([-+=.)])")


def plain(text: Any) -> str:
    """``text`` as Markdown that shows exactly these characters, on one line."""
    text = " ".join(str(text).split())  # one line: a newline in a name would start a block of its own
    return _LEADING.sub(r"\1\\\2", _INLINE.sub(r"\\\1", text))


def recap(entries: Iterable[dict[str, Any]], title: str, fell: Fell | None = None, lang: str = "en") -> str:
    """The Markdown recap of ``entries`` (oldest first) under the heading
    ``title``, its headings in ``lang`` (the log's summaries are as they were said)."""
    out = [f"# {plain(title)}"]
    scribe = _Scribe(out, fell or (lambda name, before, after: None), lang)
    for entry in entries:
        scribe.add(entry)
    scribe.close_conflict(going_on=True)
    if not scribe.sessions:
        out += ["", t("Nothing was logged in this span.", lang)]
    return "\n".join(out) + "\n"


class _Scribe:
    """Writes the recap entry by entry, keeping track of sessions, scenes and conflicts."""

    def __init__(self, out: list[str], fell: Fell, lang: str):
        self.out, self.fell, self.lang = out, fell, lang
        self.sessions = self.scenes = 0
        self.last_time: datetime | None = None
        self.in_scene = False
        self.conflict: list[str] | None = None  # who fell in the conflict going on

    def add(self, entry: dict[str, Any]) -> None:
        when = _time(entry)
        event = _recovery(entry)
        if (not self.sessions or event == "start_of_session"
                or (when and self.last_time and when - self.last_time >= SESSION_GAP)):
            self.close_conflict(going_on=True)
            self.sessions += 1
            self.scenes, self.in_scene = 0, False
            self.out += ["", f"## {t('Session', self.lang)} {self.sessions}" + (f" — {when:%Y-%m-%d %H:%M}" if when else "")]
        self.last_time = when or self.last_time
        started, ended = _conflict_change(entry)
        if started is not None:
            self.close_conflict()
            self.conflict = []
            who = ", ".join(map(plain, started)) or t("nobody yet", self.lang)
            self.out += ["", f"### {t('Conflict', self.lang)}: {who}", ""]
            self.in_scene = True
        elif not self.in_scene:
            self.scenes += 1
            self.out += ["", f"### {t('Scene', self.lang)} {self.scenes}", ""]
            self.in_scene = True
        self.out += list(self._lines(entry, when, started is not None or ended))
        if ended:
            self.close_conflict()
        elif event == "end_of_scene" and self.conflict is None:
            self.in_scene = False

    def _lines(self, entry: dict[str, Any], when: datetime | None, marks_conflict: bool) -> Iterator[str]:
        data = entry.get("data") if isinstance(entry.get("data"), dict) else {}
        events = [e for e in data.get("conflict") or [] if isinstance(e, dict)]
        rounds = [e["round"] for e in events if e.get("event") == "round_started" and isinstance(e.get("round"), int)]
        turn_only = (events and all(e.get("event") in _TURNING for e in events) and not entry.get("changes")
                     and not marks_conflict)
        if not turn_only:  # a turn passing is the tracker's business; a new round is worth a line
            action = data.get("action")
            verb = f"**{plain(action)}**: " if isinstance(action, str) and action else ""
            yield f"- {when:%H:%M} {verb}{plain(entry.get('summary', ''))}" if when else \
                f"- {verb}{plain(entry.get('summary', ''))}"
        round_, falls = t("Round", self.lang), t("falls", self.lang)
        yield from (f"- **{round_} {number}**" for number in rounds if not (marks_conflict and number == 1))
        for name, why in self._fallen(entry):
            yield f"  - {plain(name)} {falls}: {plain(why)}"
            if self.conflict is not None:
                self.conflict.append(f"{plain(name)} ({plain(why)})")

    def _fallen(self, entry: dict[str, Any]) -> Iterator[tuple[str, str]]:
        for step in forward(entry):
            if step["op"] != "state":
                continue
            for name, change in step["changes"].items():
                try:
                    why = self.fell(name, change["before"], change["after"])
                except RoleError:  # a recap is no place to fail: an old state the system no longer takes
                    why = None
                if why:
                    yield name, why

    def close_conflict(self, going_on: bool = False) -> None:
        """Say who fell in the conflict, at its end (or at the recap's, while it goes on)."""
        if self.conflict is not None:
            fallen = ", ".join(self.conflict) or t("nobody", self.lang)
            said = t("The conflict goes on; fell so far" if going_on else "Fell in this conflict", self.lang)
            self.out.append(f"- {said}: {fallen}.")
            self.conflict, self.in_scene = None, False


def _time(entry: dict[str, Any]) -> datetime | None:
    """When the entry was written (a time written by hand without its offset: local time)."""
    try:
        when = datetime.fromisoformat(entry.get("time", ""))
    except (TypeError, ValueError):
        return None
    return when if when.tzinfo else when.astimezone()


def _recovery(entry: dict[str, Any]) -> str | None:
    """The event of a ``recover EVENT`` entry, read from its command line."""
    data = entry.get("data") if isinstance(entry.get("data"), dict) else {}
    if data.get("action") != "recover":
        return None
    try:
        words = shlex.split(entry.get("command") or "")
    except ValueError:
        return None
    at = words.index("recover") if "recover" in words else -1
    return words[at + 1] if 0 <= at < len(words) - 1 else None


def _conflict_change(entry: dict[str, Any]) -> tuple[list[str] | None, bool]:
    """Whether the entry started a conflict (with whom) or ended one, from the
    scene table it changed (an undo of ``conflict start`` ends one too)."""
    sides = [step["scene"] for step in forward(entry) if "scene" in step]
    if not sides:
        return None, False
    before, after = sides[0]["before"].get("conflict"), sides[-1]["after"].get("conflict")
    if after and not before:
        who = after.get("participants") or after.get("turns") or []
        return [str(name) for name in who if isinstance(name, str)], False
    return None, bool(before and not after)
