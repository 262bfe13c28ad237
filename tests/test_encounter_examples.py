"""The shell scripts of examples/ run as a game master would run them: as
processes, with rolecli on the PATH and ROLECLI_CAMPAIGNS a scratch copy of
the sample campaigns (never the repository's). Each script works on every
system it claims, tested here on each; one that needs something of a system
refuses the others, in one line, exit 2, before anything is rolled."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rolecli_testing import REPO

pytestmark = pytest.mark.slow  # the example shell scripts, each starting rolecli many times

EXAMPLES = REPO / "examples"
# each system's sample campaign
CAMPAIGNS = {"dice": "demo", "fate": "caminantes", "alternity": "aaa", "giro": "giro", "v5": "v5", "middle": "middle"}


@pytest.fixture
def sh(campaigns, tmp_path):
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "ROLECLI_CAMPAIGNS": str(campaigns), "ROLECLI_LANG": "en", "TMPDIR": str(tmp_path)}

    def run(script: str, *args, **more: str) -> subprocess.CompletedProcess:
        return subprocess.run(["sh", str(EXAMPLES / script), *map(str, args)], env={**env, **more}, cwd=tmp_path,
                              capture_output=True, text=True, timeout=300)

    return run


def _files(campaigns, camp):
    folder = campaigns / camp
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and p.name != ".lock"}


def _refused(done: subprocess.CompletedProcess, script: str, system: str) -> None:
    assert done.returncode == 2 and done.stdout == "", done.stdout + done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"{script}: campaign "), done.stderr
    assert f"is of the '{system}' system; this script needs " in done.stderr


def test_every_script_is_tested_here():
    tested = {"session-start.sh", "initiative.sh", "attack-until-out.sh", "compare-encounters.sh"}
    assert {p.name for p in EXAMPLES.glob("*.sh")} == tested


def test_every_installed_system_has_a_sample_campaign_here(cli):
    installed = {s["name"] for s in cli("systems", "--json").json}
    assert installed == set(CAMPAIGNS)  # a new system: say here which scripts claim it, and test it


# --- session-start.sh: every system ------------------------------------------------


@pytest.mark.parametrize("system", CAMPAIGNS)
def test_session_start_recovers_everyone_on_every_system(sh, cli, system):
    camp = CAMPAIGNS[system]
    done = sh("session-start.sh", camp)
    assert done.returncode == 0, done.stderr
    names = list(cli("-C", camp, "campaign", "show", "--json").json["characters"])
    assert [line.split(":")[0] for line in done.stdout.splitlines()] == names  # one line each, in order


def test_session_start_says_what_it_did(sh, cli):
    done = sh("session-start.sh", "caminantes")
    assert done.stdout.splitlines()[:2] == ["Lucía: FP 3 → 5 (refresh)", "Tomás: nothing to recover"]
    assert cli("-C", "caminantes", "character", "show", "Lucía", "--json").json["state"]["puntos_destino"] == 5
    assert sh("session-start.sh", "nada").returncode == 2


# --- initiative.sh: the dice system; the others refused ---------------------------------


def test_initiative_sorted_with_standard_tools(sh):
    done = sh("initiative.sh", "demo", "Ana", "Bruno", "Esqueleto", SEED="7")
    assert done.returncode == 0, done.stderr
    rows = [line.split("\t") for line in done.stdout.splitlines()]
    assert [name for _, name in rows] == ["Esqueleto", "Bruno", "Ana"]
    scores = [int(place.split(". ")[1]) for place, _ in rows]
    assert scores == sorted(scores, reverse=True) and [p.split(".")[0] for p, _ in rows] == ["1", "2", "3"]


def test_initiative_of_an_unknown_name_rolls_nothing(sh, campaigns):
    before = _files(campaigns, "demo")
    done = sh("initiative.sh", "demo", "Ana", "Nadie")
    assert done.returncode == 2 and done.stdout == "" and "no character 'Nadie'" in done.stderr
    assert _files(campaigns, "demo") == before


@pytest.mark.parametrize("system", [s for s in CAMPAIGNS if s != "dice"])
def test_initiative_refuses_a_system_whose_scores_are_not_numbers(sh, campaigns, system):
    camp = CAMPAIGNS[system]
    before = _files(campaigns, camp)
    _refused(sh("initiative.sh", camp, "Nadie"), "initiative.sh", system)
    assert _files(campaigns, camp) == before


# --- attack-until-out.sh: the systems whose attacks aim at a character -----------------------

ATTACKS = {  # system: target, then the attack (verb, actor, its arguments), a seed that ends it soon
    "fate": ("El Coronel", "attack", "Tomás", "Armas cuerpo a cuerpo", "Atletismo", 6),
    "alternity": ("Zug", "attack", "Mad Dog", "Armas Cuerpo a Cuerpo-espada", "d6+4w/d8+4w/d4+2m", 2),
    "giro": ("Clovis Lenoir", "attack", "Wilhelmina Beckett", "Precisión + Armas de Fuego", "Gracia + Percepción", 5),
    "v5": ("Guardia 1", "attack", "Katarina", "Destreza+Pelea", "Destreza+Pelea", "--weapon", "1", 8),
    "middle": ("Novato", "strike", "Aldara", "uso de armas", 4),  # one blow a round: the round ends between
}


def test_attack_until_out_claims_what_is_tested():
    claimed = re.search(r"^    ([a-z0-9 |]+)\) ;;$", (EXAMPLES / "attack-until-out.sh").read_text(), re.M).group(1)
    assert set(claimed.split(" | ")) == set(ATTACKS) == set(CAMPAIGNS) - {"dice"}


@pytest.mark.parametrize("system", ATTACKS)
def test_attack_until_the_target_is_out_on_every_system_it_claims(sh, cli, system):
    camp, (target, *attack, seed) = CAMPAIGNS[system], ATTACKS[system]
    done = sh("attack-until-out.sh", camp, target, *attack, SEED=str(seed))
    assert done.returncode == 0, done.stderr
    last = done.stdout.splitlines()[-1]
    assert re.fullmatch(rf"{target} is out after (\d+) attack\(s\), \d+ hit\(s\) and \d+ miss\(es\): .+\.", last), last
    assert cli("-C", camp, "character", "show", target, "--json").json["status"]["can_act"] is False
    if system == "fate":
        assert last.endswith("conceded the conflict.")
    if system == "middle":  # more than one blow: the rounds did end in between
        assert int(re.search(r"after (\d+)", last).group(1)) > 1


def test_attack_until_out_refuses_the_dice_system(sh, campaigns):
    before = _files(campaigns, "demo")
    _refused(sh("attack-until-out.sh", "demo", "Esqueleto", "check", "Ana", "1d20"), "attack-until-out.sh", "dice")
    assert _files(campaigns, "demo") == before  # before anything was rolled


def test_attack_until_out_stops_at_what_rolecli_refuses(sh):
    refused = sh("attack-until-out.sh", "caminantes", "Lucía", "attack", "Tomás", "Armaz", "Atletismo")
    assert refused.returncode == 2 and "Tomás has no trait 'Armaz'" in refused.stderr
    unknown = sh("attack-until-out.sh", "caminantes", "Nadie", "attack", "Tomás", "Armas", "Atletismo")
    assert unknown.returncode == 2 and "no character 'Nadie'" in unknown.stderr
    nowhere = sh("attack-until-out.sh", "nada", "Nadie", "attack", "Tomás")
    assert nowhere.returncode == 2 and "no campaign 'nada'" in nowhere.stderr


# --- compare-encounters.sh: every system ------------------------------------------------------


def test_compare_two_variants_of_an_encounter(sh, campaigns, tmp_path):
    sample = campaigns / "demo" / "encounter.toml"
    more = tmp_path / "five-zombies.toml"
    more.write_text(sample.read_text(encoding="utf-8").replace("count = 2", "count = 5"), encoding="utf-8")
    done = sh("compare-encounters.sh", sample, more, "200")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "side\tA\tB\tB - A" and [line.split("\t")[0] for line in lines[1:]] == ["héroes", "cripta",
                                                                                                 "rounds"]
    heroes = lines[1].split("\t")
    assert float(heroes[3]) < 0  # five zombies are worse for the heroes than two


@pytest.mark.parametrize("system", CAMPAIGNS)
def test_compare_on_every_system(sh, cli, campaigns, tmp_path, system):
    sample = campaigns / CAMPAIGNS[system] / "encounter.toml"
    short = tmp_path / "one-round.toml"
    text = sample.read_text(encoding="utf-8")
    assert re.search(r"^rounds = \d+", text, re.M)
    short.write_text(re.sub(r"^rounds = \d+", "rounds = 1", text, count=1, flags=re.M), encoding="utf-8")
    done = sh("compare-encounters.sh", sample, short, "20")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    sides = list(cli("encounter", "check", sample, "--json").json["sides"])
    assert [line.split("\t")[0] for line in lines] == ["side", *sides, "rounds"]
    assert lines[-1].split("\t")[2] == "1"  # B ends after its one round
    assert sorted(p.name for p in tmp_path.iterdir()) == ["campaigns", "one-round.toml"]  # its scratch files gone


def test_compare_stops_at_a_file_rolecli_refuses_and_leaves_nothing(sh, campaigns, tmp_path):
    done = sh("compare-encounters.sh", campaigns / "demo" / "encounter.toml", tmp_path / "none.toml", "20")
    assert done.returncode == 2 and "no such encounter file" in done.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["campaigns"]
