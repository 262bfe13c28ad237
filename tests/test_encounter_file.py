"""Encounter files that cannot be played: each is one line on stderr naming the
file, the line and the key, exit 2, and the campaign is left as it was, whether
the command was check, run or simulate."""

from __future__ import annotations

import pytest

# A sound encounter of the demo campaign (the dice system); each case below
# breaks one line of it.
SOUND = """\
title = "Prueba"
campaign = "demo"

[sides.heroes]
characters = ["Ana", "Bruno"]

[sides.heroes.behaviour]
verb = "check"
params = { expression = "1d20", bonus = "Fuerza+Pelea", target = 12 }
on_success = { verb = "damage", params = { amount = "1d6" } }

[sides.foes]
characters = ["Esqueleto"]
behaviour = { verb = "check", params = { expression = "1d20", bonus = "Pelea", target = 13 }, on_success = { verb = "damage", params = { amount = 2 } } }

[sides.foes.stat_blocks.Zombi]
count = 2
sheet = { hp = 8, traits = { Pelea = 1 } }
"""


def _files(campaigns, camp="demo"):
    folder = campaigns / camp
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and p.name != ".lock"}


def _write(tmp_path, text: str, name: str = "fight.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_sound_file_checks(cli, tmp_path):
    result = cli("encounter", "check", _write(tmp_path, SOUND))
    assert result.code == 0, result.err
    assert result.out == "fight.toml: ok — Prueba (demo, dice) — heroes: Ana, Bruno; foes: Esqueleto, Zombi 1, Zombi 2\n"
    shown = cli("encounter", "check", _write(tmp_path, SOUND), "--json").json
    assert shown["sides"] == {"heroes": ["Ana", "Bruno"], "foes": ["Esqueleto", "Zombi 1", "Zombi 2"]}


BROKEN = [
    # (what is replaced, by what, the line and key the message names, words it says)
    ('characters = ["Ana", "Bruno"]', 'characters = ["Anna", "Bruno"]', "line 5: sides.heroes.characters",
     "names 'Anna': campaign 'demo' has no character 'Anna'. Did you mean 'Ana'?"),
    ('bonus = "Fuerza+Pelea"', 'bonus = "Fuerza+Magia"', "line 9: sides.heroes.behaviour.params.bonus",
     "is refused by 'dice' (check against Esqueleto): Ana has no trait 'Magia'."),
    ('verb = "check"\nparams', 'verb = "chek"\nparams', "line 8: sides.heroes.behaviour.verb",
     '= "chek" is not a verb of \'dice\'. Did you mean \'check\'?'),
    ("target = 12 }", "target = 12, aim = 3 }", "line 9: sides.heroes.behaviour.params.aim",
     "is not a parameter of check. Parameters: expression, bonus, target, under."),
    ("[sides.heroes]\n", "[sides.heroes\n", "line 4, column 14",
     "TOML syntax error"),
    ("target = 12 }", 'target = "twelve" }', "line 9: sides.heroes.behaviour.params.target",
     "is neither a number nor a dice expression"),
    ('amount = "1d6"', 'amount = "1d6-10"', "line 10: sides.heroes.behaviour.on_success.params.amount",
     '= "1d6-10" can roll -9..-4, outside amount\'s range 0..1000000.'),
    ("count = 2", "count = 0", "line 17: sides.foes.stat_blocks.Zombi.count", "should be a whole number in 1..100."),
    ("hp = 8", "hp = 0", "line 18: sides.foes.stat_blocks.Zombi.sheet.hp", "= 0 is out of range 1..1000000."),
    ("hp = 8", "pv = 8", "line 18: sides.foes.stat_blocks.Zombi.sheet.pv", "is not a key of the character template"),
    ('title = "Prueba"', 'titel = "Prueba"', "line 1: titel", "is not a key of an encounter file. Did you mean 'title'?"),
    ('campaign = "demo"', 'campaign = "demo"\n[end]\nrounds = 0', "line 4: end.rounds",
     "= 0 should be a whole number in 1..1000."),
    ('verb = "check"\nparams', 'verb = "check"\ntarget = "Ana"\nparams', "line 9: sides.heroes.behaviour.target",
     '= "Ana" is neither one of nearest, weakest, random nor a participant of another side.'),
    ('bonus = "Fuerza+Pelea"', 'bonus = "$foes"', "line 9: sides.heroes.behaviour.params.bonus",
     '= "$foes" stands for names, and bonus takes a number or traits in quotes.'),
]


@pytest.mark.parametrize("old, new, where, words", BROKEN)
@pytest.mark.parametrize("command", ["check", "run", "simulate"])
def test_a_broken_file_is_one_line_naming_file_line_and_key(cli, campaigns, tmp_path, old, new, where, words,
                                                            command):
    assert old in SOUND
    path = _write(tmp_path, SOUND.replace(old, new, 1))
    before = _files(campaigns)
    result = cli("encounter", command, path, *(["--trials", "5"] if command == "simulate" else []))
    assert result.code == 2, result.out + result.err
    assert result.out == "" and result.err.count("\n") == 1, result.err
    assert result.err.startswith(f"rolecli: fight.toml {where}"), result.err
    assert words in result.err
    assert _files(campaigns) == before


def test_a_side_with_nobody(cli, tmp_path):
    text = SOUND.replace('[sides.foes.stat_blocks.Zombi]\ncount = 2\nsheet = { hp = 8, traits = { Pelea = 1 } }\n', "")
    result = cli("encounter", "check", _write(tmp_path, text.replace('characters = ["Esqueleto"]', "characters = []")))
    assert result.code == 2
    assert result.err == ("rolecli: fight.toml line 12: sides.foes has nobody: give it characters = [...] or a "
                          "[stat_blocks] table.\n")
    alone = SOUND[:SOUND.index("[sides.foes]")]
    result = cli("encounter", "check", _write(tmp_path, alone))
    assert result.code == 2
    assert result.err.startswith("rolecli: fight.toml line 4: sides.heroes is the only side: an encounter needs two")


def test_a_side_whose_members_cannot_act(cli, tmp_path):
    assert cli("-C", "demo", "damage", "Esqueleto", "6").code == 0
    text = SOUND.replace('[sides.foes.stat_blocks.Zombi]\ncount = 2\nsheet = { hp = 8, traits = { Pelea = 1 } }\n', "")
    result = cli("encounter", "run", _write(tmp_path, text))
    assert result.code == 2
    assert result.err == "rolecli: fight.toml line 12: sides.foes has nobody able to act: Esqueleto down (0 HP).\n"


@pytest.mark.parametrize("extra, where, words", [
    ('[participants.Brunno]\nbehaviour = { target = "weakest" }\n', "line 20: participants.Brunno",
     "is not a participant of the encounter. Did you mean 'Bruno'?"),
    ('[sides.foes.stat_blocks.Ana]\nsheet = {}\n', "line 20: sides.foes.stat_blocks.Ana",
     "makes 'Ana', the name of a character of campaign 'demo'"),
    ('[participants.Ana]\nbehaviour = { choices = { under = true } }\n', "line 21: participants.Ana.behaviour.choices.under",
     "is not a player's choice of check/damage."),
    ('[scene]\ncover = "good"\n', "line 21: scene.cover", "is not a parameter of any verb this encounter uses"),
    ('[participants.Ana]\nbehaviour = { defend = { verb = "check", when = "sometimes" } }\n',
     "line 21: participants.Ana.behaviour.defend.when", "should be one of: never, hurt, outnumbered, always."),
    ('[participants.Ana]\nbehaviour = { verb = "damage", params = { amount = 3 } }\n',
     "line 21: participants.Ana.behaviour.verb", "is not a verb that fits here; verbs that do: check."),
    ('[end]\nmorale = { verb = "check", params = { expression = "1d20", target = 9 }, sides = ["villains"] }\n',
     "line 21: end.morale.sides",
     "should list sides of the encounter: heroes, foes."),
    ('present = ["Ana"]\n', "line 1: present", "names 'Ana', who fights in a side: leave it out of present."),
])
def test_more_keys_checked_before_playing(cli, tmp_path, extra, where, words):
    text = extra + SOUND if extra.startswith("present") else SOUND + "\n" + extra  # top-level keys come first
    result = cli("encounter", "check", _write(tmp_path, text))
    assert result.code == 2, result.out
    assert result.err.startswith(f"rolecli: fight.toml {where}"), result.err
    assert words in result.err and result.err.count("\n") == 1


def test_a_missing_file_and_a_missing_campaign(cli, tmp_path):
    result = cli("encounter", "check", tmp_path / "none.toml")
    assert result.code == 2 and result.err == "rolecli: none.toml: no such encounter file; give the path of a .toml file.\n"
    result = cli("encounter", "check", _write(tmp_path, SOUND.replace('campaign = "demo"', 'campaign = "nada"')))
    assert result.code == 2 and result.err.startswith("rolecli: no campaign 'nada'")


def test_the_campaign_is_the_folder_the_file_sits_in_unless_named(cli, campaigns):
    path = campaigns / "demo" / "mine.toml"
    path.write_text(SOUND.replace('campaign = "demo"\n', ""), encoding="utf-8")
    result = cli("encounter", "check", path, "--json")
    assert result.code == 0 and result.json["campaign"] == "demo"
    # -C plays the same file on another campaign (of the same system here: none, so its characters are unknown)
    result = cli("-C", "caminantes", "encounter", "check", path)
    assert result.code == 2 and "campaign 'caminantes' has no character 'Ana'" in result.err
