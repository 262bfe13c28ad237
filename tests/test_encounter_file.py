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
     '= "Ana" is neither one of nearest, weakest, random, self, nearest_ally, weakest_ally, random_ally nor a '
     "participant of another side."),
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


# --- a mistake in a layer of behaviour: its own line and key -----------------
# A participant's behaviour is its side's, then its stat block's, then its own
# [participants.NAME]'s; a mistake is reported where it is written, whichever
# layer holds it and whether that layer is a table or an inline table.

LAYERED = """\
campaign = "demo"

[sides.heroes]
characters = ["Ana", "Bruno"]

[sides.heroes.behaviour]
{side}

[sides.heroes.stat_blocks.Guardia]
sheet = {{ hp = 8, traits = {{ Fuerza = 1, Pelea = 1 }} }}
{block}

[sides.foes]
characters = ["Esqueleto"]
behaviour = {{ verb = "check", params = {{ expression = "1d20", bonus = "Pelea", target = 13 }} }}

{participant}
"""

# the side's behaviour, which every case replaces a line of, a parameter of, or adds a line to
SIDE = {"verb": 'verb = "check"', "params": 'params = { expression = "1d20", bonus = "Fuerza+Pelea", target = 12 }',
        "on_success": 'on_success = { verb = "damage", params = { amount = "1d6" } }'}
PARAMS = {"expression": 'expression = "1d20"', "bonus": 'bonus = "Fuerza+Pelea"', "target": "target = 12"}


def _side(line: str) -> str:
    """The side's behaviour with ``line`` in it (a parameter among the side's others)."""
    top = line.split(" ")[0]
    if top == "params":
        entry = line.removeprefix("params = { ").removesuffix(" }")
        line = "params = { " + ", ".join({**PARAMS, entry.split(" ")[0]: entry}.values()) + " }"
    return "\n".join({**SIDE, top: line}.values())

# (a line of a behaviour, the key it holds the mistake at, words of the message)
MISTAKES = [
    ('verb = "chek"', "verb", "is not a verb of 'dice'. Did you mean 'check'?"),
    ('target = "Orcc"', "target", "is neither one of nearest, weakest, random, self, nearest_ally, weakest_ally, "
                                  "random_ally nor a participant of another side."),
    ('target = 3', "target", "should be one of nearest, weakest, random, self, nearest_ally, weakest_ally, random_ally "
                             "or a name."),
    ('params = { bonus = "Fuerza+Magia" }', "params.bonus", "is refused by 'dice' (check against Esqueleto)"),
    ('params = { target = "twelve" }', "params.target", "is neither a number nor a dice expression"),
    ('params = { aim = 3 }', "params.aim", "is not a parameter of check."),
    ('choices = { nerve = "yes" }', "choices.nerve", "is not a player's choice of check/damage."),
    ('on_success = { verb = "damag" }', "on_success.verb", "is not a verb of 'dice'. Did you mean 'damage'?"),
    ('on_success = { verb = "damage", params = { amount = "1d6-10" } }', "on_success.params.amount",
     "can roll -9..-4, outside amount's range"),
    ('defend = { verb = "chek" }', "defend.verb", "is not a verb of 'dice'."),
    ('defend = { verb = "check", when = "sometimes" }', "defend.when", "should be one of: never, hurt,"),
    ('defend = { verb = "check", params = { target = "twelve" } }', "defend.params.target",
     "is neither a number nor a dice expression"),
]

# where a layer is written: (what the template gets, the dotted key of the behaviour)
LAYERS = {
    "side": lambda line: ({"side": _side(line)}, "sides.heroes.behaviour"),
    "stat block, inline": lambda line: ({"block": f"behaviour = {{ {line} }}"},
                                        "sides.heroes.stat_blocks.Guardia.behaviour"),
    "stat block, a table": lambda line: ({"block": f"[sides.heroes.stat_blocks.Guardia.behaviour]\n{line}"},
                                         "sides.heroes.stat_blocks.Guardia.behaviour"),
    "participant, a table": lambda line: ({"participant": f"[participants.Bruno.behaviour]\n{line}"},
                                          "participants.Bruno.behaviour"),
    "participant, inline": lambda line: ({"participant": f"[participants.Bruno]\nbehaviour = {{ {line} }}"},
                                         "participants.Bruno.behaviour"),
}


@pytest.mark.parametrize("layer", list(LAYERS))
@pytest.mark.parametrize("line, key, words", MISTAKES, ids=[m[1] for m in MISTAKES])
def test_a_mistake_in_any_layer_names_its_own_line_and_key(cli, tmp_path, layer, line, key, words):
    parts, prefix = LAYERS[layer](line)
    text = LAYERED.format(**{"side": "\n".join(SIDE.values()), "block": "", "participant": "", **parts})
    bad = line.removeprefix("params = { ").removesuffix(" }")
    at = next(i for i, written in enumerate(text.splitlines(), 1) if bad in written)
    result = cli("encounter", "check", _write(tmp_path, text))
    assert result.code == 2, result.out
    assert result.err.startswith(f"rolecli: fight.toml line {at}: {prefix}.{key} "), result.err
    assert words in result.err and result.err.count("\n") == 1


# What a participant gives as a target (Fate's defence) is layered the same way.
AS_TARGET = """\
campaign = "caminantes"

[sides.a]
characters = ["Tomás", "Lucía"]
behaviour = {{ verb = "attack", params = {{ skill = "Atletismo" }} }}
{side}

[sides.a.stat_blocks.Guardia]
sheet = {{ habilidades = {{ Armas = 2, Atletismo = 1 }} }}
{block}

[sides.b]
characters = ["El Coronel"]
as_target = {{ defence = "Atletismo" }}
behaviour = {{ verb = "attack", params = {{ skill = "Armas" }} }}

{participant}
"""

TARGET_MISTAKES = [
    ('defence = "Atletizmo"', "defence", "is refused by 'fate' (attack against "),
    ('defense = "Atletismo"', "defense", "is not a parameter any verb used against "),
    ('defence = "$actor"', "defence", "as_target takes plain values."),
    ("defence = true", "defence", "should be a number or traits in quotes."),
]

TARGET_LAYERS = {
    "side": lambda entry: ({"side": "as_target = { " + ", ".join({"defence": 'defence = "Atletismo"',
                                                                   entry.split(" ")[0]: entry}.values()) + " }"},
                           "sides.a.as_target"),
    "stat block": lambda entry: ({"block": f"as_target = {{ {entry} }}"}, "sides.a.stat_blocks.Guardia.as_target"),
    "stat block, a table": lambda entry: ({"block": f"[sides.a.stat_blocks.Guardia.as_target]\n{entry}"},
                                          "sides.a.stat_blocks.Guardia.as_target"),
    "participant": lambda entry: ({"participant": f'[participants."Tomás"]\nas_target = {{ {entry} }}'},
                                  'participants."Tomás".as_target'),
}


@pytest.mark.parametrize("layer", list(TARGET_LAYERS))
@pytest.mark.parametrize("entry, key, words", TARGET_MISTAKES, ids=[m[0].split(" = ")[1] for m in TARGET_MISTAKES])
def test_a_mistake_in_any_as_target_names_its_own_line_and_key(cli, tmp_path, layer, entry, key, words):
    parts, prefix = TARGET_LAYERS[layer](entry)
    text = AS_TARGET.format(**{"side": 'as_target = { defence = "Atletismo" }', "block": "", "participant": "",
                               **parts})
    at = next(i for i, written in enumerate(text.splitlines(), 1) if entry in written)
    result = cli("encounter", "check", _write(tmp_path, text))
    assert result.code == 2, result.out
    assert result.err.startswith(f"rolecli: fight.toml line {at}: {prefix}.{key} "), result.err
    assert words in result.err and result.err.count("\n") == 1


def test_a_call_the_rules_refuse_is_said_in_the_language_chosen(campaigns, monkeypatch):
    """A rehearsal's refusal names file, line and key, and the system's own words
    (a Label) in the command's language; the core's words around them too."""
    from rolecli import campaign as store
    from rolecli.contract import Label, Refused
    from rolecli.encounter import engine
    from rolecli.encounter.file import EncounterFile
    from rolecli.errors import CampaignError
    from rolecli.plugins import system_info

    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    call = next(rule.main for p in enc.participants.values() for rule in p.behaviour.rules)

    def refused(play):
        raise engine.Refusal("en", 1, None, "check", Refused(Label("no se puede aquí", "not here")))

    with pytest.raises(CampaignError) as raised:
        engine._try(enc, call, None, refused)
    english, spanish = raised.value.text("en"), raised.value.text("es")
    assert english.endswith(f"is refused by 'dice' ({call.spec.name}): not here")
    assert spanish.endswith(f": 'dice' no lo admite ({call.spec.name}): no se puede aquí")
    assert " línea " in spanish and " line " in english


def test_a_refused_call_in_a_file_is_one_line_in_spanish_too(cli, tmp_path):
    path = _write(tmp_path, SOUND.replace('bonus = "Fuerza+Pelea"', 'bonus = "Fuerza+Magia"', 1))
    result = cli("--lang", "es", "encounter", "check", path)
    assert result.code == 2 and result.out == "", result.err
    assert result.err == ("rolecli: fight.toml línea 9: sides.heroes.behaviour.params.bonus: 'dice' no lo admite "
                          "(check contra Esqueleto): Ana no tiene el rasgo 'Magia'. Rasgos: Fuerza, Pelea, Sigilo, hp, initiative.\n")
