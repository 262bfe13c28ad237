"""Stress, consequences, Taken Out, concessions, minions and companions
(000-R30…R37, R44…R47, R49, R50)."""

from __future__ import annotations

import pytest

from rolecli.contract import Refused

from fate_helpers import applied, char, run

Z = "0,0,0,0"
ZZ = Z + "," + Z


def pc(skills=None, **kw):
    return char("Ana", skills or {}, **kw)


def hit(ch, n, **kw):
    return run("damage", actor=ch, stress=n, **kw)


def test_000_R30_stress_equals_attack_shifts():
    out = run("attack", actor=char("A"), target=pc(), skill="5", defence="2", dice=ZZ)
    assert out.data["stress"] == 3 and out.data["damage"]["to_boxes"] == 3


def test_000_R31_two_tracks_five_boxes_plus_skill_bonus():
    from rolecli_fate.stress import track_size

    assert track_size(pc(), "salud") == 5 and track_size(pc(), "compostura") == 5
    for r, size in [(0, 5), (1, 6), (2, 6), (3, 7), (4, 7), (5, 8), (8, 8)]:
        assert track_size(pc({"Resistencia": r}), "salud") == size
        assert track_size(pc({"Resolución": r}), "compostura") == size
    out = hit(pc(), 2, track="compostura")
    assert out.changes["Ana"]["compostura"] == ("1", "2") and "salud" not in out.changes["Ana"]


def test_000_R32_points_mode_marks_n_and_zero_left_is_taken_out():
    out = hit(pc(), 4, consequences="none")
    assert out.changes["Ana"]["salud"] == ("1", "2", "3", "4") and out.data["taken_out"] is False
    out = hit(pc(), 5, consequences="none")
    assert out.data["taken_out"] is True and out.changes["Ana"]["fuera"] == "taken_out"


def test_000_R32_sotc_mode_checks_box_n_and_rolls_up():
    opts = {"stress": "sotc"}
    ch = pc(state={"salud": ["3"]})
    out = hit(ch, 3, options=opts, consequences="none")
    assert out.changes["Ana"]["salud"] == ("3", "4") and out.data["taken_out"] is False
    out = hit(pc(), 5, options=opts, consequences="none")
    assert out.changes["Ana"]["salud"] == ("5",) and out.data["taken_out"] is False
    out = hit(pc(), 6, options=opts, consequences="none")
    assert out.data["taken_out"] is True


def test_000_R33_consequence_instead_of_boxes():
    out = hit(pc(), 2, consequences="menor", describe=("Tobillo torcido",))
    assert out.changes["Ana"]["consecuencias"] == ("Menor: Tobillo torcido",)
    assert "salud" not in out.changes["Ana"] and out.data["absorbed"] == 2


def test_a_hit_kept_for_its_state_and_choices_reads_other_choices_and_a_list_anew():
    """A hit is kept by its sheet, state and choices: the same hit with another
    description, or one given as a list (which no key can hold), is played anew."""
    ana = pc()
    kept = [hit(ana, 2, consequences="menor", describe=given).changes["Ana"]["consecuencias"]
            for given in (("Tobillo torcido",), ("Tobillo torcido",), ("Ceja partida",), ["Ceja partida"],
                          ["Nariz rota"])]
    assert kept == [("Menor: Tobillo torcido",)] * 2 + [("Menor: Ceja partida",)] * 2 + [("Menor: Nariz rota",)]


def test_000_R33_auto_takes_consequence_only_to_stay_in():
    out = hit(pc(), 4)
    assert out.data["consequences_taken"] == []
    out = hit(pc(), 7)  # needs ≥3 absorbed to keep a box free: Mayor (4)
    assert out.data["consequences_taken"] == ["Mayor"] and out.data["to_boxes"] == 3


@pytest.mark.parametrize("sev,absorbs", [("menor", 2), ("mayor", 4), ("severa", 6), ("extrema", 8)])
def test_000_R34_consequence_absorption(sev, absorbs):
    out = hit(pc(), 10, consequences=sev)
    assert out.data["absorbed"] == absorbs and out.data["to_boxes"] == 10 - absorbs


def test_000_R34_combined_on_one_hit():
    out = hit(pc(), 9, consequences="menor,mayor")
    assert out.data["absorbed"] == 6 and out.data["to_boxes"] == 3


def test_000_R34_one_of_each_and_at_most_three():
    ch = pc(state={"consecuencias": ["Menor: a"]})
    with pytest.raises(Refused, match="Menor"):
        hit(ch, 2, consequences="menor")
    ch = pc(state={"consecuencias": ["Menor: a", "Mayor: b", "Severa: c"]})
    with pytest.raises(Refused, match="at most 3"):
        hit(ch, 8, consequences="extrema")
    out = hit(ch, 8, consequences="extrema", options={"max_consequences": 4})
    assert len(out.changes["Ana"]["consecuencias"]) == 4
    # auto cannot take a fourth: Taken Out
    assert hit(ch, 9).data["taken_out"] is True


def test_000_R35_taken_out_bargain_spends_all_fate_points_and_caminante():
    out = hit(pc(puntos_destino=3), 6, consequences="none", bargain=True, caminante=True)
    assert out.data["taken_out"] and out.changes["Ana"]["puntos_destino"] == 0
    assert any("Mordida" in line for line in out.lines)


def test_000_R36_concession_accepted_offerer_gains_one():
    out = hit(pc(puntos_destino=1), 6, concede="yes")
    assert out.data["concession"]["accepted"] and out.changes["Ana"]["puntos_destino"] == 2
    assert out.changes["Ana"]["fuera"] == "conceded"


def test_000_R36_concession_refused_refuser_loses_one():
    a = char("Atacante", {"Armas": 6}, puntos_destino=2)
    out = run("attack", actor=a, target=pc(puntos_destino=1), skill="Armas", defence="0", dice=ZZ,
              concede="yes", reply="refuse")
    assert out.changes["Atacante"]["puntos_destino"] == 1
    assert "fuera" not in out.changes["Ana"]


def test_000_R36_concede_verb():
    hurt = {"consecuencias": ["Menor: Costilla"], "consecuencia_tomada": True}  # a consequence in this conflict
    out = run("concede", actor=pc(puntos_destino=0, state=hurt), target=char("B", puntos_destino=3))
    assert out.changes["Ana"]["puntos_destino"] == 1 and out.changes["Ana"]["fuera"] == "conceded"
    out = run("concede", actor=pc(puntos_destino=0, state=hurt), target=char("B", puntos_destino=3), reply="refuse")
    assert out.changes["B"]["puntos_destino"] == 2


def test_000_R37_aspereza_npc_concedes_after_that_many_consequences():
    npc = char("Coronel", {}, aspereza=2, puntos_destino=0)
    out = hit(npc, 6)  # takes Menor: 1 consequence < Aspereza 2
    assert "concession" not in out.data
    npc = applied(npc, out)
    out = hit(npc, 6)  # a second consequence: offers a concession
    assert out.data["concession"]["offered"] and out.changes["Coronel"]["fuera"] == "conceded"


def test_000_R44_minion_boxes_by_quality():
    for q in (1, 2, 3):
        grp = char("G", calidad=q, cantidad=3)
        out = hit(grp, q)
        assert out.data["minions_out"] == 1
        out = hit(grp, q - 1)
        assert out.data["minions_out"] == 0


def test_000_R45_R46_bonus_recomputed_from_standing():
    grp = char("G", calidad=1, cantidad=4)
    out = run("check", actor=grp, skill="Calidad", dice=Z)
    assert out.data["modifier"] == 2
    grp = applied(grp, hit(grp, 2))
    out = run("check", actor=grp, skill="Calidad", dice=Z)
    assert out.data["modifier"] == 1


def test_000_R46_whole_group_taken_out():
    out = hit(char("G", calidad=2, cantidad=3), 7)
    assert out.data["minions_standing"] == 0 and out.changes["G"]["fuera"] == "taken_out"
    assert out.data["overflow"] == 1


def test_000_R47_minions_absorb_before_leader():
    leader = char("Coronel", {"Alerta": 2})
    grp = char("Soldados", calidad=1, cantidad=2, lider="Coronel")
    out = run("damage", actor=leader, chars=[grp], stress=3, consequences="none")
    assert out.changes["Soldados"]["sicarios_fuera"] == 2
    assert out.changes["Coronel"]["salud"] == ("1",)


def test_000_R47_leader_bonus_counts_himself():
    leader = char("Coronel", {"Armas": 3})
    grp = char("Soldados", calidad=1, cantidad=3, lider="Coronel")
    out = run("check", actor=leader, chars=[grp], skill="Armas", dice=Z)
    assert out.data["modifier"] == 2


def test_000_R49_overflow_after_taken_out():
    out = hit(pc(), 8, consequences="none")
    assert out.data["taken_out"] and out.data["overflow"] == 3


def test_000_R50_companion_flat_plus_one_and_extra_consequence():
    assert run("check", skill="3", companion=True, dice=Z).data["modifier"] == 1
    ch = pc(companeros=1, state={"consecuencias": ["Menor: a", "Mayor: b", "Severa: c"]})
    out = hit(ch, 4, consequences="companero", describe=("Raptan a Bruno",))
    assert "Compañero: Raptan a Bruno" in out.changes["Ana"]["consecuencias"]
    with pytest.raises(Refused, match="companion"):
        hit(pc(), 4, consequences="companero")


def test_tie_attack_deals_no_stress():
    out = run("attack", actor=char("A"), target=pc(), skill="3", defence="3", dice=ZZ)
    assert out.data["stress"] == 0 and not out.changes


def test_000_R34_R64_auto_consequences_prefer_menor_severa_over_extrema(cli):
    """12 stress on an empty 5-box track: Extrema alone and Menor + Severa both absorb 8
    (ruling: 2/4/6/8); auto avoids the Extrema, which only medical treatment removes."""
    r = cli("fate", "damage", "12", "--json")
    assert r.code == 0
    assert sorted(r.json["consequences_taken"]) == ["Menor", "Severa"]
    assert r.json["absorbed"] == 8 and r.json["to_boxes"] == 4


def test_000_R34_auto_consequences_for_a_hit_the_boxes_cannot_hold():
    from rolecli_fate.stress import auto_consequences, holds

    every, five = ("menor", "mayor", "severa", "extrema"), holds((1, 2, 3, 4, 5), "points")  # 5 boxes free
    assert sorted(auto_consequences(12, five, every, 3)) == ["menor", "severa"]  # 8, not an Extrema
    assert auto_consequences(7, five, every, 3) == ("mayor",)  # the least that leaves a box free
    assert auto_consequences(7, five, ("menor",), 3) == ()    # a Menor alone does not help
    assert auto_consequences(30, five, every, 3) == ()        # nothing saves it: Taken Out
    assert auto_consequences(7, five, every, 0) == ()         # no slot left


def test_what_free_boxes_hold_is_what_they_fit_in_both_modes():
    """``auto_consequences`` is kept by what the free boxes hold (``holds``), not the
    boxes themselves: a stress fits them (``_fits``) exactly when it is no more."""
    import itertools

    from rolecli_fate.stress import _fits, holds

    for mode in ("points", "sotc"):
        for n in range(0, 7):
            for free in itertools.combinations(range(1, 7), n):
                for rest in range(-2, 10):
                    fits, boxes = _fits(rest, list(free), mode)
                    assert fits == (rest <= holds(free, mode)), (mode, free, rest)
                    if fits and rest > 0:
                        assert boxes == ([min(b for b in free if b >= rest)] if mode == "sotc" else list(free[:rest]))
