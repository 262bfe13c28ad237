"""What a verb reads of a character's state is the character's own (no copy is
made), so no verb may change it in place: each gives the new state in its
changes and leaves the character it was given as it was."""

from __future__ import annotations

import copy

from fate_helpers import char, run

ZZ = "0,0,0,0,0,0,0,0"


def _untouched(ch, play):
    """``play()``'s outcome, after checking that it left ``ch``'s state (and every list in it) as it was."""
    before = copy.deepcopy(ch.state)
    lists = {key: (value, list(value)) for key, value in ch.state.items() if isinstance(value, list)}
    out = play()
    assert ch.state == before
    for key, (value, items) in lists.items():
        assert ch.state[key] is value and value == items, key
    return out


def test_a_hit_that_marks_boxes_and_takes_a_consequence_changes_only_the_new_state():
    ana = char("Ana", state={"salud": ["1", "2"], "consecuencias": ["Menor: Corte"], "aspectos_temporales": ["Caída|fragile|free"]})
    out = _untouched(ana, lambda: run("damage", actor=ana, stress=6, consequences="auto"))
    assert out.changes["Ana"]["salud"] == ["1", "2", "3", "4"]
    assert out.changes["Ana"]["consecuencias"] == ["Menor: Corte", "Mayor: Salud, 6"]


def test_a_free_tag_and_a_maneuver_change_the_temporary_aspects_only_in_the_new_state():
    ana = char("Ana", {"Armas": 3}, state={"aspectos_temporales": ["Caída|fragile|free"]})
    beto = char("Beto", {"Atletismo": 1}, state={"aspectos_temporales": ["Humo|sticky|free"]})
    out = _untouched(ana, lambda: run("attack", actor=ana, target=beto, skill="Armas", defence="Atletismo",
                                      invoke=("Caída",), dice=ZZ, consequences="none"))
    assert out.changes["Ana"]["aspectos_temporales"] == []
    out = _untouched(beto, lambda: run("maneuver", actor=ana, target=beto, skill="Armas", aspect="Acorralado",
                                       opposition="Atletismo", dice=ZZ))
    assert out.changes["Beto"]["aspectos_temporales"] == ["Humo|sticky|free", "Acorralado|fragile|free"]


def test_the_end_of_the_scene_clears_a_copy():
    ana = char("Ana", state={"salud": ["1"], "consecuencias": ["Menor: Corte", "Mayor: Brazo"], "fuera": "taken_out"})
    out = _untouched(ana, lambda: run("recover", actor=ana, event="end_of_scene"))
    assert out.changes["Ana"]["salud"] == [] and out.changes["Ana"]["consecuencias"] == ["Mayor: Brazo"]
