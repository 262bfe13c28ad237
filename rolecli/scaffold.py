"""``rolecli plugins new NAME``: a rule-system plugin package, ready to install.

What it writes, in ``./rolecli-NAME/``::

    pyproject.toml          [build-system], the project, its `rolecli` entry point
    README.md               how to install, try, test and publish it
    rolecli_NAME/__init__.py  the plugin: its declaration, who can act, a command of its own
    rolecli_NAME/system.py    the declarations: template, rule options, each verb and its function
    rolecli_NAME/verbs.py     the verbs, each with a trivial working rule
    tests/test_NAME.py      its tests, with the test kit (rolecli.testing)

As written it installs (``rolecli plugins install ./rolecli-NAME``) and its
tests pass; the author then replaces the rules with the game's. NAME must be
free (:func:`taken`): a package named like an installed one would shadow it. The files are
templates below (``string.Template``: ``$name``, ``$title``, ``$version``).
"""

from __future__ import annotations

import keyword
from pathlib import Path
from string import Template

from rolecli import __version__
from rolecli.errors import RoleError

PYPROJECT = '''\
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "rolecli-$name"
version = "0.1.0"
description = "The $title rule system for rolecli."
readme = "README.md"
requires-python = ">=3.11"
dependencies = ["rolecli>=$version"]

[project.optional-dependencies]
test = ["pytest>=8"]

# rolecli finds its plugins through this entry-point group: name = module.
[project.entry-points.rolecli]
$name = "rolecli_$name"

[tool.setuptools]
packages = ["rolecli_$name"]
'''

README = '''\
# rolecli-$name

The $title rule system for [rolecli](https://pypi.org/project/rolecli/), made with
`rolecli plugins new $name`. Every rule in it is a placeholder to replace with your game's:

- `check CHARACTER SKILL [--difficulty N]`: 2d6 + a skill against a difficulty (the
  campaign's rule option `difficulty` unless given); `rolecli odds check ...` gives its exact odds.
- `harm CHARACTER N`: marks N boxes of a harm track of 4; a full track takes the character out.
  N may be dice (`harm Ana 1d3`): the amount is declared `dice=True`, so rolecli rolls it.
- `recover EVENT [CHARACTERS]`: a `rest` clears 2 boxes (rule option `rest_heals`), the
  system's own event `patched_up` clears 1.
- `initiative [CHARACTERS]`: 1d6 + edge, highest first.
- `roll`: 2d6, no rules.
- `rolecli $name chart [--difficulty N]`: a command of the plugin's own (its `rolecli_commands`
  hook), the chance of a check at each skill; also `rolecli chart` while no other command has the name.

## Install and try it

```sh
rolecli plugins install ./rolecli-$name      # or: pip install -e './rolecli-$name[test]' while you work on it
rolecli plugins                              # lists it: its version, the hooks it implements
rolecli $name check 2 --difficulty 8 --seed 1
rolecli campaign new demo-$name --system $name
rolecli character add Ana 'skills.Fight=2'
rolecli check Ana Fight
rolecli harm Ana 2
rolecli recover patched_up Ana
rolecli odds check Ana Fight
rolecli $name chart --difficulty 9
ROLECLI_TRACE_PLUGINS=1 rolecli $name check 2  # every hook call, on stderr
```

## Test it

```sh
pip install -e '.[test]' && python -m pytest
```

The tests use `rolecli.testing`, the test kit shipped with rolecli: `run(...)` runs a
command line in the test's process, `campaign({...})` makes a throw-away campaign,
`context(INFO, dice=[...])` the Context a hook gets, with the dice it will read.

## Publish it

```sh
python -m build && python -m twine upload dist/*
```

Then anyone installs it with `rolecli plugins install rolecli-$name` (or from git:
`rolecli plugins install git+https://.../rolecli-$name`). The plugin guide of rolecli
(docs/plugins.md) describes every hook, class and field of the contract.
'''

INIT = '''\
"""The $title rule system for rolecli (made by ``rolecli plugins new $name``).

Every part of the plugin contract is here, each with a trivial rule that works,
so the plugin installs and plays as generated: replace the rules with your game's.
``system`` declares the character template, the rule options and each verb with
the function of ``verbs`` that plays it; this module gives rolecli the
declaration, says who can act, and adds a command of the plugin's own.

- ``check``: 2d6 + a skill (or a number) against a difficulty; exact odds.
- ``harm``: marks boxes on a track of 4; a full track takes the character out
  (its amount is ``dice=True``: ``harm Ana 1d3`` is rolled by rolecli).
- ``recover``: ``rest`` clears ``rest_heals`` boxes, ``patched_up`` (this
  system's own event) clears 1, the other events nothing.
- ``initiative``: 1d6 + edge, highest first.
- ``rolecli $name chart``: a command of the plugin's own, the chance of a
  check at each skill against a difficulty.
"""

from __future__ import annotations

from rolecli import hookimpl
from rolecli.contract import Label, Status

from .system import INFO, TRACK

ROLECLI_CONTRACT = 3  # the contract version this plugin is written for

__all__ = ["INFO", "ROLECLI_CONTRACT"]


@hookimpl
def rolecli_system():
    return INFO


@hookimpl
def rolecli_status(character, ctx):
    harm = character.state.get("harm", 0)
    if harm >= TRACK:
        return Status(can_act=False, key="taken_out", why=Label(en="taken out (a full harm track)"))
    if harm >= 2:
        return Status(conditions=(("hurt", Label(en="Hurt")),))
    return None


@hookimpl
def rolecli_commands():
    # Commands of this plugin's own, beside its verbs: `rolecli $name chart`. typer is
    # imported here, when a command line needs the plugins' commands, not on every roll.
    import typer

    from .verbs import chance

    app = typer.Typer()

    @app.command()
    def chart(difficulty: int = typer.Option(8, "--difficulty", "-d", min=2, max=20,
                                             help="The difficulty to reach.")) -> None:
        """The chance of a check at each skill, 0 to 5, against a difficulty."""
        for skill in range(6):
            print(f"skill {skill}: {float(chance(skill, difficulty)):.0%}")

    return app
'''

DECLARATIONS = '''\
"""The $title system's declarations: what rolecli reads before it plays anything.

Each verb names the function that plays it (``run=``) and, for a verb with
exact odds, the one that computes them (``odds=``), as "module:function": they
are imported when the verb is first played, so that declaring stays cheap.
"""

from __future__ import annotations

from rolecli.contract import ActionSpec, Field, Label, Param, RuleOption, SystemInfo

TRACK = 4  # boxes of harm; a full track takes a character out
VERBS = "rolecli_$name.verbs:"
EVENTS = (
    ("end_of_scene", Label(en="end of scene", es="fin de escena")),
    ("start_of_session", Label(en="start of session", es="inicio de sesión")),
    ("rest", Label(en="rest", es="descanso")),
    ("patched_up", Label(en="patched up", es="curado")),  # an event of this system's own
)

INFO = SystemInfo(
    name="$name",
    names=Label(en="$title"),
    template=(
        Field("skills", "table", Label(en="Skills, 0 to 5 (Fight = 2)"), default={}, minimum=0, maximum=5),
        Field("edge", "int", Label(en="Initiative bonus"), default=0, minimum=0, maximum=3),
        Field("harm", "int", Label(en="Boxes of harm marked"), default=0, minimum=0, maximum=TRACK, state=True),
    ),
    options=(
        RuleOption("difficulty", 8, Label(en="The difficulty of a check when none is given."), minimum=2,
                   maximum=20),
        RuleOption("rest_heals", 2, Label(en="The boxes of harm a rest clears."), minimum=0, maximum=TRACK),
    ),
    events=EVENTS,
    actions=(
        ActionSpec("roll", "roll", Label(en="Roll 2d6, no rules."), actor="none", run=VERBS + "roll"),
        ActionSpec("check", "resolve", Label(en="2d6 + a skill against a difficulty."), (
            Param("skill", "rating", Label(en="A skill, skills joined by +, or a number."), required=True,
                  positional=True),
            Param("difficulty", "int", Label(en="The difficulty (else the campaign's rule option)."),
                  minimum=2, maximum=20, short="d"),
        ), actor="required", run=VERBS + "check", odds=VERBS + "check_odds", from_state=True),
        # check and harm read their characters' sheets and states, their parameters, the rule options
        # and the dice alone (from_state): a simulation's trials keep an exchange by them. Drop it from a
        # verb that comes to read anything else of ctx (the turn, other characters).
        ActionSpec("harm", "damage", Label(en="Mark boxes of harm."), (
            Param("amount", "int", Label(en="Boxes to mark."), required=True, positional=True,
                  minimum=1, maximum=TRACK, dice=True),
        ), run=VERBS + "harm", from_state=True),
        # The core gives a recovery verb its EVENT argument, a choice among EVENTS.
        ActionSpec("recover", "recover", Label(en="Recover after an event."), run=VERBS + "recover"),
        ActionSpec("initiative", "initiative", Label(en="The order of a conflict: 1d6 + edge."),
                   run=VERBS + "initiative"),
    ),
    # Its status (rolecli_status) and its recovery (rolecli_recover) read the sheet, the state and the
    # rule options alone (and the recovery, the dice it reads): an encounter's trials ask the status once
    # per state they meet, and keep a recovery by the state and its dice. Drop either if yours comes to
    # read anything else of ctx (effects, the turn, other characters).
    status_from_state=True,
    recovery_from_state=True,
)
'''

VERBS = '''\
"""The $title system's verbs, each the function its declaration names.

rolecli gives each one every parameter its verb declares (the default where the
command line gave none) and every rule option in ``ctx.options``; randomness
comes only from ``ctx.dice``; a hook never changes a character in place: it
returns the state fields it changes in ``Outcome.changes``.
"""

from __future__ import annotations

from fractions import Fraction

from rolecli.contract import Label, Odds, Outcome, Refused

from .system import TRACK

SUCCESS, FAILURE = Label(en="success", es="éxito"), Label(en="failure", es="fallo")


def _skill(action) -> tuple[int, str]:
    """The skill's rating, and how it was read: a number, or a character's skills."""
    text = str(action.params["skill"])
    if action.actor is None:  # a quick roll: no character to read skills from
        if not text.lstrip("+-").isdigit():
            raise Refused(f"skill {text!r} names skills, which needs a campaign character; give a number.")
        return int(text), text
    parts = action.actor.rating(text)
    return sum(value for _, value in parts), " + ".join(f"{name} {value}" if name else str(value) for name, value in parts)


def _difficulty(action, ctx) -> int:
    return action.params["difficulty"] or ctx.options["difficulty"]


def _track(name: str, harm: int) -> str:
    return f"{name}: harm {'[X]' * harm}{'[ ]' * (TRACK - harm)}" + (" taken out" if harm >= TRACK else "")


def roll(action, ctx) -> Outcome:
    faces = [ctx.dice.roll(6, "2d6"), ctx.dice.roll(6, "2d6")]
    return Outcome(data={"faces": faces, "total": sum(faces)}, lines=[f"2d6 {faces} = {sum(faces)}"])


def check(action, ctx) -> Outcome:
    faces = [ctx.dice.roll(6, "check"), ctx.dice.roll(6, "check")]
    skill, said = _skill(action)
    difficulty = _difficulty(action, ctx)
    total = sum(faces) + skill
    success = total >= difficulty
    verdict = ctx.t(SUCCESS if success else FAILURE)
    return Outcome(data={"faces": faces, "skill": skill, "total": total, "difficulty": difficulty},
                   lines=[f"2d6 {faces} + {said} = {total} against {difficulty}: {verdict}"], success=success)


def chance(skill: int, difficulty: int) -> Fraction:
    """The exact chance that 2d6 + skill reaches the difficulty."""
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b + skill >= difficulty), 36)


def check_odds(action, ctx) -> Odds:
    p = chance(_skill(action)[0], _difficulty(action, ctx))
    return Odds(outcomes={"success": p, "failure": 1 - p}, labels={"success": SUCCESS, "failure": FAILURE})


def harm(character, action, ctx) -> Outcome:
    harm = min(character.state.get("harm", 0) + action.params["amount"], TRACK)
    return Outcome(data={"character": character.name, "harm": harm, "taken_out": harm >= TRACK},
                   lines=[_track(character.name, harm)], changes={character.name: {"harm": harm}})


def recover(character, event, action, ctx) -> Outcome:
    clears = {"rest": ctx.options["rest_heals"], "patched_up": 1}.get(event, 0)
    harm = max(character.state.get("harm", 0) - clears, 0)
    return Outcome(data={"character": character.name, "event": event, "harm": harm},
                   lines=[_track(character.name, harm)], changes={character.name: {"harm": harm}} if clears else {})


def initiative(characters, action, ctx) -> Outcome:
    rolls = [(ctx.dice.roll(6, f"initiative of {c.name}"), c.sheet.get("edge", 0), c.name) for c in characters]
    ranked = sorted(rolls, key=lambda r: -(r[0] + r[1]))  # a tie keeps the order the game master gave
    # One line per character, how its score was made; the core logs the order.
    return Outcome(data={"order": [name for _, _, name in ranked], "scores": {n: d + e for d, e, n in ranked}},
                   lines=[f"{i}. {name}: {die + edge} (1d6 {die} + edge {edge})"
                          for i, (die, edge, name) in enumerate(ranked, 1)])
'''

TESTS = '''\
"""The $title system through rolecli, as a game master uses it, and hook by hook.
rolecli.testing runs each command line in the test's own process."""

import pytest

import rolecli_$name as system
from rolecli.contract import Action
from rolecli.testing import campaign, character, context, hooks, run

CAMPAIGN = {"system": "$name", "characters": {"Ana": {"skills": {"Fight": 2}, "edge": 1}, "Bo": {}}}


@pytest.fixture(autouse=True)
def english(monkeypatch):
    monkeypatch.setenv("ROLECLI_LANG", "en")


def test_a_check_adds_the_skill_to_2d6():
    with campaign(CAMPAIGN):
        result = run("check", "Ana", "Fight", "--difficulty", "9", "--dice", "3,4", "--json")
    assert result.code == 0, result.err
    assert (result.json["total"], result.json["success"]) == (9, True)


def test_a_failed_check_exits_1():
    result = run("$name", "check", "1", "--dice", "1,2")
    assert result.code == 1 and "failure" in result.out


def test_harm_fills_the_track_and_a_full_track_cannot_act():
    with campaign(CAMPAIGN):
        assert run("harm", "Bo", "4").code == 0
        refused = run("check", "Bo", "1", "--dice", "6,6")
    assert refused.code == 2 and "taken out" in refused.err


def test_recovery_on_the_systems_own_event_and_on_a_rest():
    with campaign(CAMPAIGN):
        run("harm", "Ana", "3")
        run("recover", "patched_up", "Ana")
        assert run("character", "show", "Ana", "--json").json["state"]["harm"] == 2
        run("recover", "rest")
        assert run("character", "show", "Ana", "--json").json["state"]["harm"] == 0


def test_initiative_is_1d6_plus_edge():
    with campaign(CAMPAIGN):
        result = run("initiative", "--dice", "2,4", "--json")
    assert result.json["order"] == ["Bo", "Ana"]  # Ana 2 + edge 1 = 3, Bo 4


def test_the_odds_are_exact():
    result = run("odds", "$name", "check", "0", "--difficulty", "7", "--json")
    assert result.json["outcomes"]["success"]["p"] == "7/12"


def test_the_plugins_own_command():
    result = run("$name", "chart", "--difficulty", "7")
    assert result.code == 0, result.err
    assert result.out.splitlines()[:2] == ["skill 0: 58%", "skill 1: 72%"]  # 21/36, 26/36


def test_a_hook_called_directly():
    # hooks() calls the plugin as rolecli does: the verb's function, its parameters filled in
    ana = character(system.INFO, "Ana", {"skills": {"Fight": 2}})
    outcome = hooks(system).rolecli_resolve(action=Action("check", {"skill": "Fight"}, actor=ana),
                                            ctx=context(system.INFO, dice=[6, 6]))
    assert (outcome.data["total"], outcome.success) == (14, True)
'''

FILES = {"pyproject.toml": PYPROJECT, "README.md": README, "rolecli_$name/__init__.py": INIT,
         "rolecli_$name/system.py": DECLARATIONS, "rolecli_$name/verbs.py": VERBS, "tests/test_$name.py": TESTS}


def create(where: Path, name: str) -> Path:
    """Write the package of system ``name`` into ``where/rolecli-NAME``; its folder."""
    from rolecli.core_commands import COMMANDS

    if not name.isidentifier() or not name.islower() or keyword.iskeyword(name) or name in COMMANDS:
        raise RoleError(f"{name!r} cannot name a rule system: use a lower-case word, such as 'blades', that is no "
                        "core command of rolecli.")
    why = taken(name)
    if why is not None:
        free = next(other for other in (f"my_{name}", *(f"{name}{n}" for n in range(2, 1000)))
                    if taken(other) is None)
        raise RoleError(f"{name!r} is taken: {why}; choose another name for the new system, such as {free!r}.")
    folder = Path(where) / f"rolecli-{name}"
    if folder.exists():
        raise RoleError(f"{folder} already exists; choose another name or remove it.")
    return write(folder, name)


def taken(name: str) -> str | None:
    """What installed already takes system name ``name``, or its distribution
    ``rolecli-NAME`` or package ``rolecli_NAME``; ``None`` when it is free. A
    package of the same name as an installed one would take its place (or be
    passed over): a name is taken once, built-in or not."""
    from importlib import metadata

    from rolecli import shadowing
    from rolecli.plugins import get_plugins

    plugins = get_plugins()
    plugins.systems  # registers the plugins: every record, active or skipped
    for record in plugins.records:
        if name in (record.name, record.system, record.house):
            return f"plugin {record.shown()} is installed"
    try:
        dist = metadata.distribution(f"rolecli-{name}")
    except metadata.PackageNotFoundError:
        pass
    else:
        return f"distribution {shadowing.shown(dist)} is installed"
    path = shadowing.origin(f"rolecli_{name}")
    return None if path is None else f"a package named rolecli_{name} is installed ({path})"


def write(folder: Path, name: str) -> Path:
    """Write the package of system ``name`` into ``folder``, whatever is installed."""
    values = {"name": name, "title": name.replace("_", " ").title(), "version": __version__}
    for path, text in FILES.items():
        target = folder / Template(path).substitute(values)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(Template(text).substitute(values), encoding="utf-8")
    return folder
