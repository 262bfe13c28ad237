"""What lasts between Fate commands, kept as the core's effects: a block
protects its target in later attacks with no --block typed and ends on the
protector's next turn (000-R18); full defence gives +2 to defence for the round
(000-R16); a Spin earned in defence goes to the next action and is then gone
(000-R48). Through the command line, in a conflict on the sample campaign."""

from __future__ import annotations

import pytest
from fate_helpers import on_campaign
from rolecli_fate.lasting import full_defence, spin

from rolecli.contract import NO_DATA


def _start(cli):
    started = on_campaign(cli, "conflict", "start", "--json")
    assert started.code == 0, started.err
    return started.json["order"]


def _turn_to(cli, name):
    for _ in range(12):
        if on_campaign(cli, "conflict", "show", "--json").json["turn"] == name:
            return
        on_campaign(cli, "conflict", "next")
    raise AssertionError(f"no turn for {name}")


def test_000_R18_a_block_protects_its_target_in_a_later_attack_and_ends_on_the_protectors_turn(cli):
    _start(cli)
    _turn_to(cli, "El Coronel")
    # El Coronel blocks for Lucía: Atletismo +2, his 5 men +2, ++00 → strength +6
    blocked = on_campaign(cli, "block", "El Coronel", "Atletismo", "--target", "Lucía", "--dice", "+,+,0,0", "--json")
    assert blocked.json["block_strength"] == 6
    assert blocked.json["effects"][0] | {"id": 0} == {"id": 0, "on": "Lucía", "text": "block +6 by El Coronel",
                                                       "key": "block", "data": {"strength": 6}, "by": "El Coronel",
                                                       "until": "next_turn", "rounds": None}
    # Tomás (Armas cuerpo a cuerpo +4, ++00 → +6) attacks Lucía (Atletismo +3, 0000 → +3): max(3, 6), a tie
    hit = on_campaign(cli, "attack", "Tomás", "Armas cuerpo a cuerpo", "Atletismo", "--target", "Lucía",
                      "--dice", "+,+,0,0,0,0,0,0", "--json")
    assert hit.json["defence"] == 6 and hit.json["stress"] == 0
    assert "protecting block +6 → defends with +6" in hit.json["explanation"][1]
    on_campaign(cli, "conflict", "next")
    _turn_to(cli, "El Coronel")  # the protector's next turn: his block ends
    assert on_campaign(cli, "effect", "list", "--json").out == ""
    again = on_campaign(cli, "attack", "Tomás", "Armas cuerpo a cuerpo", "Atletismo", "--target", "Lucía",
                        "--dice", "+,+,0,0,0,0,0,0", "--json")
    assert again.json["defence"] == 3 and again.json["stress"] == 3


def test_000_R18_a_typed_block_still_wins_over_the_kept_one(cli):
    _start(cli)
    on_campaign(cli, "block", "El Coronel", "Atletismo", "--target", "Lucía", "--dice", "0,0,0,0")  # strength +4
    hit = on_campaign(cli, "attack", "Tomás", "Armas cuerpo a cuerpo", "Atletismo", "--target", "Lucía", "--block", "5",
                      "--dice", "+,+,0,0,0,0,0,0", "--json")
    assert hit.json["defence"] == 5


def test_000_R16_full_defence_lasts_the_round(cli):
    order = _start(cli)
    declared = on_campaign(cli, "defend", "Lucía", "--json")
    assert declared.code == 0 and declared.json["effects"][0]["key"] == "full_defence"
    # Lucía defends Atletismo +3 +2 (full defence) with 0000 → +5 against Tomás's +6: 1 stress, not 3
    hit = on_campaign(cli, "attack", "Tomás", "Armas cuerpo a cuerpo", "Atletismo", "--target", "Lucía",
                      "--dice", "+,+,0,0,0,0,0,0", "--json")
    assert hit.json["defence"] == 5 and hit.json["stress"] == 1
    for _ in order:  # a whole round later it is gone
        on_campaign(cli, "conflict", "next")
    hit = on_campaign(cli, "attack", "Tomás", "Armas cuerpo a cuerpo", "Atletismo", "--target", "Lucía",
                      "--dice", "+,+,0,0,0,0,0,0", "--json")
    assert hit.json["defence"] == 3


def test_000_R48_a_spin_goes_to_the_next_action_then_is_lost(cli):
    _start(cli)
    # Lucía (Atletismo +3, ++++ → +7) beats Tomás (Armas cuerpo a cuerpo +4, 0000 → +4) by 3: a Spin for her
    parried = on_campaign(cli, "attack", "Tomás", "Armas cuerpo a cuerpo", "Atletismo", "--target", "Lucía",
                          "--dice", "0,0,0,0,+,+,+,+", "--json")
    assert parried.json["spin"] is True and parried.json["effects"][0]["key"] == "spin"
    # her next roll gets +1: Atletismo +3, 0000, +1 spin → +4
    check = on_campaign(cli, "check", "Lucía", "Atletismo", "--dice", "0,0,0,0", "--json")
    assert check.json["effort"] == 4
    # used up: the next roll has no Spin
    check = on_campaign(cli, "check", "Lucía", "Atletismo", "--dice", "0,0,0,0", "--json")
    assert check.json["effort"] == 3


def test_000_R48_the_spin_counts_against_the_attacker_who_earned_it(cli):
    _start(cli)
    on_campaign(cli, "attack", "Tomás", "Armas cuerpo a cuerpo", "Atletismo", "--target", "Lucía",
                "--dice", "0,0,0,0,+,+,+,+")
    check = on_campaign(cli, "check", "Tomás", "Armas cuerpo a cuerpo", "--dice", "0,0,0,0", "--json")
    assert check.json["effort"] == 3  # +4, −1 from Lucía's Spin
    assert on_campaign(cli, "effect", "list", "--json").out == ""


def test_quick_rolls_know_nothing_of_effects(cli):
    assert cli("fate", "defend").code == 2
    assert cli("fate", "block", "3", "--dice", "0,0,0,0", "--json").json.get("effects") is None


def test_000_R16_a_full_defence_is_one_read_only_effect_for_each_defender():
    """Made once for each defender and language and given again: nobody who gets it can change
    what the next defence leaves (its data is the contract's read-only NO_DATA)."""
    first = full_defence("Lucía", "Full defence (+2 to defence and reactions)")
    assert first is full_defence("Lucía", "Full defence (+2 to defence and reactions)")
    assert first is not full_defence("Tomás", "Full defence (+2 to defence and reactions)")
    assert (first.on, first.by, first.key, first.until, first.rounds, first.data) == \
        ("Lucía", "Lucía", "full_defence", "rounds", 1, {})
    assert first.data is NO_DATA
    with pytest.raises(TypeError):
        first.data["strength"] = 2


def test_000_R48_a_spin_is_one_read_only_effect_for_each_pair():
    """Made once for each defender, attacker and language and given again: its data a
    read-only view, so nobody who gets it can change what the next Spin holds."""
    first = spin("Lucía", "Tomás", "en")
    assert first is spin("Lucía", "Tomás", "en")
    assert first is not spin("Lucía", "El Coronel", "en") and first is not spin("Lucía", "Tomás", "es")
    assert first.as_json() | {"id": 0} == {"id": 0, "on": "Lucía", "text": "Spin earned against Tomás", "key": "spin",
                                           "data": {"against": "Tomás"}, "by": "Lucía", "until": "used",
                                           "rounds": None}
    assert spin("Lucía", "Tomás", "es").text == "Giro ganado contra Tomás"
    with pytest.raises(TypeError):
        first.data["against"] = "El Coronel"
