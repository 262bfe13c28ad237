"""A hit on a named character is worked out once for the same hit on the same
sheet in the same state (``stress.damage_named``; on a group, ``minions.hit_group``), and set again: these tests
fail if what is kept answers for another state, for another attacker, or
leaves out what the hit set."""

from __future__ import annotations

from fate_helpers import applied, char, run

ZZ = "0,0,0,0,0,0,0,0"


def ana(**kw):
    return char("Ana", {}, **kw)


def hit(ch, n, **kw):
    return run("damage", actor=ch, stress=n, **kw)


def test_the_same_hit_on_the_same_state_is_worked_out_once_and_set_again(monkeypatch):
    from rolecli_fate import stress

    played = []
    real = stress.mark_stress
    monkeypatch.setattr(stress, "mark_stress", lambda *args: played.append(args[2]) or real(*args))
    target = ana()
    first, again = hit(target, 2), hit(target, 2)
    assert played == [2]
    assert again.data == first.data and again.changes == first.changes == {"Ana": {"salud": ("1", "2")}}
    # its new state is another: worked out anew, from there
    hurt = applied(target, first)
    later = hit(hurt, 2)
    assert played == [2, 2] and later.changes["Ana"]["salud"] == ("1", "2", "3", "4")
    # and another hit on the first state too
    assert hit(target, 3).changes == {"Ana": {"salud": ("1", "2", "3")}} and played == [2, 2, 3]


def test_a_kept_hit_sets_the_consequences_and_the_taken_out_again():
    target = ana()
    for _ in range(2):
        out = hit(target, 6)  # five boxes: a consequence keeps her in
        assert out.data["consequences_taken"] == ["Menor"] and out.changes["Ana"]["consecuencias"] == ("Menor: Salud, 6",)
        assert out.changes["Ana"]["consecuencia_tomada"] is True
    for _ in range(2):
        out = hit(target, 9, consequences="none")
        assert out.data["taken_out"] and out.changes["Ana"]["fuera"] == "taken_out"


def test_a_refused_concession_costs_each_attacker_its_own_fate_point():
    """The concession is offered on the same state every time; what its refusal
    costs is the attacker's, whose Fate points the kept hit is keyed on."""
    target = ana(puntos_destino=1)
    for points in (2, 2, 0, 3, 2):
        attacker = char("Atacante", {"Armas": 6}, puntos_destino=points)
        out = run("attack", actor=attacker, target=target, skill="Armas", defence="0", dice=ZZ,
                  concede="yes", reply="refuse")
        assert out.data["damage"]["concession"]["accepted"] is False
        assert out.changes["Atacante"]["puntos_destino"] == max(0, points - 1)
        assert "fuera" not in out.changes["Ana"]


def test_a_state_that_differs_only_inside_a_list_is_another_state(monkeypatch):
    """A hit is keyed on its state's values it reads, its lists as tuples (``stress.damage_named``):
    two states whose marked boxes differ are two, two equal states made apart are one."""
    from rolecli.contract import Character
    from rolecli_fate import stress

    played = []
    real = stress.mark_stress
    monkeypatch.setattr(stress, "mark_stress", lambda *args: played.append(args[2]) or real(*args))
    sheet = ana().sheet
    for boxes, marked in ((["1"], [2]), (["2"], [1]), (["1"], [2])):
        assert hit(Character("Ana", sheet, {"salud": boxes}), 1).data["boxes_marked"] == marked
    assert played == [1, 1]


def test_a_kept_hit_sets_again_only_what_the_hit_set():
    """What a kept hit sets again is read from the fields the hit set (``Work.set_on``),
    not from its whole state: the second, kept, sets them again, and nothing else."""
    target = ana(state={"salud": ["1"], "puntos_destino": 2, "fuera": ""})
    for _ in range(2):
        out = hit(target, 2)
        assert out.changes == {"Ana": {"salud": ("1", "2", "3")}}
        assert out.data["boxes_marked"] == [2, 3]


def test_a_state_that_differs_in_a_field_the_hit_reads_is_read_again(monkeypatch):
    """Every field of the state a hit reads (``stress.damage_named``) moves a kept hit: the same hit on a
    state with one of them changed (set, or set to None) is worked out anew."""
    from rolecli.contract import Character
    from rolecli_fate import stress

    played = []
    real = stress.mark_stress
    monkeypatch.setattr(stress, "mark_stress", lambda *args: played.append(args[2]) or real(*args))
    sheet = ana().sheet
    base = {"salud": ["1"], "consecuencias": [], "fuera": "", "puntos_destino": 2, "concesion_ofrecida": False}
    hit(Character("Ana", sheet, dict(base)), 1)
    changed = [{"salud": ["2"]}, {"compostura": ["1"]}, {"consecuencias": ["Menor: x"]}, {"fuera": "taken_out"},
               {"puntos_destino": 0}, {"concesion_ofrecida": True}, {"aspereza": 1}, {"companeros": 1},
               {"sicarios_fuera": 1}, {"puntos_destino": None}]
    for change in changed:
        before = len(played)
        hit(Character("Ana", sheet, {**base, **change}), 1)
        # (the other track's boxes are not this hit's: kept)
        assert len(played) == before + ("compostura" not in change), change
    assert hit(Character("Ana", sheet, {**base, "compostura": ["1"]}), 1).data["boxes_marked"] == [2]


def test_a_state_that_differs_in_a_field_the_hit_never_reads_is_kept(monkeypatch):
    """A temporary aspect placed moves no hit: the hit is kept, and what it sets (and so
    the changes it gives) are the same."""
    from rolecli.contract import Character
    from rolecli_fate import stress

    played = []
    real = stress.mark_stress
    monkeypatch.setattr(stress, "mark_stress", lambda *args: played.append(args[2]) or real(*args))
    sheet = ana().sheet
    first = hit(Character("Ana", sheet, {"salud": ["1"]}), 2)
    again = hit(Character("Ana", sheet, {"salud": ["1"], "aspectos_temporales": ["Niebla|fragile|free"]}), 2)
    assert played == [2]
    assert again.changes == first.changes == {"Ana": {"salud": ("1", "2", "3")}}


def test_consequences_held_are_keyed_by_their_severities_and_kept_as_held(monkeypatch):
    """A hit reads of the consequences held only how severe each is: two states holding
    the same severities under other texts meet one kept hit, and what it gives for the
    second (its consequences held, in its texts, with the one taken after them) is what
    the hit worked out anew on that state gives."""
    from rolecli.contract import Character
    from rolecli_fate import stress

    played = []
    real = stress.mark_stress
    monkeypatch.setattr(stress, "mark_stress", lambda *args: played.append(args[2]) or real(*args))
    sheet = ana().sheet
    full = {"salud": ["1", "2", "3", "4", "5"]}
    first = hit(Character("Ana", sheet, {**full, "consecuencias": ["Menor: Salud, 3"]}), 4)
    again = hit(Character("Ana", sheet, {**full, "consecuencias": ["Menor: Tobillo, 5 [como Menor]"]}), 4)
    assert played == [4]
    assert first.changes["Ana"]["consecuencias"] == ("Menor: Salud, 3", "Mayor: Salud, 4")
    assert again.changes["Ana"]["consecuencias"] == ("Menor: Tobillo, 5 [como Menor]", "Mayor: Salud, 4")
    assert again.data["consequences"] == again.changes["Ana"]["consecuencias"]
    # the same as the hit worked out anew, unkept
    monkeypatch.setattr(stress, "_HITS", {})  # no hit kept: worked out anew
    anew = hit(Character("Ana", sheet, {**full, "consecuencias": ["Menor: Tobillo, 5 [como Menor]"]}), 4)
    assert played == [4, 4]
    assert anew.data == again.data and anew.changes == again.changes and anew.lines == again.lines
    # another severity held is another key
    hit(Character("Ana", sheet, {**full, "consecuencias": ["Mayor: Salud, 3"]}), 4)
    assert played == [4, 4, 4]


def test_an_accepted_concession_keys_no_attacker_and_a_refused_one_keys_each(monkeypatch):
    """A hit reads its attacker's Fate points only where its reply refuses a concession
    (``conflict.accepts``): hits on one state by two attackers with an accepted reply
    meet one kept hit, the same as worked out anew; with a refused reply, two."""
    from rolecli_fate import stress

    played = []
    real = stress.mark_stress
    monkeypatch.setattr(stress, "mark_stress", lambda *args: played.append(args[2]) or real(*args))
    target = ana(state={"salud": ["1", "2", "3", "4", "5"], "consecuencias": ["Menor: a"]}, aspereza=1)

    def attack(points, reply):
        attacker = char(f"Atacante {points}", {"Armas": 6}, puntos_destino=points)
        return run("attack", actor=attacker, target=target, skill="Armas", defence="0", dice=ZZ, reply=reply)

    accepted = [attack(points, "accept") for points in (1, 2)]
    assert played == [6]
    assert accepted[1].changes == {"Ana": accepted[0].changes["Ana"]}
    assert accepted[1].changes["Ana"]["fuera"] == "conceded" and accepted[1].data["damage"]["concession"]["accepted"]
    monkeypatch.setattr(stress, "_HITS", {})  # no hit kept: worked out anew
    anew = attack(2, "accept")
    assert anew.data == accepted[1].data and anew.changes == accepted[1].changes and played == [6, 6]
    monkeypatch.undo()
    monkeypatch.setattr(stress, "mark_stress", lambda *args: played.append(args[2]) or real(*args))
    refused = [attack(points, "refuse") for points in (1, 2)]
    assert played == [6, 6, 6, 6]
    assert [out.changes["Atacante " + p]["puntos_destino"] for out, p in zip(refused, "12")] == [0, 1]


def test_consequences_held_in_another_order_meet_the_same_kept_hit(monkeypatch):
    """Which consequence was taken first moves no hit: the same severities held in
    another order are one key, and the hit kept gives the state's own list, followed
    by what it took, as the hit worked out anew does."""
    from rolecli.contract import Character
    from rolecli_fate import stress

    played = []
    real = stress.mark_stress
    monkeypatch.setattr(stress, "mark_stress", lambda *args: played.append(args[2]) or real(*args))
    sheet = ana().sheet
    full = {"salud": ["1", "2", "3", "4", "5"]}
    first = hit(Character("Ana", sheet, {**full, "consecuencias": ["Menor: a", "Severa: b"]}), 3)
    again = hit(Character("Ana", sheet, {**full, "consecuencias": ["Severa: b", "Menor: a"]}), 3)
    assert played == [3] and first.changes["Ana"]["consecuencias"] == ("Menor: a", "Severa: b", "Mayor: Salud, 3")
    assert again.changes["Ana"]["consecuencias"] == ("Severa: b", "Menor: a", "Mayor: Salud, 3")
    monkeypatch.setattr(stress, "_HITS", {})  # no hit kept: worked out anew
    anew = hit(Character("Ana", sheet, {**full, "consecuencias": ["Severa: b", "Menor: a"]}), 3)
    assert anew.data == again.data and anew.changes == again.changes and played == [3, 3]


def test_the_same_hit_on_a_group_in_the_same_state_is_worked_out_once_and_set_again(monkeypatch):
    """A hit on a minion group (``minions.hit_group``) is kept by the group's sheet and what it reads
    of its state: the same hit on the same state is set again, each caller given lists and data
    of its own; a new state, or another sheet, is worked out anew."""
    from rolecli_fate import minions

    played = []
    real = minions._spilled
    monkeypatch.setattr(minions, "_spilled", lambda *args: played.append(args[2]) or real(*args))
    group = char("Sicarios", calidad=2, cantidad=3)
    first, again = hit(group, 3), hit(group, 3)
    assert played == [3]
    assert again.changes == first.changes == {"Sicarios": {"sicarios_fuera": 1, "sicario_estres": 1}}
    assert again.data == first.data and again.data is not first.data and again.lines is not first.lines
    later = hit(applied(group, first), 1)  # its new state: the front one, marked, falls
    assert played == [3, 1] and later.changes == {"Sicarios": {"sicarios_fuera": 2, "sicario_estres": 0}}
    worse = hit(char("Sicarios", calidad=1, cantidad=3), 3)  # another sheet: one box each, all out
    assert played == [3, 1, 3] and worse.changes["Sicarios"]["fuera"] == "taken_out"
