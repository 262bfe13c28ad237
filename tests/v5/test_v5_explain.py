"""``Context.explain``: a simulation's trials ask for no lines, and every verb then
gives the same data, changes, success, effects and used, and reads the same dice
(with the same reasons), as when someone reads the lines."""

from __future__ import annotations

import rolecli_v5
from rolecli_testing import explain_changes_only_the_lines, played
from v5_helpers import character


# (verb, params, actor, target, others): every verb that plays through resolve, damage,
# recover and initiative, on characters of the sample campaign at the states that
# reach their rarer lines (a reroll, Impairment, the end of a tracker, torpor, ruin).
HURT = {"health_superficial": 3, "health_aggravated": 1, "willpower_superficial": 2}
CASES = {
    "roll": ("roll", {"pool": 6, "hunger": 2}, None, None),
    "check": ("check", {"pool": "Destreza+Pelea", "difficulty": 4, "reroll": "auto"}, character("Katarina", HURT), None),
    "check, a quick roll": ("check", {"pool": 5, "difficulty": 3, "reroll": "failures"}, None, None),
    "contest": ("contest", {"pool": "Fuerza+Pelea", "opposition": "Destreza+Pelea con Armas", "reroll": "failures",
                            "target_reroll": "failures"}, character("Leah"), character("Gancho")),
    "attack, two-sided": ("attack", {"pool": "Destreza+Pelea", "defence": "Destreza+Pelea", "two_sided": True,
                                     "reroll": "auto", "target_reroll": "failures"},
                          character("Katarina", HURT), character("Guardia 1", {"health_superficial": 3})),
    "attack, a shot at a difficulty": ("attack", {"pool": "Compostura+Armas de Fuego", "difficulty": 2, "ranged": True,
                                                  "weapon": "Pistola"}, character("Tracy"), character("Asaltante")),
    "attack, ranged with cover": ("attack", {"pool": "Destreza+Armas de Fuego", "ranged": True, "cover": "none",
                                             "weapon": "Escopeta"}, character("Clara"),
                                  character("Policía", {"health_aggravated": 3})),
    "attack, social": ("attack", {"pool": "Carisma+Intimidación", "defence": "Compostura+Etiqueta", "social": True,
                                  "audience": 2}, character("Antigua Valeria"),
                       character("Clara", {"willpower_aggravated": 4})),
    "attack, a split quick roll": ("attack", {"pool": 7, "defence": 3, "split": 4, "dodge": True}, None, None),
    "damage": ("damage", {"amount": 10, "tracker": "willpower"}, character("Clara"), None),
    "damage, sunlight": ("damage", {"amount": 4, "source": "sunlight"}, character("Katarina", HURT), None),
    "spend": ("spend", {"points": 2}, character("Tracy", {"willpower_superficial": 4}), None),
    "rouse": ("rouse", {"checks": 3}, character("Tracy", {"hunger": 3}), None),
    "recover end_of_scene": ("recover", {"event": "end_of_scene"}, character("Clara", {"ruined": True}), None),
    "recover start_of_session": ("recover", {"event": "start_of_session", "ambition": True},
                                 character("Terence", {"willpower_aggravated": 1, "health_superficial": 2}), None),
    "recover end_of_turn": ("recover", {"event": "end_of_turn"}, character("Katarina", HURT), None),
    "recover rest": ("recover", {"event": "rest", "aggravated": 2},
                     character("Katarina", {"health_aggravated": 2}), None),
    "recover treatment": ("recover", {"event": "treatment"}, character("Policía", {"health_aggravated": 2}), None),
    "recover feed": ("recover", {"event": "feed", "slake": 2}, character("Tracy", {"hunger": 4}), None),
    "initiative": ("initiative", {"declare": ("Leah=ongoing:Pelea>Gancho", "Gancho=ongoing:Pelea con Armas>Leah",
                                              "Tracy=ranged:Armas de Fuego>Asaltante", "Asaltante=new:Pelea>Tracy")},
                   None, None),
}
EVERYONE = [character(name) for name in ("Leah", "Gancho", "Tracy", "Asaltante", "Fabian")]


def play(case: str, seed: int, explain: bool, lang: str):
    verb, params, actor, target = CASES[case]
    chars = [c for c in (actor, target) if c is not None] or (EVERYONE if verb == "initiative" else [])
    return played(rolecli_v5, verb, params, actor, target, chars, seed, lang, explain)


test_explain_changes_only_the_lines = explain_changes_only_the_lines(CASES, play)


def test_the_hot_verbs_write_no_line_unread():
    """What a simulation plays at every turn (attacks, damage, recovery) leaves its lines empty."""
    for case in ("attack, two-sided", "attack, social", "damage", "recover end_of_turn", "recover rest"):
        assert play(case, 7, False, "en")[0].lines == [], case


def test_an_initiative_writes_no_line_unread():
    """A simulation asks the initiative of every trial: its order, pairs and shootouts, and no line."""
    declare = ("Leah=ongoing:Pelea>Gancho", "Gancho=ongoing:Pelea con Armas>Leah",
               "Tracy=ranged:Armas de Fuego>Asaltante", "Asaltante=ranged:Armas de Fuego>Tracy")
    told, quiet = (played(rolecli_v5, "initiative", {"declare": declare}, None, None, EVERYONE, 3, "en", explain)[0]
                   for explain in (True, False))
    assert quiet.lines == [] and len(told.lines) == 5 and quiet.data == told.data
    assert quiet.data["together"] == [["Gancho", "Leah"]] and quiet.data["shootouts"] == [["Asaltante", "Tracy"]]
