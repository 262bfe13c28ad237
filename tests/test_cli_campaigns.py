"""Campaign commands end to end, on a private copy of the bundled campaigns."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest


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
    cmd = [sys.executable, "-m", "rolecli", "--campaigns", str(campaigns), "-C", "demo", "damage", "Ana", "1"]

    def run(_):
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120).returncode

    with ThreadPoolExecutor(max_workers=20) as pool:
        codes = list(pool.map(run, range(20)))
    assert codes == [0] * 20
    import tomllib

    state = tomllib.loads((campaigns / "demo" / "state.toml").read_text())
    assert state["characters"]["Ana"]["damage"] == 20


def test_shell_completion_offers_campaign_and_character_names(cli, campaigns):
    from rolecli.actions import _complete_characters
    from rolecli.commands import complete_campaigns as _complete_campaigns

    assert _complete_campaigns("ca") == ["caminantes"]
    cli("campaign", "use", "demo")
    assert _complete_characters("b") == ["Bruno"]
    assert sorted(_complete_characters("")) == ["Ana", "Bruno", "Esqueleto"]


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
