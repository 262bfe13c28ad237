"""What a sheet gives: the kept state as every rule reads it, and the values worked out
from the sheet alone, read from it once however often a simulation asks."""

from __future__ import annotations

from aaa_helpers import character

from rolecli.contract import Character
from rolecli_alternity import sheet as S


def test_the_kept_state_has_every_field_in_the_templates_order():
    from rolecli_alternity.system import TEMPLATE

    got = S.state(character("Grimes", {"wound": 2, "stun": 3}))
    assert list(got) == [f.key for f in TEMPLATE if f.state] == list(S.STATE_DEFAULTS)
    assert (got["stun"], got["wound"], got["status"]) == (3, 2, "ok")
    assert list(S.state(None)) == list(S.STATE_DEFAULTS)


def test_a_kept_value_hides_the_sheets_and_a_kept_none_stands_for_the_default():
    ch = character("Grimes", {"stun": None, "mortal": 1, "not_a_field": 7}, stun=4, wound=2, bad_luck=None)
    got = S.state(ch)
    assert (got["stun"], got["wound"], got["mortal"], got["bad_luck"]) == (0, 2, 1, 0)
    assert "not_a_field" not in got and list(got) == list(S.STATE_DEFAULTS)


def test_a_kept_value_is_the_kept_states_field_read_as_the_state_holds_it_or_laid_out():
    """kept_value reads a field as the state holds it where it holds one (not None), else as
    the kept state lays it out: the sheet's value, or the default."""
    whole = {**S.STATE_DEFAULTS, "last_resorts_spent": 2}
    for ch in (character("Grimes", whole), character("Grimes", {"stun": None, "mortal": 1}, stun=4, wound=2, bad_luck=None),
               character("Grimes", {}, last_resorts_spent=1), character("Grimes")):
        for key in S.STATE_DEFAULTS:
            assert S.kept_value(ch, key) == S.kept_state(ch)[key], (ch.state, key)


def test_each_read_is_a_table_of_its_own_lists_too():
    pending = ["wound:2"]
    ch = character("Grimes", {"pending": pending})
    first = S.state(ch)
    first["pending"].append("stun:1")
    first["stun"] = 9
    assert S.state(ch)["pending"] == ["wound:2"] == pending and S.state(ch)["stun"] == 0
    from_sheet = character("Grimes", pending=("mortal:1",))
    assert S.state(from_sheet)["pending"] == ["mortal:1"]
    assert S.state(from_sheet)["pending"] is not S.state(from_sheet)["pending"]
    quick = S.state(None)
    quick["pending"].append("stun:1")
    assert S.state(None)["pending"] == [] == S.STATE_DEFAULTS["pending"]


def test_what_the_sheet_alone_gives_is_read_from_it_once(monkeypatch):
    ch = character("Mad Dog")
    first = (S.find_skill(ch, S.RESOLVE, "VOL"), S.action_check_score(ch), S.actions_per_round(ch),
             S.last_resorts_max(ch))

    def asked(*args):
        raise AssertionError("the sheet was read again")

    monkeypatch.setattr(Character, "trait", asked)
    monkeypatch.setattr(S, "ability", asked)
    again = Character(ch.name, ch.sheet, {"stun": 5})   # another state, the same sheet
    assert (S.find_skill(again, S.RESOLVE, "VOL"), S.action_check_score(again), S.actions_per_round(again),
            S.last_resorts_max(again)) == first
    monkeypatch.undo()
    other = character("Mad Dog", INT=20)   # a new sheet is read anew
    assert S.action_check_score(other) > first[1]


def test_a_skill_the_sheet_lacks_falls_back_to_the_untrained_ability():
    ch = character("Zug")
    assert S.find_skill(ch, ("Sin-tal-cosa", "Nonesuch"), "VOL") == (S.ability(ch, "VOL"), "untrained", "VOL")


def test_the_rules_read_the_kept_table_itself_and_change_a_table_of_their_own():
    whole = character("Grimes", {**S.STATE_DEFAULTS, "stun": 3, "pending": ["wound:1"]})   # as a campaign keeps it
    assert S.kept_state(whole) is whole.state
    own = S.state(whole)
    assert own == whole.state and own is not whole.state and own["pending"] is not whole.state["pending"]
    partial = character("Grimes", {"stun": 3, "bad_luck": None})
    assert S.kept_state(partial) == S.state(partial) and list(S.kept_state(partial)) == list(S.STATE_DEFAULTS)
    assert S.kept_state(partial)["bad_luck"] == 0 and partial.state == {"stun": 3, "bad_luck": None}


def test_a_hit_and_a_status_leave_the_kept_table_as_it_was():
    from aaa_helpers import call, options

    from rolecli_alternity.status import status

    target = character("Zug", {**S.STATE_DEFAULTS, "stun": 8})
    before = dict(target.state)
    # Amazing (control 3 ≤ 14÷4) → d4m = 3: 3 mortal, 1 wound and 1 stun
    out = call("attack", dice=(3, 3), actor=character("Mad Dog"), target=target,
               score="Armas Cuerpo a Cuerpo-espada", damage="d4s/d6w/d4m")
    assert target.state == before and out.changes["Zug"] is not target.state
    assert (out.changes["Zug"]["stun"], out.changes["Zug"]["mortal"]) == (9, 3)
    assert status(target, options()).vitality == 1 - 8 / 13 and target.state == before


def test_the_track_sizes_are_worked_out_once_and_a_verb_gives_a_table_of_its_own():
    from aaa_helpers import call

    zug = character("Zug")
    assert S.track_sizes(zug) is S.track_sizes(Character("Zug", zug.sheet, {"stun": 4}))
    out = call("damage", actor=zug, damage="2w")
    assert out.data["tracks"] == S.track_sizes(zug) and out.data["tracks"] is not S.track_sizes(zug)


def test_the_table_the_core_keeps_holds_no_none_and_a_none_it_is_given_reads_as_the_default():
    """kept_state reads a table of every field as it is, seeking no None in it: the core never keeps one."""
    import rolecli_alternity
    from rolecli.contract import Outcome
    from rolecli.play import apply_changes
    from rolecli.testing import character as campaign_character

    ch = campaign_character(rolecli_alternity.INFO, "Grimes", {"stun": 3}, {"wound": 2})
    assert S.kept_state(ch) is ch.state and (ch.state["stun"], ch.state["wound"]) == (3, 2)
    hit = Outcome({}, [], changes={"Grimes": {**ch.state, "stun": None, "bad_luck": 1}})
    assert apply_changes(rolecli_alternity.INFO, hit, {"Grimes": ch}) == ["Grimes"]
    assert "stun" not in ch.state and None not in ch.state.values()
    assert (S.kept_state(ch)["stun"], S.kept_state(ch)["wound"], S.kept_state(ch)["bad_luck"]) == (0, 2, 1)
    assert list(S.kept_state(ch)) == list(S.STATE_DEFAULTS)


def test_a_state_seen_in_order_is_known_by_itself_and_a_new_one_is_read_anew(monkeypatch):
    """kept_state knows a state it has seen to be whole and in order by the object itself:
    a new table (a hook's change, the core's) is looked at anew, even one that takes the
    id of a table freed meanwhile, and the memo stays bounded."""
    whole = S.state(None)
    ch = Character("Zug", {"CON": 10}, whole)
    assert S.kept_state(ch) is whole and S._IN_ORDER[id(whole)] is whole
    ch.state = {"stun": 2}  # a new table, not whole: completed, not taken for the one seen
    assert S.kept_state(ch) is not ch.state and S.kept_state(ch)["stun"] == 2
    assert list(S.kept_state(ch)) == list(S.STATE_DEFAULTS)
    for stun in range(3):  # tables freed at once, whose ids may be given to the next
        ch.state = {k: v for k, v in S.state(None).items() if k != "pending"} | {"stun": stun}
        assert S.kept_state(ch)["stun"] == stun and S.kept_state(ch)["pending"] == []
        ch.state = {**S.state(None), "stun": stun}
        assert S.kept_state(ch) is ch.state
    monkeypatch.setattr(S, "_IN_ORDER_LIMIT", 2)
    S._IN_ORDER.clear()
    for stun in range(5):
        ch.state = {**S.state(None), "stun": stun}
        assert S.kept_state(ch) is ch.state and len(S._IN_ORDER) <= 2
