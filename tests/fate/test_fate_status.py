"""Who can act in a Caminantes conflict (contract 2's rolecli_status), through the
command line on the sample campaign: a character Taken Out (000-R35, 000-R7) or
who conceded (000-R36), and a minion group with no minion standing (000-R46),
cannot act until the scene ends (000-R60)."""

from __future__ import annotations

from fate_helpers import char, on_campaign

ZZ = "0,0,0,0,0,0,0,0"


def take_out_lucia(cli):
    # Lucía: 5 boxes + 1 (Resistencia Adecuado); 9 stress with no consequence leaves no box free
    r = on_campaign(cli, "damage", "Lucía", 9, "--consequences", "none", "--json")
    assert r.code == 0 and r.json["taken_out"] is True


def test_000_R35_taken_out_character_cannot_attack(cli):
    take_out_lucia(cli)
    before = on_campaign(cli, "log", "--json").json
    r = on_campaign(cli, "attack", "Lucía", "Armas", "Armas cuerpo a cuerpo", "--target", "Tomás", "--dice", ZZ)
    assert r.code == 2 and r.out == ""
    assert r.err.count("\n") == 1
    assert "Lucía cannot act: Taken Out until the end of the scene." in r.err and "--force" in r.err
    assert on_campaign(cli, "log", "--json").json == before  # nothing written
    assert on_campaign(cli, "check", "Lucía", "Atletismo", "--dice", "0,0,0,0").code == 2


def test_000_R35_force_lets_the_game_master_override_and_is_logged(cli):
    take_out_lucia(cli)
    r = on_campaign(cli, "attack", "Lucía", "Armas", "Armas cuerpo a cuerpo", "--target", "Tomás", "--dice", ZZ, "--force",
             "--json")
    assert r.code == 1 and r.json["defence"] == 4  # Armas 2 against Tomás's 4: the roll ran
    entry = on_campaign(cli, "log", "-n", "1", "--json").json
    assert entry["data"]["forced"] == ["Lucía"] and entry["summary"].startswith("[forced: Lucía]")


def test_000_R7_initiative_leaves_out_who_is_taken_out(cli):
    take_out_lucia(cli)
    r = on_campaign(cli, "initiative", "--json")
    assert r.code == 0 and r.json["order"] == ["Tomás", "El Coronel", "Soldados", "Caminantes"]
    assert "Lucía is left out: Taken Out until the end of the scene." in r.err
    assert "Lucía" in on_campaign(cli, "initiative", "--json", "--force").json["order"]


def test_000_R36_a_character_who_conceded_cannot_act(cli):
    # Lucía takes a Mayor consequence and offers a concession with it, accepted by default
    r = on_campaign(cli, "damage", "Lucía", 4, "--consequences", "mayor", "--concede", "yes", "--json")
    assert r.json["concession"]["accepted"] is True
    r = on_campaign(cli, "check", "Lucía", "Atletismo", "--dice", "0,0,0,0")
    assert r.code == 2 and "Lucía cannot act: conceded the conflict." in r.err


def test_000_R46_a_group_with_no_minion_standing_cannot_act(cli):
    # six Promedio Caminantes, one box each: 6 stress takes them all out
    assert on_campaign(cli, "damage", "Caminantes", 6, "--json").json["minions_standing"] == 0
    r = on_campaign(cli, "attack", "Caminantes", "Calidad", "Atletismo", "--target", "Lucía", "--dice", ZZ)
    assert r.code == 2 and "Caminantes cannot act: no minion left standing." in r.err
    assert on_campaign(cli, "character", "show", "Caminantes", "--json").json["status"]["conditions"] == [
        {"key": "minions", "label": "0 of 6 minions standing"}]


def test_000_R46_minions_standing_decide_not_a_stale_mark(cli, campaigns):
    on_campaign(cli, "damage", "Caminantes", 6)
    # the GM brings two more walkers into the scene: the group is back in the fight
    assert on_campaign(cli, "character", "set", "Caminantes", "cantidad=8").code == 0
    status = on_campaign(cli, "character", "show", "Caminantes", "--json").json["status"]
    assert status["can_act"] is True and status["conditions"][0]["label"] == "2 of 8 minions standing"


def test_000_R60_the_end_of_the_scene_brings_them_back(cli):
    take_out_lucia(cli)
    assert on_campaign(cli, "recover", "end_of_scene").code == 0
    assert on_campaign(cli, "check", "Lucía", "Atletismo", "--dice", "0,0,0,0").code == 0


def test_000_R34_R41_conditions_are_consequences_and_temporary_aspects(cli):
    on_campaign(cli, "damage", "Tomás", 8, "--consequences", "mayor", "--describe", "Brazo roto")
    on_campaign(cli, "maneuver", "Lucía", "Atletismo", "--aspect", "Acorralado", "--target", "Tomás", "--dice", "0,0,0,0")
    shown = on_campaign(cli, "character", "show", "Tomás", "--json").json["status"]
    assert shown["can_act"] is True and shown["key"] == "active"
    assert shown["conditions"] == [{"key": "consequence", "label": "Major consequence: Brazo roto"},
                                   {"key": "aspect", "label": "aspect “Acorralado” (fragile, free tag)"}]
    es = on_campaign(cli, "character", "show", "Tomás", "--lang", "es").out
    assert es.rstrip().endswith("[consecuencia Mayor: Brazo roto; aspecto «Acorralado» (frágil, etiqueta gratis)]")


def test_a_status_is_worked_out_once_for_each_state_and_rules():
    from rolecli.contract import Character, Context
    from rolecli.dice.source import DiceSource
    from rolecli_fate.status import status

    ana = char("Ana", {"Resistencia": 1})  # Salud 6 boxes, Compostura 5

    def ctx(**options):
        return Context("es", DiceSource(given=[]), options)

    def now(**state):
        return Character("Ana", ana.sheet, state)  # the same sheet in another state

    assert status(ana, ctx()) is status(now(), ctx())
    assert status(now(salud=["1", "2"]), ctx()).vitality < status(ana, ctx()).vitality == 1.0
    assert not status(now(fuera="taken_out"), ctx()).can_act
    held = now(consecuencias=["Menor: Rasguño"])
    assert status(held, ctx(max_consequences=3)).vitality == 7 / 8  # Compostura: 5 boxes + 3 slots, 1 held
    assert status(held, ctx(max_consequences=1)).vitality == 5 / 6


def test_a_status_is_kept_by_the_state_it_reads_and_a_change_of_another_field_finds_it(monkeypatch):
    """The memo keys on STATUS_FIELDS: a state that differs from one already asked
    about in one of them has the status worked out from that very state; one that
    differs only in a field the status never reads (a Fate point spent, the front
    minion's boxes) finds the status already worked out (not worked out again)."""
    import random

    from rolecli.contract import Character, Context
    from rolecli.dice.source import DiceSource
    from rolecli_fate import status as module
    from rolecli_fate.status import STATUS_FIELDS, _status, status
    from rolecli_fate.system import TEMPLATE

    worked = []
    monkeypatch.setattr(module, "_status", lambda ch, ctx: worked.append(ch) or _status(ch, ctx))

    unread = ("puntos_destino", "consecuencia_tomada", "sicario_estres")
    assert set(STATUS_FIELDS) | set(unread) == {f.key for f in TEMPLATE if f.state}  # a new field is one or the other
    values = {"puntos_destino": range(6), "salud": ([], ["1"], ["2", "3"], ["1", "6"]), "compostura": ([], ["1"], ["5"]),
              "consecuencias": ([], ["Menor: Rasguño"], ["Mayor: Brazo roto", "Menor: Rasguño [como Menor]"]),
              "aspectos_temporales": ([], ["Acorralado|fragile|free"], ["En llamas|sticky|used"]),
              "fuera": ("", "taken_out", "conceded"), "sicarios_fuera": range(5), "sicario_estres": range(3)}
    ctx = Context("es", DiceSource(given=[]), {"max_consequences": 3})
    rng = random.Random(20)
    for who in (char("Ana", {"Resistencia": 1}), char("Caminantes", {}, calidad=2, cantidad=4)):
        for _ in range(40):
            st = {key: rng.choice(values.get(key, (True, False))) for key in (*STATUS_FIELDS, *unread)}
            asked = status(Character(who.name, who.sheet, st), ctx)
            for key in (*STATUS_FIELDS, *unread):
                other = Character(who.name, who.sheet,
                                  {**st, key: rng.choice([v for v in values.get(key, (True, False)) if v != st[key]])})
                if key in unread:
                    before = len(worked)
                    assert status(other, ctx) == asked and len(worked) == before, key
                else:
                    assert status(other, ctx) == _status(other, ctx), key


def test_a_status_field_left_out_of_the_state_is_read_from_the_sheet():
    from rolecli.contract import Character, Context
    from rolecli.dice.source import DiceSource
    from rolecli_fate.status import status

    ctx = Context("es", DiceSource(given=[]), {})
    sheet = char("Ana", {}).sheet | {"fuera": "taken_out"}  # a hand-made character, whose sheet holds where play starts
    assert not status(Character("Ana", sheet, {}), ctx).can_act
    assert status(Character("Ana", sheet, {"fuera": None}), ctx).can_act


def test_a_status_read_from_the_sheet_is_read_again_from_a_changed_sheet():
    # A field the state has not is keyed as absent, the sheet's: a new sheet is another memo, read anew.
    from rolecli.contract import Character, Context
    from rolecli.dice.source import DiceSource
    from rolecli_fate.status import status

    ctx = Context("es", DiceSource(given=[]), {})
    sheet = char("Ana", {}).sheet
    assert status(Character("Ana", sheet, {}), ctx).can_act
    assert not status(Character("Ana", sheet | {"fuera": "taken_out"}, {}), ctx).can_act
    assert status(Character("Ana", sheet | {"fuera": "taken_out"}, {"fuera": ""}), ctx).can_act


def test_a_status_is_kept_by_the_severities_held_and_tells_the_consequences_of_its_own_state(monkeypatch):
    """The consequences held are keyed by their severities, in any order: a state holding
    the same severities under other texts finds the status kept, and it tells that
    state's own consequences, first, as the status worked out anew does."""
    from rolecli.contract import Character, Context
    from rolecli.dice.source import DiceSource
    from rolecli_fate import status as module
    from rolecli_fate.status import _status, status

    worked = []
    monkeypatch.setattr(module, "_status", lambda ch, ctx: worked.append(ch) or _status(ch, ctx))
    ctx = Context("en", DiceSource(given=[]), {"max_consequences": 3})
    sheet = char("Ana", {}).sheet
    aspect = {"aspectos_temporales": ["Acorralado|fragile|free"]}
    first = Character("Ana", sheet, {"consecuencias": ["Menor: a", "Mayor: b"], **aspect})
    other = Character("Ana", sheet, {"consecuencias": ["Mayor: Brazo roto", "Menor: Rasguño [como Menor]"], **aspect})
    assert status(first, ctx) == _status(first, ctx)
    assert status(other, ctx) == _status(other, ctx) and len(worked) == 1
    assert [label("en") for _, label in status(other, ctx).conditions] == [
        "Major consequence: Brazo roto", "Minor consequence: Rasguño", "aspect “Acorralado” (fragile, free tag)"]
    status(Character("Ana", sheet, {"consecuencias": ["Menor: a", "Severa: b"], **aspect}), ctx)  # another severity
    assert len(worked) == 2
