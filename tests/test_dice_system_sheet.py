"""The ``dice`` system reads a bonus's traits once per sheet: an encounter's
check asks the same bonus at every exchange, and a sheet never changes under
a hook (a changed sheet is a new one, read anew)."""

from __future__ import annotations

import rolecli_dice
from rolecli.contract import Action, Character
from rolecli.testing import character, context, hooks

RELAY = hooks(rolecli_dice)
INFO = rolecli_dice.INFO


def check(who: Character, bonus: str) -> dict:
    action = Action("check", {"expression": "1d20", "target": 10, "bonus": bonus}, who)
    return RELAY.rolecli_resolve(action=action, ctx=context(INFO, dice=[7])).data


def test_a_bonus_is_rated_once_per_sheet(monkeypatch):
    ana = character(INFO, "Ana", {"hp": 12, "traits": {"Fuerza": 2, "Pelea": 1}})
    asked = []
    rating = Character.rating
    monkeypatch.setattr(Character, "rating", lambda self, text: asked.append(text) or rating(self, text))
    assert [check(ana, "Fuerza+Pelea+1")["total"] for _ in range(3)] == [11, 11, 11]
    assert asked == ["Fuerza+Pelea+1"]
    check(ana, "Pelea")  # another bonus: rated on its own
    assert asked == ["Fuerza+Pelea+1", "Pelea"]


def test_a_new_sheet_is_rated_anew():
    ana = character(INFO, "Ana", {"hp": 12, "traits": {"Fuerza": 2}})
    assert check(ana, "Fuerza")["bonus"] == 2
    stronger = Character("Ana", {**ana.sheet, "traits": {"Fuerza": 5}}, ana.state)
    assert check(stronger, "Fuerza")["bonus"] == 5
    assert check(ana, "Fuerza")["bonus"] == 2


def test_a_status_is_read_anew_from_a_changed_state_or_sheet():
    ana = character(INFO, "Ana", {"hp": 12, "damage": 3})
    ctx = context(INFO)
    assert RELAY.rolecli_status(character=ana, ctx=ctx).vitality == 0.75
    hurt = Character("Ana", ana.sheet, {**ana.state, "damage": 9})
    assert RELAY.rolecli_status(character=hurt, ctx=ctx).vitality == 0.25
    tougher = Character("Ana", {**ana.sheet, "hp": 36}, hurt.state)
    assert RELAY.rolecli_status(character=tougher, ctx=ctx).vitality == 0.75
    down = Character("Ana", ana.sheet, {**ana.state, "damage": 12})
    assert not RELAY.rolecli_status(character=down, ctx=ctx).can_act


def test_a_check_nobody_reads_comes_to_what_an_explained_one_does():
    ana = character(INFO, "Ana", {"hp": 12, "traits": {"Fuerza": 2}})
    action = Action("check", {"expression": "2d6", "target": 9, "bonus": "Fuerza"}, ana)
    told = RELAY.rolecli_resolve(action=action, ctx=context(INFO, dice=[3, 4]))
    quiet = RELAY.rolecli_resolve(action=action, ctx=context(INFO, dice=[3, 4], explain=False))
    assert quiet.data == told.data == {"total": 9, "target": 9, "bonus": 2, "under": False, "margin": 0}
    assert quiet.success is told.success is True
    assert told.lines and quiet.lines == []
