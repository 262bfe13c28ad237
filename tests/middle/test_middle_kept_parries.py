"""A parry (004-R11) reads its parrier alone: its sheet, its state and its parameters
(a weapon in hand, a duel, the combat action of the round, its weapon use). So the verb
says so (``ActionSpec(from_state=True)``), and a simulation's trials keep what a parry
changed by the parrier's state rather than calling the hook again: the same results."""

from __future__ import annotations

import pytest

import rolecli_middle
from rolecli import campaign as store
from rolecli.contract import Action, Refused, Turn
from rolecli.dispatch import complete
from rolecli.encounter.file import EncounterFile
from rolecli.encounter.simulate import play_trials
from rolecli.plugins import system_info
from rolecli.testing import character, context
from rolecli_middle.verbs import do_parry

INFO = rolecli_middle.INFO
SHEET = {"capacidades": {"uso de armas": 2}, "arma": "mediana", "arma_tipo": ["filo"], "bando": "compañía"}
STATES = ({}, {"parando": True}, {"vida_perdida": 4, "cubre": "Bruno"}, {"accion": True}, {"duelo": "Bruno"},
          {"desarmado": True}, {"estados": ["mareado"], "paradas": 1})


def parried(state: dict, params: dict, **how):
    """What a parry in ``state`` changes, whether it succeeds and its data, or that it is refused:
    ``how`` is the context's language, turn and the characters it holds."""
    ana, bruno = character(INFO, "Ana", SHEET, state), character(INFO, "Bruno", SHEET)
    characters = how.pop("characters", [ana, bruno])
    ctx = context(INFO, characters=[ana] if characters == "alone" else characters, explain=False,
                  lang=how.pop("lang", "en"))
    ctx.conflict = how.pop("conflict", None)
    action, ctx = complete(INFO, Action("parry", dict(params), ana), ctx)
    try:
        outcome = do_parry(action, ctx)
    except Refused:
        return "refused"
    return outcome.changes, outcome.success, outcome.data


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("params", ({}, {"stop": True}))
def test_a_parry_reads_its_parriers_state_alone(state, params):
    assert INFO.action("parry").from_state
    known = parried(state, params)
    assert parried(state, params, lang="es") == known
    assert parried(state, params, conflict=Turn(3, "Bruno", ("Bruno", "Ana"))) == known
    assert parried(state, params, characters="alone") == known


def sample(campaigns):
    return EncounterFile(campaigns / "middle" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "middle", system_info))


def test_the_samples_trials_are_the_same_with_its_parries_kept(campaigns):
    """The sample's hurt fighters parry at every turn: kept, then made again from the
    parrier's state, they leave the trials as the hook called every time does."""
    kept, called = sample(campaigns), sample(campaigns)
    assert kept.known_exchanges == {}
    called.known_exchanges = None  # (as for a verb that does not say so: played every time)
    results = play_trials(kept, {}, 3, 0, 150)
    # (parries were kept, each by its call in the table of its parrier's state)
    assert any(type(key) is not str for table in kept.kept_by_state.values() for key in table)
    assert results == play_trials(called, {}, 3, 0, 150)
