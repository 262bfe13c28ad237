"""What a fate verb works out from its parameters alone is kept by the action's plan
(``Action.plan``, an encounter's: the same only for the same parameters) where it has
one: each plan gets its own, as the parameters' values make it, and an action whose
parameters the effects in force fill in is read by its values."""

from __future__ import annotations

import pytest
from rolecli.contract import Effect

from fate_helpers import char



@pytest.fixture
def plan(request):
    """The test's own plans, ``plan(0)``, ``plan(1)``...: a plan stands for one set of
    parameters, and what is kept by a plan (``actions._ATTACK_READS``) outlives a test, so
    two tests that gave one plan other parameters would read each other's."""
    return lambda i=0: (f"{request.node.name}: call {i}", "Zombi")


def ana():
    return char("Ana", {"Atletismo": 3, "Armas": 4})


def zombi():
    return char("Zombi", {"Atletismo": 1, "Pelea": 2})


def attack(actor, target, plan, effects=(), roster=None, **params):
    """An attack played as an encounter plays it: its parameters and rule options completed
    as the core completes them, then given ``plan``; every die a 0. ``roster``: the campaign's
    characters (the actor and the target alone, where not given)."""
    import rolecli_fate
    from rolecli.contract import Action, Context
    from rolecli.dice.source import DiceSource
    from rolecli.dispatch import complete
    from rolecli_fate.verbs import attack as verb

    ctx = Context("en", DiceSource(given=["0"] * 8), {},
                  characters={actor.name: actor, target.name: target} if roster is None else roster,
                  effects=tuple(effects), explain=False)
    action, ctx = complete(rolecli_fate.INFO, Action("attack", {"skill": "Armas", "defence": "Atletismo", **params},
                                                     actor, target), ctx)
    action.plan = plan
    return verb(action, ctx).data


def test_a_sides_make_up_kept_by_the_actions_plan_is_that_of_its_parameters(plan):
    a, z = ana(), zombi()
    first = attack(a, z, plan(0), modifier=1)
    assert attack(a, z, plan(0), modifier=1) == first == attack(a, z, None, modifier=1)
    assert first["roll"]["effort"] == 4 + 1 and first["opposition"]["effort"] == 1
    other = attack(a, z, plan(1), modifier=-1, target_modifier=2)  # another plan: its own sides
    assert other == attack(a, z, None, modifier=-1, target_modifier=2)
    assert (other["roll"]["effort"], other["opposition"]["effort"]) == (4 - 1, 1 + 2)


def test_an_attack_whose_parameters_the_effects_fill_in_is_read_by_their_values(plan):
    """A full defence in force fills in the target's ``full_defence``: the plan, which
    stands for the parameters as the core gave them, stands for them as filled in then
    (``lasting.before``), a key of its own, so neither is read as the other's."""
    a, z = ana(), zombi()
    assert attack(a, z, plan(0))["opposition"]["effort"] == 1  # kept by the plan, with no full defence
    defended = [Effect(on="Zombi", text="Full defence", key="full_defence", by="Zombi", until="rounds", rounds=1)]
    data = attack(a, z, plan(0), defended)
    assert data == attack(a, z, None, defended) and data["opposition"]["effort"] == 1 + 2
    assert attack(a, z, plan(0), defended) == data  # kept by the plan as filled in
    assert attack(a, z, plan(0))["opposition"]["effort"] == 1  # the plan as given, still its own
    spun = [Effect(on="Ana", text="Spin", key="spin", data={"against": "Zombi"}, by="Ana", until="used")]
    data = attack(a, z, plan(0), spun)
    assert data == attack(a, z, None, spun) and data["roll"]["effort"] == 4 + 1
    both = attack(a, z, plan(0), defended + spun)
    assert both == attack(a, z, None, defended + spun)
    assert (both["roll"]["effort"], both["opposition"]["effort"]) == (4 + 1, 1 + 2)


def test_a_contests_sides_kept_together_are_those_of_the_very_target(plan):
    """Both sides of a contest are kept together on the actor's sheet (``roll.roll_contest``):
    another target by the same name, with another sheet, is made up anew, as it would be
    with no plan."""
    a = ana()
    assert attack(a, zombi(), plan(0))["opposition"]["effort"] == 1
    faster = char("Zombi", {"Atletismo": 3, "Pelea": 2})
    data = attack(a, faster, plan(0))
    assert data == attack(a, faster, None) and data["opposition"]["effort"] == 3
    assert attack(a, zombi(), plan(0))["opposition"]["effort"] == 1


def test_a_contest_kept_by_its_plan_alone_is_made_anew_for_another_actor(plan):
    """A contest is kept by the plan alone, with the very characters it was made for
    (``roll._CONTESTS``): another actor given the same plan, by another name, is made up
    anew, as it would be with no plan, and the first is then read as before."""
    a, z, bruno = ana(), zombi(), char("Bruno", {"Atletismo": 1, "Armas": 2})
    roster = {"Ana": a, "Bruno": bruno, "Zombi": z}  # (one roster: the same groups for both)
    assert attack(a, z, plan(0), roster=roster)["roll"]["effort"] == 4
    data = attack(bruno, z, plan(0), roster=roster)
    assert data == attack(bruno, z, None, roster=roster) and data["roll"]["effort"] == 2
    assert attack(a, z, plan(0), roster=roster)["roll"]["effort"] == 4


def test_a_contest_kept_in_one_context_is_that_of_its_very_characters(plan):
    """In one Context, where a kept contest makes no Work (``roll.roll_contest``: an attack that
    misses needs none), a target given in place of the roster's, by the same name and with another
    sheet, is made up anew, and the roster's own is then read as before."""
    import rolecli_fate
    from rolecli.contract import Action, Context
    from rolecli.dice.source import DiceSource
    from rolecli.dispatch import complete
    from rolecli_fate.verbs import attack as verb

    a, z = ana(), zombi()
    faster = char("Zombi", {"Atletismo": 3, "Pelea": 2})
    ctx = Context("en", DiceSource(given=["0"] * 32), {}, characters={"Ana": a, "Zombi": z}, explain=False)
    played, outcomes = None, []
    for target in (z, z, faster, z):
        action, completed = complete(rolecli_fate.INFO, Action("attack", {"skill": "Armas", "defence": "Atletismo"},
                                                               a, target), ctx)
        played = played or completed  # (one Context for all four, its options completed once)
        action.plan = plan(0)
        outcomes.append(verb(action, played))
    assert [o.data["opposition"]["effort"] for o in outcomes] == [1, 1, 3, 1]
    # (the hit that follows a contest kept so sets the same as the first, whose Work was made the whole way)
    first = outcomes[0]
    assert first.changes == {"Zombi": {"salud": ("1", "2", "3")}}
    assert all((o.data, o.changes) == (first.data, first.changes) for o in outcomes[1::2])


def test_a_contests_sides_kept_by_the_plan_are_those_of_the_groups_minions_standing(plan):
    """Both sides of a contest kept together (``roll.roll_contest``) are kept for the minions
    standing of the roster's groups: as a group's minions fall (a new state of the group, on one
    roster, as a trial plays it), its leader attacks and the group defends with those standing,
    as with no plan."""
    coronel, a = char("Coronel", {"Armas": 4}), ana()
    soldados = char("Soldados", calidad=2, cantidad=3, lider="Coronel")
    roster = {"Coronel": coronel, "Ana": a, "Soldados": soldados}
    four, three, two = {"group size 4": 2}, {"group size 3": 1}, {"group size 2": 1}
    for fallen, leading, defending in ((0, four, three), (1, three, two), (3, {}, {}), (0, four, three)):
        soldados.state = {"sicarios_fuera": fallen}  # a new state, as the core sets one
        led = attack(coronel, a, plan(0), roster=roster)
        assert led == attack(coronel, a, None, roster=roster) and led["roll"]["modifiers"] == leading
        group = attack(a, soldados, plan(1), roster=roster, defence="calidad")
        assert group == attack(a, soldados, None, roster=roster, defence="calidad")
        assert group["opposition"]["modifiers"] == defending


def test_a_contests_sides_kept_by_the_plan_read_a_groups_size_its_state_holds(plan):
    """What a contest's sides are made of is kept by what the groups' minions standing reads of
    their states (``roll.roll_contest``): how many a group is, where its state says so, as well
    as how many of them fell, each read anew as with no plan."""
    coronel, a = char("Coronel", {"Armas": 4}), ana()
    soldados = char("Soldados", calidad=2, cantidad=3, lider="Coronel")
    roster = {"Coronel": coronel, "Ana": a, "Soldados": soldados}
    three, two = {"group size 3": 1}, {"group size 2": 1}
    for state, leading in (({"cantidad": 2}, three), ({"cantidad": 2, "sicarios_fuera": 1}, two),
                           ({"sicarios_fuera": 1}, three), ({"cantidad": 5, "sicarios_fuera": 3}, three)):
        soldados.state = state  # a new state, as the core sets one
        led = attack(coronel, a, plan(0), roster=roster)
        assert led == attack(coronel, a, None, roster=roster) and led["roll"]["modifiers"] == leading


def test_whether_a_contests_sides_invoke_aspects_is_kept_by_the_plan_of_its_parameters(plan):
    """Whether either side of a contest invokes aspects is kept with what they are made of
    (``roll.roll_contest``), by the plan: a plan whose parameters invoke none reads none, and
    another plan, whose parameters invoke one, has its +2, as it has with no plan."""
    from rolecli.contract import Character

    def blinded():
        return Character("Zombi", zombi().sheet, {"aspectos_temporales": ["Cegado|fragile|free"]})

    a = ana()
    assert attack(a, blinded(), plan(0))["roll"]["effort"] == 4  # kept by the plan, invoking none
    invoking = attack(a, blinded(), plan(1), invoke=["Cegado"])
    assert invoking == attack(a, blinded(), None, invoke=["Cegado"]) and invoking["roll"]["effort"] == 4 + 2
    defending = attack(a, blinded(), plan(2), target_invoke=["Cegado"])
    assert defending == attack(a, blinded(), None, target_invoke=["Cegado"])
    assert defending["opposition"]["effort"] == 1 + 2
    assert attack(a, blinded(), plan(0))["roll"]["effort"] == 4


def test_what_an_attack_reads_of_its_parameters_is_kept_by_the_plan_of_their_values(plan):
    """The protecting block, the reroll and the track an attack reads at every exchange are
    kept by its plan (``actions._ATTACK_READS``): each plan its own, as read without one."""
    from rolecli_fate import actions

    a, z = ana(), zombi()
    call, other_call = plan(0), plan(1)
    plain = attack(a, z, call)
    assert plain == attack(a, z, None) and (plain["track"], plain["defence"], plain["stress"]) == ("salud", 1, 3)
    blocked = attack(a, z, other_call, block=3, track="compostura")  # another plan: read as its own values
    assert blocked == attack(a, z, None, block=3, track="compostura")
    assert (blocked["track"], blocked["defence"], blocked["stress"]) == ("compostura", 3, 1)
    assert attack(a, z, call) == plain  # the first plan's, still its own
    assert actions._ATTACK_READS[call][:3:2] == (None, "salud")  # (the block, the track)
    assert actions._ATTACK_READS[other_call][:3:2] == (3, "compostura")


def test_what_a_hit_reads_of_an_attack_s_parameters_is_kept_with_its_plan(plan):
    """The choices a hit reads (``stress.hit_choices``: the consequences taken, the concession
    and its reply...) are kept with what the attack's plan reads, as read without one."""
    from rolecli_fate import actions
    from rolecli_fate.stress import HIT_CHOICES

    a, z = ana(), zombi()
    call = plan(2)
    assert attack(a, z, call, reply="refuse") == attack(a, z, None, reply="refuse")
    chosen, refuses = actions._ATTACK_READS[call][-1]
    assert refuses and dict(zip(HIT_CHOICES, chosen))["reply"] == "refuse"


def _attacks(attacker, targets, plan, roster, **params):
    """An attack of ``attacker`` on each of ``targets`` in turn, in one Context, as a simulation's trial
    plays them (no one reads their lines or data); every die a 0."""
    import rolecli_fate
    from rolecli.contract import Action, Context
    from rolecli.dice.source import DiceSource
    from rolecli.dispatch import complete
    from rolecli_fate.verbs import attack as verb

    ctx = Context("en", DiceSource(given=["0"] * 8 * len(targets)), {}, characters=roster, explain=False,
                  record=False)
    played, outcomes = None, []
    for target in targets:
        action, completed = complete(rolecli_fate.INFO, Action("attack", {"skill": "Armas", "defence": "Atletismo",
                                                                          **params}, attacker, target), ctx)
        played = played or completed  # (one Context for all, its options completed once)
        action.plan = plan
        outcomes.append(verb(action, played))
    return outcomes


def test_a_hit_on_a_state_met_before_sets_what_it_set_there(plan, monkeypatch):
    """A hit on a character who neither is nor leads a minion group, where no one reads its lines or data, is
    kept by the very state it hits (``actions._hit_changes``): met again, it sets what it set, a table of its
    own each time, with no hit worked out; another state is worked out anew."""
    from rolecli_fate import actions

    worked = []
    real = actions.apply_stress
    monkeypatch.setattr(actions, "apply_stress", lambda work, ch, *args: worked.append(ch.state) or real(work, ch, *args))
    a, z = ana(), zombi()
    outcomes = _attacks(a, [z] * 4, plan(0), {"Ana": a, "Zombi": z})
    assert [o.changes for o in outcomes] == [{"Zombi": {"salud": ("1", "2", "3")}}] * 4
    assert len(worked) == 2  # (the first, whose contest made a Work; the second, kept; then met again)
    outcomes[2].changes["Zombi"]["salud"] = ()
    assert outcomes[3].changes["Zombi"]["salud"] == ("1", "2", "3")
    z.state = {"salud": ["1"]}  # a new state, as the core sets one
    assert _attacks(a, [z], plan(0), {"Ana": a, "Zombi": z})[0].changes == {"Zombi": {"salud": ("1", "2", "3", "4")}}
    assert len(worked) == 3


def test_a_hit_on_a_leader_or_a_group_is_kept_by_the_states_of_both(plan, monkeypatch):
    """A hit on a leader, whose minions standing shield it, or on a minion group, whose stress left over hits
    its leader, is kept by the states of both (``actions._related``): another state of either is worked out anew."""
    from rolecli_fate import actions

    worked = []
    real = actions.apply_stress
    monkeypatch.setattr(actions, "apply_stress", lambda work, ch, *args: worked.append(ch.name) or real(work, ch, *args))
    a, coronel = ana(), char("Coronel", {"Atletismo": 1})
    soldados = char("Soldados", calidad=1, cantidad=3, lider="Coronel")
    roster = {"Ana": a, "Coronel": coronel, "Soldados": soldados}
    shielded = _attacks(a, [coronel] * 3, plan(0), roster)
    assert [o.changes for o in shielded] == [{"Soldados": {"sicarios_fuera": 1, "sicario_estres": 0}}] * 3
    assert worked == ["Coronel"] * 2  # (the first, whose contest made a Work; the second, kept; then met again)
    soldados.state = {"sicarios_fuera": 1}  # a new state of the group, as the core sets one: worked out anew
    assert _attacks(a, [coronel] * 2, plan(0), roster)[1].changes == {
        "Soldados": {"sicarios_fuera": 3, "sicario_estres": 0, "fuera": "taken_out"}}
    assert worked == ["Coronel"] * 4
    soldados.state = {"sicarios_fuera": 2}  # one left: the group's hit leaves 2 stress over, on its leader
    spilled = _attacks(a, [soldados] * 3, plan(1), roster, defence="calidad")
    assert [o.changes for o in spilled] == [{"Soldados": {"sicarios_fuera": 3, "sicario_estres": 0, "fuera": "taken_out"},
                                             "Coronel": {"salud": ("1", "2")}}] * 3
    assert worked == ["Coronel"] * 4 + ["Soldados"] * 2
    coronel.state = {"fuera": "taken_out"}  # its leader out already: worked out anew, and he takes nothing
    out = _attacks(a, [soldados] * 2, plan(1), roster, defence="calidad")[1]
    assert out.changes == {"Soldados": {"sicarios_fuera": 3, "sicario_estres": 0, "fuera": "taken_out"}}
    assert worked == ["Coronel"] * 4 + ["Soldados"] * 4


def test_a_hit_whose_reply_refuses_a_concession_is_worked_out_every_time(plan, monkeypatch):
    """A hit whose reply refuses a concession, which costs the attacker a Fate point, is not kept
    (``actions._hit_changes``): it is worked out at every hit."""
    from rolecli_fate import actions

    worked = []
    real = actions.apply_stress
    monkeypatch.setattr(actions, "apply_stress", lambda work, ch, *args: worked.append(ch.name) or real(work, ch, *args))
    a, z = ana(), zombi()
    refused = _attacks(a, [z] * 3, plan(1), {"Ana": a, "Zombi": z}, reply="refuse")
    assert [o.changes for o in refused] == [{"Zombi": {"salud": ("1", "2", "3")}}] * 3
    assert worked == ["Zombi"] * 3
