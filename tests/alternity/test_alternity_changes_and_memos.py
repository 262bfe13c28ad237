"""What an attack returns of a state (only the fields it sets), and the tables a sheet
keeps of its rolls made ready and its hits: read again for a changed state, and bounded."""

from __future__ import annotations

import pytest

from aaa_helpers import after, call, character, options
from rolecli.contract import Character, Context, Refused
from rolecli.dice.source import DiceSource

SWORD = dict(score="Armas Cuerpo a Cuerpo-espada", damage="d4+1w/d6+1w/d4m")


def test_an_attack_changes_only_the_fields_it_sets_and_leaves_the_state_a_whole_hit_gives():
    from rolecli_alternity.hits import take_hit
    from rolecli_alternity.sheet import kept_state

    mad, sor = character("Mad Dog"), character("Sor Deskul", state={"stun": 2, "bad_luck": 1})
    out = call("attack", actor=mad, target=sor, dice=[5, 3], **SWORD)   # Good (5 ≤ 14÷2) → d6+1w = 4
    change = out.changes["Sor Deskul"]
    assert change == {"wound": 4, "stun": 4, "hurt_this_scene": True}     # 2 secondary stun over the 2 held
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    whole = take_hit(sor, kept_state(sor), "wound", 4, ctx)[0]
    assert after(sor, out) == whole and whole["bad_luck"] == 1
    # the target's last resort spent and the hit it still takes: both in its one change
    out = call("attack", actor=sor, target=mad, dice=[3, 4], target_last_resort="1",
               score="Armas Cuerpo a Cuerpo-contundente", damage="d6+1s/d6w/d4+1w")   # Amazing (3 ≤ 15÷4) → Good
    assert out.data["degree"] == "good" and out.changes["Mad Dog"] == {
        "last_resorts_spent": 1, "wound": 4, "stun": 2, "hurt_this_scene": True}
    assert after(mad, out) == take_hit(mad, kept_state(mad) | {"last_resorts_spent": 1}, "wound", 4, ctx)[0]
    # one hurt already this scene: the hit leaves the field it would set to what it holds out of its change
    hurt = character("Sor Deskul", state={"stun": 2, "hurt_this_scene": True})
    out = call("attack", actor=mad, target=hurt, dice=[5, 3], **SWORD)
    assert out.changes["Sor Deskul"] == {"wound": 4, "stun": 4}
    assert after(hurt, out) == take_hit(hurt, kept_state(hurt), "wound", 4, ctx)[0]


def test_a_roll_made_ready_is_made_again_for_a_changed_state():
    from rolecli_alternity import situation

    mad = character("Mad Dog")
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    first = situation.prepare({}, ctx, mad, "14", modifiers=False)
    hurt = Character(mad.name, mad.sheet, {"mortal": 1})   # the very sheet, a new state: one step dazed
    assert situation.prepare({}, ctx, hurt, "14", modifiers=False).rung == first.rung + 1
    assert situation.prepare({}, ctx, mad, "14", modifiers=False) is first


def test_a_hit_worked_out_for_its_marks_is_worked_out_anew_for_other_marks():
    from rolecli_alternity import hits
    from rolecli_alternity.sheet import kept_state

    zug = character("Zug")
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    for amount in range(1, 4):
        assert hits.land_hit(zug, kept_state(zug), "stun", amount, ctx)[0] == {"stun": amount}
    assert hits.land_hit(zug, {**kept_state(zug), "stun": 2}, "stun", 1, ctx)[0] == {"stun": 3}


def test_one_situation_die_is_read_as_a_pool_of_one_would_read_it():
    from rolecli_alternity.check import roll_check

    for seed in range(20):
        ctx = Context("en", DiceSource(seed), options())
        res = roll_check(ctx, 12, 3, "attack")   # +d8: one die
        pool = DiceSource(seed)
        control = pool.roll(20, "control")
        assert (res.control, res.situation) == (control, pool.roll_many(8, ["situation"]))
        assert [(r.sides, r.value) for r in ctx.dice.reads] == [(20, control), (8, res.situation[0])]


def test_a_knockout_reports_on_a_copy_and_leaves_the_shared_report_as_it_was():
    from rolecli_alternity.hits import land_hit
    from rolecli_alternity.sheet import kept_state

    zug = character("Zug")
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    sets, first = land_hit(zug, kept_state(zug), "stun", 1, ctx)[:2]
    knocked = land_hit(zug, kept_state(zug), "stun", 1, ctx, knock_out="drowning")
    assert knocked[0]["status"] == "ko" and knocked[1]["knocked_out"] is True
    again_sets, again = land_hit(zug, kept_state(zug), "stun", 1, ctx)[:2]
    assert again is first and again["knocked_out"] is False
    # the fields it sets are shared as the report is, and left as they were too
    assert again_sets is sets and sets == {"stun": 1}


def test_an_attacks_plan_is_made_again_for_another_parameter_mark_or_resisting_sheet():
    mad, sor = character("Mad Dog"), character("Sor Deskul")

    def rung(actor, target, dice, **params):
        return call("attack", actor=actor, target=target, dice=dice, **(SWORD | params)).data["rung"]

    assert rung(mad, sor, [5, 3]) == 0                                   # a specialty: +d0
    assert rung(mad, sor, [5, 1, 3], steps=2) == 2                       # a parameter: +2 steps
    assert rung(mad, sor, [5, 1, 3], resist="str") == 1                  # its STR resistance: +1 step
    tough = Character(sor.name, {**sor.sheet, "res_fue": 3}, sor.state)  # a new sheet for the target
    assert rung(mad, tough, [5, 1, 3], resist="str") == 3
    assert rung(mad, sor, [5, 1, 3], resist="str") == 1                  # its old sheet, read as it is
    hurt = Character(mad.name, mad.sheet, {"mortal": 1})                  # the very sheet, a new state: dazed
    assert rung(hurt, sor, [5, 1, 3]) == 1
    assert rung(mad, sor, [5, 3]) == 0


def test_an_entrants_part_of_the_initiative_is_read_again_for_a_new_sheet_or_marks_and_names_its_own():
    grimes = character("Grimes")

    def check(*chars, dice):
        out = call("initiative", chars=chars, dice=dice)
        return out.data["checks"], [r.why for r in out.dice]

    first, _ = check(grimes, dice=[5])
    quick = Character(grimes.name, {**grimes.sheet, "action_check": first[grimes.name]["score"] + 3}, grimes.state)
    assert check(quick, dice=[5])[0][grimes.name]["score"] == first[grimes.name]["score"] + 3
    hurt = Character(grimes.name, grimes.sheet, {"mortal": 1})           # dazed: +d4 on its action check
    assert check(hurt, dice=[5, 1])[0][grimes.name]["total"] == 6
    twin = Character("Grimes II", grimes.sheet, grimes.state)            # one sheet, two names (a stat block's)
    checks, whys = check(grimes, twin, dice=[5, 6])
    assert checks["Grimes II"]["score"] == first[grimes.name]["score"]
    assert "Grimes II" not in whys[0] and "Grimes II" in whys[1]


def test_an_initiatives_result_is_its_own_though_its_entrants_are_kept_for_the_next():
    """An entrant is kept with its part of the initiative and its round's fields set anew at
    every initiative: what one gave is not changed by the next, which rolls otherwise."""
    import copy

    mad, grimes = character("Mad Dog"), character("Grimes")
    first = call("initiative", chars=(mad, grimes), dice=[5, 18])       # Good, and a Failure: Marginal
    given = copy.deepcopy(first.data)
    second = call("initiative", chars=(mad, grimes), dice=[18, 5])
    assert first.data == given and first.data["order"] == ["Mad Dog", "Grimes"]
    assert second.data["order"] == ["Grimes", "Mad Dog"]
    assert second.data["checks"]["Grimes"]["phases"] == first.data["checks"]["Mad Dog"]["phases"] == ["good", "ordinary"]
    # a name given twice (a command line may): each its own entrant, its own roll and turns
    twice = call("initiative", chars=(grimes, grimes), dice=[5, 19])    # Good, then Marginal
    assert twice.data["phases"] == {"amazing": [], "good": ["Grimes"], "ordinary": ["Grimes"], "marginal": ["Grimes"]}


def test_an_entrants_part_met_last_for_its_name_is_the_one_worked_out_anew_for_another_sheet_state_or_rules(monkeypatch):
    """Each name's part of the initiative as last met is found again only for its very sheet,
    state and rules: any other is what the initiative gives with no part met before."""
    from rolecli_alternity import action_checks as AC

    grimes = character("Grimes")
    quick = Character(grimes.name, {**grimes.sheet, "action_check": 20}, grimes.state)   # its state, another sheet
    hurt = Character(grimes.name, grimes.sheet, {"mortal": 1})                            # its sheet, another state
    stunned = Character(grimes.name, grimes.sheet, {"stun": 7})                           # dazed only by the stun rule
    out = Character(grimes.name, grimes.sheet, {"status": "ko", "ko_cause": "stun"})     # cannot act: no check
    waited = Character(grimes.name, grimes.sheet, {"delayed": True})                     # waited: acts first, no check
    ways = [(who, rules, lang) for who in (grimes, quick, hurt, stunned, out, waited)
            for rules in ({}, {"dazed_stun": False}) for lang in ("en", "es")]

    def check(who, rules, lang):
        dice = [] if who in (out, waited) else [5, 1] if who.state and ("stun" not in who.state or not rules) else [5]
        found = call("initiative", chars=(who,), dice=dice, rules=rules, lang=lang)   # (dazed: a situation die)
        return found.data, found.changes, [(r.sides, r.why) for r in found.dice]

    def anew(way):
        AC._LAST_ENTRY.clear()
        return check(*way)

    monkeypatch.setattr(AC, "_LAST_ENTRY_LIMIT", 3)
    monkeypatch.setattr(AC, "_MARKS_LIMIT", 2)   # (its entries by marks cleared as they fill)
    for way in ways:
        expected = anew(way)
        for other in ways:   # (each met right after another: the part met last is another's, or this one's)
            check(*other)
            assert check(*way) == expected and len(AC._LAST_ENTRY) <= 3
    for n in range(5):   # many names: still bounded
        check(Character(f"Grimes {n}", grimes.sheet, grimes.state), {}, "en")
        assert len(AC._LAST_ENTRY) <= 3


def test_an_attacks_plan_is_keyed_by_its_parameters_names_not_by_where_their_values_stand():
    from rolecli.dispatch import Completed
    from rolecli.plugins import system_info
    from rolecli_alternity.attack import _plan

    from rolecli.contract import Action

    mad, sor = character("Mad Dog"), character("Sor Deskul")
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    aiming = Completed(system_info("alternity").params(Action("attack", {**SWORD, "aim": True})))
    names = list(aiming)
    at = names.index("aim")
    assert names[at - 1] == "ambidextrous"  # two flags side by side: their values swap places below
    names[at - 1], names[at] = names[at], names[at - 1]
    # the same values in the same places, under each other's names: ambidextrous, not aiming (002-R16)
    ambidextrous = Completed({name: value for name, value in zip(names, aiming.values())})
    assert tuple(ambidextrous.values()) == tuple(aiming.values()) and ambidextrous["aim"] is False
    assert _plan(aiming, ctx, mad, sor).prep.rung == -1                  # aiming: one step easier
    assert _plan(ambidextrous, ctx, mad, sor).prep.rung == 0             # not another's plan


def test_a_hit_kept_by_the_room_it_lands_on_lands_as_one_worked_out_anew():
    # every hit that rolls nothing, on every mark of a small sheet, against the rules applied
    # afresh: marks that leave the same room reuse a landing, and each lands as its own would
    from itertools import product

    from rolecli_alternity import damage as D
    from rolecli_alternity import hits
    from rolecli_alternity.sheet import STATE_DEFAULTS, track_sizes

    zug = character("Zug", stun_max=6, wound_max=5, mortal_max=3)
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    sizes = track_sizes(zug)
    for track, spill, amount in product(("stun", "wound", "mortal"), ("overflow", "drowning"), (1, 2, 5)):
        for stun, wound, mortal, status, hurt in product(range(7), range(6), range(4), ("ok", "ko"), (False, True)):
            st = {**STATE_DEFAULTS, "stun": stun, "wound": wound, "mortal": mortal, "status": status,
                  "ko_cause": "stun" if status == "ko" else "", "hurt_this_scene": hurt}
            new, rep = D.apply(st, sizes, track, amount, spill=spill)
            sets, got = hits.land_hit(zug, st, track, amount, ctx, spill=spill)[:2]
            assert {**st, **sets} == new and got == rep
            assert all(st[key] != value for key, value in sets.items() if key in st and key != "ko_wait")


def test_a_hit_given_its_sheets_hits_met_is_the_one_kept_there():
    """An attack's plan holds its target's hits met (hits.hits_met) and gives them to
    land_hit: the very hit it keeps for that sheet, as land_hit looks it up itself."""
    from rolecli_alternity import hits
    from rolecli_alternity.sheet import kept_state

    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    zug = character("Zug", stun_max=6)
    held = hits.hits_met(zug)
    assert hits.hits_met(zug) is held
    first = hits.land_hit(zug, kept_state(zug), "stun", 2, ctx)
    assert hits.land_hit(zug, kept_state(zug), "stun", 2, ctx, False, held) is first
    assert hits.land_hit(zug, kept_state(zug), "stun", 2, ctx, False, {}) == first   # (another table: worked out)


def test_the_sheets_of_the_same_track_sizes_share_their_hits_met():
    """A hit reads a sheet only as its track sizes: two fighters of one stat block share the
    hits met (hits.hits_met), a hit met on one found on the other; a sheet of other sizes keeps
    its own."""
    from rolecli_alternity import hits
    from rolecli_alternity.sheet import kept_state

    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    one, other, wider = character("Zug", stun_max=7), character("Zug", stun_max=7), character("Zug", stun_max=9)
    assert one.sheet is not other.sheet and hits.hits_met(one) is hits.hits_met(other)
    assert hits.hits_met(wider) is not hits.hits_met(one)
    first = hits.land_hit(one, kept_state(one), "stun", 5, ctx)
    assert hits.land_hit(other, kept_state(other), "stun", 5, ctx) is first
    assert hits.land_hit(wider, kept_state(wider), "stun", 5, ctx)[0] == first[0] == {"stun": 5}
    # tracks that cannot be sized: hits met of its own, the hit refused where it lands, not before
    wrong = character("Zug", stun_max=99)
    assert hits.hits_met(wrong) == {}
    with pytest.raises(Refused):
        hits.land_hit(wrong, kept_state(wrong), "stun", 5, ctx)


def test_a_hit_on_the_same_room_lands_alike_on_sheets_of_other_sizes():
    """A hit's landings are kept by the room the marks leave, on any sheet: one on other
    tracks that leaves the same room is found (its report the one kept), its marks its own."""
    from rolecli_alternity import hits

    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    narrow = character("Zug", state={"stun": 2}, stun_max=7)
    wide = character("Zug", state={"stun": 4}, stun_max=9)
    sets, rep, _ = hits.land_hit(narrow, None, "stun", 3, ctx)
    other, again, _ = hits.land_hit(wide, None, "stun", 3, ctx)
    assert (sets, other) == ({"stun": 5}, {"stun": 7}) and again is rep


def test_a_hit_lands_anew_on_another_sheet_with_other_tracks():
    from rolecli_alternity import hits
    from rolecli_alternity.sheet import kept_state

    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    wide, narrow = character("Zug", stun_max=10), character("Zug", stun_max=4)
    assert hits.land_hit(wide, kept_state(wide), "stun", 4, ctx)[0] == {"stun": 4}
    assert hits.land_hit(narrow, kept_state(narrow), "stun", 4, ctx)[0]["status"] == "ko"


def test_a_roll_made_ready_is_met_again_on_marks_that_daze_alike_and_made_anew_on_others():
    from rolecli_alternity import situation

    mad = character("Mad Dog")
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    first = situation.prepare({}, ctx, Character(mad.name, mad.sheet, {"stun": 1}), "14", modifiers=False)
    assert situation.prepare({}, ctx, Character(mad.name, mad.sheet, {"stun": 2}), "14", modifiers=False) is first
    over_half = Character(mad.name, mad.sheet, {"stun": 12})   # more than half the stun boxes: one step dazed
    assert situation.prepare({}, ctx, over_half, "14", modifiers=False).rung == first.rung + 1
    # another sheet with fewer stun boxes: the same marks are over half of them
    small = character("Mad Dog", state={"stun": 2}, stun_max=3)
    assert situation.prepare({}, ctx, small, "14", modifiers=False).rung == first.rung + 1


def test_an_attacks_plan_keeps_each_damaging_degrees_entry_and_reads_another_rating_anew():
    """The plan keeps the entry each degree that deals damage picks (002-R20), so a hit
    picks none; another damage rating is another plan, its entries read again."""
    from rolecli.dispatch import Completed
    from rolecli.plugins import system_info
    from rolecli_alternity import damage as D
    from rolecli_alternity.attack import _plan

    from rolecli.contract import Action

    mad, sor = character("Mad Dog"), character("Sor Deskul")
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    for rating in ("d4+1w/d6+1w/d4m", "d6s/d8s/d4w", "d4+2s"):
        params = Completed(system_info("alternity").params(Action("attack", {**SWORD, "damage": rating})))
        entries = D.parse_rating(rating)
        assert _plan(params, ctx, mad, sor).damage == {degree: (D.pick(entries, degree), D.reason(D.pick(entries, degree).text, "en"))
                                                       for degree in D.RATING_DEGREES}
    # the same attack played: an Amazing hit (control 1 ≤ 14÷4, the d4 of the resistance 1) deals its third entry
    out = call("attack", actor=mad, target=sor, **SWORD, resist="str", dice=[1, 1, 3])
    assert out.data["damage"]["entry"] == "d4m" and out.data["damage"]["amount"] == 3


def test_an_attacks_plan_keyed_by_the_declared_parameters_values_reads_a_changed_one_anew():
    """Completed parameters (every declared one) key the plan by their values in the declared
    order, whatever order the dict holds them in; a changed value is another plan, and
    parameters short of the declared ones, or with one more, are keyed by names and values."""
    from rolecli.dispatch import Completed
    from rolecli.plugins import system_info
    from rolecli_alternity.attack import _DECLARED, _plan

    from rolecli.contract import Action

    mad, sor = character("Mad Dog"), character("Sor Deskul")
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    params = dict(Completed(system_info("alternity").params(Action("attack", SWORD))))
    assert set(params) == set(_DECLARED)
    plan = _plan(params, ctx, mad, sor)
    assert _plan(dict(reversed(params.items())), ctx, mad, sor) is plan          # the same values by name
    assert _plan({**params, "steps": 2}, ctx, mad, sor).prep.rung == plan.prep.rung + 2
    short = {k: v for k, v in params.items() if k != "aim"}
    assert _plan(short, ctx, mad, sor).prep.rung == plan.prep.rung               # aim read as absent
    assert _plan({**short, "extra": 1}, ctx, mad, sor).prep.rung == plan.prep.rung
    assert _plan({**params, "aim": True}, ctx, mad, sor).prep.rung == plan.prep.rung - 1


def test_an_attacks_plan_kept_by_the_actions_plan_is_that_of_its_parameters():
    """An encounter's action has a plan (``Action.plan``, the same only for the same
    parameters): the attack's plan is kept by it, each its own, as its parameters make it."""
    from rolecli.dispatch import Completed
    from rolecli.plugins import system_info
    from rolecli_alternity.attack import _plan

    from rolecli.contract import Action

    mad, sor = character("Mad Dog"), character("Sor Deskul")
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    params = dict(Completed(system_info("alternity").params(Action("attack", SWORD))))
    plan = _plan(params, ctx, mad, sor, ("a call", "Sor Deskul"))
    assert _plan(params, ctx, mad, sor, ("a call", "Sor Deskul")) is plan
    assert plan.prep.rung == _plan(params, ctx, mad, sor).prep.rung
    harder = _plan({**params, "steps": 2}, ctx, mad, sor, ("another call", "Sor Deskul"))
    assert harder.prep.rung == plan.prep.rung + 2 == _plan({**params, "steps": 2}, ctx, mad, sor).prep.rung


def test_an_attacks_plan_kept_by_the_actions_plan_is_made_anew_for_all_the_plan_does_not_promise(monkeypatch):
    """Kept by an action's plan, an attack's plan is the one worked out with no memo for every
    sheet, target name, rule option, language, state and marks it meets under it (none of
    which the action's plan promises; marks read as a state holds them or as kept), the same
    for the very state met again, and bounded."""
    from rolecli.dispatch import Completed
    from rolecli.plugins import system_info
    from rolecli_alternity import attack as A
    from rolecli_alternity.sheet import STATE_DEFAULTS

    from rolecli.contract import Action

    mad, sor = character("Mad Dog"), character("Sor Deskul")
    params = dict(Completed(system_info("alternity").params(Action("attack", {**SWORD, "resist": "str"}))))
    tough = Character(sor.name, {**sor.sheet, "res_fue": 3}, sor.state)       # another sheet for the target
    other = Character("Zug", tough.sheet, sor.state)                           # its sheet, another name
    stunned = Character(mad.name, mad.sheet, {"stun": 12})                     # the very sheet, another state
    skilled = Character(mad.name, {**mad.sheet, "skills": {**mad.sheet["skills"], "Armas Cuerpo a Cuerpo-espada": 16}},
                        mad.state)                                             # another sheet for the actor
    en, es = (Context(lang, DiceSource(given=[]), options(), explain=False) for lang in ("en", "es"))
    no_stun = Context("en", DiceSource(given=[]), options(dazed_stun=False), explain=False)
    again = Context("en", DiceSource(given=[]), options(), explain=False)      # another table of the same options
    queued = Context("en", DiceSource(given=[]), options(phase_damage="end_of_phase"), explain=False)  # hits wait
    bruised = Character(mad.name, mad.sheet, {"stun": 1})                      # marks that daze as none do
    # a whole state, its marks read as it holds them, and one with a mark None (read as kept: the default)
    whole = Character(mad.name, mad.sheet, {**STATE_DEFAULTS, "stun": 12, "wound": 3})
    unset = Character(mad.name, mad.sheet, {"stun": None, "wound": 3, "mortal": 0, "fatigue": 0})
    calls = [(ctx, actor, target) for actor in (mad, skilled, stunned, bruised, whole, unset)
             for target in (sor, tough, other) for ctx in (en, es, no_stun, again, queued)]
    monkeypatch.setattr(A, "_CALLERS_LIMIT", 16)   # (cleared as they fill: each still the plan with no memo)
    monkeypatch.setattr(A, "_MARKS_LIMIT", 2)
    for _ in range(2):
        for ctx, actor, target in calls:
            plan = A._plan(params, ctx, actor, target, ("a call", "Sor Deskul"))
            assert plan == A._planned(params, ctx, actor, target, A.kept_state(actor), A.hits_met(target))
            assert plan.hits is A.hits_met(target)   # the hits met on its target's sheet, held
            assert A._plan(params, ctx, actor, target, ("a call", "Sor Deskul")) is plan   # the very state again
            assert len(A._CALLED[("a call", "Sor Deskul")]) <= 16
    assert A._plan(params, en, stunned, sor, ("a call", "Sor Deskul")).prep.rung \
        == A._plan(params, en, mad, sor, ("a call", "Sor Deskul")).prep.rung + 1
    assert A._plan(params, no_stun, stunned, sor, ("a call", "Sor Deskul")).prep.rung \
        == A._plan(params, no_stun, mad, sor, ("a call", "Sor Deskul")).prep.rung
    assert A._plan(params, queued, mad, sor, ("a call", "Sor Deskul")).queue \
        and not A._plan(params, en, mad, sor, ("a call", "Sor Deskul")).queue


def test_an_action_plans_caller_met_last_is_found_first_and_another_found_among_its_callers():
    """An action's plan keeps the caller met last (one fighter's against one target, a
    simulation's every attack of that plan); another actor's is found among the plan's callers,
    not made anew, and becomes the one met last."""
    from rolecli.dispatch import Completed
    from rolecli.plugins import system_info
    from rolecli_alternity import attack as A

    from rolecli.contract import Action

    mad, sor = character("Mad Dog"), character("Sor Deskul")
    other = Character(mad.name, {**mad.sheet, "PER": 14}, mad.state)   # another sheet for the actor
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    params = dict(Completed(system_info("alternity").params(Action("attack", SWORD))))
    called = ("the caller met last", "Sor Deskul")
    plan = A._plan(params, ctx, mad, sor, called)
    first = A._LAST_CALLER[called]
    assert A._plan(params, ctx, mad, sor, called) is plan and A._LAST_CALLER[called] is first
    A._plan(params, ctx, other, sor, called)
    assert A._LAST_CALLER[called] is not first and A._LAST_CALLER[called].sheet is other.sheet
    assert A._plan(params, ctx, mad, sor, called) is plan and A._LAST_CALLER[called] is first
    assert len(A._CALLED[called]) == 2


def test_a_target_record_is_the_report_named_first_made_once_for_every_report_and_name(monkeypatch):
    """An attack's record of its target's hit is made once per shared report and name: it is
    ``{"name": name, **rep}`` field for field and in order, for another name or report too,
    and the memo of reports stays bounded."""
    from rolecli_alternity import attack as A
    from rolecli_alternity.hits import land_hit
    from rolecli_alternity.sheet import kept_state

    zug, sor = character("Zug"), character("Sor Deskul")
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    reps = [land_hit(who, kept_state(who), track, amount, ctx)[1]
            for who in (zug, sor) for track, amount in (("stun", 1), ("wound", 3), ("mortal", 2))]
    reps.append({"track": "stun", "status": "dead", "already_dead": True})  # a report of its own, met once
    for rep in reps * 2:
        for name in ("Zug", "Sor Deskul"):
            made = A._target_record(name, rep)
            assert list(made.items()) == list({"name": name, **rep}.items())
            assert made is A._target_record(name, rep)  # (the same report and name: the record made)
    monkeypatch.setattr(A, "_LAID_LIMIT", 2)
    A._LAID.clear()
    for rep in reps:
        assert A._target_record("Zug", rep) == {"name": "Zug", **rep} and len(A._LAID) <= 2


def test_an_attacks_plan_for_marks_met_anew_is_the_plan_of_marks_that_daze_alike(monkeypatch):
    """A plan first met on its marks is the one made for marks that daze alike (a stun more,
    under half the boxes), not made again; marks that daze otherwise make another, one step
    worse; and each is the plan worked out with no memo at all."""
    from rolecli.dispatch import Completed
    from rolecli.plugins import system_info
    from rolecli_alternity import attack as A

    from rolecli.contract import Action

    mad, sor = character("Mad Dog"), character("Sor Deskul")
    ctx = Context("en", DiceSource(given=[]), options(), explain=False)
    params = dict(Completed(system_info("alternity").params(Action("attack", SWORD))))

    def hurt(**marks):
        return Character(mad.name, mad.sheet, marks)   # the very sheet, another state

    made = []
    planned = A._planned
    monkeypatch.setattr(A, "_planned", lambda *args: made.append(args) or planned(*args))
    first = A._plan(params, ctx, hurt(stun=1), sor)
    assert A._plan(params, ctx, hurt(stun=2), sor) is first and A._plan(params, ctx, hurt(stun=3, wound=1), sor) is first
    worse = A._plan(params, ctx, hurt(stun=12), sor)   # over half the stun boxes: one step dazed
    assert worse.prep.rung == first.prep.rung + 1 and len(made) <= 2
    for marks, plan in (({"stun": 1}, first), ({"stun": 3, "wound": 1}, first), ({"stun": 12}, worse)):
        st = {**A.kept_state(mad), **marks}
        assert planned(params, ctx, hurt(**marks), sor, st) == plan   # as worked out with no memo


def test_an_entrys_points_are_its_dice_and_modifier_never_below_zero_for_one_die_or_several():
    """roll_entry reads one die alone (no sum or max called): the points are still the dice
    plus the modifier, at least 0, as for several dice."""
    from rolecli_alternity import damage as D

    for text, dice, points in (("d4-3w", [1], 0), ("d4-3w", [4], 1), ("d6+1s", [5], 6), ("2d4-5w", [1, 2], 0),
                               ("2d4-5w", [4, 3], 2), ("3m", [], 3)):
        ctx = Context("en", DiceSource(given=[str(d) for d in dice]), options(), explain=False)
        assert D.roll_entry(ctx, D.parse_entry(text)) == (points, dice)


def test_a_status_holds_the_conditions_its_marks_give_kept_by_what_they_read(monkeypatch):
    """A status's conditions are kept by the marks as they daze, death and a held fatigue
    track: for every state they are the conditions worked out with no memo, and marks that
    differ only in stun or wound under half the boxes make their words once."""
    import itertools

    from rolecli_alternity import status as S

    made = []
    held = S._held
    monkeypatch.setattr(S, "_held", lambda *args: made.append(args) or held(*args))
    mad = character("Mad Dog")
    for dazed_stun, stun, wound, mortal, fatigue, hold, condition in itertools.product(
            (True, False), (0, 3, 12), (0, 5, 13), (0, 2), (0, 1, 7), (False, True), ("ok", "ko", "dead")):
        opts = options(dazed_stun=dazed_stun)
        st = {"stun": stun, "wound": wound, "mortal": mortal, "fatigue": fatigue, "fatigue_hold": hold,
              "status": condition, "ko_cause": "stun" if condition == "ko" else ""}
        who = Character(mad.name, mad.sheet, st)
        assert S.status(who, opts).conditions == tuple(S.conditions(who, opts))
    made.clear()
    for stun in range(6):   # under half of Mad Dog's stun boxes: none dazes
        S.status(Character(mad.name, mad.sheet, {"stun": stun, "wound": 1}), options())
    assert len(made) <= 1


def test_an_attacks_table_kept_for_its_roll_is_the_one_written_anew_and_a_copy_of_its_own():
    """An attack's plan keeps the table each roll writes (by its control die and total): an
    attack whose roll was met before gives, field for field and in order, the table of the
    same attack on sheets never met (nothing kept), a copy that a last resort spent writes
    over without changing the table kept for the same roll with none spent."""
    def played(mad, sor, dice, **params):
        return list(call("attack", actor=mad, target=sor, dice=dice, **SWORD, **params).data.items())

    mad, sor = character("Mad Dog"), character("Sor Deskul")
    spent = Character(mad.name, mad.sheet, {"last_resorts_spent": 10})   # the very sheet and marks: the same plan
    plays = [(mad, [5, 3], {}), (mad, [20], {}), (mad, [18], {}),
             (mad, [1, 1, 3], {"resist": "str"}), (mad, [1, 3, 2], {"resist": "str"}),   # a d4: one control die, two totals
             (mad, [18, 2], {"last_resort": "if-failed"}), (spent, [18], {"last_resort": "if-failed"})]   # a point, then none left
    for who, dice, params in plays * 2:
        fresh = played(character("Mad Dog", who.state), character("Sor Deskul"), dice, **params)   # other sheets: no table kept
        assert played(who, sor, dice, **params) == fresh
    raised, failed = dict(played(mad, sor, [18, 2], last_resort="if-failed")), dict(played(spent, sor, [18], last_resort="if-failed"))
    assert raised["degree"] == "ordinary" and raised["rolled_degree"] == "failure" and raised["last_resorts_spent"] == 1
    assert failed["degree"] == failed["rolled_degree"] == "failure" and failed["last_resorts_spent"] == 0


def test_an_entrants_record_kept_for_its_roll_is_the_one_made_anew_and_shared():
    """An entrant's record in the initiative's ``checks`` is kept by its entry for the control
    die and total it rolled: a roll met before gives, field for field, the record of the same
    roll on a sheet never met (nothing kept), the very record kept; one of the same control
    die and another total (a Dazed entrant's situation die), one of its own."""
    grimes = character("Grimes")
    hurt = Character(grimes.name, grimes.sheet, {"mortal": 1})   # dazed: +d4 on its action check, two totals a control die

    def checks(who, dice):
        return call("initiative", chars=(who,), dice=dice).data["checks"][who.name]

    rolls = [(grimes, [5]), (grimes, [1]), (grimes, [20]), (hurt, [5, 1]), (hurt, [5, 4]), (hurt, [12, 2])]
    for who, dice in rolls * 2:
        fresh = checks(Character(who.name, dict(who.sheet), who.state), dice)   # another sheet: no record kept
        assert checks(who, dice) == fresh
    assert checks(hurt, [5, 1]) is checks(hurt, [5, 1])
    assert checks(hurt, [5, 1])["total"] == 6 and checks(hurt, [5, 4])["total"] == 9


def test_an_entrants_record_is_shared_by_marks_that_daze_alike_and_its_own_for_marks_that_daze_more():
    """An entrant's entry is kept by the marks that daze alike (sheet.dazing): its record for a
    roll is the very one on other marks that daze as they do (a stun box, none dazed), and one of
    its own, as a sheet never met gives it, on marks that daze it (more than half its stun boxes)."""
    grimes = character("Grimes")
    bruised = Character(grimes.name, grimes.sheet, {"stun": 1})     # a stun box: not dazed
    stunned = Character(grimes.name, grimes.sheet, {"stun": 12})    # most of its stun boxes: dazed, +d4

    def checks(who, dice):
        return call("initiative", chars=(who,), dice=dice).data["checks"][who.name]

    assert checks(bruised, [5]) is checks(grimes, [5])
    dazed = checks(stunned, [5, 1])
    assert dazed == checks(Character(grimes.name, dict(grimes.sheet), stunned.state), [5, 1]) and dazed["total"] == 6
    assert checks(grimes, [5])["total"] == 5


def test_a_failed_attack_with_no_point_spent_gives_the_table_kept_for_its_roll_and_leaves_it_as_it_was():
    """A failure that spends no last resort point writes nothing over its roll's table: it gives
    the table its plan keeps, and the attacks of that plan that write over theirs (a success, a
    point spent) leave it as an attack on sheets never met gives it."""
    mad, sor = character("Mad Dog"), character("Sor Deskul")

    def played(who, dice, **params):
        return call("attack", actor=who, target=sor, dice=dice, **SWORD, **params).data

    failed = played(mad, [18])
    assert failed["success"] is False and played(mad, [18]) is failed
    played(mad, [5, 3]), played(mad, [18, 2], last_resort="if-failed")   # a success, and a point spent, on their own copies
    fresh = played(character("Mad Dog"), [18])
    assert played(mad, [18]) is failed and list(failed.items()) == list(fresh.items())


def test_an_entrants_part_is_found_by_its_state_object_met_before_with_no_field_read(monkeypatch):
    """A state met before, the very object (the core gives again the state a move made before),
    finds its entrant's part by the object itself, held with it: no field read, the same part;
    another object of the same values is read."""
    from rolecli_alternity import action_checks as AC
    from rolecli_alternity.sheet import STATE_DEFAULTS

    grimes = character("Grimes")
    read = []
    reads = AC._ENTRANT_READS
    monkeypatch.setattr(AC, "_ENTRANT_READS", lambda st: read.append(st) or reads(st))

    def check(state, dice):
        found = call("initiative", chars=(Character(grimes.name, grimes.sheet, state),), dice=dice)
        return found.data, found.changes, [(r.sides, r.why) for r in found.dice]

    hurt, fresh = {**STATE_DEFAULTS, "stun": 12}, dict(STATE_DEFAULTS)
    AC._LAST_ENTRY.clear()
    expected = check(hurt, [5, 1]), check(fresh, [5])
    read.clear()
    assert (check(hurt, [5, 1]), check(fresh, [5])) == expected and not read   # each met before: by the object
    assert check(dict(hurt), [5, 1]) == expected[0] and read                    # another object: its values read


def test_an_entrants_part_is_found_by_a_whole_states_values_and_laid_out_from_the_kept_state_of_another(monkeypatch):
    """A whole state met anew (as the core keeps one) finds its entrant's part by the values it
    reads, with no kept state laid out; a state that lacks a field (a campaign's), and holds a
    None, gives the part its kept state gives, as a whole state of the same values does."""
    from rolecli_alternity import action_checks as AC
    from rolecli_alternity.sheet import STATE_DEFAULTS

    grimes = character("Grimes")
    laid = []
    taken = AC._taken
    monkeypatch.setattr(AC, "_taken", lambda *args: laid.append(args[0].state) or taken(*args))

    def check(state, dice):
        found = call("initiative", chars=(Character(grimes.name, grimes.sheet, state),), dice=dice)
        return found.data, found.changes, [(r.sides, r.why) for r in found.dice]

    for marks, dice in (({}, [5]), ({"stun": 12}, [5, 1]), ({"status": "ko", "ko_cause": "stun"}, []),
                        ({"delayed": True}, [])):
        AC._LAST_ENTRY.clear()
        expected = check({**STATE_DEFAULTS, **marks}, dice)
        laid.clear()
        assert check({**STATE_DEFAULTS, **marks}, dice) == expected and not laid   # another state, the same values
        assert check(dict(marks), dice) == expected and laid                      # a field lacking: laid out
        assert check({**marks, "out_rounds": None}, dice) == expected   # a None: the default, as kept_state reads it


def test_a_hit_on_a_state_as_it_stands_is_the_one_on_its_kept_state(monkeypatch):
    """land_hit given no state (None: the character's as it stands) lands as it does on the
    kept state: a hit met before on a whole state's marks is the very one kept among the hits
    met, found with no kept state laid out; on a state that lacks a mark, a dead character, a
    queued hit, a told one and a knockout it reads the kept state."""
    from rolecli_alternity import hits
    from rolecli_alternity.sheet import STATE_DEFAULTS, kept_state

    laid = []
    monkeypatch.setattr(hits, "kept_state", lambda who: laid.append(who) or kept_state(who))

    def landed(who, explain=False, queue=False, knock_out=""):
        ctx = Context("en", DiceSource(given=[]), options(), explain=explain)
        met = hits.hits_met(who)
        expected = hits.land_hit(who, kept_state(who), "wound", 3, ctx, queue, met, knock_out=knock_out)
        laid.clear()
        given = hits.land_hit(who, None, "wound", 3, ctx, queue, met, knock_out=knock_out)
        assert given == expected
        return given is expected and not laid   # (found among the hits met, no kept state laid out)

    zug = character("Zug")
    for marks in ({}, {"stun": 4, "wound": 2}, {"status": "dead", "mortal": 7}):
        whole = Character(zug.name, zug.sheet, {**STATE_DEFAULTS, **marks})
        assert landed(whole) == (marks.get("status") != "dead")   # (a dead one's hit is never kept)
        assert not landed(Character(zug.name, zug.sheet, dict(marks)))   # a mark lacking
        assert not landed(whole, queue=True)
        assert not landed(whole, explain=True)
        assert not landed(whole, knock_out="drowning")
