"""Who can act (contract 2's rolecli_status): the core refuses an actor the
rules have taken out of play, leaves it out of initiative, shows it, and lets
the game master force it, logged as forced. Checked on the generic dice system,
whose characters are down at 0 HP."""

from __future__ import annotations

import pytest

from rolecli.contract import Label, Status


def _down(cli, who="Esqueleto"):
    cli("campaign", "use", "demo")
    hp = cli("character", "show", who, "--json").json["sheet"]["hp"]
    assert cli("damage", who, str(hp)).code == 0


def test_a_character_at_zero_hp_cannot_act(cli):
    _down(cli)
    before = cli("log", "--json").json
    refused = cli("check", "Esqueleto", "1d20", "--target", "5", "--dice", "20")
    assert refused.code == 2 and refused.out == ""
    assert refused.err.count("\n") == 1 and "Esqueleto cannot act: down (0 HP)" in refused.err
    assert "--force" in refused.err
    assert cli("log", "--json").json == before  # nothing written


def test_force_lets_it_act_and_is_logged(cli):
    _down(cli)
    forced = cli("check", "Esqueleto", "1d20", "--target", "5", "--dice", "20", "--force")
    assert forced.code == 0, forced.err
    entry = cli("log", "-n", "1", "--json").json
    assert entry["data"]["forced"] == ["Esqueleto"] and entry["summary"].startswith("[forced: Esqueleto]")


def test_initiative_leaves_out_who_cannot_act(cli):
    _down(cli)
    result = cli("initiative", "--seed", "1", "--json")
    assert result.code == 0
    assert "Esqueleto" not in result.json["order"] and "Ana" in result.json["order"]
    assert "Esqueleto is left out: down (0 HP)." in result.err
    everyone = cli("initiative", "--seed", "1", "--json", "--force")
    assert "Esqueleto" in everyone.json["order"]


def test_character_show_gives_the_status(cli):
    cli("campaign", "use", "demo")
    assert cli("character", "show", "Esqueleto", "--json").json["status"] == {
        "can_act": True, "key": "active", "why": None, "conditions": []}
    _down(cli)
    shown = cli("character", "show", "Esqueleto")
    assert shown.out.rstrip().endswith("[down (0 HP)]")
    status = cli("character", "show", "Esqueleto", "--json", "--lang", "es").json["status"]
    assert status == {"can_act": False, "key": "down", "why": "fuera de combate (0 PV)", "conditions": []}


def test_being_hit_or_healed_is_not_acting(cli):
    _down(cli)
    assert cli("heal", "Esqueleto", "1").code == 0
    assert cli("check", "Esqueleto", "1d20", "--target", "5", "--dice", "20").code == 0


def test_labels_in_more_languages_fall_back_to_english():
    label = Label("hola", "hello", fr="bonjour")
    assert (label("es"), label("en"), label("fr"), label("de")) == ("hola", "hello", "bonjour", "hello")
    assert Label.of({"fr": "bonjour"})("en") == "bonjour"  # no English: the first language it has
    assert label == Label.of({"es": "hola", "en": "hello", "fr": "bonjour"}) and hash(label) == hash(Label.of(
        {"fr": "bonjour", "en": "hello", "es": "hola"}))
    assert label.es == "hola" and label.en == "hello"
    with pytest.raises(AttributeError):
        label.texts = {}
    with pytest.raises(ValueError):
        Label()


def test_status_json():
    status = Status(False, "dead", Label("muerto", "dead"), (("dying", Label("moribundo", "dying")),))
    assert status.as_json("es") == {"can_act": False, "key": "dead", "why": "muerto",
                                    "conditions": [{"key": "dying", "label": "moribundo"}]}
