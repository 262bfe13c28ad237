"""An action's plan (:attr:`rolecli.contract.Action.plan`): where the core
makes the same request many times (an encounter's exchanges) it gives a key
of the parameters, equal only where the verb and its parameters are equal, so
that a hook may keep what it works out from them by the plan; anywhere else
(a command, a test, a verb played through ``run=`` under house rules) none."""

from __future__ import annotations

import pytest

from rolecli import campaign as store
from rolecli.contract import Action
from rolecli.dispatch import complete, own
from rolecli.encounter.engine import Play
from rolecli.encounter.file import EncounterFile
from rolecli.encounter.simulate import play_trials
from rolecli.plugins import system_info
from rolecli.testing import context

SAMPLES = ("demo", "caminantes", "aaa", "giro", "v5", "middle")


@pytest.mark.parametrize("sample", SAMPLES)
def test_an_encounter_gives_equal_plans_to_equal_parameters_alone(campaigns, monkeypatch, sample):
    """Every action an encounter's trials give a hook: those with the same plan
    have the same verb and parameters, as given (before the hook may change
    them). The samples make calls whose parameters differ by the target alone
    (caminantes: its ``as_target``) and by their live values (demo: damage the
    engine rolls): a plan that left either out would be shared by different
    parameters, and this test fails."""
    enc = EncounterFile(campaigns / sample / "encounter.toml").encounter(
        store.load_campaign(campaigns, sample, system_info))
    given: dict = {}
    original = Play.hook

    def hook(play, spec, action, *args, **kwargs):
        if action.plan is not None:
            request = action.name, dict(action.params)
            assert given.setdefault(action.plan, request) == request, action.plan
        return original(play, spec, action, *args, **kwargs)

    monkeypatch.setattr(Play, "hook", hook)
    play_trials(enc, {}, 3, 0, 40)
    assert given, "no action was given a plan"


def test_the_samples_meet_calls_whose_plans_differ_by_target_and_by_live_values(campaigns, monkeypatch):
    """One call's actions are given several plans: for each target (giro), for
    each of its live values (demo: its damage, ``1d6``)."""
    plans: dict = {}
    original = Play.hook

    def hook(play, spec, action, *args, **kwargs):
        if action.plan is not None:
            plans.setdefault(action.plan[0], set()).add(action.plan)
        return original(play, spec, action, *args, **kwargs)

    monkeypatch.setattr(Play, "hook", hook)
    for sample in ("giro", "demo"):
        enc = EncounterFile(campaigns / sample / "encounter.toml").encounter(
            store.load_campaign(campaigns, sample, system_info))
        plans.clear()
        play_trials(enc, {}, 3, 0, 40)
        assert max(map(len, plans.values())) > 1, sample


def test_a_request_made_once_has_no_plan():
    from rolecli_giro.system import INFO

    action = Action("check", {"challenge": "4+3"})
    assert action.plan is None
    # through the relay under house rules (complete, then own): the parameters are a copy a wrapper may
    # have changed, given no plan
    planned = Action("check", {"challenge": "4+3"}, plan=("a call", "its target"))
    completed, _ = complete(INFO, planned, context(INFO))
    assert completed.plan is None and own(planned).plan is None


def test_an_encounter_gives_no_plan_where_house_rules_join_the_system(campaigns, monkeypatch):
    """A house rule may change an action's parameters before the system reads
    them (one written before plans would not know to clear the plan): where
    any joins the system's hooks, an encounter gives no plan, and the system
    keys its memos by the parameters' values, as a command does."""
    toml = campaigns / "demo" / "campaign.toml"
    toml.write_text(toml.read_text().replace('initiative_die = "1d20"', 'initiative_die = "1d20"\nhouse = ["natural20"]'))
    enc = EncounterFile(campaigns / "demo" / "encounter.toml").encounter(
        store.load_campaign(campaigns, "demo", system_info))
    assert enc.system.house == ("natural20",) and not enc.system.alone
    plans, original = [], Play.hook

    def hook(play, spec, action, *args, **kwargs):
        plans.append(action.plan)
        return original(play, spec, action, *args, **kwargs)

    monkeypatch.setattr(Play, "hook", hook)
    play_trials(enc, {}, 3, 0, 10)
    assert plans and set(plans) == {None}
