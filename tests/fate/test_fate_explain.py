"""``Context.explain``: a simulation's trials ask for no lines, and every verb then
gives the same data, changes, success, effects and used, and reads the same dice
(with the same reasons), as when someone reads the lines."""

from __future__ import annotations

import tomllib
from pathlib import Path

import rolecli_fate
from rolecli.contract import Character
from rolecli_testing import explain_changes_only_the_lines, played

SAMPLE = tomllib.loads((Path(__file__).resolve().parents[2] / "campaigns" / "caminantes" / "campaign.toml")
                       .read_text("utf-8"))["characters"]


def character(name: str, state: dict | None = None) -> Character:
    """A character of the sample campaign (campaigns/caminantes), at ``state``."""
    return Character(name, dict(SAMPLE[name]), dict(state or {}))


# (verb, params, actor, target, the others at another state): every verb that plays
# through resolve, damage, recover and initiative, at the states that reach their rarer
# lines (consequences, a group shielding its leader, a concession each way, Taken Out,
# a reroll by an aspect).
HURT = {"salud": ["1", "2"], "consecuencias": ["Menor: Rasguño"], "consecuencia_tomada": True}
CASES = {
    "check": ("check", {"skill": "Atletismo", "difficulty": "Bueno", "reroll": "Conozco cada azotea"},
              character("Lucía"), None),
    "check, a quick roll": ("check", {"skill": 3, "difficulty": 2, "complement": ["4"], "invoke": ["Niebla"]}, None, None),
    "contest": ("contest", {"skill": "Atletismo", "opposition": "Atletismo"}, character("Lucía"), character("Tomás")),
    "attack": ("attack", {"skill": "Armas cuerpo a cuerpo", "defence": "Atletismo"}, character("Tomás"),
               character("Lucía", HURT)),
    "attack on a group": ("attack", {"skill": "Armas cuerpo a cuerpo", "defence": "calidad", "modifier": 4},
                          character("Tomás"), character("Soldados")),
    "attack on a shielded leader": ("attack", {"skill": "Armas cuerpo a cuerpo", "defence": "Atletismo", "modifier": 6},
                                    character("Tomás"), character("El Coronel")),
    "attack, a block": ("attack", {"skill": 5, "defence": 2, "block": 4}, None, None),
    "maneuver": ("maneuver", {"skill": "Atletismo", "aspect": "Sin salida", "opposition": "Alerta", "avoid": "pay"},
                 character("Lucía"), character("El Coronel")),
    "maneuver, simple": ("maneuver", {"skill": "Atletismo", "aspect": "En lo alto", "sticky": True},
                         character("Lucía"), None),
    "block": ("block", {"skill": "Pelea"}, character("Tomás"), character("Lucía")),
    "defend": ("defend", {}, character("Tomás"), None),
    "overcome": ("overcome", {"skill": "Atletismo", "block": 2}, character("Lucía"), None),
    "sprint": ("sprint", {"skill": "Atletismo", "border_total": 1}, character("Lucía"), None),
    "push": ("push", {"skill": "Pelea", "opposition": "Atletismo", "zones": 2}, character("Tomás"), character("Lucía")),
    "throw": ("throw", {"skill": "Pelea", "opposition": "Atletismo", "zones": 2}, character("Tomás"), character("Lucía")),
    "concede": ("concede", {}, character("Tomás", HURT), character("El Coronel")),
    "concede, refused": ("concede", {"reply": "refuse"}, character("Tomás", HURT), character("El Coronel")),
    "concede, not reasonable": ("concede", {"reasonable": False}, character("Tomás", HURT), character("El Coronel")),
    "compel": ("compel", {"aspect": "Espada de mi abuelo", "reply": "refuse"}, character("Lucía"), None),
    "damage": ("damage", {"stress": 9}, character("Lucía"), None),
    "damage, a concession": ("damage", {"stress": 6, "by": "Tomás"}, character("El Coronel"), None,
                             character("Soldados", {"sicarios_fuera": 4})),  # Aspereza 1, no minion to shield him
    "damage, a concession refused": ("damage", {"stress": 6, "concede": "yes", "reply": "refuse"}, character("Lucía"), None),
    "damage, a concession offered again": ("damage", {"stress": 6, "concede": "yes"},
                                           character("Lucía", {**HURT, "concesion_ofrecida": True}), None),
    "damage, Taken Out": ("damage", {"stress": 12, "consequences": "none", "bargain": True}, character("Lucía", HURT),
                          None),
    "damage to a group": ("damage", {"stress": 5}, character("Soldados"), None),
    "recover end_of_scene": ("recover", {"event": "end_of_scene"}, character("Lucía", HURT), None),
    "recover start_of_session": ("recover", {"event": "start_of_session"}, character("Tomás", HURT), None),
    "recover downtime": ("recover", {"event": "downtime"}, character("Lucía", HURT), None),
    "initiative": ("initiative", {"kind": "physical"}, None, None),
    "initiative, rotating": ("initiative", {"kind": "social", "rotating": True, "round": 2}, None, None),
}
EVERYONE = ("Lucía", "Tomás", "El Coronel", "Soldados")


def play(case: str, seed: int, explain: bool, lang: str):
    verb, params, actor, target, *others = CASES[case]
    given = [c for c in (actor, target, *others) if c is not None]
    chars = [character(name) for name in EVERYONE if name not in {c.name for c in given}] + given
    return played(rolecli_fate, verb, params, actor, target, chars, seed, lang, explain)


test_explain_changes_only_the_lines = explain_changes_only_the_lines(CASES, play)


def test_an_attack_writes_no_line_unread():
    """What a simulation plays at every turn leaves its lines empty."""
    for case in ("attack", "attack on a group", "attack, a block"):
        for seed in range(20):
            assert play(case, seed, False, "en")[0].lines == [], (case, seed)


def test_stress_writes_no_line_unread():
    """The stress a hit marks, on a character or a minion group, says nothing when nobody reads it."""
    for case in ("damage", "damage to a group", "damage, Taken Out"):
        for seed in range(5):
            assert play(case, seed, False, "en")[0].lines == [], (case, seed)


def test_a_full_defence_writes_no_line_unread():
    told, quiet = play("defend", 1, True, "es")[0], play("defend", 1, False, "es")[0]
    assert quiet.lines == [] and "Defensa Total" in told.lines[0] and quiet.effects[0].text == told.effects[0].text


def test_an_initiative_writes_no_line_unread():
    """A simulation asks the initiative of every trial: its order, and no line."""
    told, quiet = play("initiative", 3, True, "en")[0], play("initiative", 3, False, "en")[0]
    assert quiet.lines == [] and len(told.lines) == len(quiet.data["order"]) == 4


def test_a_concession_writes_no_line_unread():
    """Offered by Aspereza or asked for, accepted or refused, or one too many: the
    concession is played and said nothing of when nobody reads it."""
    for case in ("concede", "concede, refused", "concede, not reasonable", "damage, a concession",
                 "damage, a concession refused", "damage, a concession offered again"):
        told, quiet = play(case, 1, True, "en")[0], play(case, 1, False, "en")[0]
        assert quiet.lines == [] and any("concession" in line.lower() for line in told.lines), case
        assert ("concession" in quiet.data) is not case.endswith("again"), case  # played, but for the one too many
