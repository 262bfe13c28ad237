"""Checks of campaign files and typed values: messages name file, line and key."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_campaign_fakes import FAKE, HAND_WRITTEN, systems

from rolecli.campaign import create_campaign, load_campaign, parse_assignments, transaction
from rolecli.campaign.locate import format_key, locate
from rolecli.errors import CampaignError, PluginError

FILE = "campaigns/demo/campaign.toml"
STATE = "campaigns/demo/state.toml"


@pytest.fixture
def root(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    root = tmp_path / "campaigns"  # absolute: messages must still show it relative
    create_campaign(root, "demo", FAKE)
    (root / "demo" / "campaign.toml").write_text(HAND_WRITTEN, encoding="utf-8")
    return root


def write(root: Path, text: str, name: str = "campaign.toml") -> bytes:
    path = root / "demo" / name
    path.write_text(text, encoding="utf-8")
    return path.read_bytes()


def error_of(root: Path) -> str:
    with pytest.raises(CampaignError) as err:
        load_campaign(root, "demo", systems)
    message = str(err.value)
    assert "\n" not in message
    return message


# --- the locator ---------------------------------------------------------------

LOCATOR_TEXT = '''\
a = 1
[characters.Ana]
hp = 3
notes = """
hp = 99
[characters.Fake]
"""
skills = { Alerta = 1, "Sexto sentido" = 2 }
tags = [
  "x",  # a comment ] with a bracket
  'y',
]
[characters."Ana María"]   # quoted
"hp" = 4
[ characters . 'Bo' ]
stats . str = 5
[characters]
Cy.hp = 6
'''


@pytest.mark.parametrize("key, line", [
    (("a",), 1),
    (("characters", "Ana"), 2),
    (("characters", "Ana", "hp"), 3),
    (("characters", "Ana", "notes"), 4),
    (("characters", "Ana", "skills"), 8),
    (("characters", "Ana", "skills", "Sexto sentido"), 8),  # inside an inline table: its line
    (("characters", "Ana", "tags"), 9),
    (("characters", "Ana María"), 13),
    (("characters", "Ana María", "hp"), 14),
    (("characters", "Bo", "stats", "str"), 16),
    (("characters", "Cy", "hp"), 18),
    (("characters", "Nobody", "hp"), 17),  # falls back to the table that would hold it
    (("zzz",), None),
])
def test_locate(key, line):
    assert locate(LOCATOR_TEXT, key) == line


def test_locator_is_not_fooled_by_multiline_strings():
    # line 6 of the text looks like its header, but it is inside a string
    assert locate(LOCATOR_TEXT, ("characters", "Fake")) == 17
    assert locate(LOCATOR_TEXT, ("characters", "Ana", "skills", "Alerta")) == 8


def test_format_key_quotes_what_needs_quotes():
    assert format_key(["characters", "Ana María", "hp"]) == 'characters."Ana María".hp'
    assert format_key(["characters", "Ana_2", "skills", "a b"]) == 'characters.Ana_2.skills."a b"'


# --- syntax errors ---------------------------------------------------------------


def test_syntax_error_names_file_line_and_column_and_keeps_the_file(root):
    broken = HAND_WRITTEN.replace("hp = 9\n", "hp = = 9\n")
    before = write(root, broken)
    message = error_of(root)
    line = broken.splitlines().index("hp = = 9") + 1
    assert message.startswith(f"{FILE} line {line}, column 6: TOML syntax error")
    # a failed transaction or edit must not touch the broken file either
    with pytest.raises(CampaignError):
        with transaction(root, "demo", systems, command="x"):
            pass  # pragma: no cover
    assert (root / "demo" / "campaign.toml").read_bytes() == before
    assert not (root / "demo" / "state.toml").exists()
    assert not (root / "demo" / "log.jsonl").exists()


def test_syntax_error_in_state_file(root):
    before = write(root, "[characters.Ana]\ndamage = [1,\n", "state.toml")
    message = error_of(root)
    assert message.startswith(f"{STATE} line 3, column 1: TOML syntax error")
    assert (root / "demo" / "state.toml").read_bytes() == before


def test_not_utf8(root):
    (root / "demo" / "campaign.toml").write_bytes(b'system = "fake"\ntitle = "\xe9t\xe9"\n')
    assert error_of(root) == f"{FILE} line 2: not UTF-8 text; save the file as UTF-8."


# --- wrong values --------------------------------------------------------------


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


@pytest.mark.parametrize("old, new, expected", [
    ("hp = 12   # rolled", "hp = -3   # rolled", "characters.Ana.hp = -3 is out of range 0..999."),
    ("hp = 12   # rolled", 'hp = "12"   # rolled', 'characters.Ana.hp = "12" should be a whole number in 0..999.'),
    ("hp = 12   # rolled", "hp = true   # rolled", "characters.Ana.hp = true should be a whole number in 0..999."),
    ("Pilotar = 1", "Pilotar = 7", "characters.Ana.skills.Pilotar = 7 is out of range 0..5."),
    ("skills = { Fe = 4 }", "skills = { Fe = 6 }", 'characters."Ana María".skills.Fe = 6 is out of range 0..5.'),
    ('role = "thief"', 'role = "bard"', 'characters.Ana.role = "bard" is not one of: fighter, thief, mage.'),
    ('tags = ["sigilosa", "zurda"]', "tags = [1, 2]", "characters.Ana.tags = [1, 2] should be a list of texts"),
    ("fate = 2", "fate = 11", 'characters."Ana María".fate = 11 is out of range 0..10.'),
    ("hp = 12   # rolled", "hpp = 12   # rolled",
     "characters.Ana.hpp is not a key of the character template of 'fake'. Did you mean 'hp'? Keys: hp, "),
    ('mode = "gritty"', 'mode = "grity"', 'rules.mode = "grity" is not one of: "standard", "gritty".'),
    ('mode = "gritty"', "mode = 1", 'rules.mode = 1 is not one of: "standard", "gritty".'),
    ('mode = "gritty"', 'max_stres = 4',
     "rules.max_stres is not a rule option of 'fake'. Did you mean 'max_stress'? "
     "Options: max_stress, mode, allow_crits."),
    ('mode = "gritty"', "max_stress = 0", "rules.max_stress = 0 is out of range 1..10."),
    ('mode = "gritty"', 'allow_crits = "yes"', 'rules.allow_crits = "yes" should be true or false.'),
    ('title = "La cripta"', 'titel = "La cripta"', "titel is not a campaign setting. Did you mean 'title'?"),
])
def test_wrong_values_name_file_line_and_key(root, old, new, expected):
    assert old in HAND_WRITTEN
    text = HAND_WRITTEN.replace(old, new)
    write(root, text)
    message = error_of(root)
    assert message.startswith(f"{FILE} line {line_of(text, new)}: {expected}"), message


def test_message_from_the_documentation(root):
    text = HAND_WRITTEN.replace("hp = 12   # rolled 12 at creation", "hp = -3")
    write(root, text)
    assert error_of(root) == f"{FILE} line 12: characters.Ana.hp = -3 is out of range 0..999."


def test_dotted_keys_under_a_characters_table(root):
    text = HAND_WRITTEN + "\n[characters]\nBo.hp = 4000\n"
    write(root, text)
    assert error_of(root) == f"{FILE} line {line_of(text, 'Bo.hp')}: characters.Bo.hp = 4000 is out of range 0..999."


def test_a_key_inside_a_multiline_string_is_not_taken_for_the_bad_one(root):
    header = "[characters.Ana]   # Ana's player: Lucía\n"
    text = HAND_WRITTEN.replace(header, header + 'concept = """\nhp = 5\n[characters.Ana]\n"""\n')
    text = text.replace("hp = 12   # rolled 12 at creation", "hp = 1000")
    write(root, text)
    assert error_of(root) == f"{FILE} line 16: characters.Ana.hp = 1000 is out of range 0..999."


def test_unsafe_character_name_in_the_file(root):
    write(root, HAND_WRITTEN + '\n[characters."../x"]\nhp = 1\n')
    message = error_of(root)
    assert message.startswith(f"{FILE} line {HAND_WRITTEN.count(chr(10)) + 2}: character name '../x'")


def test_missing_system(root):
    write(root, HAND_WRITTEN.replace('system = "fake"   # the rule system\n', ""))
    assert error_of(root).startswith(f"{FILE}: no rule system given")


def test_unknown_system_is_the_lookups_error(root):
    write(root, HAND_WRITTEN.replace('system = "fake"', 'system = "fate"'))
    with pytest.raises(PluginError, match="unknown rule system 'fate'"):
        load_campaign(root, "demo", systems)


def test_wrong_state_value(root):
    write(root, "# by hand\n[characters.Ana]\ndamage = -1\n", "state.toml")
    assert error_of(root) == f"{STATE} line 3: characters.Ana.damage = -1 is out of range 0..1000."


def test_state_keeps_unknown_keys_and_orphans(root):
    write(root, "[characters.Ana]\nconsequence = 'herida'\n[characters.Gone]\nwhatever = 1\n", "state.toml")
    camp = load_campaign(root, "demo", systems)
    assert camp.characters["Ana"].state["consequence"] == "herida"
    assert "Gone" not in camp.characters


# --- values typed on the command line ---------------------------------------------


def test_parse_assignments_by_kind():
    assert parse_assignments(FAKE, ["hp=10", "skills.Alerta=3", "skills.Sexto sentido = 2", "tags=a, b,",
                                    "npc=yes", "role=mage", "concept= El último  "]) == {
        "hp": 10, "skills": {"Alerta": 3, "Sexto sentido": 2}, "tags": ["a", "b"], "npc": True,
        "role": "mage", "concept": "El último"}
    assert parse_assignments(FAKE, ["npc=false", "tags="]) == {"npc": False, "tags": []}


@pytest.mark.parametrize("item, expected", [
    ("hpp=3", "'hpp' is not a key of the character template of 'fake'. Did you mean 'hp'? Keys: hp, concept,"),
    ("hp=ten", "'hp=ten': hp takes a whole number in 0..999."),
    ("hp=1000", "hp = 1000 is out of range 0..999."),
    ("skills.Alerta=9", "skills.Alerta = 9 is out of range 0..5."),
    ("skills=3", "skills is a table; set one entry at a time, such as skills.Name=3."),
    ("hp.x=1", "'hp.x': hp is not a table"),
    ("npc=maybe", "'npc=maybe': npc takes true or false."),
    ("role=bard", 'role = "bard" is not one of: fighter, thief, mage.'),
    ("hp", "'hp': write sheet values as key=value"),
    ("=3", "'=3': write sheet values as key=value"),
])
def test_parse_assignments_errors(item, expected):
    with pytest.raises(CampaignError) as err:
        parse_assignments(FAKE, [item])
    assert str(err.value).startswith(expected), str(err.value)


def test_every_text_read_from_a_toml_file_is_interned(tmp_path):
    """A campaign's and an encounter's texts, keys and values, interned as they are read: a name a rule writes in
    its code, or reads from another file (a character named in an encounter), is found by identity."""
    import sys

    from rolecli.campaign.validate import parse_toml

    doc = parse_toml(tmp_path / "c.toml", '[characters."Ana María"]\nskills = {"uso de armas" = 2}\n'
                                          'tags = ["sigilosa", ["zurda"]]\nrole = "thief"\n')
    assert doc == {"characters": {"Ana María": {"skills": {"uso de armas": 2}, "tags": ["sigilosa", ["zurda"]],
                                                "role": "thief"}}}
    texts, tables = [], [doc]
    while tables:
        value = tables.pop()
        if isinstance(value, dict):
            texts += value
            tables += value.values()
        elif isinstance(value, list):
            tables += value
        elif isinstance(value, str):
            texts.append(value)
    assert len(texts) == 9 and all(text is sys.intern(text) for text in texts)
