"""Conventions of the campaign commands: ``campaign rule show|set|unset``
(checked like [rules], written in place, logged, undone and finished after a
crash), ladder adjectives where a rating is, quoted keys in ``character set``."""

from __future__ import annotations

import os

import pytest


def _rules_line(campaigns, key: str) -> str:
    text = (campaigns / "caminantes" / "campaign.toml").read_text(encoding="utf-8")
    return next(line for line in text.splitlines() if line.startswith(f"{key} ="))


# --- campaign rule -----------------------------------------------------------------


def test_rule_set_writes_in_place_and_the_verbs_follow(cli, campaigns):
    path = campaigns / "caminantes" / "campaign.toml"
    before = path.read_text(encoding="utf-8")
    result = cli("-C", "caminantes", "campaign", "rule", "set", "stress", "sotc")
    assert result.code == 0, result.err
    assert result.out == 'caminantes: rules.stress = "sotc"\n'
    after = path.read_text(encoding="utf-8")
    # only the value changed: its comment and every other byte stay
    assert after == before.replace('stress = "points"  ', 'stress = "sotc"    ', 1) or \
        after == before.replace('stress = "points"', 'stress = "sotc"', 1)
    assert _rules_line(campaigns, "stress").endswith('# "points": a hit of N marks N boxes; "sotc": box N, rolling up')
    assert cli("-C", "caminantes", "campaign", "show", "--json").json["rules"]["stress"] == "sotc"
    # SotC stress: a hit of 2 marks box 2, not boxes 1 and 2
    hit = cli("-C", "caminantes", "damage", "Lucía", "2", "--json")
    assert hit.code == 0, hit.err
    assert hit.json["boxes_marked"] == [2]


def test_rule_show_says_what_the_file_sets(cli, campaigns):
    cli("-C", "demo", "campaign", "rule", "unset", "initiative_die")
    rows = {row["key"]: row for row in cli("-C", "demo", "campaign", "rule", "show", "--json").json}
    assert rows["rest"] == {"campaign": "demo", "key": "rest", "value": "full", "default": "full", "written": True,
                            "choices": ["full", "none"], "help": "What a rest heals: full or none."}
    assert rows["initiative_die"]["written"] is False and rows["house"]["value"] == []
    shown = cli("-C", "demo", "campaign", "rule", "show").out.splitlines()
    assert shown[:2] == ['rest = "full"  What a rest heals: full or none.',
                         'initiative_die = "1d20"  (default)  Initiative dice.']


@pytest.mark.parametrize("args, said", [
    (["stres", "sotc"], "'stres' is not a rule option of 'fate'. Did you mean 'stress'?"),
    (["stress", "boxes"], 'rules.stress = "boxes" is not one of: "points", "sotc".'),
    (["refresh", "30"], "rules.refresh = 30 is out of range 0..20."),
    (["refresh", "five"], 'rules.refresh = "five" should be a whole number in 0..20.'),
    (["stress", "points"], 'rule stress is "points" already.'),
])
def test_rule_set_is_checked_like_the_rules_table(cli, campaigns, args, said):
    path = campaigns / "caminantes" / "campaign.toml"
    before = path.read_bytes()
    result = cli("-C", "caminantes", "campaign", "rule", "set", *args)
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1 and said in result.err
    assert path.read_bytes() == before and not (campaigns / "caminantes" / "log.jsonl").exists()


def test_the_same_value_is_refused_by_rule_and_by_rule_option(cli, campaigns):
    by_file = cli("-C", "caminantes", "campaign", "rule", "set", "stress", "boxes").err
    by_option = cli("-C", "caminantes", "fate", "check", "3", "--rule", "stress=boxes").err
    assert by_file.endswith('is not one of: "points", "sotc".\n') and by_option.endswith('is not one of: "points", "sotc".\n')


def test_rule_set_and_unset_are_undone_byte_for_byte(cli, campaigns):
    path = campaigns / "caminantes" / "campaign.toml"
    original = path.read_bytes()
    assert cli("-C", "caminantes", "campaign", "rule", "set", "refresh", "3").code == 0
    assert cli("-C", "caminantes", "campaign", "rule", "set", "stress", "sotc").code == 0
    log = cli("-C", "caminantes", "log", "--json").json
    assert [e["op"] for e in log] == ["rule", "rule"]
    assert log[-1]["changes"] == {"stress": {"before": "points", "after": "sotc"}}
    assert cli("-C", "caminantes", "undo").out == 'undone #2: set rule stress = "sotc"\n'
    assert cli("-C", "caminantes", "undo").code == 0
    assert path.read_bytes() == original
    unset = cli("-C", "caminantes", "campaign", "rule", "unset", "refresh")
    assert unset.out == "caminantes: rules.refresh = 5 (its default)\n"
    assert "refresh =" not in path.read_text(encoding="utf-8")
    assert cli("-C", "caminantes", "campaign", "rule", "unset", "refresh").code == 2  # not set: nothing to unset
    assert cli("-C", "caminantes", "undo").code == 0
    assert cli("-C", "caminantes", "campaign", "show", "--json").json["rules"]["refresh"] == 5
    assert "refresh = 5" in path.read_text(encoding="utf-8")


def test_a_campaign_without_rules_gets_a_rules_table(cli, campaigns):
    path = campaigns / "demo" / "campaign.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index("[rules]")
    end = text.index("\n[", start + 1) + 1
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    assert cli("-C", "demo", "campaign", "rule", "set", "rest", "none").code == 0
    written = path.read_text(encoding="utf-8")
    assert '[rules]\nrest = "none"\n' in written and written.index("[rules]") < written.index("[characters.")
    assert cli("-C", "demo", "undo").code == 0
    assert cli("-C", "demo", "campaign", "show", "--json").json["rules"]["rest"] == "full"


def test_undo_of_a_rule_changed_by_hand_since_is_refused(cli, campaigns):
    path = campaigns / "caminantes" / "campaign.toml"
    cli("-C", "caminantes", "campaign", "rule", "set", "stress", "sotc")
    path.write_text(path.read_text(encoding="utf-8").replace('stress = "sotc"', 'stress = "points"'), encoding="utf-8")
    refused = cli("-C", "caminantes", "undo")
    assert refused.code == 2 and refused.err.count("\n") == 1
    assert "the campaign's rules.stress is \"points\"" in refused.err and "changed since by hand" in refused.err


def test_a_rule_change_a_crash_left_unwritten_is_finished(cli, campaigns):
    """The entry is in the log, campaign.toml still holds the old value (as if
    the process died between the append and the replace): the next command writes it."""
    path = campaigns / "caminantes" / "campaign.toml"
    original = path.read_bytes()
    cli("-C", "caminantes", "campaign", "rule", "set", "stress", "sotc")
    path.write_bytes(original)
    log_time = os.stat(campaigns / "caminantes" / "log.jsonl").st_mtime_ns
    os.utime(path, ns=(log_time - 10**9, log_time - 10**9))  # older than the entry: not a hand edit
    assert cli("-C", "caminantes", "campaign", "show", "--json").json["rules"]["stress"] == "sotc"
    assert 'stress = "sotc"' in path.read_text(encoding="utf-8")


# --- ladder adjectives on the sheet ------------------------------------------------


def test_a_ladder_adjective_is_stored_as_its_number(cli, campaigns):
    result = cli("-C", "caminantes", "character", "set", "Lucía", "habilidades.Pelea=Bueno",
                 "habilidades.Armas=épico", "--json")
    assert result.code == 0, result.err
    assert result.json["sheet"]["habilidades"]["Pelea"] == 3 and result.json["sheet"]["habilidades"]["Armas"] == 7
    text = (campaigns / "caminantes" / "campaign.toml").read_text(encoding="utf-8")
    assert "Pelea = 3" in text and "Bueno" not in text
    added = cli("-C", "caminantes", "character", "add", "Nadia", "habilidades.Alerta=Fair", "--json")
    assert added.json["sheet"]["habilidades"]["Alerta"] == 2


def test_an_adjective_written_in_campaign_toml_reads_as_its_number(cli, campaigns):
    path = campaigns / "caminantes" / "campaign.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("Armas = 2 }", 'Armas = "Grande" }', 1), encoding="utf-8")
    check = cli("-C", "caminantes", "check", "Lucía", "Armas", "--dice", "0,0,0,0", "--json")
    assert check.code == 0, check.err
    assert (check.json["skill"], check.json["effort"]) == (4, 4)
    shown = cli("-C", "caminantes", "character", "show", "Lucía", "--json").json
    assert shown["sheet"]["habilidades"]["Armas"] == 4


@pytest.mark.parametrize("value, said", [
    ("Bien", "habilidades.Pelea takes a whole number in -2..8 or one of its names: Legendario, Legendary,"),
    ("9", "habilidades.Pelea = 9 is out of range -2..8."),
])
def test_a_rating_that_is_neither_a_number_nor_an_adjective_is_one_line(cli, campaigns, value, said):
    result = cli("-C", "caminantes", "character", "set", "Lucía", f"habilidades.Pelea={value}")
    assert result.code == 2 and result.err.count("\n") == 1 and said in result.err


def test_a_field_without_aliases_takes_numbers_only(cli, campaigns):
    result = cli("-C", "demo", "character", "set", "Ana", "traits.Fuerza=Bueno")
    assert result.code == 2 and "takes a whole number" in result.err and "names" not in result.err


# --- quoted keys and texts in character set ----------------------------------------


def test_a_quoted_key_names_the_skill_without_its_quotes(cli, campaigns):
    result = cli("-C", "caminantes", "character", "set", "Lucía", 'habilidades."Resolución"=1',
                 'habilidades."Armas cuerpo a cuerpo"=2', "--json")
    assert result.code == 0, result.err
    skills = result.json["sheet"]["habilidades"]
    assert skills["Resolución"] == 1 and skills["Armas cuerpo a cuerpo"] == 2
    assert not any('"' in name for name in skills)


def test_quoted_texts_and_arrays_read_as_toml(cli, campaigns):
    result = cli("-C", "caminantes", "character", "set", "Lucía", 'lider="El Coronel"', 'aspectos=["Uno", "Dos, tres"]',
                 "--json")
    assert result.code == 0, result.err
    assert result.json["sheet"]["lider"] == "El Coronel" and result.json["sheet"]["aspectos"] == ["Uno", "Dos, tres"]


@pytest.mark.parametrize("item, said", [
    ('habilidades."Resolución=1', "cannot read the key"),
    ('habilidades."Reso"lución=1', "cannot read the key"),
    ('lider="El', 'is not a text in TOML quotes'),
    ("aspectos=[1, 2]", "is not a TOML array of texts"),
])
def test_a_badly_quoted_value_is_refused_in_one_line(cli, campaigns, item, said):
    path = campaigns / "caminantes" / "campaign.toml"
    before = path.read_bytes()
    result = cli("-C", "caminantes", "character", "set", "Lucía", item)
    assert result.code == 2 and result.err.count("\n") == 1 and said in result.err
    assert path.read_bytes() == before
