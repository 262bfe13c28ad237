"""Battle states (004-R16): kept in the character's state, their ND applied to
every later LD, shown by the status hook; who can act."""

from __future__ import annotations

import pytest

from middle_helpers import camp, end_round, quick, refused, shown, state


def add(cli, name, *states, **extra):
    args = ["-C", "middle", "state", name, "--add", ",".join(states)]
    for key, value in extra.items():
        args += [f"--{key}", str(value)]
    result = cli(*args)
    assert result.code == 0, result.err
    return result


def test_004_R16_dazed_twice_is_unconscious(cli):
    add(cli, "Novato", "mareado")
    assert state(cli, "Novato")["estados"] == ["mareado"]
    r = add(cli, "Novato", "mareado")
    assert "already Dazed: it is Unconscious" in r.out
    assert state(cli, "Novato")["estados"] == ["inconsciente"]


def test_004_R16_two_blows_to_the_head_knock_out(cli):
    # Aldara (uso de armas 1) at Novato's head: ND −3 + GM +2 → −1, the lowest; a light blow dazes twice
    for _ in range(2):
        r = camp(cli, "strike", "Aldara", "--target", "Novato", "--location", "head", "--nd", 2, "--dice", "1,1,1")
        assert r.json["hit"] is True
        end_round(cli, "Aldara")
    assert state(cli, "Novato")["estados"] == ["inconsciente"]


def test_004_R16_unconscious_cannot_act_and_gives_plus2_to_kill(cli, campaigns):
    add(cli, "Novato", "inconsciente")
    status = shown(cli, "Novato")["status"]
    assert status["can_act"] is False and status["key"] == "unconscious"
    before = (campaigns / "middle" / "log.jsonl").read_text("utf-8")
    refused(cli("-C", "middle", "strike", "Novato", "--target", "Perro", "--dice", "1,1,1"),
            "Novato cannot act: Unconscious", "--force")
    assert (campaigns / "middle" / "log.jsonl").read_text("utf-8") == before  # nothing written
    # the tiger at an Unconscious Novato: ND +2 "para darle muerte"; the LD is still thrown (highest + middle
    # of 1, 1, 2 = 3 ≥ 1): it hit a vital spot, and Novato dies
    r = camp(cli, "strike", "Dientes de Sable", "habilidad de batalla", "--target", "Novato", "--dice", "1,1,2")
    assert r.json["ld"]["nd"] == 2 and {"key": "target:inconsciente", "nd": 2} in r.json["ld"]["nd_modifiers"]
    assert r.json["wound"]["dead"] is True and state(cli, "Novato")["muerte"] == "rematado"
    assert shown(cli, "Novato")["status"]["key"] == "dead"


def test_004_R16_dazed_hits_worse_and_is_hit_easier(cli):
    add(cli, "Rata", "mareado")
    r = camp(cli, "strike", "Rata", "--target", "Novato", "--dice", "2,3,4")
    assert r.json["ld"]["nd"] == -1 and r.json["ld"]["result"] == 2
    end_round(cli)
    r = camp(cli, "strike", "Novato", "--target", "Rata", "--dice", "2,3,4")
    assert r.json["ld"]["nd"] == 1 and r.json["ld"]["result"] == 4


@pytest.mark.parametrize("name,nd", [("mareado", -1), ("irritado", -1), ("cegado", -1), ("acobardado", -1)])
def test_004_R16_each_state_makes_attacks_harder(cli, name, nd):
    r = quick(cli, "strike", 2, "--states", name, "--dice", "1,1,1")
    assert r.json["ld"]["nd"] == nd and {"key": f"state:{name}", "nd": nd} in r.json["ld"]["nd_modifiers"]


def test_004_R16_states_stack(cli):
    r = quick(cli, "strike", 3, "--states", "mareado,irritado", "--dice", "1,1,1")
    assert r.json["ld"]["nd"] == -2


def test_004_R16_cowed_only_while_fighting(cli):
    add(cli, "Aldara", "acobardado")
    assert camp(cli, "check", "Aldara", "domar bestias", "--dice", "1,2,3").json["ld"]["nd"] == 0
    assert camp(cli, "check", "Aldara", "domar bestias", "--combat", "--dice", "1,2,3").json["ld"]["nd"] == -1
    r = camp(cli, "insult", "Aldara", "--rivals", "Perro", "--dice", "1,2,3")
    assert r.json["ld"]["nd"] == -1  # a shout is made while fighting


def test_004_R16_blinded_watches_worse_but_tames_as_well(cli):
    add(cli, "Aldara", "cegado")
    assert camp(cli, "check", "Aldara", "Vigilancia", "--dice", "1,2,3").json["ld"]["nd"] == -1
    assert camp(cli, "check", "Aldara", "domar bestias", "--dice", "1,2,3").json["ld"]["nd"] == 0


def test_004_R16_enraged_valor_check_is_easier(cli):
    add(cli, "Aldara", "irritado")
    assert camp(cli, "check", "Aldara", "valentía", "--dice", "1,2,3").json["ld"]["nd"] == 1
    assert camp(cli, "check", "Aldara", "valor", "--dice", "1,2,3").json["ld"]["nd"] == 1  # English name


def test_004_R16_status_lists_the_states_with_their_nd(cli):
    add(cli, "Rata", "cegado", "irritado", rounds=2)
    conditions = shown(cli, "Rata")["status"]["conditions"]
    assert [c["key"] for c in conditions] == ["cegado", "irritado"]
    assert conditions[0]["label"] == "Blinded (2 rounds): ND −1 to attack and to its Vigilance"
    spanish = cli("-C", "middle", "character", "show", "Rata", "--json", "--lang", "es").json["status"]["conditions"]
    assert spanish[0]["label"].startswith("Cegado (2 rondas): ND −1 para atacar")
    assert spanish[1]["label"].startswith("Irritado: ND −1 a sus ataques, ND +1 a sus LD de valentía")


def test_004_R16_a_roll_names_the_states_it_applies(cli):
    add(cli, "Rata", "mareado")
    out = cli("-C", "middle", "strike", "Rata", "--target", "Novato", "--dice", "2,3,4", "--lang", "es").out
    assert "ND −1 [Mareado −1]" in out
    end_round(cli)
    out = cli("-C", "middle", "strike", "Novato", "--target", "Rata", "--dice", "2,3,4").out
    assert "ND +1 [target Dazed +1]" in out


def test_the_state_verb_sets_death_and_refuses_unknown_states(cli):
    r = add(cli, "Perro", "muerto")
    assert shown(cli, "Perro")["status"]["why"] == "dead (dead by the Narrator's decision)"
    assert "Perro dies" in r.out
    assert cli("-C", "middle", "state", "Perro", "--remove", "muerto").code == 0
    assert shown(cli, "Perro")["status"]["can_act"] is True
    refused(cli("-C", "middle", "state", "Perro", "--add", "dormido"), "dormido", "mareado")
    refused(cli("-C", "middle", "state", "Perro"), "--add")


def test_quick_states_are_checked(cli):
    refused(cli("middle", "strike", "2", "--states", "furioso"), "furioso", "irritado")


def test_the_rules_load_when_a_status_is_first_asked():
    """Declaring the system loads none of its rules (every command declares every
    system); the status hook loads them once and answers from them."""
    import subprocess
    import sys

    probe = ("import sys, rolecli_middle\n"
             "from rolecli.testing import character\n"
             "rolecli_middle.rolecli_system()\n"
             "print('rolecli_middle.condition' in sys.modules)\n"
             "novato = character(rolecli_middle.INFO, 'Novato', {'vida': 4}, {'vida_perdida': 1})\n"
             "print(*(rolecli_middle.rolecli_status(novato, None).vitality for _ in range(2)))\n"
             "print('rolecli_middle.condition' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[:3] == ["False", "0.75 0.75", "True"]


def test_a_status_is_worked_out_once_for_what_it_reads_and_is_the_same_as_worked_out_anew():
    """The status is kept on the sheet by the state it reads (the battle states, the
    injuries and STATUS_FIELDS): a state that differs from one already asked about in
    any one field has the status worked out from that very state."""
    import random

    import rolecli_middle
    from rolecli.contract import Character
    from rolecli.testing import character
    from rolecli_middle.condition import _status, status

    sheet = character(rolecli_middle.INFO, "Aldara", {"vida": 8}).sheet  # the same sheet all along, as in a fight
    names = ("", "Bruno", "Rata")
    values = {"vida_perdida": range(10), "estados": ([], ["mareado"], ["cegado", "irritado"], ["inconsciente"]),
              "cegado_rondas": range(3), "irritado_por": names, "muerte": ("", "vida", "ojo"),
              "lesiones": ([], ["ojo_perdido"], ["mano_cercenada", "media_velocidad"]), "paradas": range(3),
              "duelo": names, "duelo_nd": (0, -1, -3), "cubre": names, "finta_de": names, "finta_rondas": range(3),
              "moral": ("", "huyendo", "rendido")}
    rng = random.Random(20)
    keys = list(character(rolecli_middle.INFO, "Aldara").state)
    for _ in range(60):
        st = {key: rng.choice(values.get(key, (True, False))) for key in keys}
        status(Character("Aldara", sheet, st))
        for key in keys:
            other = {**st, key: rng.choice([v for v in values.get(key, (True, False)) if v != st[key]])}
            now = Character("Aldara", sheet, other)
            assert status(now) == _status(now), key
    assert status(now) is status(now)


def test_a_state_field_left_out_is_read_from_the_sheet_not_taken_for_an_empty_one():
    from rolecli.contract import Character
    from rolecli_middle.condition import status

    sheet = {"vida": 8, "estados": ["mareado"]}  # a hand-made character, whose sheet holds where play starts
    assert [k for k, _ in status(Character("Ana", sheet, {})).conditions] == ["mareado"]
    assert status(Character("Ana", sheet, {"estados": []})).conditions == ()
