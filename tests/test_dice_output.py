"""How a roll is drawn on a terminal: struck-through dice with rich, the plain
``~~x~~`` marker where the terminal cannot or should not draw styles."""

from __future__ import annotations

import io

import pytest

from rolecli.output import Printer

PLAIN = [{"NO_COLOR": "1"}, {"TERM": "dumb"}]


class Terminal(io.StringIO):
    def isatty(self):
        return True


def drawn(monkeypatch, line: str, **env) -> str:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    screen = Terminal()
    Printer(stream=screen).result({}, [line, "  dice read from --dice: d6=1 (dropped (lowest))"])
    return screen.getvalue()


def test_a_colour_terminal_strikes_the_dropped_die_through(monkeypatch):
    shown = drawn(monkeypatch, "4d6kh3 [6, 5, 2, ~~1~~] = 13")
    assert "~~" not in shown and "\x1b[" in shown


@pytest.mark.parametrize("env", PLAIN)
def test_no_color_and_a_dumb_terminal_keep_the_dropped_marker(monkeypatch, env):
    shown = drawn(monkeypatch, "4d6kh3 [6, 5, 2, ~~1~~] = 13", **env)
    assert "4d6kh3 [6, 5, 2, ~~1~~] = 13" in shown
    if env.get("TERM") == "dumb":
        assert "\x1b[" not in shown


@pytest.mark.parametrize("env", PLAIN)
@pytest.mark.parametrize("line", ["3d6! [6!, 4, 2, 3] = 15", "4d6r1 [~~1~~, 4, 3, 5, 6] = 18",
                                  "4d10>=6f1 [7*, 3, 1f, 10*] = 1"])
def test_exploded_rerolled_and_counted_markers_survive_plain_terminals(monkeypatch, env, line):
    assert line in drawn(monkeypatch, line, **env)


def test_a_dies_words_are_those_its_flags_give_once_kept():
    """``_why`` is worked out once per set of flags (a memo by its only argument)."""
    from rolecli.dice import roller

    assert all(roller._why(flags) == roller._why.__wrapped__(flags) for flags in range(2048))
    assert roller._why(roller.REROLLED) == "rerolled" and roller._why(0) == "kept"
