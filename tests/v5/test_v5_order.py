"""The turn (003-R1, R2) and the order of resolution (003-R10): kinds of action,
then Dexterity + Wits, then the skill's dots, then the order listed."""

from __future__ import annotations

from v5_helpers import camp, character, v5


def test_003_R10_surprise_then_close_combat_then_ranged_then_new_then_the_rest(cli):
    r = v5(cli, "initiative", "--declare", "A=other:9:9,B=new:1:1,C=ranged:1:1,D=ongoing:1:1,E=surprise:0:0")
    assert r.json["order"] == ["E", "D", "C", "B", "A"]  # whatever their Dexterity + Wits


def test_003_R10_ties_by_dexterity_wits_then_skill_dots_then_the_list(cli):
    r = v5(cli, "initiative", "--declare", "Lenta=ranged:4:5,Rapida=ranged:6:1,Diestra=ranged:4:3,Otra=ranged:4:3")
    assert r.json["order"] == ["Rapida", "Lenta", "Diestra", "Otra"]
    assert "(tied: the order listed)" in cli("v5", "initiative", "--declare", "Diestra=ranged:4:3,Otra=ranged:4:3").out


def test_003_R10_from_the_sheets_dexterity_wits_and_the_declared_skill(cli):
    # Tracy: Destreza 3 + Astucia 3 = 6, Armas de Fuego 3; Clara: 3 + 3 = 6, Armas de Fuego 3; Katarina 3 + 3, no skill.
    r = camp(cli, "initiative", "Katarina", "Clara", "Tracy", "--declare",
             "Tracy=ranged:Armas de Fuego,Clara=ranged:Firearms,Katarina=ranged")
    assert r.json["declared"]["Tracy"]["dexterity_wits"] == 6 and r.json["declared"]["Clara"]["skill"] == 3
    assert r.json["order"] == ["Clara", "Tracy", "Katarina"]  # equal skill: the order listed; no skill comes after


def test_003_R1_R2_everyone_who_declares_nothing_acts_once_as_everything_else(cli):
    r = camp(cli, "initiative", "Leah", "Fabian", "--declare", "Leah=new>Fabian")
    assert r.json["order"] == ["Leah", "Fabian"] and r.json["declared"]["Fabian"]["action"] == "other"


def test_003_R10_a_bad_declaration_is_refused_in_one_line(cli):
    for declared, said in (("Tracy=shoot", "the action one of surprise, ongoing, ranged, new, other"),
                           ("Nadie=ranged", "no character 'Nadie' takes part"),
                           ("Tracy=ranged:Armas de Fueg", "Tracy has no trait 'Armas de Fueg'")):
        r = cli("-C", "v5", "initiative", "Tracy", "--declare", declared)
        assert r.code == 2 and r.err.count("\n") == 1 and said in r.err, r.err
    r = cli("v5", "initiative", "--declare", "A=ranged:rapida")
    assert r.code == 2 and "with numbers" in r.err


def test_003_R10_an_entry_is_read_from_its_sheet_once_for_each_declaration():
    """Every round of a fight declares the same: its entry is shared, and a sheet
    with another Dexterity is read anew."""
    from rolecli_v5.order import _entry

    tracy = character("Tracy")  # Destreza 3 + Astucia 3, Armas de Fuego 3
    entry = _entry("Tracy=ranged:Armas de Fuego>Gancho", 0, tracy)
    assert _entry("Tracy=ranged:Armas de Fuego>Gancho", 0, tracy) is entry
    assert (entry.action, entry.dexterity_wits, entry.skill, entry.target) == ("ranged", 6, 3, "Gancho")
    assert _entry("Tracy=new", 0, tracy).action == "new" and _entry("Tracy=ranged", 1, tracy).listed == 1
    quicker = character("Tracy", attributes={**tracy.sheet["attributes"], "Destreza": 5})
    assert _entry("Tracy=ranged:Armas de Fuego>Gancho", 0, quicker).dexterity_wits == 8


def test_003_R10_a_turn_is_ordered_once_for_the_same_declarations_and_sheets_as_ordered_anew():
    """A fight orders the same turn again and again: kept by the declarations, the campaign's
    names (where a declaration reads them), the language, ctx.explain and the characters' names
    and sheets, each call with a record of its own, always the same as ordered anew (a sheet with
    another Dexterity, another declaration, a campaign naming others, the lines unread or in
    Spanish, no declaration with or without a campaign)."""
    from types import SimpleNamespace

    import pytest

    from rolecli.contract import Action, Refused
    from rolecli_v5.order import _order, entries, order

    tracy, clara, leah = character("Tracy"), character("Clara"), character("Leah")
    campaign = {c.name: c for c in (tracy, clara, leah)}

    def ordered(chars, declared, *, explain=True, lang="en", names=campaign):
        ctx = SimpleNamespace(lang=lang, explain=explain, record=True, characters=names)
        got = order(chars, Action("initiative", {"declare": declared}), ctx)
        assert (got.data, got.lines) == _order(*entries(chars, ctx, declared), lang, explain)  # as ordered anew
        return got

    declared = ("Tracy=ranged:Armas de Fuego", "Clara=ranged")
    first = ordered([tracy, clara], declared)
    again = ordered([tracy, clara], declared)
    assert again.data == first.data and again.data is not first.data and again.lines is not first.lines
    assert again.data["order"] is first.data["order"]  # kept: shared, to be read only
    assert first.data["order"] == ["Tracy", "Clara"]  # Armas de Fuego 3 against none
    quicker = character("Clara", attributes={**clara.sheet["attributes"], "Destreza": 5})
    assert ordered([tracy, quicker], declared).data["order"] == ["Clara", "Tracy"]  # its sheet read anew
    assert ordered([tracy, clara], declared).data == first.data
    assert ordered([tracy, clara], ("Clara=surprise",)).data["order"] == ["Clara", "Tracy"]
    assert ordered([tracy, clara], declared, explain=False).lines == []
    assert ordered([tracy, clara], declared, lang="es").lines != first.lines
    left_out = ("Tracy=ranged", "Leah=new")  # Leah is the campaign's, but takes no part
    assert "Leaving out Leah" in ordered([tracy, clara], left_out).lines[-1]
    with pytest.raises(Refused, match="no character 'Leah' takes part"):  # not the turn kept for the other campaign
        ordered([tracy, clara], left_out, names={"Tracy": tracy, "Clara": clara})
    # with no declaration, the campaign's names are not read: whether there is a campaign is
    undeclared = ordered([tracy, clara], ())
    assert ordered([tracy, clara], (), names={"Tracy": tracy, "Clara": clara}).data == undeclared.data
    assert ordered([tracy, clara], (), names={}).data["order"] == [] != undeclared.data["order"]  # a quick roll
