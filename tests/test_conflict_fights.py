"""A scripted fight per landed system through the tracker: conflict start,
several turns with a verb by whoever's turn it is, a new round, the end. At
each step `conflict show --json` gives the round, the turn and the order the
system's own initiative gave (asked again each round where the system says so)."""

from __future__ import annotations

import pytest

FIGHTS = {
    # campaign: (participants, the verb each one plays on its turn)
    "demo": (["Ana", "Bruno", "Esqueleto"], ["check", "{who}", "1d20", "--target", "5"]),
    "caminantes": (["Lucía", "Tomás", "El Coronel"], ["check", "{who}", "Alerta"]),
    "aaa": (["Mad Dog", "Zug", "Grimes"], ["action-check", "{who}"]),
    "giro": (["Berthold", "Nathaniel Pennrock", "Maurice Chevallier"], ["check", "{who}", "Gracia + Percepción"]),
    "v5": (["Tracy", "Leah", "Gancho"], ["check", "{who}", "Destreza+Atletismo", "--difficulty", "2"]),
    "middle": (["Aldara", "Bruno", "Novato"], ["check", "{who}", "impulso"]),
}


def _show(cli, camp):
    shown = cli("-C", camp, "conflict", "show", "--json")
    assert shown.code == 0, shown.err
    return shown.json


@pytest.mark.parametrize("camp", sorted(FIGHTS))
def test_a_scripted_fight(cli, camp):
    names, verb = FIGHTS[camp]
    expected = cli("-C", camp, "initiative", *names, "--seed", "11", "--json")
    assert expected.code == 0, expected.err
    turns = expected.json.get("turns") or expected.json["order"]
    started = cli("-C", camp, "conflict", "start", *names, "--seed", "11", "--json")
    assert started.code == 0, started.err
    assert (started.json["round"], started.json["order"], started.json["turn"]) == (1, turns, turns[0])
    assert sorted(started.json["participants"]) == sorted(names)
    for index, who in enumerate(turns):
        shown = _show(cli, camp)
        assert (shown["round"], shown["turn"], shown["order"]) == (1, who, turns)
        played = cli("-C", camp, *[part.format(who=who) for part in verb], "--seed", str(index))
        assert played.code in (0, 1), played.err  # a check may fail; it must run
        assert cli("-C", camp, "conflict", "next", "--seed", "5").code == 0
    second = _show(cli, camp)
    assert second["round"] == 2 and second["turn"] == second["order"][0]
    assert sorted(set(second["order"])) == sorted(names)
    if not expected.json.get("each_round"):
        assert second["order"] == turns  # the same order, round after round
    ended = cli("-C", camp, "conflict", "end", "--json")
    assert ended.code == 0 and ended.json["running"] is False
    log = cli("-C", camp, "log", "-n", "1", "--json").json
    assert log["summary"] == "conflict ended" and log["command"].endswith("conflict end --json")
