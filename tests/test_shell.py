"""``rolecli shell`` (issue 22): fed from a pipe it is ``batch -``; on a terminal,
a prompt with history kept between sessions and TAB completion."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import termios
import time

import pytest

# One of each kind of line: a result, a failed check, a change, a comment, an error.
LINES = ("roll 1d6 --dice 4\n# a comment\nroll 1d20>=15 --dice 3\n-C demo damage Ana 2\n"
         "rolecli roll 1d6 --dice 9\nroll 1d6 --dice 2\n")


@pytest.mark.parametrize("stdin", [LINES, "roll 1d6 --dice 4\n", "roll 1d20>=15 --dice 3\n", "shell\n", ""])
def test_fed_from_a_pipe_it_is_batch(cli, campaigns, tmp_path, stdin):
    shutil.copytree(campaigns, tmp_path / "again")  # batch runs the same lines on the campaigns as they were
    shell = cli("shell", stdin=stdin)
    batch = cli("--campaigns", tmp_path / "again", "batch", "-", stdin=stdin)
    assert (shell.code, shell.out, shell.err) == (batch.code, batch.out, batch.err)


def test_the_done_when_line(run_process):
    result = run_process("shell", stdin="roll 1d6 --dice 4\n")
    assert (result.code, result.out) == (0, "1d6 [4] = 4\n")


def test_a_shell_inside_a_batch_is_refused_in_one_line(cli):
    result = cli("batch", "-", stdin="shell\n")
    assert (result.code, result.err) == (2, "rolecli: line 1: batch cannot run shell\n")


# --- completion -------------------------------------------------------------


def complete(before: str, text: str, *root: str) -> list[str]:
    """What TAB offers for ``text`` after ``before`` in ``rolecli ROOT shell``."""
    import typer

    from rolecli.cli import app
    from rolecli.commands.shell import completions

    command = typer.main.get_command(app)
    with command.make_context("rolecli", [*root, "shell"], resilient_parsing=True, obj={}) as ctx:
        return completions(ctx, before, text)


def test_completion_offers_commands_verbs_campaigns_characters_and_choices(cli):
    assert complete("", "ro") == ["roll"]
    assert {"roll", "campaign", "fate", "exit", "help"} <= set(complete("", ""))
    assert complete("fate ", "co") == ["compel", "concede", "contest"]
    assert complete("campaign use ", "ca") == ["caminantes"]
    assert complete("-C ", "d") == ["demo"]
    assert complete("help ", "od") == ["odds"]
    cli("campaign", "use", "demo")
    assert complete("", "dam") == ["damage"]  # a verb of the current campaign's system
    assert complete("damage ", "B") == ["Bruno"]
    assert complete("damage ", "") == ["Ana", "Bruno", "Esqueleto"]
    assert complete("check Ana 1d20 ", "--ta") == ["--target"]
    assert complete("-C caminantes attack Lucía ", "--tr") == ["--track"]
    assert complete("-C caminantes attack Lucía --track ", "") == ["compostura", "salud"]


def test_completion_quotes_a_name_with_a_space_and_reads_the_command_lines_campaign(campaigns, tmp_path):
    other = tmp_path / "elsewhere"
    shutil.copytree(campaigns, other)
    assert complete("damage ", "Guardia", "--campaigns", str(other), "-C", "v5") == [
        "'Guardia 1'", "'Guardia 2'", "'Guardia 3'"]
    assert complete("damage ", "'Guardia 1", "--campaigns", str(other), "-C", "v5") == ["'Guardia 1'"]
    assert complete("damage 'unclosed ", "") == []


# --- on a terminal ----------------------------------------------------------


class Terminal:
    """``rolecli shell`` on a pseudo-terminal: type into it, read what it shows."""

    def __init__(self, env: dict[str, str], *args: str):
        self.master, slave = pty.openpty()
        full = {**os.environ, "TERM": "xterm", "COLUMNS": "200", "LINES": "50", **env}
        full.pop("NO_COLOR", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "rolecli", *args, "shell"], stdin=slave,
                                     stdout=slave, stderr=slave, env=full, start_new_session=True,
                                     preexec_fn=_controlling)
        os.close(slave)
        self.seen = b""

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode("utf-8"))

    def expect(self, pattern: str, timeout: float = 30) -> str:
        """Read until ``pattern`` (a regex) shows in what came since the last expect; that text."""
        end = time.monotonic() + timeout
        while not re.search(pattern, _plain(self.seen)):
            ready, _, _ = select.select([self.master], [], [], max(end - time.monotonic(), 0))
            if not ready:
                raise AssertionError(f"{pattern!r} not shown within {timeout} s; shown:\n{_plain(self.seen)}")
            try:
                self.seen += os.read(self.master, 65536)
            except OSError:  # the shell is gone
                raise AssertionError(f"{pattern!r} never shown; shown:\n{_plain(self.seen)}") from None
        shown = _plain(self.seen)
        cut = re.search(pattern, shown).end()
        self.seen = shown[cut:].encode("utf-8")
        return shown[:cut]

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        finally:
            os.close(self.master)


def _controlling() -> None:
    """Make the pseudo-terminal the shell's controlling terminal (as a terminal
    window does), so that Ctrl-C typed into it is a SIGINT."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _plain(raw: bytes) -> str:
    """What a terminal shows, without its escape sequences and carriage returns."""
    text = raw.decode("utf-8", "replace")
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r", "", text)


@pytest.fixture
def shell_env(campaigns, cli, tmp_path) -> dict[str, str]:
    assert cli("campaign", "use", "demo").code == 0
    return {"ROLECLI_CAMPAIGNS": str(campaigns), "ROLECLI_LANG": "en", "ROLECLI_HISTORY": str(tmp_path / "history")}


@pytest.mark.slow  # a process on a pseudo-terminal
def test_type_recall_from_history_and_complete_a_name(shell_env, campaigns, tmp_path):
    term = Terminal(shell_env)
    term.expect(r"rolecli:demo> ")
    term.type("roll 1d6 --dice 4\r")
    assert "1d6 [4] = 4" in term.expect(r"rolecli:demo> ")
    term.type("\x1b[A\r")  # up-arrow: the line again
    assert "1d6 [4] = 4" in term.expect(r"rolecli:demo> ")
    term.type("damage Bru\t3\r")  # TAB completes the name (and a space)
    shown = term.expect(r"rolecli:demo> ")
    assert "damage Bruno 3" in shown and "Bruno" in shown.split("damage Bruno 3", 1)[1]
    # Waiting at the prompt, the shell holds no campaign lock and has written the change.
    with open(campaigns / "demo" / ".lock", "rb+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    assert "damage = 3" in (campaigns / "demo" / "state.toml").read_text()
    term.type("roll 1d6 --dice 9\r")  # an error is its line, and the shell goes on
    assert "cannot be a d6 result" in term.expect(r"rolecli:demo> ")
    term.type("roll 1d6")
    # Ctrl-C a moment after the keys, as a person presses it: a SIGINT that lands while
    # CPython's readline is handling a key (not waiting for one) is acted on only at the
    # next key, since readline then waits in select() without looking at signals.
    term.expect(r"roll 1d6")
    time.sleep(0.5)
    term.type("\x03")  # Ctrl-C drops the line
    term.expect(r"rolecli:demo> ")
    term.type("exit\r")
    assert term.close() == 0
    history = (tmp_path / "history").read_text().splitlines()
    assert history[-3:] == ["damage Bruno 3", "roll 1d6 --dice 9", "exit"]
    assert "roll 1d6" not in history  # the line Ctrl-C dropped

    again = Terminal(shell_env)  # a new session recalls the last one's lines
    again.expect(r"rolecli:demo> ")
    again.type("\x1b[A\x1b[A\x1b[A\r")
    assert "damage Bruno 3" in again.expect(r"rolecli:demo> ")
    again.type("\x04")  # Ctrl-D leaves too
    assert again.close() == 0


@pytest.mark.slow  # a process on a pseudo-terminal, and a long simulation
def test_ctrl_c_stops_the_command_running_and_a_line_typed_ahead_still_runs(shell_env, campaigns):
    term = Terminal(shell_env)
    term.expect(r"rolecli:demo> ")
    encounter = campaigns / "demo" / "encounter.toml"
    term.type(f"encounter simulate {encounter} --trials 1000000 --seed 3 --json\r")
    term.expect(r"[0-9]+% ")  # its progress shows: it runs (a Ctrl-C before the line is read only drops it)
    term.type("\x03")
    assert "rolecli: interrupted." in term.expect(r"rolecli:demo> ")
    term.type(f"encounter simulate {encounter} --trials 50 --seed 3 --json\r")
    term.type("roll 1d6 --dice 3\r")  # typed while the simulation runs
    assert '"trials": 50' in term.expect(r"rolecli:demo> ")
    assert "1d6 [3] = 3" in term.expect(r"rolecli:demo> ")
    term.type("exit\r")
    assert term.close() == 0


@pytest.mark.slow  # a process on a pseudo-terminal
def test_a_history_file_that_cannot_be_one_costs_a_note_and_stays_as_it_is(shell_env, tmp_path):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    term = Terminal({**shell_env, "ROLECLI_HISTORY": str(folder)})
    assert "the history is not kept" in term.expect(r"rolecli:demo> ")
    term.type("exit\r")
    assert term.close() == 0
    assert list(folder.iterdir()) == []


@pytest.mark.slow  # a process on a pseudo-terminal
def test_the_prompt_follows_the_current_campaign_and_the_command_lines_choice(shell_env, tmp_path):
    script = tmp_path / "evening.rolecli"
    script.write_text("roll 1d6 --dice 2\ncampaign use v5\n", encoding="utf-8")
    term = Terminal(shell_env)
    term.expect(r"rolecli:demo> ")
    term.type("shell\r")
    assert "rolecli: shell cannot run shell" in term.expect(r"rolecli:demo> ")
    term.type(f"batch {script}\r")  # a script of lines, from the prompt
    assert "1d6 [2] = 2" in term.expect(r"rolecli:v5> ")
    term.type("exit\r")
    assert term.close() == 0
    pinned = Terminal(shell_env, "-C", "caminantes")
    pinned.expect(r"rolecli:caminantes> ")
    pinned.type("quit\r")
    assert pinned.close() == 0


def test_history_file_is_the_variables_else_the_users_state_folder(monkeypatch, tmp_path):
    from rolecli.commands.shell import history_file

    monkeypatch.setenv("ROLECLI_HISTORY", str(tmp_path / "h"))
    assert history_file() == tmp_path / "h"
    monkeypatch.setenv("ROLECLI_HISTORY", "")
    assert history_file() is None
    monkeypatch.delenv("ROLECLI_HISTORY")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert history_file() == tmp_path / "state" / "rolecli" / "history"
