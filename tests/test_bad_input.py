"""The bad-input corpus (issue 7): hostile or broken input of every kind a
user, a file or a plugin can give rolecli, each case checked the same way.

Every case names its set-up (campaign files written into a private copy of
the sample campaigns, log lines appended, a batch file, an ``$EDITOR``
script, a fake plugin installed on PYTHONPATH), its command line and the exit
code it must give (2 for bad input, 4 for a plugin's failure, 0 where the
input must *work*), and optionally a word its message must hold. For every
case:

- the exit code;
- on an error, stderr is exactly one line starting ``rolecli: `` and stdout is
  empty; on success stderr holds no ``rolecli: `` line (the dice read may be
  explained there) or, for a broken plugin, one ``rolecli: warning: `` line;
  with stderr closed, no such line lands in stdout;
- no ``Traceback`` and no ``internal error`` anywhere;
- every file of the campaigns folder byte-identical afterwards (``.lock``
  files aside), no new file (a temporary one included), unless the case says
  what it writes.

Cases run in this process (fast) except those that need a real one (stdout
closed or on a full disk, argv that is not UTF-8, plugins on PYTHONPATH,
stdin closed, a signal): those all start together, once per session, and each
case's test reads its result.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pytest

from rolecli_testing import NOT_SHIPPED, REPO, Result, fake_distribution, in_quick_share, run_inprocess

# --- what a case is ------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    args: tuple  # the command line; "{tmp}" is the case's own folder; bytes go to argv as they are
    code: int = 2
    word: str | None = None  # a word the message must contain
    files: dict = field(default_factory=dict)  # path under the campaigns folder -> text or bytes ("x/": a folder)
    append: dict = field(default_factory=dict)  # path under the campaigns folder -> text or bytes, appended
    before: tuple = ()  # command lines run first, in this process (to make a log, a state, a conflict)
    batch: bytes | None = None  # written to {tmp}/batch.txt
    tmpfiles: dict = field(default_factory=dict)  # name -> text or bytes, written in {tmp} (an encounter, a table)
    editor: str | None = None  # a shell script, made $EDITOR
    plugin: str | None = None  # a plugin module, installed as a distribution on PYTHONPATH (a process case)
    stdin: str | None = None
    env: dict = field(default_factory=dict)  # environment variables for the command
    process: bool = False  # run as a real process
    redirect: str = ""  # for a process: a shell redirection of rolecli's standard streams (">&-", ">/dev/full")
    interrupt: bool = False  # for a process: SIGINT once it has printed its first line
    writes: bool = False  # the command must work and record something: the files may change
    leaves: tuple = ()  # files (under the campaigns folder) it may leave behind
    folder: bytes = b"campaigns"  # the name of the campaigns folder in {tmp} ("{root}" in args)
    partial: bool = False  # stdout may hold what ran before the error (a batch's earlier lines)
    warning: bool = False  # exit 0 with one "rolecli: warning: " line (a broken plugin skipped)
    then: Callable[[Path, Result], None] | None = None  # more checks on the campaigns folder and the result
    setup: Callable[[Path, Path], None] | None = None  # more set-up, given {tmp} and the campaigns folder
    slow: str = ""  # why `make check` leaves the case to `make test` (a cheaper neighbour stays in check)

    def __str__(self) -> str:
        return self.name


def C(name: str, *args: Any, **settings: Any) -> Case:
    return Case(name, args, **settings)


N309 = "9" * 309  # over a float's range
N400 = "9" * 400

DEMO = 'system = "dice"\ntitle = "demo"\n\n[characters.Ana]\nhp = 12\ntraits = { Fuerza = 3 }\n'
CAMINANTES = 'system = "fate"\n\n[characters."Lucía"]\nhabilidades = { Atletismo = 3 }\n'
DAMAGE = ("-C", "demo", "damage", "Ana", "3")


def demo(text: str) -> dict:
    """campaigns/demo/campaign.toml holding ``text``."""
    return {"demo/campaign.toml": text}


def entry(**fields: Any) -> str:
    """A log line: a damage entry of Ana's, with ``fields`` changed (None: left out)."""
    line = {"seq": 2, "time": "2026-12-01T09:24:36+00:00", "command": "rolecli -C demo damage Ana 3",
            "kind": "change", "summary": "Ana: 9/12 HP", "data": {}, "op": "state",
            "changes": {"Ana": {"before": {"damage": 0}, "after": {"damage": 3}}}}
    line.update(fields)
    return json.dumps({k: v for k, v in line.items() if v is not None}, ensure_ascii=False) + "\n"


def scene(round_="1", turn="0", turns='["Ana"]', participants='["Ana"]', each="false") -> dict:
    return {"demo/state.toml": f"[scene.conflict]\nround = {round_}\nturn = {turn}\nturns = {turns}\n"
                               f"participants = {participants}\neach_round = {each}\n"}


def log_has(seq: int, command: str):
    def check(root: Path, result: Result) -> None:
        lines = (root / "demo" / "log.jsonl").read_text(encoding="utf-8").splitlines()
        last = json.loads(lines[-1])
        assert last["seq"] == seq and command in last["command"], last

    return check


HEAD = "from rolecli import hookimpl\nfrom rolecli.contract import *\nROLECLI_CONTRACT = 2\n"


def hook(signature: str, body: str, first: bool = True) -> str:
    """A plugin with one hook implementation (run before the system's own)."""
    return HEAD + f"@hookimpl{'(tryfirst=True)' if first else ''}\ndef {signature}:\n    {body}\n"


def system(body: str) -> str:
    return hook("rolecli_system()", body, first=False)


FATE_CHECK = ("fate", "check", "3", "--dice", "+,+,0,0")
LUCIA_HIT = ("-C", "caminantes", "damage", "Lucía", "1")


# --- the corpus ----------------------------------------------------------------

DICE = [
    C("empty expression", "roll", "", word="empty"),
    C("blank expression", "roll", "   ", word="empty"),
    C("an open parenthesis alone", "roll", "(", word="'('"),
    C("a closing parenthesis too many", "roll", "1d6)", word="')'"),
    C("a parenthesis never closed", "roll", "((1d6)", word="')'"),
    C("a die with no sides", "roll", "1d", word="sides"),
    C("d alone", "roll", "d", word="sides"),
    C("a die of 0 sides", "roll", "1d0", word="at least 1 side"),
    C("negative sides", "roll", "1d-1"),
    C("a count of 23 digits", "roll", "99999999999999999999999d6", word="limit"),
    C("sides of 17 digits", "roll", "1d99999999999999999", word="limit"),
    C("one die over the count limit", "roll", "10001d6", word="10,000"),
    C("one side over the sides limit", "roll", "1d1000001", word="1,000,000"),
    C("dice over the limit in a product", "roll", "10000d1000000*10000d1000000*10000d1000000", word="limit"),
    C("an expression of 5,000 characters", "roll", "9" * 5000, word="too long"),
    C("division by zero", "roll", "1d6/0", word="division by zero"),
    C("division by a roll that is 0", "roll", "1d6/(1d1-1)", word="division by zero"),
    C("Arabic-Indic digits", "roll", "١d٦", word="unexpected"),
    C("fullwidth digits", "roll", "２d6", word="unexpected"),
    C("keep more dice than rolled", "roll", "4d6kh5", word="at most 4"),
    C("drop more dice than rolled", "roll", "4d6dl5", word="at most 4"),
    C("keep a count of 309 digits", "roll", "1d6kh" + N309),
    C("an explosion on a d1", "roll", "1d1!", word="never stop"),
    C("a reroll that always matches", "roll", "1d6r<=6", word="forever"),
    C("a reroll of 309 digits", "roll", "1d6r" + N309),
    C("an explosion beyond every face", "roll", "1d6!>" + N309),
    C("a minimum above every face", "roll", "1d6mi7", word="above every face"),
    C("a maximum below every face", "roll", "1d6ma0", word="below every face"),
    C("a group never closed", "roll", "{1d6, 1d8", word="'}'"),
    C("an empty group", "roll", "{}"),
    C("a custom die with no faces", "roll", "d{}", word="face"),
    C("a custom die of words", "roll", "d{a,b}", word="unexpected"),
    C("a custom die with a face of 309 digits", "roll", "d{1," + N309 + "}"),
    C("a dynamic count that can be negative", "roll", "(1d4-5)d6", word="0..10,000"),
    C("a dynamic count of 309 digits", "roll", f"({N309})d6"),
    C("a comparison with nothing after it", "roll", "1d20>=", word="end"),
    C("a comparison with nothing before it", "roll", ">=5", word="modifier"),
    C("two success targets", "roll", "1d20>=5>=6", word="only one"),
    C("a label alone", "roll", "[fire]"),
    C("a label never closed", "roll", "1d6 [", word="closing"),
    C("two labels on one term", "roll", "1d6 [a] [b]", word="one label"),
    C("a comment alone", "roll", "#"),
    C("dbl with no faces", "roll", "1d6>=7f1dbl", word="dbl"),
    C("a repeat with no expression", "roll", "3x", word="after '3x'"),
    C("a repeat of 0", "roll", "0x1d6", word="1 to 100,000"),
    C("a repeat of 309 digits", "roll", N309 + "x1d6"),
    C("an exponent", "roll", "2**3"),
    C("a decimal count", "roll", "1.5d6", word="'.'"),
    C("scientific notation", "roll", "1e5", word="'e'"),
    C("NaN", "roll", "NaN"),
    C("a NUL byte", "roll", "1d6\x00"),
    C("-n 0", "roll", "1d6", "-n", "0", word="out of range"),
    C("-n negative", "roll", "1d6", "-n", "-1", word="out of range"),
    C("-n over the limit", "roll", "1d6", "-n", "100001", word="out of range"),
    C("-n not a number", "roll", "1d6", "-n", "abc", word="-n"),
    C("--seed abc", "roll", "1d6", "--seed", "abc", word="--seed"),
    C("--dice over the die", "roll", "1d6", "--dice", "7", word="1..6"),
    C("--dice 0", "roll", "1d6", "--dice", "0", word="1..6"),
    C("--dice a word", "roll", "1d6", "--dice", "a", word="1..6"),
    C("--dice empty values", "roll", "1d6", "--dice", ",", word="1..6"),
    C("--dice too many", "roll", "1d6", "--dice", "1,2", word="extra"),
    C("--dice too few", "roll", "2d6", "--dice", "1", word="ran out"),
    C("--dice of 309 digits", "roll", "1d6", "--dice", N309, word="1..6"),
    C("--dice a word for a fudge die", "roll", "1dF", "--dice", "x", word="fudge"),
    C("roll with no expression", "roll", word="Missing argument"),
    C("roll with an unknown option", "roll", "1d6", "--bogus", word="No such option"),
    # These must work.
    C("an expression starting with a minus works", "roll", "-1d4 + 3", "--seed", "1", code=0),
    C("a number of 309 digits rolls", "roll", N309, code=0),
]

ODDS = [
    C("odds of a number of 309 digits", "odds", N309, word="odds cannot be computed"),
    C("odds of a product of 309 digits", "odds", "1d6*" + N309, word="odds cannot be computed"),
    C("odds of a product over 300 digits", "odds", "1d2*" + "9" * 300, word="300 digits"),
    C("odds of a difference of huge numbers work", "odds", f"{N400}-{N400}+1d6", code=0),
    C("odds of a count of 309 digits", "odds", N309 + "d6", word="limit"),
    C("odds too large to compute", "odds", "1d999999", word="too large"),
    C("odds of a bad expression", "odds", "1d0", word="at least 1 side"),
    C("odds --at-least a word", "odds", "1d6", "--at-least", "abc", word="--at-least"),
    C("odds with no expression", "odds", word="Missing argument"),
    C("odds of an unknown system", "odds", "nope", "check", word="unknown rule system"),
    C("odds of a system with no verb", "odds", "fate", "nope", word="check, contest, attack"),
    C("odds of a fate check of a word", "odds", "fate", "check", "abc", word="names a trait"),
    C("odds of a middle ND out of range", "odds", "middle", "check", "2", "--nd", "99", word="out of range"),
    # These must work.
    C("odds of 1d6 divided by 309 digits work", "odds", "1d6/" + N309, code=0),
    C("odds --at-least 309 digits work", "odds", "1d6", "--at-least", N309, code=0),
    C("odds of a comparison with 309 digits work", "odds", "(1d20)>=" + N309, "--json", code=0),
    C("a success target of 309 digits", "odds", "1d20>=" + N309, word="can never match a d20"),
]

VERBS = [
    C("fate skill out of the ladder", "fate", "check", "99", word="-2..8"),
    C("fate difficulty not on the ladder", "fate", "check", "3", "--difficulty", "Nope", word="Ladder"),
    C("fate difficulty of 400 digits", "fate", "check", "3", "--difficulty", N400, word="out of range"),
    C("fate defence naming a trait on a quick roll", "fate", "attack", "3", "x", word="no character"),
    C("fate stress not a number", "fate", "damage", "abc", word="is neither a number nor a dice expression"),
    C("fate --rule with a bad choice", "fate", "check", "3", "--rule", "stress=bogus", word='"points", "sotc"'),
    C("fate --rule unknown", "fate", "check", "3", "--rule", "nope=1", word="Options"),
    C("fate --rule with no key", "fate", "check", "3", "--rule", "=x", word="key=value"),
    C("fate --rule out of range", "fate", "check", "3", "--rule", "max_consequences=99", word="1..4"),
    C("fate --rule nested arrays", "fate", "check", "3", "--rule", "refresh=[[[[1]]]]", word="whole number"),
    C("fate -n 0", "fate", "check", "3", "-n", "0", word="out of range"),
    C("fate trait unknown: the traits", "-C", "caminantes", "check", "Lucía", "Nadar", word="Traits:"),
    C("fate trait misspelt: the closest", "-C", "caminantes", "check", "Lucía", "Atletismoo",
      word="Did you mean 'Atletismo'?"),
    C("fate unknown character", "-C", "caminantes", "check", "Nadie", "Atletismo", word="Characters:"),
    C("fate unknown target", "-C", "caminantes", "attack", "Lucía", "Atletismo", "Alerta", "--target", "Nadie",
      word="no character 'Nadie'"),
    C("fate unknown recovery event", "-C", "caminantes", "recover", "bogus", word="end_of_scene"),
    C("alternity steps of 400 digits", "alternity", "check", "13", "--steps", N400, word="-30..30"),
    C("alternity score out of range", "alternity", "check", "999", word="0..40"),
    C("alternity encumbrance with a STR of 400 digits", "alternity", "encumbrance", "40", "--strength", N400,
      word="1..25"),
    C("alternity throw with a STR of 0", "alternity", "throw", "4", "--strength", "0", word="1..25"),
    C("fate throw of 400 digits of zones", "fate", "throw", "3", "--zones", N400, word="1..100"),
    C("fate push with a modifier of 400 digits", "fate", "push", "3", "--modifier", N400, word="-20..20"),
    C("fate push with an opposition's modifier of 400 digits", "fate", "push", "3", "--target-modifier",
      "-" + N400, word="-20..20"),
    C("v5 a pool of 400 digits", "v5", "roll", N400, word="-100..100"),
    C("v5 a pool of a trait and 200 dice", "-C", "v5", "check", "Tracy", "Fuerza+200", "--difficulty", "2",
      word="-100..100"),
    C("v5 a contest against 400 digits", "v5", "contest", "3", N400, word="-100..100"),
    C("alternity a bad kind", "alternity", "check", "13", "--kind", "bogus", word="specialty, broad"),
    C("alternity damage not understood", "-C", "aaa", "damage", "Zug", "5x", word="not understood"),
    C("alternity damage dice of 0 sides", "-C", "aaa", "damage", "Zug", "d0s/d0w/d0m", word="sides"),
    C("alternity skill misspelt", "-C", "aaa", "attack", "Zug", "Nope", "d4s/d6w/d4m", "--target", "Grimes",
      word="Traits:"),
    C("giro limit out of range", "giro", "check", "99", word="0..24"),
    C("giro damage of 400 digits", "-C", "giro", "damage", "Berthold", N400, word="out of range"),
    C("giro unknown trait", "-C", "giro", "check", "Berthold", "Nope", word="Traits:"),
    C("middle capability out of range", "middle", "check", "9", word="0..3"),
    C("middle ND out of range", "middle", "check", "2", "--nd", "-99", word="out of range"),
    C("middle unknown location", "-C", "middle", "strike", "Bruno", "--target", "Perro", "--location", "nowhere",
      word="body, legs"),
    C("middle unknown capability", "-C", "middle", "check", "Aldara", "nope", word="Capabilities:"),
    C("v5 difficulty out of range", "v5", "check", "5", "--difficulty", "-1", word="1..30"),
    C("v5 damage of 400 digits", "-C", "v5", "damage", "Tracy", N400, word="out of range"),
    C("v5 unknown target", "-C", "v5", "attack", "Tracy", "Destreza+Armas de Fuego", "--target", "Nadie",
      word="no character 'Nadie'"),
    C("dice damage of 400 digits", "-C", "demo", "damage", "Ana", N400, word="out of range"),
    C("dice heal over the range", "-C", "demo", "heal", "Ana", "99999999", word="0..1000000"),
    C("dice trait misspelt", "-C", "demo", "check", "Ana", "1d20", "--bonus", "Fuerzaa", "--target", "5",
      word="Did you mean 'Fuerza'?"),
    C("dice empty trait", "-C", "demo", "check", "Ana", "1d20", "--bonus", "Fuerza+", "--target", "5",
      word="empty trait"),
    C("dice check on a die of 0 sides", "dice", "check", "1d0", "--target", "5", word="at least 1 side"),
    C("dice --rule initiative_die that is no dice", "dice", "initiative", "--rule", "initiative_die=1d0",
      word="not a dice expression"),
    C("dice negative damage", "-C", "demo", "damage", "Ana", "-1", word="-1"),
    C("dice initiative of an unknown character", "-C", "demo", "initiative", "Nadie", word="Characters:"),
    C("a named roll that does not exist", "-C", "demo", "roll", "@nope", word="Named rolls"),
    C("a named roll that needs a character", "-C", "demo", "roll", "@ataque", word="name the character"),
]

CAMPAIGN_FILES = [
    C("campaign.toml: a syntax error", *DAMAGE, files=demo('system = "dice"\n[characters.Ana\nhp = 3\n'),
      word="line 2, column 16"),
    C("campaign.toml: system not a text", *DAMAGE, files=demo("system = 5\n"), word="system = 5"),
    C("campaign.toml: no system", *DAMAGE, files=demo('title = "x"\n'), word="no rule system"),
    C("campaign.toml: an unknown system", *DAMAGE, files=demo('system = "nope"\n'), word="installed systems"),
    C("campaign.toml: hp a text", *DAMAGE, files=demo(DEMO.replace("hp = 12", 'hp = "x"')), word="whole number"),
    C("campaign.toml: hp out of range", *DAMAGE, files=demo(DEMO.replace("hp = 12", "hp = -3")),
      word="out of range 1..1000000"),
    C("campaign.toml: hp of 30 digits", *DAMAGE, files=demo(DEMO.replace("hp = 12", "hp = " + "9" * 30)),
      word="out of range"),
    C("campaign.toml: a misspelt key", *DAMAGE, files=demo(DEMO.replace("hp = 12", "hpp = 12")),
      word="Did you mean 'hp'?"),
    C("campaign.toml: an unknown setting", *DAMAGE, files=demo(DEMO.replace('title = "demo"', "bogus = 1")),
      word="not a campaign setting"),
    C("campaign.toml: a rule out of its choices", *DAMAGE, files=demo(DEMO + '[rules]\nrest = "half"\n'),
      word='"full", "none"'),
    C("campaign.toml: an unknown rule", *DAMAGE, files=demo(DEMO + "[rules]\nnope = 1\n"), word="not a rule option"),
    C("campaign.toml: a dice rule that is no dice expression (1d0)", *DAMAGE,
      files=demo(DEMO + '[rules]\ninitiative_die = "1d0"\n'), word="initiative_die"),
    C("campaign.toml: a dice rule that is a word", "-C", "demo", "character", "show", "Ana",
      files=demo(DEMO + '[rules]\ninitiative_die = "banana"\n'), word="initiative_die"),
    C("campaign.toml: a dice rule that is a number", *DAMAGE, files=demo(DEMO + "[rules]\ninitiative_die = 5\n"),
      word="text in quotes"),
    C("campaign.toml: characters not a table", *DAMAGE, files=demo('system = "dice"\ncharacters = 5\n'),
      word="one table per character"),
    C("campaign.toml: a character not a table", *DAMAGE, files=demo('system = "dice"\n[characters]\nAna = 5\n'),
      word="table of sheet values"),
    C("campaign.toml: an array nested 1,000 deep", *DAMAGE,
      files=demo(DEMO + "x = " + "[" * 1000 + "]" * 1000 + "\n"), word="nested more than 100"),
    C("campaign.toml: an inline table nested 1,000 deep", *DAMAGE,
      files=demo('system = "dice"\nx = ' + "{a=" * 1000 + "1" + "}" * 1000 + "\n"), word="nested more than 100"),
    C("campaign.toml: not UTF-8", *DAMAGE, files=demo(b'system = "dice"\ntitle = "\xff\xfe"\n'), word="UTF-8"),
    C("campaign.toml: UTF-16", *DAMAGE, files=demo(DEMO.encode("utf-16"))),
    C("campaign.toml: empty", *DAMAGE, files=demo(""), word="no rule system"),
    C("campaign.toml: a NUL byte", *DAMAGE, files=demo(b'system = "dice"\n\x00\n'), word="TOML syntax error"),
    C("campaign.toml: a character named with a zero-width space", *DAMAGE,
      files=demo(DEMO + '[characters."Bru\u200bno"]\nhp = 3\n'), word="U+200B"),
    C("campaign.toml: a named roll that uses itself", *DAMAGE, files=demo(DEMO + '[rolls]\nx = "@x"\n'),
      word="cycle"),
    C("campaign.toml: a named roll that is not dice", *DAMAGE, files=demo(DEMO + '[rolls]\nx = "1d0"\n'),
      word="not a dice expression"),
    C("campaign.toml: a table that rolls on itself for ever", "-C", "demo", "table", "roll", "t",
      files=demo(DEMO + '[tables.t]\n"1" = "{1t[t]}"\n'), word="more than 10 deep"),
    C("campaign.toml: a table drawing 99,999 rows", *DAMAGE,
      files=demo(DEMO + '[tables]\nb = ["x"]\n[tables.t]\n"1" = "{99999t[b]}"\n'), word="1 to 100 rows"),
    C("campaign.toml: a table with a gap", *DAMAGE, files=demo(DEMO + '[tables.t]\n"1" = "a"\n"3" = "b"\n'),
      word="2 is missing"),
    C("campaign.toml: fate minions by the billion", *LUCIA_HIT,
      files={"caminantes/campaign.toml": CAMINANTES + '[characters.S]\ncalidad = 2\ncantidad = 1000000000\n'},
      word="cantidad"),
    C("campaign.toml: fate skill off the ladder", *LUCIA_HIT,
      files={"caminantes/campaign.toml": CAMINANTES.replace("Atletismo = 3", "Atletismo = 99")}, word="-2..8"),
    C("campaign.toml: a folder in its place", *DAMAGE, files={"demo/campaign.toml/": b""}, word="demo"),
    # These must work.
    C("campaign.toml starting with a byte-order mark works", "-C", "demo", "character", "show", "Ana", code=0,
      files=demo(b"\xef\xbb\xbf" + DEMO.encode())),
    C("campaign.toml of 2 MB of comment works", "-C", "demo", "character", "show", "Ana", code=0,
      files=demo(DEMO + "# " + "x" * 2_000_000 + "\n")),
    C("campaign.toml of 20 MB of comment works", "-C", "demo", "character", "show", "Ana", code=0,
      files=demo(DEMO + "# " + "x" * 20_000_000 + "\n"), slow="20 MB written, read, scanned and compared"),
]

STATE = [
    C("state.toml: damage a text", *DAMAGE, files={"demo/state.toml": '[characters.Ana]\ndamage = "x"\n'},
      word="state.toml line 2"),
    C("state.toml: damage out of range", *DAMAGE, files={"demo/state.toml": "[characters.Ana]\ndamage = -1\n"},
      word="out of range"),
    C("state.toml: damage a float", *DAMAGE, files={"demo/state.toml": "[characters.Ana]\ndamage = 1.5\n"},
      word="whole number"),
    C("state.toml: damage nan", *DAMAGE, files={"demo/state.toml": "[characters.Ana]\ndamage = nan\n"},
      word="whole number"),
    C("state.toml: a fate stress box that is no box", "-C", "caminantes", "initiative",
      files={"caminantes/state.toml": '[characters."Lucía"]\nsalud = ["x"]\n'}, word="salud"),
    C("state.toml: a syntax error", *DAMAGE, files={"demo/state.toml": "[characters.Ana\n"}, word="TOML syntax"),
    C("state.toml: characters not a table", *DAMAGE, files={"demo/state.toml": "characters = 5\n"},
      word="one table per character"),
    C("state.toml: not UTF-8", *DAMAGE, files={"demo/state.toml": b"# \xff\n"}, word="UTF-8"),
    C("state.toml: nested 1,000 deep", *DAMAGE, files={"demo/state.toml": "x = " + "[" * 1000 + "]" * 1000 + "\n"},
      word="nested"),
    C("state.toml: a folder in its place", *DAMAGE, files={"demo/state.toml/": b""}, word="state.toml"),
    C("state.toml: scene not a table", "-C", "demo", "conflict", "show", files={"demo/state.toml": "scene = 5\n"},
      word="scene"),
    C("state.toml: the conflict not a table", "-C", "demo", "conflict", "next",
      files={"demo/state.toml": "[scene]\nconflict = 5\n"}, word="scene.conflict"),
    C("state.toml: a negative turn", "-C", "demo", "conflict", "next", files=scene(turn="-2"), word="turn"),
    C("state.toml: round 0", *DAMAGE, files=scene(round_="0"), word="round"),
    C("state.toml: turns not names", "-C", "demo", "conflict", "show", files=scene(turns="[1, 2]"), word="turns"),
    C("state.toml: each_round a text", "-C", "demo", "conflict", "next", files=scene(each='"x"'),
      word="each_round"),
    C("state.toml: effects not a list", "-C", "demo", "effect", "list",
      files={"demo/state.toml": "[scene]\neffects = 5\n"}, word="effects"),
    C("state.toml: an effect with no id", "-C", "demo", "effect", "remove", "1",
      files={"demo/state.toml": "[[scene.effects]]\non = \"Ana\"\nuntil = \"scene\"\n"}, word="id"),
    C("state.toml: an effect lasting until nonsense", "-C", "demo", "effect", "list",
      files={"demo/state.toml": '[[scene.effects]]\nid = 1\non = "Ana"\nuntil = "bogus"\n'}, word="until"),
    C("state.toml: next_effect a text", *DAMAGE, files={"demo/state.toml": '[scene]\nnext_effect = "x"\n'},
      word="next_effect"),
    # These must work.
    C("state.toml with a byte-order mark works", *DAMAGE, code=0, writes=True,
      files={"demo/state.toml": b"\xef\xbb\xbf[characters.Ana]\ndamage = 1\n"}),
]

LOG = [
    C("log: a line that is not JSON, mid-file", "-C", "demo", "log", before=(DAMAGE,),
      append={"demo/log.jsonl": "{bad json\n" + entry(seq=3)}, word="log.jsonl line 2"),
    C("log: a forged seq mid-file", "-C", "demo", "log", before=(DAMAGE,),
      append={"demo/log.jsonl": entry(seq=999) + entry(seq=3)}, word="seq = 999 is followed by seq = 3 on line 3"),
    C("log: a line that is an array", "-C", "demo", "log", before=(DAMAGE,), append={"demo/log.jsonl": "[1, 2]\n"},
      word="not a log entry"),
    C("log: changes a list", "-C", "demo", "undo", before=(DAMAGE,),
      append={"demo/log.jsonl": entry(changes=[1, 2])}, word="changes"),
    C("log: a character's change a number", "-C", "demo", "undo", before=(DAMAGE,),
      append={"demo/log.jsonl": entry(changes={"Ana": 5})}, word="before and after"),
    C("log: before a text", "-C", "demo", "undo", before=(DAMAGE,),
      append={"demo/log.jsonl": entry(changes={"Ana": {"before": "x", "after": {"damage": 3}}})}, word="before"),
    C("log: before out of range, then undo", "-C", "demo", "undo", before=(DAMAGE,),
      append={"demo/log.jsonl": entry(changes={"Ana": {"before": {"damage": -7}, "after": {"damage": 3}}})},
      word="-7 is out of range"),
    C("log: before of 31 digits, then undo", "-C", "demo", "undo", before=(DAMAGE,),
      append={"demo/log.jsonl": entry(changes={"Ana": {"before": {"damage": 10 ** 30}, "after": {"damage": 3}}})},
      word="out of range"),
    C("log: before NaN, then undo", "-C", "demo", "undo", before=(DAMAGE,),
      append={"demo/log.jsonl": entry().replace('"damage": 0}', '"damage": NaN}')}, word="whole number"),
    C("log: a sheet's before out of range, then undo", "-C", "demo", "undo", before=(DAMAGE,),
      append={"demo/log.jsonl": entry(op="sheet", kind="sheet",
                                      changes={"Ana": {"before": {"hp": -5}, "after": {"hp": 12}}})},
      word="-5 is out of range"),
    C("log: an unknown op", "-C", "demo", "undo", before=(DAMAGE,), append={"demo/log.jsonl": entry(op="explode")},
      word="op"),
    C("log: op a number", "-C", "demo", "log", before=(DAMAGE,), append={"demo/log.jsonl": entry(op=5)}, word="op"),
    C("log: an unknown kind", "-C", "demo", "log", before=(DAMAGE,), append={"demo/log.jsonl": entry(kind=5)},
      word="kind"),
    C("log: seq a text", "-C", "demo", "log", before=(DAMAGE,), append={"demo/log.jsonl": entry(seq="x")},
      word="seq"),
    C("log: seq of 5,000 digits", "-C", "demo", "log", before=(DAMAGE,),
      append={"demo/log.jsonl": entry().replace('"seq": 2', '"seq": ' + "9" * 5000)}, word="log.jsonl line 2"),
    C("log: a change of a character that is not there", "-C", "demo", "undo", before=(DAMAGE,),
      append={"demo/log.jsonl": entry(changes={"Nadie": {"before": {"damage": 0}, "after": {"damage": 3}}})},
      word="Nadie"),
    C("log: a scene table broken, then undo", "-C", "demo", "undo", before=(DAMAGE,),
      append={"demo/log.jsonl": entry(changes={}, scene={"before": {"conflict": 5}, "after": {}})},
      word="scene.before.conflict"),
    C("log: a scene that is a list", "-C", "demo", "log", before=(DAMAGE,),
      append={"demo/log.jsonl": entry(changes={}, scene=[1])}, word="scene"),
    C("log: nested 100,000 deep", "-C", "demo", "log", before=(DAMAGE,),
      append={"demo/log.jsonl": '{"a":' * 100000 + "1" + "}" * 100000 + "\n"}, word="nested too deeply"),
    C("log: a NUL line", "-C", "demo", "log", before=(DAMAGE,), append={"demo/log.jsonl": "\x00\x00\n"},
      word="not a log entry"),
    C("log: not UTF-8", "-C", "demo", "undo", before=(DAMAGE,), append={"demo/log.jsonl": b'{"seq": 2, "x": "\xff"}\n'},
      word="not a log entry"),
    C("log: a folder in its place", *DAMAGE, files={"demo/log.jsonl/": b""}, word="log.jsonl"),
    C("log -n not a number", "-C", "demo", "log", "-n", "abc", word="-n"),
    # These must work: an unfinished last line is a crash's, and forgiven.
    C("log: an unfinished last line is forgiven", "-C", "demo", "log", code=0, before=(DAMAGE,),
      append={"demo/log.jsonl": '{"seq": 2, "ti'}),
]

NAMES = []
for _label, _name in [("empty", ""), ("200 characters", "a" * 200), ("a slash", "a/b"), ("a backslash", "a\\b"),
                      ("..", ".."), ("a leading dot", ".hidden"), ("a NUL", "a\x00b"), ("a newline", "a\nb"),
                      ("a tab", "a\tb"), ("DEL", "a\x7fb"), ("a zero-width space", "a\u200bb"),
                      ("only a zero-width space", "\u200b"), ("a right-to-left override", "a\u202eb"),
                      ("a byte-order mark", "\ufeffa"), ("a line separator", "a\u2028b"),
                      ("a paragraph separator", "a\u2029b"), ("a soft hyphen", "a\u00adb"),
                      ("a left-to-right isolate", "a\u2066b"), ("an Arabic letter mark", "\u061c"),
                      ("a leading space", " a"), ("a no-break space alone", "\u00a0"), ("NEL", "a\u0085b"),
                      ("a lone surrogate", "a\ud800b")]:
    NAMES.append(C(f"campaign name with {_label}", "campaign", "new", _name, "--system", "dice",
                   word="name" if _name else "empty"))
    if _label in ("empty", "a slash", "..", "a leading dot", "a NUL", "a zero-width space",
                  "a right-to-left override", "a byte-order mark", "a line separator", "a leading space",
                  "a lone surrogate", "200 characters"):
        NAMES.append(C(f"character name with {_label}", "-C", "demo", "character", "add", _name,
                       word="name" if _name else "empty"))
NAMES += [
    C("-C with a slash", "-C", "../demo", "damage", "Ana", "1", word="path separator"),
    C("-C unknown", "-C", "nope", "damage", "Ana", "1", word="Campaigns:"),
    C("a rename to an existing name", "-C", "demo", "character", "rename", "Ana", "Bruno", word="already has"),
    C("a rename to a right-to-left override", "-C", "demo", "character", "rename", "Ana", "\u202eAna",
      word="U+202E"),
    C("a table entry named with a zero-width space", "-C", "demo", "character", "set", "Ana", "traits.Fu\u200b=3",
      word="U+200B"),
    C("an existing campaign", "campaign", "new", "demo", "--system", "dice", word="already exists"),
    C("an unknown system for a new campaign", "campaign", "new", "x", "--system", "nope",
      word="installed systems"),
]

SHEETS = [
    C("character set: not a number", "-C", "demo", "character", "set", "Ana", "hp=abc", word="whole number"),
    C("character set: out of range", "-C", "demo", "character", "set", "Ana", "hp=0", word="1..1000000"),
    C("character set: an unknown key", "-C", "demo", "character", "set", "Ana", "nope=1", word="Keys:"),
    C("character set: no value", "-C", "demo", "character", "set", "Ana", "hp", word="key=value"),
    C("character set: a table as a whole", "-C", "demo", "character", "set", "Ana", "traits=3",
      word="one entry at a time"),
    C("character set: an empty table entry", "-C", "demo", "character", "set", "Ana", "traits.=3",
      word="traits.Name=3"),
    C("character set: an unknown character", "-C", "demo", "character", "set", "Nadie", "hp=3",
      word="Did you mean 'Ana'?"),
    C("character add: an existing name", "-C", "demo", "character", "add", "Ana", word="already has"),
    C("character add: --count 0", "-C", "demo", "character", "add", "X", "--count", "0", word="--count"),
    C("character add: --count 100000", "-C", "demo", "character", "add", "X", "--count", "100000", word="--count"),
    C("character add: minions by the billion", "-C", "caminantes", "character", "add", "S", "calidad=2",
      "cantidad=1000000000", word="cantidad"),
    C("character set: an array nested 500 deep", "-C", "caminantes", "character", "set", "Lucía",
      "aspectos=" + "[" * 500 + "]" * 500, word="TOML array of texts"),
    C("--rule: an array nested 500 deep", "fate", "check", "3", "--rule", "refresh=" + "[" * 500 + "]" * 500,
      word="whole number"),
    C("campaign rule set: an array nested 500 deep", "-C", "demo", "campaign", "rule", "set", "initiative_die",
      "[" * 500 + "]" * 500, word="not a dice expression"),
    C("campaign rule set: a dice rule that is no dice", "-C", "demo", "campaign", "rule", "set", "initiative_die",
      "1d0", word="not a dice expression"),
    C("campaign rule set: an unknown rule", "-C", "demo", "campaign", "rule", "set", "nope", "1", word="Options:"),
    C("campaign rule set: a bad choice", "-C", "demo", "campaign", "rule", "set", "rest", "half", word='"full"'),
    C("campaign rule unset: an unknown rule", "-C", "demo", "campaign", "rule", "unset", "nope", word="Options:"),
    C("character remove: unknown", "-C", "demo", "character", "remove", "Nadie", word="Characters:"),
    C("undo with nothing to undo", "-C", "demo", "undo", word="nothing"),
]

BATCH = [
    C("batch: not UTF-8", "batch", "{tmp}/batch.txt", batch=b"# \xff\nroll 1d6\n", word="line 1: the line is not UTF-8"),
    C("batch: UTF-16", "batch", "{tmp}/batch.txt", batch="roll 1d6\n".encode("utf-16"), word="UTF-8"),
    C("batch: a line of 800 KB", "batch", "{tmp}/batch.txt", batch=b"roll " + b"1+" * 400_000 + b"1\n",
      word="too long"),
    C("batch: 8 MB of comment with no newline", "batch", "{tmp}/batch.txt", batch=b"#" + b"x" * 8_000_000,
      word="too long"),
    C("batch: a NUL byte", "batch", "{tmp}/batch.txt", batch=b"roll 1d6\x00\n", word="line 1"),
    C("batch: an unbalanced quote", "batch", "{tmp}/batch.txt", batch=b'roll "1d6\n', word="line 1"),
    C("batch: batch inside batch", "batch", "{tmp}/batch.txt", batch=b"batch -\n", word="batch cannot run batch"),
    C("batch: an unknown command", "batch", "{tmp}/batch.txt", batch=b"frobnicate\n", word="line 1: No such command"),
    C("batch: --lang xx", "batch", "{tmp}/batch.txt", batch=b"--lang xx roll 1d6\n", word="'xx'"),
    C("batch: the second line bad", "batch", "{tmp}/batch.txt", batch=b"roll 1d6\nroll 1d0\nroll 1d6\n",
      word="line 2", partial=True),
    C("batch: a damage then a bad line", "batch", "{tmp}/batch.txt", writes=True, partial=True,
      batch=b"-C demo damage Ana 1\n-C demo damage Ana x\n", word="line 2", then=log_has(1, "damage Ana 1")),
    C("batch: a file that is not there", "batch", "{tmp}/nope.txt", word="cannot read batch file"),
    C("batch: a folder", "batch", "{tmp}", word="Is a directory"),
    # These must work.
    C("batch: a byte-order mark works", "batch", "{tmp}/batch.txt", code=0,
      batch=b"\xef\xbb\xbf-C demo roll 1d6 --seed 1\n"),
    C("batch: CRLF line ends work", "batch", "{tmp}/batch.txt", code=0, batch=b"roll 1d6\r\nroll 1d8\r\n"),
    C("batch: empty works", "batch", "{tmp}/batch.txt", code=0, batch=b""),
    C("batch: a byte-order mark on stdin works", "batch", "-", code=0, stdin="\ufeffroll 1d6\n"),
]

EDITORS = [
    C("editor deletes the file", "-C", "demo", "campaign", "edit", editor='rm "$1"', word="did not leave"),
    C("editor puts a folder in its place", "-C", "demo", "campaign", "edit", editor='rm "$1"; mkdir "$1"',
      word="did not leave"),
    C("editor puts a named pipe in its place", "-C", "demo", "campaign", "edit", editor='rm "$1"; mkfifo "$1"',
      word="did not leave"),
    C("editor puts a link to a folder in its place", "-C", "demo", "campaign", "edit",
      editor='rm "$1"; ln -s / "$1"', word="did not leave"),
    C("editor ends with exit code 1", "-C", "demo", "campaign", "edit", editor="exit 1", word="exit code 1"),
    C("editor killed", "-C", "demo", "campaign", "edit", editor="kill -9 $$", word="exit code"),
    C("editor writes a syntax error", "-C", "demo", "campaign", "edit", editor='echo "[x" >> "$1"',
      word="TOML syntax error", leaves=("demo/campaign.toml.rejected",)),
    C("editor writes bytes that are not UTF-8", "-C", "demo", "campaign", "edit", editor='printf "\\377" >> "$1"',
      word="UTF-8", leaves=("demo/campaign.toml.rejected",)),
    C("editor writes an unknown system", "-C", "demo", "campaign", "edit",
      editor='printf "system = \\"nope\\"\\n" > "$1"', word="installed systems",
      leaves=("demo/campaign.toml.rejected",)),
    C("editor writes a dice rule that is no dice", "-C", "demo", "campaign", "edit",
      editor='printf "[rules]\\ninitiative_die = \\"1d0\\"\\n" >> "$1"', word="initiative_die",
      files=demo(DEMO), leaves=("demo/campaign.toml.rejected",)),
    C("character edit: deletes the file", "-C", "demo", "character", "edit", "Ana", editor='rm "$1"',
      word="did not leave"),
    C("character edit: an unknown character", "-C", "demo", "character", "edit", "Nadie", editor="true",
      word="Characters:"),
    C("$EDITOR not there", "-C", "demo", "campaign", "edit", env={"EDITOR": "/nonexistent/editor"},
      word="cannot run"),
    C("$EDITOR with an unbalanced quote", "-C", "demo", "campaign", "edit", env={"EDITOR": "'unbalanced"},
      word="EDITOR"),
    # These must work.
    C("editor changing nothing works", "-C", "demo", "campaign", "edit", editor="true", code=0),
]

CLI = [
    C("--lang xx", "--lang", "xx", "roll", "1d6", word="'xx'"),
    C("--lang xx after the command", "roll", "1d6", "--lang", "xx", word="'xx'"),
    C("ROLECLI_LANG=xx", "fate", "check", "3", "--seed", "1", env={"ROLECLI_LANG": "xx"}, word="ROLECLI_LANG"),
    C("an unknown command", "frobnicate", word="No such command"),
    C("a misspelt command", "rol", "1d6", word="Did you mean 'roll'?"),
    C("an unknown option", "--bogus", word="No such option"),
    C("-C with no name", "-C", word="requires an argument"),
    C("--campaigns with no folder", "--campaigns", word="requires an argument"),
    C("ROLECLI_CAMPAIGNS pointing at a file", "campaign", "list", batch=b"", env={"ROLECLI_CAMPAIGNS": "{tmp}/batch.txt"},
      word="not a folder of campaigns"),
    C("--campaigns pointing at a file", "--campaigns", "{tmp}/batch.txt", "campaign", "list", batch=b"",
      word="not a folder of campaigns"),
    C("--campaigns at a file, on a campaign", "--campaigns", "{tmp}/batch.txt", "-C", "demo", "damage", "Ana", "1",
      batch=b"", word="not a folder of campaigns"),
    C("an unknown system", "systems", "nope", word="installed systems"),
    C("an unknown plugins command", "plugins", "frob", word="No such command"),
    C("plugins install with nothing", "plugins", "install", word="name a plugin"),
    C("a missing argument", "-C", "demo", "effect", "add", "Ana", word="Missing argument"),
    C("a campaign to use that is not there", "campaign", "use", "nope", word="Campaigns:"),
    C(".current naming a path", "damage", "Ana", "1", files={".current": "../../etc\n"}, word="path separator"),
    C(".current naming no campaign", "damage", "Ana", "1", files={".current": "nope\n"}, word="no campaign 'nope'"),
    C(".current not UTF-8", "damage", "Ana", "1", files={".current": b"\xff\n"}, word="campaign use"),
    C(".current a folder", "damage", "Ana", "1", files={".current/": b""}, word="is a folder"),
    C("campaign use with .current a folder", "campaign", "use", "demo", files={".current/": b""},
      word="cannot write"),
    C("no current campaign", "character", "show", "Ana", word="no current campaign"),
]

SCENE = [
    C("conflict next with none running", "-C", "demo", "conflict", "next", word="no conflict is running"),
    C("conflict start with an unknown character", "-C", "demo", "conflict", "start", "Nadie", word="Characters:"),
    C("conflict join twice", "-C", "demo", "conflict", "join", "Ana", before=(("-C", "demo", "conflict", "start"),),
      word="already in the conflict"),
    C("conflict leave of one not in it", "-C", "demo", "conflict", "leave", "Ana", files=scene(turns='["Bruno"]',
                                                                                               participants='["Bruno"]'),
      word="not in the conflict"),
    C("conflict start twice", "-C", "demo", "conflict", "start", before=(("-C", "demo", "conflict", "start"),),
      word="already running"),
    C("effect add: a text of 501 characters", "-C", "demo", "effect", "add", "Ana", "x" * 501, word="1 to 500"),
    C("effect add: a blank text", "-C", "demo", "effect", "add", "Ana", "   ", word="1 to 500"),
    C("effect add: --rounds 0", "-C", "demo", "effect", "add", "Ana", "x", "--rounds", "0", word="1..10000"),
    C("effect add: two durations", "-C", "demo", "effect", "add", "Ana", "x", "--rounds", "2", "--scene",
      word="one of"),
    C("effect add: on nobody", "-C", "demo", "effect", "add", "Nadie", "x", word="Nadie"),
    C("effect remove of no such effect", "-C", "demo", "effect", "remove", "99", word="#99"),
    C("effect remove of a word", "-C", "demo", "effect", "remove", "abc", word="ids"),
    C("table roll of no table", "-C", "demo", "table", "roll", "nope", word="Tables:"),
    C("table roll -n 0", "-C", "demo", "table", "roll", "encuentros", "-n", "0", word="1..1000"),
    C("table import with no file", "-C", "demo", "table", "import", word="Missing argument"),
    # These must work.
    C("the one in the first turn leaves the conflict", "-C", "demo", "conflict", "leave", "Ana", code=0,
      writes=True, before=(("-C", "demo", "conflict", "start", "Ana", "Bruno"),)),
    C("the only one in it leaves the conflict", "-C", "demo", "conflict", "leave", "Ana", code=0, writes=True,
      before=(("-C", "demo", "conflict", "start", "Ana"),)),
]

ENCOUNTER = textwrap.dedent("""\
    campaign = "demo"

    [sides.a]
    characters = ["Ana"]

    [sides.a.behaviour]
    verb = "check"
    params = { expression = "1d20", target = 12 }
    on_success = { verb = "damage", params = { amount = "1d6" } }

    [sides.b]
    characters = ["Bruno"]

    [sides.b.behaviour]
    verb = "check"
    params = { expression = "1d20", target = 12 }
    on_success = { verb = "damage", params = { amount = "1d6" } }
    """)


def encounter(old: str = "", new: str = "") -> dict:
    return {"encounter.toml": ENCOUNTER.replace(old, new) if old else new or ENCOUNTER}


ENCOUNTERS = [
    C("encounter: no such file", "encounter", "check", "{tmp}/nope.toml", word="no such encounter file"),
    C("encounter: a folder", "encounter", "check", "{tmp}", word="is a folder"),
    C("encounter: a syntax error", "encounter", "check", "{tmp}/encounter.toml", tmpfiles=encounter(new="x = [\n"),
      word="TOML syntax error"),
    C("encounter: not UTF-8", "encounter", "check", "{tmp}/encounter.toml", tmpfiles={"encounter.toml": b"\xff\n"},
      word="UTF-8"),
    C("encounter: nested 1,000 deep", "encounter", "check", "{tmp}/encounter.toml",
      tmpfiles=encounter(new='campaign = "demo"\nx = ' + "[" * 1000 + "]" * 1000 + "\n"), word="nested"),
    C("encounter: an unknown campaign", "encounter", "run", "{tmp}/encounter.toml",
      tmpfiles=encounter('campaign = "demo"', 'campaign = "nope"'), word="no campaign 'nope'"),
    C("encounter: one side only", "encounter", "run", "{tmp}/encounter.toml",
      tmpfiles=encounter(new='campaign = "demo"\n[sides.a]\ncharacters = ["Ana"]\n'), word="two sides"),
    C("encounter: an unknown character", "encounter", "run", "{tmp}/encounter.toml",
      tmpfiles=encounter('["Bruno"]', '["Nadie"]'), word="Nadie"),
    C("encounter: a damage that is no dice", "encounter", "run", "{tmp}/encounter.toml",
      tmpfiles=encounter('amount = "1d6"', 'amount = "1d0"'), word="1d0"),
    C("encounter: an unknown verb", "encounter", "simulate", "{tmp}/encounter.toml",
      tmpfiles=encounter('verb = "check"', 'verb = "nope"'), word="Verbs:"),
    C("encounter: one character on both sides", "encounter", "run", "{tmp}/encounter.toml",
      tmpfiles=encounter('["Bruno"]', '["Ana"]'), word="Ana"),
    C("encounter: --trials 0", "encounter", "simulate", "{tmp}/encounter.toml", "--trials", "0",
      tmpfiles=encounter(), word="1..1000000"),
    C("encounter: --workers 9999", "encounter", "simulate", "{tmp}/encounter.toml", "--workers", "9999",
      tmpfiles=encounter(), word="1..64"),
    # These must work.
    C("encounter: a valid file checks", "encounter", "check", "{tmp}/encounter.toml", code=0, tmpfiles=encounter()),
]

TABLE_IMPORTS = [
    C("table import: not UTF-8", "-C", "demo", "table", "import", "t", "{tmp}/rows.txt",
      tmpfiles={"rows.txt": b"a\n\xff\n"}, word="line 2: not UTF-8"),
    C("table import: empty", "-C", "demo", "table", "import", "t", "{tmp}/rows.txt", tmpfiles={"rows.txt": ""},
      word="no rows"),
    C("table import: a folder", "-C", "demo", "table", "import", "t", "{tmp}", word="t"),
    C("table import: no such file", "-C", "demo", "table", "import", "t", "{tmp}/nope.txt", word="nope.txt"),
    C("table import: overlapping ranges", "-C", "demo", "table", "import", "t", "{tmp}/rows.csv",
      tmpfiles={"rows.csv": "1-3,a\n2-4,b\n"}, word="overlaps"),
    C("table import: a name taken", "-C", "demo", "table", "import", "botin", "{tmp}/rows.txt",
      tmpfiles={"rows.txt": "a\nb\n"}, word="botin"),
    C("table import: a name with a zero-width space", "-C", "demo", "table", "import", "t\u200b", "{tmp}/rows.txt",
      tmpfiles={"rows.txt": "a\nb\n"}, word="not a usable table name"),
    C("table import: a die of 0 sides", "-C", "demo", "table", "import", "t", "{tmp}/rows.txt", "--die", "1d0",
      tmpfiles={"rows.txt": "a\nb\n"}, word="1d0"),
    C("table import: over a megabyte", "-C", "demo", "table", "import", "t", "{tmp}/rows.txt",
      tmpfiles={"rows.txt": "a\n" * 600_000}, word="limit"),
]


def made(kind: str, name: str, target: str = "", under: str = "root") -> Callable[[Path, Path], None]:
    """Set-up: ``name`` (under the campaigns folder, or under {tmp}) made a
    ``fifo``, a ``link`` to ``target`` ("{tmp}" in it is the case's folder), a
    ``sparse`` file of 2 GiB (no disk used), or a campaign ``moved`` out to
    {tmp}/outside with a link left in its place."""

    def setup(tmp: Path, root: Path) -> None:
        path = (root if under == "root" else tmp) / name
        if kind == "moved":
            shutil.move(path, tmp / "outside")
            path.symlink_to(tmp / "outside")
            return
        path.unlink(missing_ok=True)
        if kind == "fifo":
            os.mkfifo(path)
        elif kind == "link":
            path.symlink_to(target.replace("{tmp}", str(tmp)))
        else:
            with open(path, "wb") as big:
                big.truncate(2 * 2**30)

    return setup


def outside(name: str, holds: bytes | None):
    """Check: {tmp}/``name`` (outside the campaigns folder) still holds ``holds`` (None: was never created)."""

    def check(root: Path, result: Result) -> None:
        path = root.parent / name
        assert (path.read_bytes() if path.exists() else None) == holds

    return check


ROWS = "\n[tables.huge]\n" + "".join(f'"{i}" = "row {i}"\n' for i in range(1, 100_002))
EFFECT = '[[scene.effects]]\nid = {id}\non = "Ana"\nuntil = "{until}"\ntext = "{text}"\n'

# Issue 18: every limit checked before the work, nothing read or written past the campaigns folder.
READS = [
    C("table import: a sparse file of 2 GB", "-C", "demo", "table", "import", "t", "{tmp}/big.csv",
      setup=made("sparse", "big.csv", under="tmp"), word="2,147,483,648 bytes, over the limit of 1,000,000"),
    C("table import: /dev/zero", "-C", "demo", "table", "import", "t", "/dev/zero", word="/dev/zero is a device"),
    C("table import: a named pipe", "-C", "demo", "table", "import", "t", "{tmp}/rows.txt",
      setup=made("fifo", "rows.txt", under="tmp"), word="rows.txt is a named pipe"),
    C("table import: standard input over a megabyte", "-C", "demo", "table", "import", "t", "-",
      stdin="a\n" * 600_000, word="standard input: more than 1,000,000 bytes"),
    C("encounter check: /dev/zero", "encounter", "check", "/dev/zero", word="/dev/zero is a device"),
    C("encounter check: a named pipe", "encounter", "check", "{tmp}/encounter.toml",
      setup=made("fifo", "encounter.toml", under="tmp"), word="is a named pipe"),
    C("encounter check: a sparse file of 2 GB", "encounter", "check", "{tmp}/encounter.toml",
      setup=made("sparse", "encounter.toml", under="tmp"), word="over the limit of 1,000,000"),
    C("state.toml a link to /dev/zero", "-C", "demo", "character", "show", "Ana",
      setup=made("link", "demo/state.toml", "/dev/zero"), word="state.toml is a link"),
    C("campaign.toml a link to /dev/zero", "-C", "demo", "character", "show", "Ana",
      setup=made("link", "demo/campaign.toml", "/dev/zero"), word="campaign.toml is a link"),
    C("state.toml a named pipe", *DAMAGE, setup=made("fifo", "demo/state.toml"), word="state.toml is a named pipe"),
    C("log.jsonl a named pipe", *DAMAGE, setup=made("fifo", "demo/log.jsonl"), word="log.jsonl is a named pipe"),
    C(".lock a named pipe", *DAMAGE, setup=made("fifo", "demo/.lock"), word=".lock is a named pipe"),
    C(".current a named pipe", "damage", "Ana", "1", setup=made("fifo", ".current"), word=".current is a named pipe"),
    C(".current a link to /dev/zero", "damage", "Ana", "1", setup=made("link", ".current", "/dev/zero"),
      word=".current is a device"),
    C("a rolls file that is a named pipe", "roll", "@bola_de_fuego", env={"ROLECLI_ROLLS": "{tmp}/r.toml"},
      setup=made("fifo", "r.toml", under="tmp"), word="r.toml is a named pipe"),
    C("a campaign folder linked from outside", *DAMAGE, setup=made("moved", "demo"), word="outside the campaigns",
      then=outside("outside/log.jsonl", None)),
    C("campaign new in a folder linked from outside", "campaign", "new", "neo", "--system", "dice",
      setup=made("link", "neo", "{tmp}"), word="outside the campaigns", then=outside("campaign.toml", None)),
    C("log.jsonl a link outside", *DAMAGE, setup=made("link", "demo/log.jsonl", "{tmp}/outside.jsonl"),
      word="log.jsonl is a link", then=outside("outside.jsonl", None)),
    C(".lock a link outside", *DAMAGE, setup=made("link", "demo/.lock", "{tmp}/outside.lock"),
      word=".lock is a link", then=outside("outside.lock", None)),
    C("campaign.toml a link inside", *DAMAGE, setup=made("link", "demo/campaign.toml", "../aaa/campaign.toml"),
      word="campaign.toml is a link"),
    C("a campaign folder linked from inside works", "-C", "alias", "damage", "Ana", "3", code=0, writes=True,
      leaves=("alias",), setup=made("link", "alias", "demo"), then=log_has(1, "damage Ana 3")),
    C("a table of 100,001 rows is refused before it is parsed", "-C", "demo", "character", "show", "Ana",
      files=demo(DEMO + ROWS), word="line 8: tables.huge has 100,001 rows, over the limit of 10,000"),
    C("a [tables] list of 10,001 texts", "-C", "demo", "table", "roll", "t",
      files=demo(DEMO + "\n[tables]\nt = [" + ", ".join(['"x"'] * 10_001) + "]\n"), word="t has 10,001 rows"),
    C("state.toml: an effect's text of 200,000 characters", *DAMAGE,
      files={"demo/state.toml": EFFECT.format(id=1, until="scene", text="x" * 200_000)}, word="at most 500 characters"),
    C("state.toml: an effect of 10,001 rounds", *DAMAGE,
      files={"demo/state.toml": EFFECT.format(id=1, until="rounds", text="x") + "rounds = 10001\n"},
      word="from 1 to 10,000"),
    C("state.toml: an effect id of 2^64", *DAMAGE,
      files={"demo/state.toml": EFFECT.format(id=2**64, until="scene", text="x")}, word="scene.effects.0.id"),
    C("state.toml: round 2^63, beyond 64 bits", *DAMAGE, files=scene(round_=str(2**63)),
      word="line 2: scene.conflict.round = 9223372036854775808 is out of range"),
    C("state.toml: round 2^63 - 1, which one more round would take past 64 bits", *DAMAGE,
      files=scene(round_=str(2**63 - 1)), word="from 1 to 1,000,000,000"),
    C("state.toml: next_effect in hexadecimal beyond 64 bits", *DAMAGE,
      files={"demo/state.toml": "[scene]\nnext_effect = 0x1_0000_0000_0000_0000\n"}, word="next_effect"),
    C("state.toml: an unknown top-level key is refused, not dropped", *DAMAGE,
      files={"demo/state.toml": "[scenes]\nx = 1\n"}, word="scenes is not a key of state.toml"),
    C("campaign.toml: a number of 20 digits in a rule", *DAMAGE, files=demo(DEMO + "[rules]\nrest = 1\n"
                                                                              + "x = 99999999999999999999\n"),
      word="rules.x = 99999999999999999999 is out of range -9223372036854775808.."),
]


# Real processes: standard streams, argv, plugins, signals.
PROCESS = [
    C("stdout closed: roll", "roll", "1d6", process=True, redirect=">&-", word="standard output is closed"),
    C("stdout closed: damage", *DAMAGE, process=True, redirect=">&-", word="standard output is closed"),
    C("stdout on a full disk: roll", "roll", "1d6", process=True, redirect=">/dev/full", word="No space left"),
    C("stdout on a full disk: --help", "--help", process=True, redirect=">/dev/full", word="No space left"),
    C("stdout on a full disk: damage is reported as written", *DAMAGE, process=True, redirect=">/dev/full",
      writes=True, word="kept", then=log_has(1, "damage Ana 3")),
    C("stdin closed: batch -", "batch", "-", process=True, redirect="<&-", word="standard input"),
    C("stderr closed: a bad roll", "roll", "1d0", process=True, redirect="2>&-"),
    C("stderr closed: a check's explanation goes nowhere", "fate", "check", "3", "--seed", "1", code=0, process=True,
      redirect="2>&-"),
    C("stdin closed: table import -", "-C", "demo", "table", "import", "t", "-", process=True, redirect="<&-",
      word="standard input"),
    C("stdin closed: an invalid edit is not offered again", "-C", "demo", "campaign", "edit", process=True,
      redirect="<&-", editor='echo "[x" >> "$1"', word="TOML syntax error", leaves=("demo/campaign.toml.rejected",)),
    C("stdin closed: encounter run --step plays on", "encounter", "run", "{tmp}/encounter.toml", "--seed", "1",
      "--step", process=True, redirect="<&-", code=0, writes=True, tmpfiles=encounter()),
    C("argv not UTF-8: campaign new", "campaign", "new", b"caf\xe9", "--system", "dice", process=True,
      word="not valid UTF-8"),
    C("argv not UTF-8: character add", "-C", "demo", "character", "add", b"caf\xe9", process=True,
      word="not valid UTF-8"),
    C("argv not UTF-8: -C", "-C", b"caf\xe9", "damage", "Ana", "1", process=True, word="not valid UTF-8"),
    C("argv not UTF-8: a sheet text", "-C", "aaa", "character", "set", "Zug", b"profession=\xff", process=True,
      word="UTF-8"),
    C("argv not UTF-8: an effect's text", "-C", "demo", "effect", "add", "Ana", b"\xff", process=True,
      word="UTF-8"),
    C("argv not UTF-8: a dice expression", "roll", b"1d6\xff", process=True, word="unexpected"),
    C("a campaigns folder not UTF-8: damage works", "--campaigns", b"{root}", *DAMAGE, code=0, process=True,
      folder=b"caf\xe9", writes=True, then=log_has(1, "damage Ana 3")),
    C("SIGINT during a batch", "batch", "-", process=True, interrupt=True, code=130, partial=True,
      word="interrupted"),
    # Plugins.
    C("plugin raising on import", *FATE_CHECK, plugin="raise RuntimeError('boom')\n", code=0, warning=True),
    C("plugin calling sys.exit on import", *FATE_CHECK, plugin="import sys\nsys.exit(0)\n", code=0, warning=True),
    C("plugin with no contract", *FATE_CHECK, plugin="x = 1\n", code=0, warning=True),
    C("plugin whose rolecli_system returns a text", "--help", plugin=system("return 'fate'"), code=0, warning=True),
    C("plugin whose rolecli_system exits", *FATE_CHECK, plugin=system("raise SystemExit(3)"), code=0, warning=True),
    C("plugin declaring a system named dice", "dice", "check", "1d20", "--target", "2", "--dice", "15", code=0,
      warning=True, plugin=system("return SystemInfo(name='dice', names=Label('a', 'b'))")),
    C("plugin with a wrong hook signature", *FATE_CHECK, plugin=hook("rolecli_roll(action, ctx, extra)", "pass"),
      code=0, warning=True),
    C("plugin whose hook raises", *FATE_CHECK, plugin=hook("rolecli_resolve(action, ctx)", "raise KeyError('k')"),
      code=4, word="'evil'"),
    C("plugin whose hook exits", *FATE_CHECK, plugin=hook("rolecli_resolve(action, ctx)", "raise SystemExit(0)"),
      code=4, word="'evil'"),
    C("plugin whose Outcome lines are numbers", "fate", "check", "3", code=4, word="Outcome.lines",
      plugin=hook("rolecli_resolve(action, ctx)", "return Outcome(data={}, lines=[1, 2])")),
    C("plugin whose Outcome data is not a table", "fate", "check", "3", "--json", code=4, word="Outcome.data",
      plugin=hook("rolecli_resolve(action, ctx)", "return Outcome(data=5, lines=['x'])")),
    C("plugin whose Outcome changes is a number", *LUCIA_HIT, code=4, word="Outcome.changes",
      plugin=hook("rolecli_apply_damage(character, action, ctx)", "return Outcome(data={}, lines=['x'], changes=5)")),
    C("plugin whose Outcome lines are a number, traced", "fate", "check", "3", code=4, word="Outcome.lines",
      env={"ROLECLI_TRACE_PLUGINS": "1"}, plugin=hook("rolecli_resolve(action, ctx)", "return Outcome(data={}, lines=5)")),
    C("plugin whose status raises", "-C", "caminantes", "character", "show", "Lucía", code=4, word="rolecli_status",
      plugin=hook("rolecli_status(character, ctx)", "raise ValueError('st')")),
    C("plugin whose initiative order is a number", "-C", "caminantes", "conflict", "start", code=4,
      word="data['order']",
      plugin=hook("rolecli_initiative(characters, action, ctx)", "return Outcome(data={'order': 5}, lines=['x'])")),
]

CASES = (DICE + ODDS + VERBS + CAMPAIGN_FILES + STATE + LOG + NAMES + SHEETS + BATCH + EDITORS + CLI + SCENE
         + ENCOUNTERS + TABLE_IMPORTS + READS + PROCESS)


# --- running and checking a case ------------------------------------------------

# The sample campaigns as the repository ships them: not what a run left in them.
_NOT_SHIPPED = shutil.ignore_patterns(*NOT_SHIPPED)


def needs_process(case: Case) -> bool:
    return case.process or case.plugin is not None


def prepare(case: Case, tmp: Path) -> Path:
    """The case's private campaigns folder under ``tmp``, set up for it."""
    root = tmp / os.fsdecode(case.folder)
    shutil.copytree(REPO / "campaigns", root, ignore=_NOT_SHIPPED)
    for line in case.before:
        done = run_inprocess(*line, env={"ROLECLI_CAMPAIGNS": str(root), "ROLECLI_LANG": "en"})
        assert done.code == 0, (line, done.err)
    for name, data in case.files.items():
        path = root / name
        if name.endswith("/"):
            path.unlink(missing_ok=True)
            path.mkdir()
        else:
            path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    for name, data in case.append.items():
        with open(root / name, "ab") as log:
            log.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    if case.batch is not None:
        (tmp / "batch.txt").write_bytes(case.batch)
    for name, data in case.tmpfiles.items():
        (tmp / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    if case.editor is not None:
        script = tmp / "editor.sh"
        script.write_text("#!/bin/sh\n" + case.editor + "\n", encoding="utf-8")
        script.chmod(0o755)
    if case.plugin is not None:
        (tmp / "site").mkdir()
        fake_distribution(tmp / "site", "evil", case.plugin)
    if case.setup is not None:
        case.setup(tmp, root)
    return root


def arguments(case: Case, tmp: Path, root: Path) -> list:
    def one(arg):
        if isinstance(arg, bytes):
            return arg.replace(b"{tmp}", os.fsencode(tmp)).replace(b"{root}", os.fsencode(root))
        return str(arg).replace("{tmp}", str(tmp)).replace("{root}", str(root))

    return [one(a) for a in case.args]


def snapshot(root: Path) -> dict[str, bytes | str | None]:
    """Every file's bytes (a folder, a pipe: None; a link: where it leads), the campaign locks aside."""
    return {p.relative_to(root).as_posix(): f"-> {os.readlink(p)}" if p.is_symlink()
            else p.read_bytes() if p.is_file() else None
            for p in sorted(root.rglob("*")) if p.name != ".lock"}


def check(case: Case, root: Path, result: Result, before: dict[str, bytes | None]) -> None:
    said = f"exit {result.code}\nstdout: {result.out[:500]!r}\nstderr: {result.err[:1000]!r}"
    assert result.code == case.code, said
    assert "Traceback" not in result.err + result.out and "internal error" not in result.err, said
    lines = [line for line in result.err.splitlines() if not line.startswith("rolecli: trace: ")]  # asked for
    if "2>&-" in case.redirect:  # stderr closed: what it would have said goes nowhere, not into stdout
        assert "rolecli: " not in result.out and (case.code == 0 or result.out == ""), said
    elif case.code != 0:
        assert len(lines) == 1 and lines[0].startswith("rolecli: "), said
        assert not lines[0].startswith("rolecli: warning: "), said
        assert case.partial or result.out == "", said
    else:  # notes such as the dice read ("  dice read from --dice: ...") may go to stderr too
        said_lines = [line for line in lines if not line.startswith("  ")]
        if case.warning:
            assert len(said_lines) == 1 and said_lines[0].startswith("rolecli: warning: plugin 'evil'"), said
        else:
            assert said_lines == [], said
    if case.word:
        assert case.word in result.err, said
    after = snapshot(root)
    left = set(after) - set(before) - set(case.leaves)
    assert not [p for p in left if Path(p).name.startswith(".") or p.endswith(".tmp")], left  # no temporary file
    if not case.writes:
        assert not left, left
        changed = [p for p in before if after.get(p, b"gone") != before[p]]
        assert not changed, f"changed: {changed}"
    if case.then:
        case.then(root, result)


def run_process(case: Case, tmp: Path, root: Path) -> Result:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ROLECLI_") and k not in ("VISUAL", "EDITOR")}
    env.update({"ROLECLI_CAMPAIGNS": str(root), "ROLECLI_LANG": "en",
                **{k: v.replace("{tmp}", str(tmp)) for k, v in case.env.items()}})
    if case.editor is not None:
        env["EDITOR"] = str(tmp / "editor.sh")
    if case.plugin is not None:
        env["PYTHONPATH"] = str(tmp / "site")
    command = [sys.executable, "-m", "rolecli", *arguments(case, tmp, root)]
    if case.redirect:
        command = ["sh", "-c", f'exec "$@" {case.redirect}', "sh", *command]
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, cwd=tmp)
    if case.interrupt:  # a batch reading stdin: interrupted once its first line has run
        proc.stdin.write(b"roll 1d6\n")
        proc.stdin.flush()
        first = proc.stdout.readline()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        out = first + out
    else:
        out, err = proc.communicate(case.stdin.encode() if case.stdin else None, timeout=60)
    return Result(proc.returncode, out.decode("utf-8", "backslashreplace"), err.decode("utf-8", "backslashreplace"))


@pytest.fixture(scope="module")
def processes(request, tmp_path_factory) -> dict[str, tuple[Result, Path, dict]]:
    """The process cases this session runs, all started together (a few at a time)."""
    chosen = {str(item.callspec.params.get("case")) for item in request.session.items if hasattr(item, "callspec")}
    cases = [c for c in CASES if needs_process(c) and c.name in chosen]
    ready = {}
    for case in cases:
        tmp = tmp_path_factory.mktemp("process")
        root = prepare(case, tmp)
        ready[case.name] = (tmp, root, snapshot(root))
    with ThreadPoolExecutor(max_workers=4) as pool:
        started = {name: pool.submit(run_process, case, tmp, root)
                   for case in cases for name, (tmp, root, _) in [(case.name, ready[case.name])]}
    return {name: (future.result(), ready[name][1], ready[name][2]) for name, future in started.items()}


# The quick tier walks a third of the corpus (rolecli_testing.in_quick_share); `make test` walks it all.
@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.slow) if c.slow or not in_quick_share(str(c), 3)
                                  else c for c in CASES if not needs_process(c)], ids=str)
def test_in_process(case, tmp_path, monkeypatch):
    for name in [k for k in os.environ if k.startswith("ROLECLI_")] + ["VISUAL", "EDITOR"]:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    root = prepare(case, tmp_path)
    monkeypatch.setenv("ROLECLI_CAMPAIGNS", str(root))
    monkeypatch.setenv("ROLECLI_LANG", "en")
    env = {**({"EDITOR": str(tmp_path / "editor.sh")} if case.editor is not None else {}),
           **{k: v.replace("{tmp}", str(tmp_path)) for k, v in case.env.items()}}
    before = snapshot(root)
    result = run_inprocess(*arguments(case, tmp_path, root), stdin=case.stdin, env=env)
    check(case, root, result, before)


@pytest.mark.slow  # a process for every case
# One worker starts them all, together (the processes fixture; make's --dist loadscope keeps a module on one worker).
@pytest.mark.parametrize("case", [c for c in CASES if needs_process(c)], ids=str)
def test_as_a_process(case, processes):
    result, root, before = processes[case.name]
    check(case, root, result, before)


FAMILIES = {"dice": DICE, "odds": ODDS, "verbs": VERBS, "campaign files": CAMPAIGN_FILES, "state.toml": STATE,
            "log.jsonl": LOG, "names": NAMES, "sheets": SHEETS, "batch": BATCH, "editors": EDITORS, "cli": CLI,
            "scene and tables": SCENE, "encounters": ENCOUNTERS, "table imports": TABLE_IMPORTS, "reads": READS,
            "processes and plugins": PROCESS}


def test_the_corpus_has_150_cases_with_names_of_their_own():
    assert len(CASES) >= 150 and all(FAMILIES.values())
    assert len({c.name for c in CASES}) == len(CASES)
