"""Who can act (contract 2's rolecli_status): the core refuses an actor the
rules have taken out of play, leaves it out of initiative, shows it, and lets
the game master force it, logged as forced. Checked on the generic dice system,
whose characters are down at 0 HP."""

from __future__ import annotations

import pytest

from rolecli import hookimpl
from rolecli.contract import CONTRACT_VERSION, Label, Status, SystemInfo


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


class _Judging:
    """A system whose own status hook is its only one: what ``said`` holds,
    raised when it is an exception."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    def __init__(self, said):
        self.said = said
        self.info = SystemInfo(name="judged", names=Label("juzgado", "judged"))
        self.asked: list[tuple] = []

    @hookimpl
    def rolecli_system(self):
        return self.info

    @hookimpl
    def rolecli_status(self, character, ctx):
        self.asked.append((character, ctx))
        if isinstance(self.said, BaseException):
            raise self.said
        return self.said


class _Terse(_Judging):
    """A system whose status hook names only the character."""

    @hookimpl
    def rolecli_status(self, character):
        return self.said


class _Ruling:
    """House rules that answer every status first."""

    ROLECLI_CONTRACT = CONTRACT_VERSION

    @hookimpl(tryfirst=True)
    def rolecli_status(self, character):
        return Status(False, "ruled")


def _judged(said, *more):
    from rolecli.plugins import Plugins

    judging, loaded = _Judging(said), Plugins()
    loaded.register(judging, "judging")
    for i, plugin in enumerate(more):
        loaded.register(plugin, f"more{i}")
    return judging, loaded


def test_a_status_is_asked_of_the_plugin_at_once_and_answers_as_the_hook(monkeypatch):
    """A system whose own implementation alone answers rolecli_status is asked
    at once, without keywords or pluggy (an encounter asks after every change);
    what it says, and a status of None (everybody may act), is what the hook says."""
    from rolecli.contract import Character
    from rolecli.status import ABLE, status_of
    from rolecli.testing import context

    down = Status(False, "down", Label("caído", "down"))
    judging, loaded = _judged(down)
    system, ana, ctx = loaded.system("judged"), Character("Ana", {}, {}), context()
    answer = system.hooks.rolecli_status(character=ana, ctx=ctx)
    monkeypatch.setattr("rolecli.plugins._Guarded.__call__", lambda *a, **k: pytest.fail("asked by keyword"))
    assert status_of(system, ana, ctx) is answer is down
    assert judging.asked == [(ana, ctx)] * 2
    judging.said = None
    assert status_of(system, ana, ctx) is ABLE


@pytest.mark.parametrize("said, why", [(ZeroDivisionError("its own bug"), "ZeroDivisionError: its own bug"),
                                       ("dead", "TypeError: it returned str, not Status or None")])
def test_a_status_asked_at_once_is_guarded_and_checked_as_the_hook(said, why):
    from rolecli.contract import Character
    from rolecli.plugins import PluginFailure
    from rolecli.status import status_of
    from rolecli.testing import context

    loaded = _judged(said)[1]
    with pytest.raises(PluginFailure) as failed:
        status_of(loaded.system("judged"), Character("Ana", {}, {}), context())
    assert failed.value.record.name == "judging" and f"failed in rolecli_status: {why}" in str(failed.value)


def test_a_status_another_plugin_answers_too_is_asked_as_pluggy_asks_it():
    """House rules that answer first, registered before or after the status
    was first asked, have their say; a hook naming fewer arguments gets those."""
    from rolecli.contract import Character
    from rolecli.plugins import Plugins
    from rolecli.status import status_of
    from rolecli.testing import context

    ana, ctx = Character("Ana", {}, {}), context()
    judging, loaded = _judged(Status())
    assert status_of(loaded.system("judged"), ana, ctx).can_act
    loaded.register(_Ruling(), "ruling")
    assert status_of(loaded.system("judged"), ana, ctx).key == "ruled"
    assert status_of(_judged(Status(), _Ruling())[1].system("judged"), ana, ctx).key == "ruled"
    terse = Plugins()
    terse.register(_Terse(Status(key="terse")), "terse")
    assert status_of(terse.system("judged"), ana, ctx).key == "terse"
