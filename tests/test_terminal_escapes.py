"""Text from a campaign, a table, an encounter file, a comment or a plugin never
drives the terminal: its control characters reach the screen as visible escapes.

Each case runs rolecli as a real process whose stdout and stderr are a
pseudo-terminal, so the output takes the rich path it takes for a person. The
injected sequence sets the window's title, rings the bell and clears the screen;
rich's own styling escapes are allowed, the injected ones are not, and the text
must still be there in visible form (``\\x1b]0;PWNED``).
"""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from rolecli.output import dumps

pytestmark = pytest.mark.slow  # each case is a process on a pseudo-terminal

INJECT = "\x1b]0;PWNED\x07\x1b[2J"
SHOWN = b"\\x1b]0;PWNED\\x07\\x1b[2J"
RAW = (b"\x1b]0;PWNED", b"\x07", b"\x1b[2J")


def on_terminal(*args: str, cwd: Path | None = None) -> tuple[int, bytes]:
    """Run ``rolecli ARGS`` with stdout and stderr on one pseudo-terminal; its exit code and all it wrote."""
    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "250", "LINES": "50"}
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen([sys.executable, "-m", "rolecli", *args], stdin=subprocess.DEVNULL, stdout=slave,
                            stderr=slave, env=env, cwd=cwd)
    os.close(slave)
    out = b""
    while True:
        ready, _, _ = select.select([master], [], [], 30)
        if not ready:
            proc.kill()
            raise AssertionError(f"rolecli {' '.join(args)} wrote nothing for 30 s")
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end closed: the process is done
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    return proc.wait(timeout=30), out


def assert_escaped(out: bytes) -> None:
    for raw in RAW:
        assert raw not in out, f"{raw!r} reached the terminal raw:\n{out!r}"
    assert SHOWN in out.replace(b"\r\n", b"\n"), f"the injected text is not shown escaped:\n{out!r}"


@pytest.fixture
def demo(campaigns, cli) -> Path:
    assert cli("campaign", "use", "demo").code == 0
    return campaigns / "demo"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def toml_text(value: str) -> str:
    return dumps(value)  # a JSON string is a TOML basic string, control characters escaped


def test_effect_text_in_effect_list_conflict_show_and_log(demo, cli):
    assert cli("conflict", "start", "Ana", "Bruno", "--seed", "1").code == 0
    assert cli("effect", "add", "Ana", INJECT).code == 0
    for command in (["effect", "list"], ["conflict", "show"], ["log"]):
        code, out = on_terminal(*command)
        assert code == 0, out
        assert_escaped(out)


def test_roll_comment():
    code, out = on_terminal("roll", f"1d6 # {INJECT}", "--dice", "4")
    assert code == 0
    assert_escaped(out)


def test_campaign_title_in_campaign_show(demo):
    edit(demo / "campaign.toml", 'title = "La cripta de prueba"', f"title = {toml_text(INJECT)}")
    code, out = on_terminal("campaign", "show")
    assert code == 0, out
    assert_escaped(out)


def test_table_rows(demo):
    edit(demo / "campaign.toml", '"6" = "nada, por ahora"', f'"6" = {toml_text(INJECT)}')
    code, out = on_terminal("table", "show", "encuentros")
    assert code == 0, out
    assert_escaped(out)
    code, out = on_terminal("table", "roll", "encuentros", "--dice", "6")
    assert code == 0, out
    assert_escaped(out)


def test_encounter_title_and_side_name(demo, campaigns, tmp_path):
    text = (campaigns / "demo" / "encounter.toml").read_text(encoding="utf-8")
    text = text.replace('title = "La cripta"', f"title = {toml_text(INJECT)}")
    text = text.replace('sides."héroes"', f"sides.{toml_text('h' + INJECT)}")
    (tmp_path / "fight.toml").write_text(text, encoding="utf-8")
    for command in (["encounter", "check", "fight.toml"], ["encounter", "run", "fight.toml", "--seed", "1", "--dry-run"],
                    ["encounter", "simulate", "fight.toml", "--trials", "5", "--seed", "1"]):
        code, out = on_terminal(*command, cwd=tmp_path)
        assert code in (0, 1), out
        assert_escaped(out)


def test_hand_edited_trait_name_in_an_error(demo):
    edit(demo / "campaign.toml", "Sigilo = 1 }", f"Sigilo = 1, {toml_text('S' + INJECT)} = 1 }}")
    code, out = on_terminal("check", "Ana", "1d20", "--bonus", "Nadar", "--target", "10", "--dice", "5")
    assert code == 2, out
    assert_escaped(out)


def test_plugin_lines_on_the_terminal_and_in_the_log(demo, cli):
    edit(demo / "campaign.toml", "Sigilo = 1 }", f"Sigilo = 1, {toml_text('S' + INJECT)} = 1 }}")
    code, out = on_terminal("check", "Ana", "1d20", "--bonus", f"S{INJECT}", "--target", "10", "--dice", "15")
    assert code == 0, out
    assert_escaped(out)
    entry = cli("log", "-n", "1", "--json").json
    assert INJECT not in entry["summary"] and SHOWN.decode() in entry["summary"]


def test_json_escapes_what_json_leaves_raw():
    """C1 controls (0x9b is a CSI on some terminals) and direction overrides, which
    json.dumps writes raw, are \\u escapes: the same string to any JSON reader."""
    import json

    text = "a\x9b2Jb\u202ec\x1bd"
    written = dumps({"t": text})
    assert json.loads(written) == {"t": text}
    assert all(c not in written for c in "\x9b\u202e\x1b")
