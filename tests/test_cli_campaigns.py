"""Campaign commands end to end, on a private copy of the bundled campaigns."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st


def test_create_list_use_show(cli, campaigns):
    assert cli("campaign", "new", "mesa", "--system", "dice", "--title", "Mesa").code == 0
    listed = cli("campaign", "list", "--json").json
    assert {"mesa", "demo", "caminantes"} <= {row["name"] for row in listed}
    assert cli("campaign", "use", "mesa").code == 0
    shown = cli("campaign", "show", "--json").json
    assert shown["name"] == "mesa" and shown["system"] == "dice" and shown["characters"] == {}


def test_character_add_show_set_and_template_defaults(cli, campaigns):
    cli("campaign", "new", "mesa", "--system", "dice")
    cli("campaign", "use", "mesa")
    added = cli("character", "add", "Lía", "hp=7", "traits.Fuerza=2", "--json")
    assert added.code == 0, added.err
    assert added.json["sheet"]["hp"] == 7 and added.json["sheet"]["initiative"] == 0  # template default
    changed = cli("character", "set", "lia", "hp=9", "--json")  # accents and case ignored
    assert changed.code == 0 and changed.json["sheet"]["hp"] == 9
    bad = cli("character", "set", "Lía", "hp=-3")
    assert bad.code == 2 and "hp" in bad.err and "1" in bad.err


def test_character_set_refuses_a_state_value_that_play_keeps(cli, campaigns):
    """A state value in a sheet is only where play starts: once state.toml keeps
    one, setting the sheet's would show nowhere, so it is refused in one line
    and nothing is written; before that, it sets the start."""
    cli("campaign", "use", "demo")
    assert cli("character", "set", "Ana", "damage=1", "--json").json["state"]["damage"] == 1  # where play starts
    cli("damage", "Ana", "5")
    files = {p.name: p.read_bytes() for p in (campaigns / "demo").iterdir() if p.is_file()}
    refused = cli("character", "set", "Ana", "damage=0")
    assert refused.code == 2 and refused.out == ""
    assert refused.err == ("rolecli: Ana's damage is state that play keeps in state.toml (6 now), not a sheet value: "
                           "a sheet's damage is only where play starts. Change it by playing (a verb such as damage, "
                           "heal or recover), or take back the play that set it with 'rolecli undo'.\n")
    assert {p.name: p.read_bytes() for p in (campaigns / "demo").iterdir() if p.is_file()} == files
    spanish = cli("--lang", "es", "character", "set", "Ana", "damage=0")
    assert spanish.code == 2 and spanish.err.startswith("rolecli: damage de Ana es estado que el juego guarda")
    assert cli("character", "set", "Ana", "hp=14", "--json").json["sheet"]["hp"] == 14  # a sheet value still is


def test_campaign_check_uses_traits_and_logs(cli, campaigns):
    cli("campaign", "use", "demo")
    result = cli("check", "Ana", "1d20", "--bonus", "Fuerza+Pelea", "--target", "15", "--dice", "10", "--json")
    assert result.code == 0, result.err
    assert result.json["total"] == 15  # 10 + Fuerza 3 + Pelea 2
    log = cli("log", "--json").json
    entry = log[-1] if isinstance(log, list) else log
    assert entry["kind"] == "roll" and "check" in entry["command"]


def test_unknown_trait_lists_traits_and_closest(cli, campaigns):
    cli("campaign", "use", "demo")
    result = cli("check", "Ana", "1d20", "--bonus", "Fuerzaa", "--target", "15", "--dice", "10")
    assert result.code == 2
    assert "Did you mean 'Fuerza'" in result.err and "Sigilo" in result.err
    assert result.err.count("\n") == 1


def test_damage_undo_and_comments_survive(cli, campaigns):
    cli("campaign", "use", "demo")
    before = (campaigns / "demo" / "campaign.toml").read_bytes()
    hit = cli("damage", "Ana", "5", "--json")
    assert hit.code == 0 and hit.json["damage"] == 5
    assert cli("damage", "Ana", "3", "--json").json["damage"] == 8
    assert (campaigns / "demo" / "campaign.toml").read_bytes() == before  # the GM's file is untouched
    undone = cli("undo", "--json")
    assert undone.code == 0
    assert cli("character", "show", "Ana", "--json").json["state"]["damage"] == 5
    assert cli("undo").code == 0
    assert cli("character", "show", "Ana", "--json").json["state"]["damage"] == 0
    assert cli("undo").code == 2  # nothing left to undo


def test_recover_rest_heals_everyone(cli, campaigns):
    cli("campaign", "use", "demo")
    cli("damage", "Ana", "4")
    cli("damage", "Bruno", "2")
    assert cli("recover", "rest").code == 0
    shown = cli("campaign", "show", "--json").json
    assert all(c["state"]["damage"] == 0 for c in shown["characters"].values())


def test_initiative_order(cli, campaigns):
    cli("campaign", "use", "demo")
    result = cli("initiative", "Ana", "Bruno", "--dice", "5,9", "--json")
    # Ana 5 + 2 = 7, Bruno 9 + 1 = 10
    assert result.json["order"] == ["Bruno", "Ana"]


def test_a_failed_command_writes_nothing(cli, campaigns):
    cli("campaign", "use", "demo")
    state = campaigns / "demo" / "state.toml"
    before = state.read_bytes() if state.exists() else None
    assert cli("damage", "Ana", "2", "--dice", "4").code == 2  # leftover --dice value
    assert (state.read_bytes() if state.exists() else None) == before


def test_syntax_error_names_the_line_and_leaves_the_file(cli, campaigns):
    path = campaigns / "demo" / "campaign.toml"
    text = path.read_text().replace('hp = 12', 'hp = = 12')
    path.write_text(text)
    before = path.read_bytes()
    result = cli("-C", "demo", "damage", "Ana", "1")
    assert result.code == 2 and "line 12" in result.err and "campaign.toml" in result.err
    assert path.read_bytes() == before


def test_out_of_range_value_names_file_line_and_key(cli, campaigns):
    path = campaigns / "demo" / "campaign.toml"
    path.write_text(path.read_text().replace("hp = 9", "hp = -4"))
    result = cli("-C", "demo", "character", "show")
    assert result.code == 2
    assert "campaign.toml" in result.err and "characters.Bruno.hp" in result.err and "line 17" in result.err


@pytest.mark.parametrize("name", ["../escape", "a/b", ".hidden", ""])
def test_names_cannot_leave_the_campaigns_folder(cli, campaigns, name):
    result = cli("campaign", "new", name)
    assert result.code == 2
    assert not (campaigns.parent / "escape").exists()


@pytest.mark.slow  # twenty processes
def test_twenty_processes_recording_damage_lose_nothing(campaigns):
    sheet = campaigns / "demo" / "campaign.toml"  # hit points enough for every hit to count
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("hp = 12", "hp = 40", 1), encoding="utf-8")
    cmd = [sys.executable, "-m", "rolecli", "--campaigns", str(campaigns), "-C", "demo", "damage", "Ana", "1"]

    def run(_):
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120).returncode

    with ThreadPoolExecutor(max_workers=20) as pool:
        codes = list(pool.map(run, range(20)))
    assert codes == [0] * 20
    import tomllib

    state = tomllib.loads((campaigns / "demo" / "state.toml").read_text())
    assert state["characters"]["Ana"]["damage"] == 20


@pytest.mark.slow  # a real process
def test_shell_completion_through_the_shell_protocol(campaigns):
    import os

    env = {**os.environ, "_ROLECLI_COMPLETE": "complete_bash", "COMP_WORDS": "rolecli -C ca", "COMP_CWORD": "2"}
    out = subprocess.run([sys.executable, "-m", "rolecli"], env=env, capture_output=True, text=True, timeout=60)
    assert "caminantes" in out.stdout


@pytest.mark.parametrize("command", [["campaign", "new"], ["-C", "demo", "character", "add"]])
def test_a_name_that_is_not_utf8_is_one_line_and_leaves_nothing(run_process, campaigns, command):
    import os

    before = sorted(p.relative_to(campaigns) for p in campaigns.rglob("*"))
    proc = subprocess.run([os.fsencode(sys.executable), b"-m", b"rolecli", *map(os.fsencode, command), b"mesa\xff"],
                          capture_output=True, timeout=60)
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 2 and err.count("\n") == 1 and "is not valid UTF-8 text" in err, err
    assert sorted(p.relative_to(campaigns) for p in campaigns.rglob("*")) == before


@pytest.mark.parametrize("file, value", [("campaign.toml", "[" * 50_000 + "]" * 50_000),
                                         ("campaign.toml", "{ a = " * 20_000 + "1" + " }" * 20_000),
                                         ("state.toml", "[" * 50_000 + "]" * 50_000)])
def test_deep_nesting_in_a_campaign_file_is_one_line_naming_it(cli, campaigns, file, value):
    path = campaigns / "demo" / file
    lead = path.read_text() if path.exists() else "[characters.Ana]\n"
    path.write_text(lead + f"deep = {value}\n")
    line = lead.count("\n") + 1
    for command in (["campaign", "show"], ["damage", "Ana", "1"], ["undo"]):
        result = cli("-C", "demo", *command)
        assert result.code == 2 and result.err.count("\n") == 1, result.err
        assert result.err.startswith(f"rolecli: campaigns/demo/{file} line {line}: arrays or inline tables nested")


def test_damage_stops_at_zero_hit_points_and_healing_counts_from_zero(cli, campaigns):
    """The dice system has no negative hit points: damage past 0 HP is not kept, so
    healing a character who is down gives back what it heals (issue 17, problem 5)."""
    cli("campaign", "use", "demo")
    hit = cli("damage", "Ana", "18", "--json")  # Ana has 12 HP
    assert hit.code == 0 and hit.json["damage"] == 12 and hit.json["down"]
    assert "Ana: 0/12 HP — down" in hit.out
    healed = cli("heal", "Ana", "5")
    assert healed.code == 0 and healed.out.startswith("Ana: 5/12 HP")


def test_healing_counts_from_zero_when_more_damage_was_kept(cli, campaigns):
    """A state written before the floor (or by hand) may hold more damage than hit
    points: healing still counts from 0 HP."""
    cli("campaign", "use", "demo")
    assert cli("character", "set", "Ana", "damage=18").code == 0
    assert cli("heal", "Ana", "5", "--json").json["damage"] == 7


def test_a_recovery_of_several_characters_logs_one_summary_naming_each(cli, campaigns):
    cli("campaign", "use", "demo")
    cli("damage", "Ana", "4")
    assert cli("recover", "rest").code == 0
    logged = cli("log", "-n", "1").out
    assert "change: Ana: 12/12 HP; Bruno: 9/9 HP; Esqueleto: 6/6 HP  (rolecli recover rest)" in logged


def test_an_initiative_logs_its_order_naming_everyone(cli, campaigns):
    cli("campaign", "use", "demo")
    assert cli("initiative", "--dice", "5,9,1").code == 0  # Ana 5+2, Bruno 9+1, Esqueleto 1+0
    assert "roll: initiative: Bruno, Ana, Esqueleto  (rolecli initiative --dice 5,9,1)" in cli("log", "-n", "1").out


def test_an_encounter_keeps_no_damage_past_zero_hit_points(cli, campaigns):
    """The report of issue 17: after an encounter a character showed 0/14 HP while
    its state held more damage than its hit points."""
    played = cli("encounter", "run", "campaigns/demo/encounter.toml", "--seed", "40", "--json", "--dry-run")
    assert played.code == 0, played.err
    hits = [json.loads(line)["data"] for line in played.out.splitlines() if '"verb": "damage"' in line]
    assert any(hit["down"] for hit in hits)
    assert all(0 <= hit["damage"] <= hit["hp"] for hit in hits)


@given(st.lists(st.tuples(st.sampled_from(["damage", "heal"]), st.integers(0, 40)), max_size=12))
def test_hit_points_stay_between_0_and_the_maximum_and_healing_from_0_gives_back_its_amount(steps):
    import rolecli_dice as dice

    from rolecli.contract import Action
    from rolecli.testing import character, context, hooks

    hurt, relay = character(dice.INFO, "Kira", {"hp": 14}), hooks(dice)
    for verb, amount in steps:
        before = hurt.state["damage"]
        outcome = relay.rolecli_apply_damage(character=hurt, action=Action(verb, {"amount": amount}),
                                             ctx=context(dice.INFO))
        hurt.state = outcome.changes["Kira"]
        assert 0 <= hurt.state["damage"] <= 14
        if verb == "heal" and before == 14:  # down: healing gives back what it heals
            assert 14 - hurt.state["damage"] == min(amount, 14)
