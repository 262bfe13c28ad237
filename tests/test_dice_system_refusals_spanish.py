"""The ``dice`` system's refusals speak the table's language: every ``Refused``/
``RoleError`` it raises carries a Label (its alias ``L``: Spanish and English),
which the command line says in ``--lang``; the English stays as it was."""

from __future__ import annotations

import ast
from pathlib import Path

import rolecli_dice

ERRORS = {"Refused", "RoleError"}
LABEL = {"L", "Label"}   # the system's alias (verbs.py: L = Label) and the contract's name
PACKAGE = Path(rolecli_dice.__file__).parent


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _refusals() -> list[tuple[str, ast.Call]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"), filename=str(path))
        found += [(f"{path.name}:{node.lineno}", node) for node in ast.walk(tree)
                  if isinstance(node, ast.Call) and _name(node.func) in ERRORS]
    return found


def _bilingual(call: ast.Call) -> bool:
    """One argument, a call of the Label alias with a Spanish and an English text."""
    if len(call.args) != 1 or call.keywords:
        return False
    label = call.args[0]
    if not (isinstance(label, ast.Call) and _name(label.func) in LABEL):
        return False
    return len(label.args) + sum(k.arg in ("es", "en") for k in label.keywords) >= 2


def test_every_refusal_of_the_dice_system_is_a_label():
    refusals = _refusals()
    assert refusals  # the walk sees the system's refusals (1 when written)
    assert [where for where, call in refusals if not _bilingual(call)] == []


def test_the_walk_catches_an_english_only_refusal():
    for text in ('raise Refused(f"--bonus {t!r} no.")', 'raise Refused(L("no.", "no.")("es"))'):
        call = next(n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Call) and _name(n.func) in ERRORS)
        assert not _bilingual(call), text


def test_a_bonus_naming_traits_without_a_character_is_refused_in_each_language(cli):
    said = {
        "es": "--bonus 'Fuerza' nombra rasgos, y eso necesita un personaje de campaña; da un número.",
        "en": "--bonus 'Fuerza' names traits, which needs a campaign character; give a number.",
    }
    for lang, text in said.items():
        r = cli("--lang", lang, "dice", "check", "1d20", "--target", "10", "--bonus", "Fuerza", "--seed", "1")
        assert (r.code, r.out, r.err) == (2, "", f"rolecli: {text}\n")
