"""``Context.explain``: a simulation's trials ask for no lines, and every verb then
gives the same data, changes, success, effects and used, and reads the same dice
(with the same reasons), as when someone reads the lines."""

from __future__ import annotations

import tomllib
from pathlib import Path

import rolecli_middle
from rolecli.testing import character
from rolecli_testing import explain_changes_only_the_lines, played

SHEETS = tomllib.loads((Path(__file__).resolve().parents[2] / "campaigns" / "middle" / "campaign.toml")
                       .read_text("utf-8"))["characters"]


def who(name: str, **state) -> object:
    """A character of the sample campaign, in ``state``."""
    return character(rolecli_middle.INFO, name, SHEETS[name], state)


# (verb, params, actor, target): every verb that plays through resolve, damage, recover and
# initiative, on characters of the sample campaign in states that reach their rarer lines
# (a parry, a called shot, Dazed into Unconscious, a death, a mount that feels it).
CASES = {
    "roll": ("roll", {"capability": 2, "nd": 1}, None, None),
    "check": ("check", {"capability": "Vigilancia", "goal": 6, "combat": True}, who("Centinela"), None),
    "contest": ("contest", {"capability": "uso de armas", "opposition": "uso de armas"}, who("Aldara"), who("Novato")),
    "strike": ("strike", {"capability": "uso de armas"}, who("Bruno"), who("Centinela", vida_perdida=8)),
    "strike, parried": ("strike", {"capability": "uso de armas"}, who("Aldara"), who("Centinela", parando=True)),
    "strike at the head": ("strike", {"location": "head", "nd": 4}, who("Bruno"),
                           who("Novato", estados=["mareado"])),
    "strike a rider, charging": ("strike", {"charge": True, "nd": 2}, who("Dientes de Sable"),
                                 who("Bruno", vida_perdida=11)),
    "feint": ("feint", {"nd": 2}, who("Aldara"), who("Centinela")),
    "blind": ("blind", {}, who("Rata"), who("Novato")),
    "strike-weapon": ("strike-weapon", {}, who("Bruno"), who("Centinela")),
    "parry": ("parry", {}, who("Aldara"), None),
    "cover": ("cover", {}, who("Centinela"), who("Novato")),
    "insult": ("insult", {"rivals": ("Novato", "Centinela")}, who("Rata"), None),
    "threaten": ("threaten", {"rivals": ("Novato", "Rata")}, who("Bruno"), None),
    "ambush": ("ambush", {"victims": ("Novato", "Centinela")}, who("Dientes de Sable"), None),
    "morale": ("morale", {"members": ("Aldara", "Centinela", "Novato", "Rata")}, None, None),
    "mount-lost": ("mount-lost", {}, who("Bruno"), None),
    "damage at the hands": ("damage", {"amount": 7, "location": "hands", "by": "Bruno"}, who("Centinela"), None),
    "state": ("state", {"add": ("mareado", "cegado"), "rounds": 2}, who("Novato", estados=["mareado"]), None),
    "recover end_of_round": ("recover", {"event": "end_of_round"},
                             who("Rata", accion=True, paradas=1, estados=["cegado"], cegado_rondas=1), None),
    "recover end_of_scene": ("recover", {"event": "end_of_scene"},
                             who("Centinela", estados=["irritado"], desarmado=True, cubre="Novato"), None),
    "recover rest": ("recover", {"event": "rest"}, who("Aldara", vida_perdida=5), None),
    "recover start_of_session": ("recover", {"event": "start_of_session"}, who("Aldara"), None),
    "initiative": ("initiative", {}, None, None),
}
CAMPAIGN = [who(name) for name in ("Aldara", "Centinela", "Novato", "Bruno", "Tormenta", "Rata", "Dientes de Sable")]


def play(case: str, seed: int, explain: bool, lang: str):
    verb, params, actor, target = CASES[case]
    named = {c.name: c for c in (actor, target) if c is not None}
    chars = [named.get(c.name, c) for c in CAMPAIGN]
    return played(rolecli_middle, verb, params, actor, target, chars, seed, lang, explain, in_conflict=False)


test_explain_changes_only_the_lines = explain_changes_only_the_lines(CASES, play)


def test_the_hot_verbs_write_no_line_unread():
    """What a simulation plays at every turn (blows, a death, parries, morale, recovery) leaves its lines empty."""
    for case in ("strike", "strike, parried", "strike at the head", "strike a rider, charging", "parry", "morale",
                 "recover end_of_round", "initiative"):
        for seed in range(20):
            assert play(case, seed, False, "en")[0].lines == [], (case, seed)
