"""``Context.explain``: a simulation's trials ask for no lines, and every verb then
gives the same data, changes, success, effects and used, and reads the same dice
(with the same reasons), as when someone reads the lines."""

from __future__ import annotations

from aaa_helpers import character

import rolecli_alternity
from rolecli_testing import explain_changes_only_the_lines, played


# (verb, params, actor, target): every verb that plays through resolve, damage, recover
# and initiative, at the states that reach their rarer lines (Dazed, a full fatigue
# track's Resolve roll, a knockout, dying, a last resort, damage pending a phase).
DAZED = {"stun": 7, "wound": 2, "mortal": 1, "fatigue": 1}
KO = {"stun": 11, "status": "ko", "ko_cause": "stun", "ko_wait": 0}
CASES = {
    "check": ("check", {"score": "Atletismo", "situation": "Difícil", "last_resort": "if-failed"},
              character("Mad Dog", DAZED), None),
    "check, a quick roll": ("check", {"score": 13, "kind": "broad", "helpers": ["g", "f"]}, None, None),
    "action-check": ("action-check", {"delay": "marginal"}, character("Grimes"), None),
    "attack": ("attack", {"score": "Armas Cuerpo a Cuerpo-espada", "damage": "d4+1w/d6+1w/d4m", "resist": "str",
                          "last_resort": "if-failed"}, character("Mad Dog"), character("Sor Deskul", DAZED)),
    "attack, a rifle": ("attack", {"score": "Armas de Fuego Modernas-rifle", "damage": "d4+1w/d6+1w/d4+1m"},
                        character("Grimes"), character("Mad Dog", {"stun": 9})),
    "attack, a full fatigue track": ("attack", {"score": 18, "damage": "2f/3f/4f"}, None,
                                     character("Jack Everstar", {"fatigue": 2})),
    "attack, a dead target": ("attack", {"score": 18, "damage": "d4+1w/d6+1w/d4m"}, character("Grimes"),
                              character("Zug", {"status": "dead", "mortal": 7})),
    "surprise": ("surprise", {"prepared": 1}, character("Jack Everstar"), None),
    "damage": ("damage", {"damage": "12s"}, character("Grimes", DAZED), None),
    "damage, mortal": ("damage", {"damage": "d4m"}, character("Zug"), None),
    "heal": ("heal", {"amount": 2, "track": "wound", "method": "treatment"}, character("Grimes", DAZED), None),
    "fatigue": ("fatigue", {"roll_number": 2}, character("Mad Dog", {"fatigue": 5}), None),
    "breath": ("breath", {"round": 6}, character("Jack Everstar"), None),
    "recover end_of_scene": ("recover", {"event": "end_of_scene"}, character("Mad Dog", DAZED), None),
    "recover round": ("recover", {"event": "round"}, character("Grimes", KO), None),
    "recover rest": ("recover", {"event": "rest", "hours": 3}, character("Mad Dog", {"fatigue": 3}), None),
    "recover end_of_phase": ("recover", {"event": "end_of_phase"},
                             character("Grimes", {"pending": ["wound:4", "stun:3"]}), None),
    "recover end_of_round": ("recover", {"event": "end_of_round"},
                             character("Mad Dog", {"out_rounds": 1, "pending": ["stun:2"]}), None),
    "recover end_of_round, nothing due": ("recover", {"event": "end_of_round"}, character("Grimes", {"stun": 2}), None),
    "recover end_of_round, the dead": ("recover", {"event": "end_of_round"},
                                       character("Zug", {"status": "dead", "mortal": 7}), None),
    "initiative": ("initiative", {"delayed": ["Grimes"], "surprised": ["Zug"]}, None, None),
    "initiative, a quick one": ("initiative", {"entrants": ["Ana=12:2", "Bo=9"]}, None, None),
}
EVERYONE = ("Mad Dog", "Sor Deskul", "Grimes", "Zug")


def play(case: str, seed: int, explain: bool, lang: str):
    verb, params, actor, target = CASES[case]
    if verb == "initiative":
        chars = [] if "entrants" in params else [character(n, KO if n == "Sor Deskul" else None) for n in EVERYONE]
    else:
        chars = [c for c in (actor, target) if c is not None]
    return played(rolecli_alternity, verb, params, actor, target, chars, seed, lang, explain)


test_explain_changes_only_the_lines = explain_changes_only_the_lines(CASES, play)


def test_what_a_simulation_plays_writes_no_line_unread():
    """An attack, the initiative and the end of a round's recovery, at every turn and round of a
    simulation, leave their lines empty."""
    for case in ("attack", "attack, a rifle", "attack, a dead target", "initiative", "recover round", "recover end_of_round",
                 "recover end_of_round, nothing due", "recover end_of_round, the dead"):
        for seed in range(20):
            assert play(case, seed, False, "en")[0].lines == [], (case, seed)


def test_a_hit_on_the_dead_or_pending_and_a_last_resort_spent_write_their_line_only_when_read():
    from rolecli.testing import context
    from rolecli_alternity.hits import take_hit
    from rolecli_alternity.last_resort import spend
    from rolecli_alternity.sheet import state

    dead, grimes, jack = character("Zug", {"status": "dead", "mortal": 7}), character("Grimes"), character("Jack Everstar")
    plays = {  # each gives its words last
        "a hit on the dead": lambda ctx: take_hit(dead, state(dead), "wound", 4, ctx),
        "a hit pending the end of the phase": lambda ctx: take_hit(grimes, state(grimes), "wound", 4, ctx, queue=True),
        "a last resort spent": lambda ctx: spend("if-failed", "critical_failure", jack, ctx),
        "a last resort spent against": lambda ctx: spend("1", "good", jack, ctx, own=False),
        "a last resort of a quick roll": lambda ctx: spend("2", "failure", None, ctx),
    }
    for what, play in plays.items():
        for lang in ("en", "es"):
            told = play(context(rolecli_alternity.INFO, lang=lang))
            quiet = play(context(rolecli_alternity.INFO, lang=lang, explain=False))
            assert told[-1] and not quiet[-1] and quiet[:-1] == told[:-1], (what, lang)
