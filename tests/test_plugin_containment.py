"""A broken or hostile plugin costs one line, and every other command keeps
working (issue 7): a plugin that takes a system name already taken, one whose
rolecli_system() returns something else, one whose hook raises, one with a
wrong hook signature, one with a verb the core cannot build. House rules run
before the system's own hooks, whatever their entry-point names.

Each plugin is installed the way pip would (a module and its .dist-info on
PYTHONPATH) and rolecli runs as a real process."""

from __future__ import annotations

import pytest

from rolecli_testing import fake_distribution

HEAD = "from rolecli import hookimpl\nfrom rolecli.contract import *\nROLECLI_CONTRACT = 2\n"

PLUGINS = {
    # entry point "afate" sorts before "fate": the built-in must still win.
    "afate": HEAD + """
@hookimpl
def rolecli_system():
    return SystemInfo(name="fate", names=Label("falso", "fake"),
                      actions=(ActionSpec("damage", "damage", Label("", "")),))

@hookimpl
def rolecli_apply_damage(character, action, ctx):
    return Outcome(data={}, lines=["fake fate"])
""",
    "strsys": HEAD + """
@hookimpl
def rolecli_system():
    return "fate"
""",
    "badverb": HEAD + """
@hookimpl
def rolecli_system():
    return SystemInfo(name="badverb", names=Label("malo", "bad"),
                      actions=(ActionSpec("roll", "resolve", Label("", ""), actor="required"),))
""",
    "badsig": HEAD + """
@hookimpl
def rolecli_resolve(action, ctx, extra):
    return None
""",
}

# -q: a verb's dice lines go to stderr too when piped; the warning is all else it may hold
WORKING = [["--help"], ["systems"], ["roll", "2d6", "--seed", "1"],
           ["fate", "check", "3", "--dice", "+,+,0,0", "-q"], ["alternity", "check", "13", "--kind", "broad", "--dice", "5,2",
                                                              "-q"],
           ["dice", "check", "1d20", "--target", "2", "--dice", "15", "-q"], ["-C", "caminantes", "initiative", "-q"]]


def _env(tmp_path, *names, sources=None):
    site = tmp_path / "site"
    site.mkdir(exist_ok=True)
    for name in names:
        fake_distribution(site, name, (sources or PLUGINS)[name])
    return {"PYTHONPATH": str(site)}


@pytest.mark.parametrize("name, said", [
    ("afate", "plugin 'afate' (afate 0.1) is skipped: it declares system 'fate', which plugin 'fate' (rolecli "),
    ("strsys", "plugin 'strsys' (strsys 0.1) is skipped: cannot declare its system: rolecli_system() returned str, "
               "not a SystemInfo or None."),
    ("badverb", "plugin 'badverb' (badverb 0.1) is skipped: cannot declare its system: system 'badverb' declares "
                "verb 'roll' with an actor, but 'roll' is a core command; rename the verb."),
    ("badsig", "plugin 'badsig' (badsig 0.1) is skipped: cannot be registered:"),
])
@pytest.mark.parametrize("args", WORKING)
def test_a_bad_plugin_costs_one_warning_line_and_nothing_else(run_process, tmp_path, name, said, args):
    result = run_process(*args, env=_env(tmp_path, name))
    assert result.code == 0, result.err
    assert result.out.strip()
    lines = result.err.splitlines()
    if args[0] == "roll":  # a plain roll loads no plugin at all
        assert len(lines) <= 1
    else:
        assert len(lines) == 1, lines
    assert all(line.startswith("rolecli: warning: " + said) for line in lines), lines


def test_a_system_name_taken_by_an_outside_plugin_does_not_replace_the_builtin(run_process, tmp_path):
    env = _env(tmp_path, "afate")
    hit = run_process("-C", "caminantes", "damage", "Lucía", "2", env=env)
    assert hit.code == 0 and "fake fate" not in hit.out and "Health marks" in hit.out
    shown = run_process("-C", "caminantes", "log", "-n", "1", "--json", env=env)
    assert '"kind": "change"' in shown.out  # the real fate marked the stress


def test_between_two_outside_plugins_the_first_entry_point_name_wins(run_process, tmp_path):
    def system(label):
        return HEAD + f"""
@hookimpl
def rolecli_system():
    return SystemInfo(name="blades", names=Label("{label}", "{label}"))
"""
    env = _env(tmp_path, "zblades", "ablades", sources={"zblades": system("zeta"), "ablades": system("alpha")})
    result = run_process("systems", env=env)
    assert "blades\talpha" in result.out
    assert result.err.splitlines() == [
        "rolecli: warning: plugin 'zblades' (zblades 0.1) is skipped: it declares system 'blades', which plugin "
        "'ablades' (ablades 0.1) already provides."]


RAISING_HOUSE = HEAD + """
@hookimpl
def rolecli_resolve(action, ctx):
    return 1 // 0
"""


def test_an_exception_in_a_plugins_hook_names_the_plugin_with_its_own_exit_code(run_process, tmp_path):
    env = _env(tmp_path, "crashy", sources={"crashy": RAISING_HOUSE})
    result = run_process("fate", "check", "3", "--dice", "+,+,0,0", env=env)
    assert result.code == 4 and result.out == ""
    assert result.err.splitlines() == [
        "rolecli: plugin 'crashy' (crashy 0.1) failed in rolecli_resolve: ZeroDivisionError: integer division or "
        "modulo by zero (a bug in that plugin: report it to its authors; ROLECLI_DEBUG=1 shows the traceback)"]
    assert "internal error" not in result.err
    debug = run_process("fate", "check", "3", "--dice", "+,+,0,0", env={**env, "ROLECLI_DEBUG": "1"})
    assert "Traceback" in debug.err and "crashy.py" in debug.err and "ZeroDivisionError" in debug.err
    # Verbs whose hook the plugin does not touch are unaffected.
    assert run_process("-C", "caminantes", "damage", "Lucía", "1", env=env).code == 0


def test_a_wrong_result_type_is_the_plugins_failure(run_process, tmp_path):
    source = HEAD + """
@hookimpl(tryfirst=True)
def rolecli_status(character, ctx):
    return "dead"
"""
    env = _env(tmp_path, "liar", sources={"liar": source})
    result = run_process("-C", "caminantes", "character", "show", "Lucía", env=env)
    assert result.code == 4
    assert "failed in rolecli_status: TypeError: it returned str, not Status or None" in result.err


@pytest.mark.parametrize("name", ["aaa_house", "zzz_house"])
def test_house_rules_run_before_the_system_whatever_their_name(run_process, tmp_path, name):
    answering = HEAD + """
@hookimpl
def rolecli_resolve(action, ctx):
    if action.name == "check":
        return Outcome(data={"house": True}, lines=["house rule answers"], success=True)

@hookimpl(wrapper=True)
def rolecli_apply_damage(character, action, ctx):
    outcome = yield
    outcome.lines.append("house rule wrapped")
    return outcome
"""
    env = _env(tmp_path, name, sources={name: answering})
    checked = run_process("fate", "check", "3", "--seed", "1", env=env)
    assert checked.out.splitlines()[0] == "house rule answers"
    hit = run_process("-C", "caminantes", "damage", "Lucía", "1", env=env)
    assert hit.code == 0 and hit.out.splitlines()[-1] == "house rule wrapped" and "Health marks" in hit.out
