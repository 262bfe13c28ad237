"""Recovery events (000-R60…R66) and temporary aspects expiring (000-R41)."""

from __future__ import annotations

from fate_helpers import applied, char, run

CONS = ["Menor: a", "Mayor: b", "Severa: c"]


def rec(ch, event, **kw):
    return run("recover", actor=ch, event=event, **kw)


def test_000_R60_end_of_scene_clears_stress():
    ch = char("Ana", state={"salud": ["1", "2"], "compostura": ["1"], "fuera": "taken_out"})
    out = rec(ch, "end_of_scene")
    assert out.changes["Ana"]["salud"] == () and out.changes["Ana"]["compostura"] == ()
    assert out.changes["Ana"]["fuera"] == ""


def test_000_R61_minor_cleared_at_scene_end_unless_no_rest():
    ch = char("Ana", state={"consecuencias": CONS})
    assert rec(ch, "end_of_scene").changes["Ana"]["consecuencias"] == tuple(CONS[1:])
    out = rec(ch, "end_of_scene", rested=False)
    assert out.changes.get("Ana", ch.state)["consecuencias"] == CONS


def test_000_R62_rest_clears_major():
    ch = char("Ana", state={"consecuencias": CONS + ["Extrema: d"]})
    assert rec(ch, "rest").changes["Ana"]["consecuencias"] == ("Severa: c", "Extrema: d")


def test_000_R63_downtime_clears_severe():
    ch = char("Ana", state={"consecuencias": ["Severa: c", "Extrema: d"]})
    assert rec(ch, "downtime").changes["Ana"]["consecuencias"] == ("Extrema: d",)


def test_000_R64_extreme_only_by_treatment():
    ch = char("Ana", state={"consecuencias": ["Extrema: Mordida"]})
    for ev in ("end_of_scene", "rest", "downtime", "start_of_session"):
        assert rec(ch, ev).changes.get("Ana", ch.state)["consecuencias"] == ["Extrema: Mordida"]
    assert rec(ch, "treatment").changes["Ana"]["consecuencias"] == ()


def test_000_R65_session_start_lowers_recovery_one_level():
    ch = char("Ana", state={"consecuencias": ["Menor: a", "Mayor: b", "Severa: c"]}, puntos_destino=5)
    out = rec(ch, "start_of_session")
    cons = out.changes["Ana"]["consecuencias"]
    assert cons == ("Mayor: b [como Menor]", "Severa: c [como Mayor]")
    ch = applied(ch, out)
    out = rec(ch, "end_of_scene")  # the Major now goes like a Minor
    assert out.changes["Ana"]["consecuencias"] == ("Severa: c [como Mayor]",)
    ch = applied(ch, out)
    assert rec(ch, "rest").changes["Ana"]["consecuencias"] == ()


def test_000_R65_lowered_consequence_still_holds_its_slot():
    from rolecli.contract import Refused
    import pytest

    ch = char("Ana", state={"consecuencias": ["Severa: c [como Mayor]"]})
    with pytest.raises(Refused):
        run("damage", actor=ch, stress=6, consequences="severa")


def test_start_of_session_refreshes_fate_points():
    ch = char("Ana", puntos_destino=1)
    assert rec(ch, "start_of_session").changes["Ana"]["puntos_destino"] == 5
    ch = char("Ana", puntos_destino=7)
    assert "Ana" not in rec(ch, "start_of_session", options={"refresh": 5}).changes


def test_000_R66_gm_drives_recovery_medicine_may_shorten_it():
    # Medicine or a stunt shortening recovery: the GM sends a longer event early
    ch = char("Ana", state={"consecuencias": ["Severa: c"]})
    assert rec(ch, "downtime").changes["Ana"]["consecuencias"] == ()


def test_000_R41_fragile_aspects_expire_on_change_and_scene_end():
    ch = char("Z", state={"aspectos_temporales": ["En la mira|fragile|free", "Acorralado|sticky|used"]})
    assert rec(ch, "circumstances").changes["Z"]["aspectos_temporales"] == ("Acorralado|sticky|used",)
    assert rec(ch, "end_of_scene").changes["Z"]["aspectos_temporales"] == ()


def test_minion_partial_stress_clears_out_minions_stay_out():
    g = char("G", calidad=2, cantidad=3, state={"sicarios_fuera": 1, "sicario_estres": 1})
    out = rec(g, "end_of_scene")
    assert out.changes["G"]["sicario_estres"] == 0 and out.changes["G"].get("sicarios_fuera", 1) == 1


def test_000_R7_no_recovery_by_the_turn_or_the_round(cli):
    """Nothing in the book recovers or runs out by the turn or the round: a conflict ends
    with the end of the scene, the only conflict event the system declares."""
    events = cli("systems", "fate", "--json").json["events"]
    assert "end_of_scene" in events and not {"end_of_turn", "end_of_round"} & set(events)
