"""What a verb reads of a character's state is the character's own (no copy is
made), so no verb may change it in place: each gives the new state in its
changes and leaves the character it was given as it was."""

from __future__ import annotations

import copy

from rolecli.contract import Character

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
    assert out.changes["Ana"]["salud"] == ("1", "2", "3", "4")
    assert out.changes["Ana"]["consecuencias"] == ("Menor: Corte", "Mayor: Salud, 6")


def test_a_hit_changes_a_state_by_values_that_hash_the_first_time_and_kept():
    """A hit's change holds no list (stress.py: an encounter numbers the new state by the change)."""
    for _ in range(2):  # worked out, then kept
        ana = char("Ana", state={"salud": ["1"], "consecuencias": ["Menor: Corte"]})
        change = run("damage", actor=ana, stress=6, consequences="auto").changes["Ana"]
        assert hash(tuple(change.items())) and change == {"salud": ("1", "2", "3"), "consecuencias": (
            "Menor: Corte", "Mayor: Salud, 6"), "consecuencia_tomada": True}


def test_a_free_tag_and_a_maneuver_change_the_temporary_aspects_only_in_the_new_state():
    ana = char("Ana", {"Armas": 3}, state={"aspectos_temporales": ["Caída|fragile|free"]})
    beto = char("Beto", {"Atletismo": 1}, state={"aspectos_temporales": ["Humo|sticky|free"]})
    out = _untouched(ana, lambda: run("attack", actor=ana, target=beto, skill="Armas", defence="Atletismo",
                                      invoke=("Caída",), dice=ZZ, consequences="none"))
    assert out.changes["Ana"]["aspectos_temporales"] == ()
    out = _untouched(beto, lambda: run("maneuver", actor=ana, target=beto, skill="Armas", aspect="Acorralado",
                                       opposition="Atletismo", dice=ZZ))
    assert out.changes["Beto"]["aspectos_temporales"] == ("Humo|sticky|free", "Acorralado|fragile|free")


def test_the_end_of_the_scene_clears_a_copy():
    ana = char("Ana", state={"salud": ["1"], "consecuencias": ["Menor: Corte", "Mayor: Brazo"], "fuera": "taken_out"})
    out = _untouched(ana, lambda: run("recover", actor=ana, event="end_of_scene"))
    assert out.changes["Ana"]["salud"] == () and out.changes["Ana"]["consecuencias"] == ("Mayor: Brazo",)


def test_a_work_makes_its_own_table_of_new_states_at_its_first_change():
    """Works that changed no one share one empty table of new states: the first change
    of one makes it a table of its own, which no other Work (made before or after) sees."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource

    from rolecli_fate.state import work_on

    ana = char("Ana", state={"puntos_destino": 3})
    ctx = Context(lang="es", dice=DiceSource(given=[]), options={}, characters={"Ana": ana})
    before, changed = work_on(ctx, ana), work_on(ctx, ana)
    assert before.changes() == {} and before.states == {}
    changed.set(ana, "puntos_destino", 2)
    after = work_on(ctx, ana)
    assert changed.get(ana, "puntos_destino") == 2 and changed.changes() == {"Ana": {"puntos_destino": 2}}
    for other in (before, after):
        assert other.states == {} and other.get(ana, "puntos_destino") == 3 and other.changes() == {}
    assert ana.state == {"puntos_destino": 3}


def test_a_side_off_the_ladder_is_refused_in_its_own_name_every_time():
    """A side's make-up is kept per sheet without the name a refusal gives it (a refusal
    is never kept, and nothing else of a side reads it): the same rating off the ladder
    on the same sheet is refused as the opposition, then as the defence, then as the
    opposition again; a rating on it is the same whatever the side is named."""
    import pytest
    from rolecli.contract import Refused

    ana, zombi = char("Ana", {"Armas": 2}), char("Zombi", {"Pelea": 2})
    for verb, named in (("contest", "opposition"), ("attack", "defence"), ("contest", "opposition")):
        with pytest.raises(Refused) as refused:
            run(verb, actor=ana, target=zombi, dice=ZZ, lang="en", **{"skill": "Armas", named: "12"})
        assert refused.value.args[0].en.startswith(f"{named} = 12 is out of range")
    contest = run("contest", actor=ana, target=zombi, dice=ZZ, skill="Armas", opposition="Pelea")
    attack = run("attack", actor=ana, target=zombi, dice=ZZ, skill="Armas", defence="Pelea")
    assert contest.data["opposition"] == attack.data["opposition"] == {
        "skill": 2, "modifiers": {}, "modifier": 0, "dice": [0, 0, 0, 0], "dice_total": 0, "effort": 2,
        "skill_name": "Pelea"}


def test_a_work_reads_the_fields_it_set_over_the_state_they_were_set_on():
    """A new state is kept as the fields set over the character's own state (never a
    copy of it): a field set is read first, then the state, then the sheet; the whole
    new state is made when asked (state_of), and the character's is left as it was."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource

    from rolecli_fate.state import work_on

    ana = char("Ana", state={"puntos_destino": 3, "salud": ["1"], "fuera": None})
    ctx = Context(lang="es", dice=DiceSource(given=[]), options={}, characters={"Ana": ana})
    work = work_on(ctx, ana)
    assert work.state_of(ana) is ana.state
    work.set(ana, "salud", ["1", "2"])
    work.set(ana, "puntos_destino", 3)  # as it was: not a change
    assert work.get(ana, "salud") == ["1", "2"] and work.get(ana, "puntos_destino") == 3
    assert work.get(ana, "fuera", "x") is None  # a state's None is read as it is once a field is set, as before
    assert work.state_of(ana) == {"puntos_destino": 3, "salud": ["1", "2"], "fuera": None}
    assert work.set_on(ana) == {"salud": ["1", "2"], "puntos_destino": 3}
    assert work.changes() == {"Ana": {"salud": ["1", "2"]}}
    assert ana.state == {"puntos_destino": 3, "salud": ["1"], "fuera": None}


def test_a_work_sets_several_fields_at_once_as_it_sets_each():
    """``Work.update`` sets its fields in their order, over those set before, as ``set`` of each
    would (a hit sets its few at once), and keeps no table it was given."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource

    from rolecli_fate.state import work_on

    ana = char("Ana", state={"puntos_destino": 3, "salud": ["1"]})
    ctx = Context(lang="es", dice=DiceSource(given=[]), options={}, characters={"Ana": ana})
    work = work_on(ctx, ana)
    fields = {"salud": ("1", "2"), "puntos_destino": 3}
    work.update(ana, fields)
    work.update(ana, {"fuera": "taken_out", "salud": ("1", "2", "3")})
    assert list(work.set_on(ana).items()) == [("salud", ("1", "2", "3")), ("puntos_destino", 3), ("fuera", "taken_out")]
    assert fields == {"salud": ("1", "2"), "puntos_destino": 3}
    assert work.changes() == {"Ana": {"salud": ("1", "2", "3"), "fuera": "taken_out"}}
    assert ana.state == {"puntos_destino": 3, "salud": ["1"]}


def test_a_side_reads_its_make_up_by_name():
    """A side keeps what it is made of as one tuple; its parts are read by name, and its roll adds its
    dice to a data of its own (its keys in the same order), the kept one left as it was."""
    from rolecli_fate.roll import efforts, side as made_side, side_data

    mods = (("modificador", 1),)
    kept = side_data("Armas", 2, mods, 1)
    side = made_side(("Armas", 2, mods, 1, 3, kept, 0, ()), [1, 1, 0, -1], 4)
    assert (side.skill_name, side.skill, side.mods, side.modifier, side.fp_spent) == ("Armas", 2, mods, 1, 0)
    assert side.effort == 4 and side.data == {"skill": 2, "modifiers": {"modificador": 1}, "modifier": 1,
                                                "dice": [1, 1, 0, -1], "dice_total": 1, "effort": 4,
                                                "skill_name": "Armas"}
    assert list(side.data) == ["skill", "modifiers", "modifier", "dice", "dice_total", "effort", "skill_name"]
    assert kept["dice"] is None and side.data["modifiers"] is not kept["modifiers"]
    unnamed_made = ("", 2, (), 0, 2, side_data("", 2, (), 0), 0, ())
    unnamed = made_side(unnamed_made, [0, 0, 0, 1], 3)
    assert unnamed.data == {"skill": 2, "modifiers": {}, "modifier": 0, "dice": [0, 0, 0, 1], "dice_total": 1,
                            "effort": 3}
    # A contest's two sides take their four each from one roll, the acting side's first: each reads its own.
    rolled = [1, 1, 0, -1, 0, 0, 0, 1]
    effort, de = efforts(side.made, unnamed_made, rolled)
    assert (effort, de, efforts(side.made, None, rolled)) == (4, 3, (4, None))
    side, unnamed = made_side(side.made, rolled, effort, 0), made_side(unnamed_made, rolled, de, 4)
    assert (side.dice, side.effort, unnamed.dice, unnamed.effort) == ([1, 1, 0, -1], 4, [0, 0, 0, 1], 3)
    assert unnamed.data["dice"] == [0, 0, 0, 1] and unnamed.dice is not unnamed.dice  # (a list of its own at each read)


def test_an_initiative_rating_kept_is_the_one_read_from_the_sheet():
    """A character's initiative numbers are kept once per sheet (every trial orders the
    same characters): the same as read from the sheet, each character of a shared sheet
    under its own name, and read again from a changed sheet."""
    from rolecli_fate.initiative import _rated, rated

    ana = char("Ana", {"Alerta": 3, "Resolución": 1})
    twin = Character("Ana bis", ana.sheet, {})  # (a stat block's characters may share one sheet)
    for skill in ("Alerta", "Empatía"):
        assert rated(ana, skill) == rated(ana, skill) == _rated(ana, skill)
    assert rated(ana, "Alerta") == (3, 1, "Ana") and rated(twin, "Alerta") == (3, 1, "Ana bis")
    changed = Character("Ana", {"habilidades": {"Alerta": 5, "Resolución": 1}}, {})
    assert rated(changed, "Alerta") == (5, 1, "Ana")
    soldados = char("Soldados", calidad=2, cantidad=4, lider="Ana")
    out = run("initiative", characters=[soldados, ana, twin], kind="physical")
    assert out.data["order"] == ["Soldados", "Ana", "Ana bis"]  # (a tie on both: as listed)
    assert out.data["scores"]["Soldados"] == {"initiative": 3, "resolve": 1, "listed": 1}


def test_an_initiative_order_kept_is_the_one_worked_out():
    """The order of the characters met last is kept (every trial of a simulation orders the same
    characters as they start), each by its name, sheet and state: the same order as worked out,
    worked out again for another sheet or state, and not kept where a group takes its initiative
    from a leader not among them (the roster's, which may change)."""
    from rolecli_fate import initiative

    coronel, lucia = char("Coronel", {"Alerta": 1}), char("Lucía", {"Alerta": 3})
    soldados = char("Soldados", calidad=2, cantidad=4, lider="Coronel")
    fast = char("Coronel", {"Alerta": 5})
    first = run("initiative", characters=[lucia, soldados, coronel])
    kept = initiative._RANKED[0]
    assert kept[1] == (("Lucía", lucia.sheet, lucia.state), ("Soldados", soldados.sheet, soldados.state),
                       ("Coronel", coronel.sheet, coronel.state))
    again = run("initiative", characters=[lucia, soldados, coronel])
    assert initiative._RANKED[0] is kept and again.data == first.data
    assert first.data["order"] == ["Lucía", "Soldados", "Coronel"]
    assert run("initiative", characters=[lucia, soldados, fast]).data["order"] == ["Soldados", "Coronel", "Lucía"]
    hurt = Character("Lucía", lucia.sheet, {"salud": ["1"]})  # (another state, the same numbers)
    assert run("initiative", characters=[hurt, soldados, coronel]).data == first.data
    assert initiative._RANKED[0][1][0][2] is hurt.state
    led_from_outside = run("initiative", characters=[lucia, soldados], chars=[fast])
    assert led_from_outside.data["order"] == ["Soldados", "Lucía"]  # (the roster's Coronel: Alerta 5)
    assert initiative._RANKED[0][1][0][2] is hurt.state  # (not kept: the leader is the roster's)


def test_a_work_reads_the_roster_s_groups_only_while_its_characters_are_the_roster_s_own():
    """An action given the roster's own characters (or equal ones) finds whom each leads by
    the roster's groups, kept; one given another, or setting the state of one the roster has
    not, finds them among everyone it reads, that one in its place."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli_fate.state import work_on

    coronel = char("Coronel", {"Armas": 2})
    soldados = char("Soldados", calidad=1, cantidad=3, lider="Coronel")
    roster = {"Coronel": coronel}

    def work(*chars):
        return work_on(Context("es", DiceSource(given=[]), {}, characters=roster), *chars)

    assert work(coronel).all_known and work(copy.deepcopy(coronel)).all_known
    assert work(coronel).group_of(coronel) == (False, ())
    given = work(coronel, soldados)
    assert not given.all_known and given.group_of(coronel) == (False, (soldados,))
    setting = work(coronel)
    setting.set(soldados, "sicarios_fuera", 1)  # not the roster's: read among everyone, in its place
    assert not setting.all_known and setting.group_of(coronel) == (False, (soldados,))
    asked = work(coronel)  # (the roster's groups found as it is made: asked first, then one set it has not)
    assert asked.group_of(coronel) == (False, ())
    asked.set(soldados, "sicarios_fuera", 1)
    assert asked.group_of(coronel) == (False, (soldados,))


def test_a_roster_s_groups_laid_again_on_the_characters_met_last_are_those_found_anew():
    """The groups of characters each the same by name, sheet and state as those found last (a
    trial's copies) are laid out again on these characters, whom each leads among them: as found
    anew, and found anew for another state or sheet; the very characters laid out on last are
    given the same table."""
    from rolecli_fate import state

    def roster(*made):
        return tuple(Character(ch.name, ch.sheet, ch.state) for ch in made)  # (as a trial copies them)

    coronel, lucia = char("Coronel", {"Armas": 2}), char("Lucía", {"Armas": 3})
    soldados = char("Soldados", calidad=1, cantidad=3, lider="Coronel")
    counted = char("Caminantes", None, {"cantidad": 2}, calidad=1)  # (how many: its state says)
    first = roster(lucia, coronel, soldados, counted)
    found = state._groups_of(first)
    again = roster(lucia, coronel, soldados, counted)
    laid = state._groups_of(again)
    assert state._groups_of(again) is laid  # (the very characters: the same table)
    state._LAID[:] = (), (), (), {}
    assert laid == state._groups_of(again) == found  # (the same, on characters of their own)
    assert laid["Lucía"][0] is again[0] and found["Lucía"][0] is first[0]
    assert laid["Coronel"] == (again[1], (False, (again[2],))) and laid["Coronel"][1][1][0] is again[2]
    assert laid["Soldados"] == (again[2], (True, ())) and laid["Caminantes"] == (None, (True, ()))
    alone = Character("Soldados", soldados.sheet, {"sicarios_fuera": 3})  # (another state: found anew)
    other = state._groups_of((again[0], again[1], alone, again[3]))
    assert other["Coronel"][1][1][0] is alone and state._LAID[0][2][2] is alone.state


def test_a_work_keeps_by_name_only_those_given_in_place_of_the_roster_s_own():
    """The roster's own characters given are found in the roster (none kept again, no table made);
    one equal to the roster's, or one the roster has not, is kept and found in its place, and so is
    one the roster has not whose state is set; Works given none share one empty table, never written."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli_fate.state import work_on

    ana, zombi = char("Ana", {"Armas": 2}), char("Zombi", {"Pelear": 1})
    roster = {"Ana": ana}

    def work(*chars):
        return work_on(Context("es", DiceSource(given=[]), {}, characters=roster), *chars)

    own, other = work(ana), work(ana)
    assert own.given == {} and own.given is other.given and own.char("Ana") is ana
    twin = copy.deepcopy(ana)
    equal = work(twin, zombi)
    assert equal.given == {"Ana": twin, "Zombi": zombi} and equal.char("Ana") is twin and equal.char("Zombi") is zombi
    assert equal.everyone() == [twin, zombi]
    setting = work(ana)
    setting.set(zombi, "salud", ["1"])
    assert setting.given == {"Zombi": zombi} and setting.char("Zombi") is zombi and not setting.all_known
    assert own.given == {} and work().given == {}
