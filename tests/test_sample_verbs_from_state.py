"""Which verbs the sample encounters play say their outcome reads only the characters
they are given (``ActionSpec(from_state=True)``, docs/plugins.md), and why the others
do not. A wrong ``from_state`` gives a simulation wrong odds silently (its kept exchanges
are made again by the states of the characters the verb was given alone), so a verb that
reads another character, the conflict's turn or the effects in force must not say so;
and one that may say so is declared only where its exchanges kept cost a trial fewer
instructions (icount, N=400 after 20 warm trials; docs/speed.md)."""

from __future__ import annotations

import tomllib

import pytest

import rolecli_fate
import rolecli_middle
from rolecli.contract import Action
from rolecli.dispatch import complete
from rolecli.plugins import system_info
from rolecli.testing import character, context
from rolecli_middle.verbs import do_strike
from rolecli_testing import REPO

CAMPAIGNS = REPO / "campaigns"

# Every verb a sample encounter plays (its behaviours' main verb, on_success and defend, its
# morale), by sample: whether it says so, and why.
SAMPLE_VERBS = {
    "demo": {
        "check": (True, "its actor, its parameters and a d20: kept by the actor's state"),
        "damage": (True, "the one hit and its amount's dice: kept by its state"),
    },
    "middle": {
        "parry": (True, "its parrier's sheet and state alone, no dice (tests/middle/test_middle_kept_parries.py)"),
        "strike": (False, "reads who covers its target, other characters (004-R13): "
                          "test_a_strike_reads_who_covers_its_target"),
        "morale": (False, "reads every member of its side, and has no actor to key it by"),
    },
    "caminantes": {
        "attack": (False, "reads the minion groups its attacker or target leads, and hits them or a group's "
                          "leader, other characters (000-R45...R47): "
                          "test_a_fate_attack_reads_the_minions_of_its_attacker"),
        "defend": (False, "reads its actor alone, but leaves an effect (full defence for the round), so no "
                          "exchange of it is ever kept: declared, a fate trial cost 0.3% more (icount 3.2799M -> "
                          "3.2898M, the exchange memo's keys made at every full defence for nothing)"),
    },
    "aaa": {
        "attack": (False, "reads its characters alone, but a d20, a situation die and a damage die fall too many "
                          "ways: declared, an alternity trial cost 14% more (icount 3.4523M -> 3.9365M)"),
    },
    "giro": {
        "attack": (False, "reads its characters alone, but a contest's two d12 and a Night Die fall too many "
                          "ways: declared, a giro trial cost 5.6% more (icount 1.4783M -> 1.5607M)"),
    },
    "v5": {
        "attack": (False, "reads the conflict under way (003-R9: in a conflict it marks its target for the next "
                          "attacker) and the earlier attacks' effects; and its pools of d10 fall too many ways"),
    },
}


def _verbs(table) -> set[str]:
    """The verbs named anywhere in an encounter's tables (behaviours, their defend and
    on_success, its morale)."""
    found = set()
    if isinstance(table, dict):
        verb = table.get("verb")
        if isinstance(verb, str):
            found.add(verb)
        for value in table.values():
            found |= _verbs(value)
    return found


def _read(sample: str, name: str) -> dict:
    with open(CAMPAIGNS / sample / name, "rb") as f:
        return tomllib.load(f)


@pytest.mark.parametrize("sample", sorted(SAMPLE_VERBS))
def test_every_verb_a_sample_plays_is_accounted_for(sample):
    assert _verbs(_read(sample, "encounter.toml")) == set(SAMPLE_VERBS[sample])


@pytest.mark.parametrize("sample,verb", [(s, v) for s, verbs in sorted(SAMPLE_VERBS.items()) for v in verbs])
def test_a_sample_verb_says_it_reads_its_characters_alone_as_decided(sample, verb):
    info = system_info(_read(sample, "campaign.toml")["system"])
    assert info.action(verb).from_state is SAMPLE_VERBS[sample][verb][0]


MIDDLE = rolecli_middle.INFO
FIGHTER = {"capacidades": {"uso de armas": 2}, "arma": "mediana", "arma_tipo": ["filo"], "vida": 7}


def test_a_strike_reads_who_covers_its_target():
    """004-R13: a third fighter covering the target makes the blow a level harder, though
    the strike is given its attacker and target alone: its outcome is not theirs alone."""

    def struck(third: dict):
        ana = character(MIDDLE, "Ana", {**FIGHTER, "bando": "compañía"})
        bruno = character(MIDDLE, "Bruno", {**FIGHTER, "bando": "bandidos"})
        carla = character(MIDDLE, "Carla", {**FIGHTER, "bando": "bandidos"}, third)
        ctx = context(MIDDLE, characters=[ana, bruno, carla], explain=False, seed=3)
        action, ctx = complete(MIDDLE, Action("strike", {"capability": "uso de armas"}, ana, bruno), ctx)
        return do_strike(action, ctx).data["ld"]["nd"]

    assert struck({}) == 0
    assert struck({"cubre": "Bruno"}) == -1


def test_a_fate_attack_reads_the_minions_of_its_attacker():
    """000-R45: a minion group that names the attacker its leader adds to its roll, though
    the attack is given its attacker and target alone."""
    from rolecli.contract import Context
    from rolecli.dice.source import DiceSource
    from rolecli_fate.verbs import attack

    info = rolecli_fate.INFO
    coronel = character(info, "Coronel", {"habilidades": {"Armas": 2}})
    zombi = character(info, "Zombi", {"habilidades": {"Atletismo": 1}})
    soldados = character(info, "Soldados", {"habilidades": {}, "calidad": 2, "cantidad": 3, "lider": "Coronel"})

    def modifiers(roster):
        ctx = Context("es", DiceSource(seed=3), {}, characters={c.name: c for c in roster})
        action, ctx = complete(info, Action("attack", {"skill": "Armas", "defence": "Atletismo"}, coronel, zombi), ctx)
        return attack(action, ctx).data["roll"]["modifiers"]

    assert modifiers([coronel, zombi]) == {}
    assert modifiers([coronel, zombi, soldados]) == {"tamaño del grupo 4": 2}
