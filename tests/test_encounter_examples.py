"""The shell scripts of examples/ run as a game master would run them: as
processes, with rolecli on the PATH and ROLECLI_CAMPAIGNS a scratch copy of
the sample campaigns (never the repository's)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rolecli_testing import REPO

pytestmark = pytest.mark.slow  # the example shell scripts, each starting rolecli many times

EXAMPLES = REPO / "examples"


@pytest.fixture
def sh(campaigns, tmp_path):
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "ROLECLI_CAMPAIGNS": str(campaigns), "ROLECLI_LANG": "en", "TMPDIR": str(tmp_path)}

    def run(script: str, *args, **more: str) -> subprocess.CompletedProcess:
        return subprocess.run(["sh", str(EXAMPLES / script), *map(str, args)], env={**env, **more}, cwd=tmp_path,
                              capture_output=True, text=True, timeout=120)

    return run


def test_every_script_is_tested_here():
    tested = {"session-start.sh", "initiative.sh", "attack-until-out.sh", "compare-encounters.sh"}
    assert {p.name for p in EXAMPLES.glob("*.sh")} == tested


def test_session_start_recovers_everyone(sh, cli):
    done = sh("session-start.sh", "caminantes")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == ["Lucía: FP 3 → 5 (refresh)", "Tomás: nothing to recover"]
    assert cli("-C", "caminantes", "character", "show", "Lucía", "--json").json["state"]["puntos_destino"] == 5
    assert sh("session-start.sh", "nada").returncode != 0


def test_initiative_sorted_with_standard_tools(sh):
    done = sh("initiative.sh", "demo", "Ana", "Bruno", "Esqueleto", SEED="7")
    assert done.returncode == 0, done.stderr
    rows = [line.split("\t") for line in done.stdout.splitlines()]
    assert [name for _, name in rows] == ["Esqueleto", "Bruno", "Ana"]
    scores = [int(place.split(". ")[1]) for place, _ in rows]
    assert scores == sorted(scores, reverse=True) and [p.split(".")[0] for p, _ in rows] == ["1", "2", "3"]


def test_attack_until_the_target_is_out(sh, cli):
    done = sh("attack-until-out.sh", "caminantes", "El Coronel", "attack", "Tomás", "Armas cuerpo a cuerpo",
              "Atletismo", SEED="3")
    assert done.returncode == 0, done.stderr
    last = done.stdout.splitlines()[-1]
    assert last.startswith("El Coronel is out after ") and last.endswith("conceded the conflict.")
    assert cli("-C", "caminantes", "character", "show", "El Coronel", "--json").json["status"]["can_act"] is False
    refused = sh("attack-until-out.sh", "caminantes", "Lucía", "attack", "Tomás", "Armaz", "Atletismo")
    assert refused.returncode == 2 and "Tomás has no trait 'Armaz'" in refused.stderr
    unknown = sh("attack-until-out.sh", "caminantes", "Nadie", "attack", "Tomás", "Armas", "Atletismo")
    assert unknown.returncode == 2 and "no character 'Nadie'" in unknown.stderr


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
