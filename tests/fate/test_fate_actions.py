"""Actions in a conflict (000-R4…R22, R40…R43, R48, R51), through the hooks
with campaign characters."""

from __future__ import annotations

import pytest

from rolecli.contract import Character, Refused
from rolecli.errors import RoleError

from fate_helpers import applied, char, run

Z = "0,0,0,0"
ZZ = Z + "," + Z


def ana(**kw):
    return char("Ana", {"Atletismo": 3, "Armas": 4, "Resistencia": 1, "Alerta": 3, "Resolución": 2, "Seguridad": 4},
                aspectos=["Ágil como un gato"], puntos_destino=kw.pop("fp", 2), **kw)


def zombi(**kw):
    return char("Zombi", {"Atletismo": 1, "Pelea": 2}, **kw)


def test_000_R1_four_fudge_dice_plus_skill():
    out = run("check", skill="2", difficulty="0", dice="+,+,+,-")
    assert out.data["dice"] == [1, 1, 1, -1] and out.data["effort"] == 4


def test_000_R1_four_fudge_dice_read_as_one_at_a_time_each_with_its_reason():
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli_fate.roll import four_df

    ctx = Context("es", DiceSource(5), {})
    one_by_one = DiceSource(5)
    assert four_df(ctx, ("Ana",)) == [one_by_one.fudge() for _ in range(4)]
    assert [r.why for r in ctx.dice.reads] == ["Ana 1/4", "Ana 2/4", "Ana 3/4", "Ana 4/4"]
    # A contest's two sides roll at once: the same dice, read in the same order, as two rolls.
    assert four_df(ctx, ("Ana", "Zombi")) == [one_by_one.fudge() for _ in range(8)]
    assert [r.why for r in ctx.dice.reads][4:] == ["Ana 1/4", "Ana 2/4", "Ana 3/4", "Ana 4/4",
                                                   "Zombi 1/4", "Zombi 2/4", "Zombi 3/4", "Zombi 4/4"]


def test_a_side_keeps_its_modifiers_as_made_and_their_sum_with_them():
    """Every modifier is known when the side is made: they cannot be added to
    afterwards, so the modifier counted then is always their sum."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli_fate.roll import make_side, side as rolled
    from rolecli_fate.state import work_on

    work = work_on(Context("en", DiceSource(given=[]), {"combine": "procedure"}), ana())
    made = make_side(work, ana(), "Atletismo", {"modifier": 2, "complement": ["Armas"], "supplemental": 1,
                                                "invoke": ["Ágil como un gato"]}, "en")
    side = rolled(made, [0, 0, 0, 0], made[4])
    assert side.modifier == sum(v for _, v in side.mods) == 2 + 1 - 1 + 2 and side.fp_spent == 1
    with pytest.raises(AttributeError):
        side.mods.append(("late", 5))


def test_a_side_made_up_once_per_sheet_reads_a_new_sheet_new_parameters_and_its_group_anew():
    """What a side is made of is kept per sheet for the same parameters and group
    size: a new sheet, other parameters (as the action gives them or as a direct
    call does, a list among them) and minions taken out are each read anew."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli_fate.roll import OPPOSED, make_side, side as rolled
    from rolecli_fate.state import work_on

    coronel = char("Coronel", {"Armas": 2})
    soldados = char("Soldados", calidad=1, cantidad=3, lider="Coronel")
    roster = {"Coronel": coronel, "Soldados": soldados}
    work = work_on(Context("es", DiceSource(given=[]), {"combine": "procedure"}, characters=roster), coronel)

    def side(who, p, **kw):
        made = make_side(work, who, "Armas", p, "es", **kw)
        return rolled(made, [0, 0, 0, 0], made[4])

    first = side(coronel, {"modifier": 1})
    assert (first.skill, first.modifier) == (2, 1 + 2)  # the leader and 3 minions: +2
    assert side(coronel, {"modifier": 1}).mods == first.mods
    assert side(char("Coronel", {"Armas": 4}), {"modifier": 1}).skill == 4  # a new sheet
    assert side(coronel, {"modifier": -1}).modifier == -1 + 2
    assert side(coronel, {"modifier": 1, "complement": ["Armas+1"]}).modifier == 1 + 1 + 2  # a list: read, not kept
    assert side(coronel, {"target_modifier": 3}, reads=OPPOSED).modifier == 3 + 2
    work.set(soldados, "sicarios_fuera", 2)  # one minion standing: the leader and 1, +1
    assert side(coronel, {"modifier": 1}).modifier == 1 + 1


def test_minions_standing_kept_per_state_read_anew_for_a_new_state_sheet_or_one_set():
    """A group's minions standing are kept per state and sheet as kept (minions.standing):
    a new state, a new sheet, or the action's own change is read anew, as computed afresh."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli_fate.minions import standing
    from rolecli_fate.state import work_on

    def fresh(grp, work):  # the rule itself, with nothing kept
        return max(0, int(grp.value("cantidad") or 0) - int(work.get(grp, "sicarios_fuera") or 0))

    soldados = char("Soldados", calidad=1, cantidad=4, state={"sicarios_fuera": 1})

    def work():
        return work_on(Context("es", DiceSource(given=[]), {}, characters={"Soldados": soldados}), soldados)

    assert standing(work(), soldados) == standing(work(), soldados) == fresh(soldados, work()) == 3
    soldados.state = {"sicarios_fuera": 3}  # a new state, as the core sets one
    assert standing(work(), soldados) == fresh(soldados, work()) == 1
    soldados.sheet = {**soldados.sheet, "cantidad": 6}  # a new sheet
    assert standing(work(), soldados) == fresh(soldados, work()) == 3
    changed = work()
    changed.set(soldados, "sicarios_fuera", 6)  # the action's own change
    assert standing(changed, soldados) == fresh(soldados, changed) == 0
    assert standing(work(), soldados) == 3


def test_a_side_reads_every_modifier_its_verbs_declare():
    """A side's modifiers are worked out from a fixed list of its parameters (the
    memoized ``modifiers``): one a verb declares and the list leaves out would be
    taken and silently not applied."""
    from rolecli_fate.roll import COMBINING, MODIFYING, OPPOSING
    from rolecli_fate.system import ACTIONS, ROLL_MODS

    read = set(MODIFYING) | set(COMBINING) | {"group", "invoke", "reroll"}  # (reroll: roll_side's)
    assert {param.name for param in ROLL_MODS} | set(OPPOSING) == read
    check = next(a for a in ACTIONS if a.name == "check")
    assert "full_defence" in {param.name for param in check.params} and "full_defence" in MODIFYING


def test_a_side_names_only_the_modifiers_that_move_its_effort():
    """A combined skill that cancels out (+1 and −1) moves nothing, and is named
    neither in the data nor in the line."""
    out = run("check", actor=ana(), skill="Atletismo", complement=["Seguridad"], restrict=["Resistencia"], dice=Z,
              lang="en")
    assert out.data["modifiers"] == {} and out.data["modifier"] == 0 and out.data["effort"] == 3
    assert "Atletismo Good (+3)" in out.lines[-1] and "combined" not in out.lines[-1]


def test_000_R4_shifts_reported_for_spending():
    out = run("check", skill="4", difficulty="1", dice=Z)
    assert out.data["shifts"] == 3 and out.data["significant"] is True


def test_000_R5_default_difficulty_is_promedio():
    out = run("check", skill="1", dice=Z)
    assert out.data["difficulty"] == 1 and out.data["success"] is True
    out = run("check", skill="0", dice=Z)
    assert out.success is False


def test_000_R5_spanish_and_english_adjectives_accepted():
    assert run("check", skill="3", difficulty="Bueno", dice=Z).data["difficulty"] == 3
    assert run("check", skill="3", difficulty="good", dice=Z).data["difficulty"] == 3
    assert run("check", skill="3", difficulty="épico", dice=Z).data["difficulty"] == 7
    assert run("check", skill="3", difficulty="Terrible", dice=Z).data["difficulty"] == -2


def test_unknown_trait_lists_traits_and_closest():
    with pytest.raises(RoleError) as e:
        run("check", actor=ana(), skill="Atletsmo", dice=Z)
    assert "Atletismo" in str(e.value) and "Did you mean" in str(e.value)


def test_trait_name_without_character_is_refused():
    with pytest.raises(Refused):
        run("check", skill="Atletismo", dice=Z)


def test_000_R6_contest_with_characters():
    out = run("contest", actor=ana(), target=zombi(), skill="Atletismo", opposition="Atletismo", dice=ZZ)
    assert out.data["result"] == "actor" and out.data["shifts"] == 2


def test_000_R7_conflict_ends_when_taken_out():
    z = zombi()
    for _ in range(5):
        out = run("attack", actor=ana(), target=z, skill="Armas", defence="Atletismo", dice=ZZ, consequences="none")
        z = applied(z, out)
        if z.state.get("fuera"):
            break
    assert z.state["fuera"] == "taken_out"


def test_000_R8_moving_one_zone_is_supplemental_more_needs_sprint():
    out = run("check", skill="3", move=1, dice=Z)
    assert out.data["modifier"] == -1
    with pytest.raises(Refused):
        run("check", skill="3", move=2, dice=Z)


def test_000_R12_R13_attack_is_a_contest_shifts_become_stress():
    z = zombi()
    out = run("attack", actor=ana(), target=z, skill="Armas", defence="Atletismo", dice=ZZ)
    assert out.data["stress"] == 3 and out.success is True
    assert out.changes["Zombi"]["salud"] == ("1", "2", "3")


def test_000_R13_defender_wins_attack_fails():
    out = run("attack", skill="2", defence="3", dice=ZZ)
    assert out.success is False and out.data["stress"] == 0 and out.data["spin"] is False


def test_000_R14_maneuver_places_temporary_aspect_on_target():
    z = zombi()
    out = run("maneuver", actor=ana(), target=z, skill="Armas", opposition="Atletismo", aspect="Cegado", dice=ZZ)
    assert out.success and out.changes["Zombi"]["aspectos_temporales"] == ("Cegado|fragile|free",)


def test_000_R15_defence_roll_is_free_and_automatic():
    # the defence is rolled inside the attack: no separate action is needed
    out = run("attack", skill="3", defence="3", dice="+,0,0,0,0,0,0,0")
    assert out.data["opposition"]["effort"] == 3 and out.data["stress"] == 1


def test_000_R16_full_defence_adds_two():
    out = run("attack", skill="4", defence="2", full_defence=True, dice=ZZ)
    assert out.data["defence"] == 4 and out.data["stress"] == 0


def test_000_R17_hold_action_does_not_change_the_initiative_order():
    a, b = ana(), zombi()
    r1 = run("initiative", characters=[a, b], round=1)
    r2 = run("initiative", characters=[a, b], round=2)
    assert r1.data["order"] == r2.data["order"] == ["Ana", "Zombi"]


def test_000_R18_block_roll_is_block_strength():
    out = run("block", skill="3", dice="+,+,0,0")
    assert out.data["block_strength"] == 5


def test_000_R19_supplemental_action_minus_one():
    out = run("check", skill="3", supplemental=1, dice=Z)
    assert out.data["effort"] == 2


def test_000_R20_sprint_zones_equal_shifts_minus_border():
    out = run("sprint", skill="3", dice=Z)
    assert out.data["zones"] == 3
    out = run("sprint", skill="3", border_total=2, dice=Z)
    assert out.data["zones"] == 1
    out = run("sprint", skill="1", border_total=2, dice=Z)
    assert out.data["zones"] == 0 and out.success is False


def test_000_R20_border_adds_to_movement_penalty():
    out = run("check", skill="3", move=1, border=2, dice=Z)
    assert out.data["modifier"] == -3


@pytest.mark.parametrize("kw,expected", [
    ({"complement": ("2",)}, 0),          # complementing below: never −1
    ({"complement": ("4",)}, 1),
    ({"restrict": ("4",)}, 0),            # restricting above: never +1
    ({"restrict": ("2",)}, -1),
    ({"modify": ("4",)}, 1), ({"modify": ("2",)}, -1), ({"modify": ("3",)}, 0),
    ({"complement": ("4", "5")}, 1),      # several: at most +1
    ({"restrict": ("1", "2")}, -1),       # several: at most −1
])
def test_000_R21_combining_skills(kw, expected):
    out = run("check", skill="3", dice=Z, **kw)
    assert out.data["modifier"] == expected


def test_000_R21_literal_reading_option():
    out = run("check", skill="3", complement=("4",), restrict=("1", "2"), options={"combine": "literal"}, dice=Z)
    assert out.data["modifier"] == 0
    out = run("check", skill="3", restrict=("1", "2"), dice=Z)
    assert out.data["modifier"] == -1


def test_000_R21_trait_names_for_secondaries():
    out = run("check", actor=ana(), skill="Atletismo", restrict=("Resistencia",), complement=("Seguridad",), dice=Z)
    assert out.data["modifier"] == 0


def test_000_R22_extended_conflict_endurance_restricts():
    out = run("check", actor=ana(), skill="Armas", extended=True, dice=Z)
    assert out.data["modifier"] == -1  # Resistencia 1 < Armas 4


def test_000_R40_maneuver_unopposed_simple_action():
    out = run("maneuver", skill="2", difficulty="2", aspect="En llamas", dice=Z)
    assert out.success and out.data["placed"]


def test_000_R40_opposed_maneuver_needs_one_shift():
    out = run("maneuver", skill="2", opposition="2", aspect="Cegado", dice=ZZ)
    assert out.success is False and out.data["placed"] is False


def test_000_R40_target_may_pay_a_fate_point_to_avoid():
    z = zombi(puntos_destino=1)
    out = run("maneuver", actor=ana(), target=z, skill="Armas", opposition="Atletismo", aspect="Cegado",
              avoid="pay", dice=ZZ)
    assert out.data["avoided"] and out.changes["Zombi"]["puntos_destino"] == 0
    assert "aspectos_temporales" not in out.changes["Zombi"]


def test_000_R41_first_tag_free_fragile_vanishes():
    z = zombi(state={"aspectos_temporales": ["Cegado|fragile|free"]})
    a = ana()
    out = run("attack", actor=a, target=z, skill="Armas", defence="Atletismo", invoke=("Cegado",), dice=ZZ)
    assert out.data["roll"]["modifier"] == 2
    assert out.changes["Zombi"]["aspectos_temporales"] == ()
    assert "puntos_destino" not in out.changes.get("Ana", {})


def test_000_R41_sticky_stays_later_tags_cost_a_point():
    z = zombi(state={"aspectos_temporales": ["Acorralado|sticky|free"]})
    a = ana(fp=2)
    out = run("check", actor=a, target=z, skill="Armas", invoke=("Acorralado",), dice=Z)
    z = applied(z, out)
    assert z.state["aspectos_temporales"] == ("Acorralado|sticky|used",)
    out = run("check", actor=a, target=z, skill="Armas", invoke=("Acorralado",), dice=Z)
    assert out.changes["Ana"]["puntos_destino"] == 1
    assert out.changes.get("Zombi", z.state)["aspectos_temporales"] == ("Acorralado|sticky|used",)


def test_invoke_permanent_aspect_costs_one_fate_point_and_refuses_at_zero():
    out = run("check", actor=ana(fp=1), skill="Atletismo", invoke=("Ágil como un gato",), dice=Z)
    assert out.data["effort"] == 5 and out.changes["Ana"]["puntos_destino"] == 0
    with pytest.raises(Refused, match="0 Fate points"):
        run("check", actor=ana(fp=0), skill="Atletismo", invoke=("Ágil como un gato",), dice=Z)
    with pytest.raises(Refused, match="Aspects"):
        run("check", actor=ana(), skill="Atletismo", invoke=("Volar",), dice=Z)


def test_invoke_for_reroll_only_when_failing():
    out = run("check", actor=ana(fp=1), skill="Atletismo", difficulty="5", reroll="Ágil como un gato",
              dice="0,0,0,0,+,+,0,0")
    assert out.data["first_dice"] == [0, 0, 0, 0] and out.data["effort"] == 5 and out.success
    assert out.changes["Ana"]["puntos_destino"] == 0
    out = run("check", actor=ana(fp=1), skill="Atletismo", difficulty="2", reroll="Ágil como un gato", dice=Z)
    assert "first_dice" not in out.data and not out.changes


def test_000_R42_disarm_penalty_is_one_plus_shifts():
    out = run("check", skill="3", rearm=2, dice=Z)
    assert out.data["modifier"] == -3


def test_000_R42_push_costs_weight_plus_zones():
    out = run("push", skill="6", opposition="1", weight=2, zones=3, dice=ZZ)
    assert out.data["cost"] == 5 and out.data["success"] and out.data["reach"] == 3


def test_000_R42_carrying_adds_weight_per_zone_moved():
    out = run("check", skill="3", move=1, carry=2, dice=Z)
    assert out.data["modifier"] == -3


def test_000_R43_maneuver_shifts_reported_for_special_effects():
    out = run("maneuver", skill="5", difficulty="1", aspect="Marcado", dice=Z)
    assert out.data["shifts"] == 4


def test_000_R48_spin_when_defence_wins_by_three():
    out = run("attack", skill="1", defence="4", dice=ZZ)
    assert out.data["spin"] is True
    out = run("attack", skill="2", defence="4", dice=ZZ)
    assert out.data["spin"] is False


def test_000_R48_spin_applies_plus_or_minus_one():
    assert run("check", skill="3", spin=1, dice=Z).data["effort"] == 4
    assert run("check", skill="3", spin=-1, dice=Z).data["effort"] == 2


def test_000_R51_scene_aspect_invoked_for_one_fate_point():
    scene = char("Escena", escena=True, aspectos=["Niebla espesa"])
    a = ana(fp=2)
    out = run("check", actor=a, chars=[scene], skill="Atletismo", invoke=("Niebla espesa",), dice=Z)
    assert out.data["effort"] == 5 and out.changes["Ana"]["puntos_destino"] == 1


def test_000_R10_T4_initiative_alerta_then_resolucion():
    a = char("A", {"Alerta": 3, "Resolución": 1})
    b = char("B", {"Alerta": 3, "Resolución": 2})
    c = char("C", {"Alerta": 2, "Resolución": 5})
    assert run("initiative", characters=[a, b, c]).data["order"] == ["B", "A", "C"]


def test_000_R10_social_uses_empatia_and_listed_order_last():
    a = char("A", {"Empatía": 2, "Alerta": 5})
    b = char("B", {"Empatía": 2, "Alerta": 0})
    c = char("C", {"Empatía": 4})
    assert run("initiative", characters=[a, b, c], kind="social").data["order"] == ["C", "A", "B"]
    assert run("initiative", characters=[b, a, c], kind="mental").data["order"] == ["C", "B", "A"]


def test_000_R9_R10_minion_group_uses_leader_or_quality():
    leader = char("Coronel", {"Alerta": 4})
    grp = char("Soldados", calidad=2, cantidad=3, lider="Coronel")
    horde = char("Caminantes", calidad=1, cantidad=6)
    p = char("P", {"Alerta": 3})
    out = run("initiative", characters=[p, horde, grp, leader])
    assert out.data["order"] == ["Soldados", "Coronel", "P", "Caminantes"]


def test_000_R11_T5_rotating_initiative():
    names = [char(n) for n in ("P1", "P2", "P3", "GM")]
    out = run("initiative", characters=names, round=2, rotating=True)
    assert out.data["order"] == ["P2", "P3", "GM", "P1"]
    out = run("initiative", characters=names, round=5, options={"initiative": "rotating"})
    assert out.data["order"] == ["P1", "P2", "P3", "GM"]


def test_compel_accept_gains_refuse_pays():
    out = run("compel", actor=ana(fp=1), aspect="Ágil como un gato")
    assert out.changes["Ana"]["puntos_destino"] == 2
    out = run("compel", actor=ana(fp=1), aspect="Ágil como un gato", reply="refuse")
    assert out.changes["Ana"]["puntos_destino"] == 0


def test_english_lines():
    out = run("attack", skill="1", defence="4", dice=ZZ, lang="en")
    assert any("Spin for the defender" in line for line in out.lines)


def test_000_R45_a_leaders_minions_are_read_anew_from_a_changed_sheet_or_state():
    """A leader rolls with the minions the sheets in play attach to him, those standing: the
    same roster with a new sheet (the group now follows no one) or a new state (its minions
    taken out) is read anew, and the leader rolls alone."""
    coronel = char("Coronel", {"Armas": 2})
    led = char("Soldados", calidad=2, cantidad=3, lider="Coronel")
    alone = char("Soldados", calidad=2, cantidad=3)
    beaten = Character("Soldados", led.sheet, {"sicarios_fuera": 3})
    target = zombi()
    for soldados, size in ((led, 4), (alone, 0), (led, 4), (beaten, 0)):
        out = run("attack", actor=coronel, target=target, chars=[soldados], skill="Armas", defence="Atletismo", dice=ZZ)
        modifiers = out.data["roll"]["modifiers"]
        assert modifiers == ({"tamaño del grupo 4": 2} if size else {}), (soldados.sheet, soldados.state)


def test_000_R45_one_roster_finds_a_leaders_minions_anew_when_it_holds_other_characters():
    """One roster (the campaign's characters, which a simulation's trial plays every action
    on) finds a leader's minions again when it holds other characters: a group put in it,
    one whose new sheet follows no one, the first one back; and an action given a group in
    place of the roster's own reads the one it was given."""
    from rolecli.contract import Action, Context
    from rolecli.dice.source import DiceSource

    from fate_helpers import FATE

    coronel = char("Coronel", {"Armas": 2})
    led = char("Soldados", calidad=2, cantidad=3, lider="Coronel")
    alone = char("Soldados", calidad=2, cantidad=3)
    roster = {"Coronel": coronel, "Zombi": zombi()}

    def modifiers(target):
        src = DiceSource(given=ZZ.split(","))
        action = Action("attack", {"skill": "Armas", "defence": "1"}, coronel, target)
        out = FATE.rolecli_resolve(action=action, ctx=Context(lang="es", dice=src, options={}, characters=roster))
        src.finish()
        return out.data["roll"]["modifiers"]

    assert modifiers(roster["Zombi"]) == {}
    roster["Soldados"] = led
    assert modifiers(roster["Zombi"]) == {"tamaño del grupo 4": 2}
    roster["Soldados"] = alone
    assert modifiers(roster["Zombi"]) == {}
    roster["Soldados"] = led
    assert modifiers(roster["Zombi"]) == {"tamaño del grupo 4": 2}
    assert modifiers(alone) == {}  # given in place of the roster's own
    assert modifiers(roster["Zombi"]) == {"tamaño del grupo 4": 2}
    # Given one equal to the roster's own (another object): the roster's groups hold for it.
    from rolecli.contract import Character
    assert modifiers(Character("Soldados", dict(led.sheet), dict(led.state))) == {"tamaño del grupo 4": 2}


def test_being_a_group_is_read_again_where_the_state_says_how_many_it_is():
    """Being a group is found once per roster with whom each leads (Work.group_of), but
    a character whose state holds its ``cantidad`` is read as that state is now: the
    roster held the same, its state changed (as the core sets a new one) between two
    actions."""
    from rolecli.contract import Action, Character, Context
    from rolecli.dice.source import DiceSource

    from fate_helpers import FATE

    horde = char("Horda", {"Armas": 1}, calidad=1)  # its sheet: one alone
    roster = {"Horda": horde, "Zombi": zombi()}

    def modifiers():
        src = DiceSource(given=ZZ.split(","))
        action = Action("attack", {"skill": "Armas", "defence": "1"}, horde, roster["Zombi"])
        out = FATE.rolecli_resolve(action=action, ctx=Context(lang="es", dice=src, options={}, characters=roster))
        src.finish()
        return out.data["roll"]["modifiers"]

    assert modifiers() == {}
    horde.state = {"cantidad": 4}  # a group of four now
    assert modifiers() == {"tamaño del grupo 4": 2}
    horde.state = {"cantidad": 0}  # alone again
    assert modifiers() == {}
    # One whose state said how many it was when the roster was read, and no longer says: alone
    # by its sheet, it leads the dogs (two of them, and itself).
    roster["Horda"] = horde = Character("Horda", horde.sheet, {"cantidad": 4})
    roster["Perros"] = char("Perros", calidad=1, cantidad=2, lider="Horda")
    assert modifiers() == {"tamaño del grupo 4": 2}
    horde.state = {}
    assert modifiers() == {"tamaño del grupo 3": 1}
