"""What the system works out once and shares (an encounter asks for the same
challenges, statuses, sides and turns at every exchange): shared while what
it was worked out from holds, worked out anew when that changes, and a
refusal is never kept."""

from __future__ import annotations

import pytest

from rolecli.contract import Action, Character, Refused
from rolecli.errors import RoleError
from rolecli.testing import context
from rolecli_giro import challenge, clock_turn, health, verbs
from rolecli_giro.clock_turn import night_roll, open_turn
from rolecli_giro.contest import Sides, opening, standing
from rolecli_giro.system import INFO
from rolecli_giro.verbs import build_side, contest_sides, first_dice, night_dice

from giro_helpers import character, side

BERTHOLD, LENOIR, BECKETT = "Berthold", "Clovis Lenoir", "Wilhelmina Beckett"
SIDE = {p.name: p for p in INFO.action("check").params if p.name != "challenge"}


def test_a_challenge_is_read_once_for_a_sheet_and_anew_for_a_changed_one():
    berthold = character(BERTHOLD)  # Ímpetu 4, Fisicoculturismo 3
    first = challenge.parse("Ímpetu + Fisicoculturismo", berthold)
    assert challenge.parse("Ímpetu + Fisicoculturismo", berthold) is first
    assert challenge.parse("Ímpetu + Fisicoculturismo", berthold, quality=1).limit == 8  # other choices, read anew
    stronger = Character(BERTHOLD, {**berthold.sheet, "atributos": {**berthold.sheet["atributos"], "Ímpetu": 6}})
    assert challenge.parse("Ímpetu + Fisicoculturismo", stronger).limit == 9


def test_a_refused_challenge_is_refused_again():
    berthold = character(BERTHOLD)
    for _ in range(2):
        with pytest.raises(RoleError, match="Fisicoculturisno"):
            challenge.parse("Ímpetu + Fisicoculturisno", berthold)


def test_a_status_follows_the_wounds_and_consequences_kept_on_the_same_sheet():
    lenoir = character(LENOIR)  # salud 12
    fresh = health.status(lenoir)
    assert fresh.can_act and fresh.conditions == () and health.status(lenoir) is fresh
    hurt = health.status(Character(LENOIR, lenoir.sheet, {"heridas": 3, "consecuencias": ["aturdido"]}))
    assert [key for key, _ in hurt.conditions] == ["wounded", "consequence"] and hurt.vitality == pytest.approx(0.75)
    down = health.status(Character(LENOIR, lenoir.sheet, {"heridas": 12}))
    assert not down.can_act and down.key == "down"
    assert health.status(lenoir) is fresh
    tougher = health.status(Character(LENOIR, {**lenoir.sheet, "salud": 24}, {"heridas": 12}))
    assert tougher.can_act and tougher.vitality == pytest.approx(0.5)


# A value other than the default for each parameter of a side (system.side_params): each changes the side.
OTHER = {"difficulty": 3, "quality": 1, "extra_day": 1, "assist": ("1",), "extra_night": 1, "tempt": True,
         "night_turn": True, "advanced": True, "untrained": True, "adjust": 2, "adjust_day": "+0",
         "adjust_night": "+0", "night": "never", "keep_day": "5", "pick": ("Genio",), "success_factor_mod": 1,
         "failure_factor_mod": 1}
FLEXIBLE = "Ímpetu o Genio + Fisicoculturismo"


def built(berthold, prefix="", label=BERTHOLD, text=FLEXIBLE, changed=()):
    """Berthold's side of ``text``, the parameters named in ``changed`` set to their OTHER value."""
    p = {name: OTHER[name] if name in changed else param.default for name, param in SIDE.items()}
    return build_side({prefix + k: v for k, v in p.items()}, prefix, berthold, text, context(INFO), label)


def test_a_side_is_built_once_for_the_same_choices_on_the_same_sheet():
    assert set(OTHER) == set(SIDE) - {"consequence"}  # every choice that settles a side is tried
    berthold = character(BERTHOLD)
    first = built(berthold)
    assert built(berthold) is first and first.challenge.limit == 4 + 3
    for name in OTHER:
        assert built(berthold, changed=(name,)) != first, name
    assert built(berthold, "target_") is first  # the same choices as the opposition's: the same side
    assert built(berthold, label="Actor").who == "Actor"
    assert built(berthold, text="Genio + Fisicoculturismo").challenge.limit == 2 + 3


def test_who_can_assist_is_asked_at_every_roll():
    berthold, beckett = character(BERTHOLD), character(BECKETT)
    p = {name: param.default for name, param in SIDE.items()} | {"assist": (BECKETT,)}

    def assisted_by(helper):
        return build_side(p, "", berthold, "Ímpetu + Fisicoculturismo", context(INFO, characters=[helper]), BERTHOLD)

    assert assisted_by(beckett).pool.assistants == [BECKETT]
    with pytest.raises(Refused, match="cannot assist"):  # the same side as before, but she is down now
        assisted_by(Character(BECKETT, beckett.sheet, {"heridas": 99}))


def test_a_side_names_its_assistants_as_the_campaign_it_plays_in_writes_them():
    """A side kept for the same choices is kept for the same assistants found,
    not for the words typed: another campaign's Beckett is written its own way."""
    p = {name: param.default for name, param in SIDE.items()} | {"assist": ("beckett",)}
    for written in ("Beckett", "BECKETT"):
        helper = character(BECKETT)
        found = build_side(p, "", None, "4+3", context(INFO, characters=[Character(written, helper.sheet, {})]), "")
        assert found.pool.assistants == [written]


def test_both_sides_of_a_contest_are_kept_for_the_same_choices_on_the_same_two_sheets():
    """Kept on the actor's sheet, by the target's sheet: another target's sheet,
    another defence, another choice of either side is worked out anew, and
    who can assist either side is asked at every roll."""
    berthold, lenoir, beckett = character(BERTHOLD), character(LENOIR), character(BECKETT)
    p = {q.name: q.default for q in INFO.action("attack").params} | {"challenge": "Ímpetu + Fisicoculturismo",
                                                                      "defence": "Gracia + Percepción"}

    def both(target=lenoir, helper=beckett, **changed):
        given = p | changed
        return contest_sides(Action("attack", given, berthold, target), context(INFO, characters=[helper]), given,
                             given["defence"])

    first = both()
    assert both() is first and (first.actor.challenge.limit, first.target.challenge.limit) == (4 + 3, 4 + 2)
    keener = Character(LENOIR, {**lenoir.sheet, "habilidades": {**lenoir.sheet["habilidades"], "Percepción": 5}})
    assert both(keener).target.challenge.limit == 4 + 5 and both().target.challenge.limit == 4 + 2
    assert both(defence="Ímpetu + Percepción").target.challenge.limit == 3 + 2
    assert both(difficulty=3).actor.window.difficulty == 3 and both(difficulty=3).target.window.difficulty == 1
    assert both(target_difficulty=3).target.window.difficulty == 3 and both(target_difficulty=3).actor.window.difficulty == 1
    flexible = "Gracia o Ímpetu + Percepción"
    assert both(defence=flexible).target.challenge.limit == 4 + 2  # the best by default
    assert both(defence=flexible, target_pick=("Ímpetu",)).target.challenge.limit == 3 + 2
    # picks given as a list (a key cannot hold one): worked out at every call, to the same sides' numbers
    listed = both(defence=flexible, target_pick=["Ímpetu"])
    assert listed.target.challenge.limit == 3 + 2 and both(defence=flexible, target_pick=["Ímpetu"]) is not listed
    assert both(target_assist=(BECKETT,)).target.pool.assistants == [BECKETT]
    with pytest.raises(Refused, match="cannot assist"):  # the same sides as before, but she is down now
        both(helper=Character(BECKETT, beckett.sheet, {"heridas": 99}), target_assist=(BECKETT,))


def test_the_sides_kept_by_a_plan_are_those_its_parameters_make():
    """An action with a plan (an encounter's) keeps its sides by the plan, not
    by its parameters' values: each plan its own (the core gives another plan
    to other parameters), the same sides as those worked out with no plan."""
    berthold, lenoir = character(BERTHOLD), character(LENOIR)
    p = {q.name: q.default for q in INFO.action("attack").params} | {"challenge": "Ímpetu + Fisicoculturismo",
                                                                      "defence": "Gracia + Percepción"}

    def both(plan, **changed):
        given = p | changed
        return contest_sides(Action("attack", given, berthold, lenoir, plan), context(INFO), given, given["defence"])

    def numbers(sides):
        return [(s.challenge.limit, s.window.difficulty, s.pool.day) for s in (sides.actor, sides.target)]

    first = both(("a call", LENOIR))
    assert both(("a call", LENOIR)) is first and numbers(first) == numbers(both(None))
    harder = both(("another call", LENOIR), difficulty=3, target_extra_day=1)
    assert numbers(harder) == numbers(both(None, difficulty=3, target_extra_day=1)) != numbers(first)
    assert both(("a call", LENOIR)) is first


def test_a_plan_given_to_two_pairs_keeps_the_sides_of_both():
    """A plan given to two pairs (a stat block's twins may share a call): the
    first pair's sides kept by the plan, the other's by the plan and both
    names, each found again as kept, not worked out anew at every exchange."""
    verbs._PLANNED_SIDES.clear()
    verbs._OTHER_PAIRS.clear()
    berthold, lenoir = character(BERTHOLD), character(LENOIR)
    twin = Character("Berthold 2", berthold.sheet)  # the same sheet, another name
    p = {q.name: q.default for q in INFO.action("attack").params} | {"challenge": "Ímpetu + Fisicoculturismo",
                                                                      "defence": "Gracia + Percepción"}

    def both(actor):
        return contest_sides(Action("attack", p, actor, lenoir, ("a call", LENOIR)), context(INFO), p, p["defence"])

    first, other = both(berthold), both(twin)
    assert both(berthold) is first and both(twin) is other is not first
    assert [s.who for s in (first.actor, other.actor, other.target)] == [BERTHOLD, "Berthold 2", LENOIR]


def test_the_sides_kept_by_a_plan_follow_both_names_and_sheets_and_are_dropped_when_full(monkeypatch):
    """Kept by the plan, with both names and sheets held: the same plan for
    another actor or target (a stat block's twins share a call and a sheet), or
    another sheet, is worked out anew, to the sides worked out with no plan; an
    assisted side is never kept; only so many are kept."""
    monkeypatch.setattr(verbs, "PLANS_KEPT", 2)
    verbs._PLANNED_SIDES.clear()
    berthold, lenoir = character(BERTHOLD), character(LENOIR)
    twin = Character("Berthold 2", berthold.sheet)  # the same sheet, another name
    keener = Character(LENOIR, {**lenoir.sheet, "habilidades": {**lenoir.sheet["habilidades"], "Percepción": 5}})
    p = {q.name: q.default for q in INFO.action("attack").params} | {"challenge": "Ímpetu + Fisicoculturismo",
                                                                      "defence": "Gracia + Percepción"}

    def both(actor, target, plan=("a call", LENOIR), **changed):
        given = p | changed
        return contest_sides(Action("attack", given, actor, target, plan), context(INFO, characters=[berthold]),
                             given, given["defence"])

    def told(sides):
        return [(s.who, s.challenge.limit, s.pool.day) for s in (sides.actor, sides.target)]

    first = both(berthold, lenoir)
    assert both(berthold, lenoir) is first
    for actor, target in ((twin, lenoir), (berthold, keener), (berthold, lenoir)):
        assert told(both(actor, target)) == told(both(actor, target, None))
    assert told(both(twin, lenoir)) == [("Berthold 2", 7, 1), (LENOIR, 6, 1)]
    assert both(berthold, keener).target.challenge.limit == 4 + 5
    assert len(verbs._PLANNED_SIDES) <= 2
    assisted = both(berthold, lenoir, ("an assisted call", LENOIR), assist=("1",))
    assert assisted.actor.pool.day == 2 and both(berthold, lenoir, ("an assisted call", LENOIR), assist=("1",)) is not assisted


def test_the_sides_kept_by_the_target_sheet_are_its_own_and_dropped_when_full(monkeypatch):
    """Kept by the id of the target's sheet, held with it (so that no other
    sheet has that id while kept): a new sheet is worked out anew, and only so
    many are kept."""
    monkeypatch.setattr(verbs, "TARGETS_KEPT", 2)
    berthold, lenoir = character(BERTHOLD), character(LENOIR)
    p = {q.name: q.default for q in INFO.action("attack").params} | {"challenge": "Ímpetu + Fisicoculturismo",
                                                                      "defence": "Gracia + Percepción"}

    def defence(target):
        return contest_sides(Action("attack", p, berthold, target), context(INFO), p, p["defence"]).target.challenge.limit

    for perception in (1, 2, 3, 4, 5, 1, 2, 3, 4, 5):  # a new sheet each time
        assert defence(Character(LENOIR, {**lenoir.sheet, "habilidades": {**lenoir.sheet["habilidades"],
                                                                          "Percepción": perception}})) == 4 + perception
    built = []
    monkeypatch.setattr(verbs, "build_side", lambda *args: built.append(args[2]) or build_side(*args))
    others = [Character(LENOIR, {**lenoir.sheet, "salud": salud}) for salud in (13, 14)]
    for target in (lenoir, lenoir, *others, lenoir):  # the third sheet drops the first two
        assert defence(target) == 4 + 2
    assert [who.sheet.get("salud") for who in built if who is not berthold] == [12, 13, 14, 12]


def test_a_side_and_its_dice_come_to_one_turn_kept_on_the_side():
    rolls = side(7, 3, adjust=1)
    in_range = open_turn(rolls, (5,))
    assert open_turn(rolls, (5,)) is in_range and open_turn(rolls, [5]) is in_range
    failed = open_turn(rolls, (12,))
    assert (in_range.result, failed.result) == (6, None)  # 5 +1: the policy puts the point on it
    assert clock_turn.Turn(rolls).result is None  # no die read yet: no result
    assert night_roll(failed, (4,)) is night_roll(failed, (4,)) is failed.nights[4]  # one die: kept by its face
    assert night_roll(failed, (4,)).nights is None and rolls.night_rolls == {}  # a Night Die rolled: no other
    assert night_roll(failed, (4,)).result == 5 and night_roll(failed, (1,)).result is None  # 4 +1, 1 +1 < 3
    assert night_roll(open_turn(rolls, (11,)), (4,)).day.kept == 11  # another Day Die before the same Night Die
    assert night_roll(failed, (4,)).day is failed.day  # no point was put on the Day Die: its read stands as it is
    adjusted = open_turn(side(7, 3, adjust=2, night="on-loss"), (2,))  # 2 +2: the points go back for the Night Die
    assert adjusted.day.delta == 2 and night_roll(adjusted, (4,)).day == clock_turn.Read("day", (2,), 2)
    assert in_range.data["day"] == {"dice": [5], "kept": 5, "adjust": 1, "value": 6, "in_range": True}
    assert failed.data["day"]["value"] == 12 and failed.data["outcome"] == "failure"


def test_a_turns_numbers_begin_with_its_sides_said_once_for_the_side():
    """What a side settles before the dice heads the numbers of each of its
    Turns, worked out once for the side; another side says its own."""
    rolls = side(7, 3, who=BERTHOLD, adjust=1, extra_day=1)
    hit, missed = open_turn(rolls, (5, 2)), night_roll(open_turn(rolls, (12, 11)), (4,))
    head = {"who": BERTHOLD, "challenge": None, "limit": 7, "difficulty": 3, "range": [3, 7],
            "pool": {"day": 2, "night": 1, "night_turn": False, "tempt": False, "assistants": []}}
    assert rolls.data == head and list(hit.data)[:len(head)] == list(head)
    assert {k: hit.data[k] for k in head} == head and missed.data["pool"] is hit.data["pool"] is rolls.data["pool"]
    assert (hit.data["result"], missed.data["die"], missed.data["result"]) == (6, "night", 5)
    other = open_turn(side(9, 2, who=LENOIR), (5,))
    assert (other.data["who"], other.data["range"], other.data["pool"]["day"]) == (LENOIR, [2, 9], 1)


def test_a_contest_round_stands_by_its_turns_tie_rule_and_night_dice():
    """A round as it stands follows the Turns (the very ones: a Turn is known by
    itself), the tie rule and the Night Dice rolled on the way; any other of
    them stands anew."""
    actor, target = open_turn(side(8, night="on-loss"), (5,)), open_turn(side(7, night="on-loss"), (5,))
    tied = standing(actor, target, "stalemate", ())
    assert standing(actor, target, "stalemate", ()) == tied and (tied.winner, tied.rolls_next) == ("tie", None)
    defended = standing(actor, target, "defender", ())  # the tie goes to the target: the actor answers (on-loss)
    assert (defended.winner, defended.rolls_next) == ("target", "actor")
    assert standing(actor, target, "stalemate", ("target",)).night_order == ("target",)
    twin = open_turn(side(8, night="on-loss"), (5,))  # the same dice on a side alike: another Turn, its own rounds
    assert twin != actor and standing(twin, target, "stalemate", ()) != tied
    assert standing(open_turn(side(8, night="never"), (5,)), target, "defender", ()).rolls_next is None
    # made with its fields set, it compares and shows by them
    assert defended != tied and standing(actor, target, "defender", ()) == defended
    assert repr(tied) == (f"Round(actor={actor!r}, target={target!r}, winner='tie', night_order=(), "
                          "rolls_next=None)")


def test_a_contest_opens_once_for_the_same_sides_dice_and_tie_rule():
    """Both first rolls of a contest stand as their Turns do, kept on the pair
    of sides for the same dice and tie rule; other dice, another tie rule or
    another pair of sides open anew."""
    actor, target = side(8, night="on-loss"), side(7, night="on-loss")
    sides = Sides(actor, target)
    tied = opening(sides, (5, 5), "stalemate")
    assert opening(sides, (5, 5), "stalemate") is tied
    assert tied == standing(open_turn(actor, (5,)), open_turn(target, (5,)), "stalemate", ())
    assert opening(sides, (5, 5), "defender").rolls_next == "actor"
    assert opening(sides, (6, 5), "stalemate").winner == "actor"
    alike = Sides(actor, side(7, night="never"))
    assert opening(alike, (5, 5), "stalemate") is not tied and opening(alike, (5, 5), "stalemate").target.side is alike.target


def test_a_contests_sides_know_whether_each_rolls_one_die_first():
    """A side with an extra Day Die, or a Night Turn's or tempting fate's Night Dice, rolls more than one."""
    assert Sides(side(8), side(7)).one_each and Sides(side(8), side(7, night_turn=True)).one_each
    assert not Sides(side(8, extra_day=1), side(7)).one_each and not Sides(side(8), side(7, tempt=True)).one_each
    assert side(8).one_night and not side(8, extra_night=1).one_night  # (and each side's Night Dice)


def test_the_openings_kept_are_dropped_when_full(monkeypatch):
    monkeypatch.setattr(clock_turn, "KEPT_MOST", 3)
    sides = Sides(side(8, extra_day=1), side(7))
    for mine, theirs in ((1, 2), (2, 1), (3, 4), (4, 3), (12, 6)):
        assert opening(sides, (mine, theirs, 5), "stalemate").actor.day.dice == (mine, theirs)
        assert len(sides.openings) <= 3


def test_a_pair_rolling_one_die_each_keeps_its_openings_by_both_faces():
    """One die a side (most contests): each round both first rolls open to kept
    by the tie rule and the two faces, at most 144 a rule; none in the dict of dice."""
    sides = Sides(side(8), side(7))
    tied = opening(sides, (5, 5), "stalemate")
    assert sides.faces["stalemate"][5][5] is tied and opening(sides, (5, 5), "stalemate") is tied
    assert opening(sides, (5, 5), "defender") is sides.faces["defender"][5][5] is not tied
    assert opening(sides, (12, 1), "stalemate").actor.day.dice == (12,) and sides.openings == {}


def test_a_night_only_first_roll_is_kept_once_with_the_first_rolls():
    """A Night Turn's or tempting fate's Night Dice are its first roll, rolled or
    counted for the odds: kept once, with the first rolls, not with the Night Dice
    rolled after a Day Die as well."""
    from rolecli_giro.odds import test_odds

    for night_only, dice in ((side(7, night_turn=True), (6,)), (side(7, tempt=True), (2, 9))):
        turn = open_turn(night_only, dice)
        assert open_turn(night_only, dice) is turn and turn.night.kept == max(dice)
        assert night_only.first_rolls == {dice: turn} and night_only.night_rolls == {}
        test_odds(night_only)
        assert {(h,) for h in range(1, 13)} <= set(night_only.first_rolls) and night_only.night_rolls == {}  # each highest die


def test_a_refused_roll_is_refused_again():
    keeping = side(7, keep=4)
    for _ in range(2):
        with pytest.raises(Refused, match="no Day Die shows 4"):
            open_turn(keeping, (5,))
    assert open_turn(keeping, (4,)).day.kept == 4


def test_the_turns_kept_are_dropped_when_full(monkeypatch):
    monkeypatch.setattr(clock_turn, "KEPT_MOST", 3)
    rolls = side(7, extra_day=1, extra_night=1)
    for dice in ((1, 2), (2, 1), (3, 4), (4, 3), (12, 6)):
        assert open_turn(rolls, dice).day.kept == max(v for v in dice if v <= 7)
        assert len(rolls.first_rolls) <= 3
    failed = open_turn(rolls, (9, 12))
    for dice in ((1, 2), (2, 1), (3, 4), (4, 3), (12, 6)):
        assert night_roll(failed, dice).night.kept == max(dice)
        assert len(rolls.night_rolls) <= 3


def test_the_reasons_of_the_dice_are_said_in_the_language_and_for_the_side_asked():
    said, sides = [], {who: side(7, who=who, extra_day=1) for who in (BERTHOLD, LENOIR)}  # asked again, in each language
    for who, lang in ((BERTHOLD, "es"), (BERTHOLD, "en"), (LENOIR, "en"), (BERTHOLD, "es")):
        ctx = context(INFO, dice=[3, 4, 5], lang=lang)
        first_dice(ctx, sides[who])
        night_dice(ctx, sides[who])
        said.append([read.why for read in ctx.dice.reads])
    assert said[0] == said[3] == ["Dado Diurno 1/2 — Berthold", "Dado Diurno 2/2 (motivación) — Berthold",
                                  "Dado Nocturno — Berthold"]
    assert said[1] == ["Day Die 1/2 — Berthold", "Day Die 2/2 (motivation) — Berthold", "Night Die — Berthold"]
    assert said[2] == [why.replace(BERTHOLD, LENOIR) for why in said[1]]


def test_both_first_rolls_of_a_contest_are_read_at_once_each_side_its_own():
    """A contest's first rolls are read as one roll, the actor's dice then the
    target's, and each side gets its own: as many as its first roll has, with
    its reasons (the Night Dice of tempting fate are its first roll)."""
    berthold, lenoir = character(BERTHOLD), character(LENOIR)
    p = {q.name: q.default for q in INFO.action("contest").params} | {
        "challenge": "7", "extra_day": 2, "difficulty": 1, "night": "on-failure", "opposition": "7", "target_tempt": True,
        "target_difficulty": 1}
    action = Action("contest", p, berthold, lenoir)

    def played(ctx):  # the dice each side read (one round: no tie is rolled again under a stalemate)
        data = verbs.contest(action, ctx).data
        return data["roll"]["day"]["dice"], data["opposition"]["night"]["dice"]

    ctx = context(INFO, dice=[3, 4, 5, 6, 7, 8], lang="en", options={"contest_tie": "stalemate"})
    assert played(ctx) == ([3, 4, 5], [6, 7, 8])
    assert [read.why for read in ctx.dice.reads] == [
        "Day Die 1/3 — Berthold", "Day Die 2/3 (motivation) — Berthold", "Day Die 3/3 (motivation) — Berthold",
        "Night Die 1/3 — Clovis Lenoir", "Night Die 2/3 — Clovis Lenoir", "Night Die 3/3 — Clovis Lenoir"]
    sides = contest_sides(action, ctx, p, p["opposition"])
    opened = sides.openings[3, 4, 5, 6, 7, 8, "stalemate"]  # the round they open to, as kept
    assert (opened.actor.day.dice, opened.target.night.dice) == ((3, 4, 5), (6, 7, 8))
    assert opened is opening(sides, (3, 4, 5, 6, 7, 8), "stalemate")
    again = context(INFO, dice=[1, 2, 3, 4, 5, 6], lang="es", options={"contest_tie": "stalemate"})
    assert played(again) == ([1, 2, 3], [4, 5, 6])
    assert sides.reasons["es"][0] == "Dado Diurno 1/3 — Berthold"  # each language its own
    alone = context(INFO, dice=[9, 10, 11, 12], lang="en")
    assert (first_dice(alone, sides.target), night_dice(alone, sides.actor)) == ((9, 10, 11), (12,))


def test_an_initiative_limit_is_kept_for_the_sheet_and_read_anew_for_a_changed_one():
    """Every trial of an encounter rolls initiative again: each entrant's limit
    is read once for its sheet and traits, anew for a changed sheet or other traits."""
    from rolecli_giro.initiative import entrants

    lenoir = character(LENOIR)
    graceful = Action("initiative", {"traits": "Gracia + Percepción"}, None, None)
    assert entrants([lenoir], graceful, context(INFO)) == entrants([lenoir], graceful, context(INFO)) == [(LENOIR, 4 + 2)]
    keener = Character(LENOIR, {**lenoir.sheet, "habilidades": {**lenoir.sheet["habilidades"], "Percepción": 5}})
    assert entrants([keener], graceful, context(INFO)) == [(LENOIR, 4 + 5)]
    assert entrants([lenoir], Action("initiative", {"traits": "Ímpetu + Percepción"}, None, None),
                    context(INFO)) == [(LENOIR, 3 + 2)]
    assert entrants([lenoir], graceful, context(INFO)) == [(LENOIR, 4 + 2)]


def test_the_initiative_limits_and_the_hits_kept_are_dropped_when_full(monkeypatch):
    """Both are kept by a sheet's identity, the sheet held with them: bounded,
    and a sheet's own again once dropped."""
    from rolecli_giro import initiative

    monkeypatch.setattr(initiative, "LIMITS_KEPT", 2)
    monkeypatch.setattr(verbs, "HURTS_KEPT", 2)
    lenoir, berthold = character(LENOIR), character(BERTHOLD)
    graceful = Action("initiative", {"traits": "Gracia + Percepción"}, None, None)
    for skill in range(1, 6):
        keener = Character(LENOIR, {**lenoir.sheet, "habilidades": {**lenoir.sheet["habilidades"], "Percepción": skill}})
        assert initiative.entrants([keener], graceful, context(INFO)) == [(LENOIR, 4 + skill)]
        assert len(initiative._LIMITS) <= 2
        assert all(id(kept[0]) == key[0] for key, kept in initiative._LIMITS.items())  # each holds its sheet
    p = {q.name: q.default for q in INFO.action("attack").params} | {
        "challenge": "Ímpetu + Fisicoculturismo", "defence": "Gracia + Percepción", "weapon": 1}
    for salud in (12, 5, 7):
        target = Character(LENOIR, {**lenoir.sheet, "salud": salud}, {"heridas": 1})
        for seed in range(20):
            out = verbs.contest(Action("attack", p, berthold, target), context(INFO, seed=seed, explain=False))
            if out.data["hit"] is not None:
                assert out.data["health"] == health.data(target, min(1 + out.data["damage"], salud))
            assert len(verbs._HURTS) <= 2 and all(id(kept[0]) == key[0] for key, kept in verbs._HURTS.items())


def test_a_plans_hits_leave_the_wounds_the_struck_characters_own_sheet_says():
    """The wounds a hit leaves are kept for each struck character (its sheet and
    name), held with a plan's sides: a target of another salud under the same
    plan and name is hurt as its own sheet says, and back again."""
    verbs._PLANNED_SIDES.clear()
    berthold, lenoir = character(BERTHOLD), character(LENOIR)
    p = {q.name: q.default for q in INFO.action("attack").params} | {
        "challenge": "Ímpetu + Fisicoculturismo", "defence": "Gracia + Percepción", "weapon": 1}
    plan, hits = ("a call", LENOIR), 0
    for salud in (12, 3, 12):
        target = Character(LENOIR, {**lenoir.sheet, "salud": salud}, {"heridas": 1})
        for seed in range(20):
            out = verbs.contest(Action("attack", p, berthold, target, plan), context(INFO, seed=seed, explain=False))
            if out.data["hit"] is not None:
                hits += 1
                assert out.data["health"] == health.data(target, min(1 + out.data["damage"], salud))
                assert out.changes == {LENOIR: {"heridas": min(1 + out.data["damage"], salud)}}
        assert verbs._PLANNED_SIDES[plan][7] is verbs.hurts_of(target)
    assert hits


def test_a_turns_and_a_sides_numbers_are_worked_out_as_they_are_made():
    """A Turn's numbers and its side's (slots, worked out as each is made) are
    those their functions work out anew, for the dice read; a Turn before any
    die is read has none."""
    rolls = side(7, 3, adjust=1)
    turn = night_roll(open_turn(rolls, (12,)), (4,))
    assert turn.data == clock_turn.numbers(turn) and turn.success_factor == 5 and turn.data["success_factor"] == 5
    assert turn.data["night"]["value"] == 5 and turn.data["outcome"] == "success_with_consequences"
    assert rolls.data == clock_turn.settled(rolls) and turn.data["limit"] == 7
    assert rolls.best_night == clock_turn.best_night(rolls) == 7
    assert not hasattr(turn, "__dict__") and not hasattr(rolls, "__dict__")
    bare = clock_turn.Turn(rolls)
    assert (bare.data, bare.result, bare.success_factor) == (None, None, None)


def test_a_contests_record_of_one_round_is_kept_by_what_it_reads_of_the_round():
    """What a contest's data says after the rolls (who won, each round's
    results, the Night Dice's order, the tie rule) is kept for a contest of one
    round by the results, winner and Night Dice's order of that round and the
    tie rule: the record kept is the record worked out anew, contest after
    contest, whatever the dice, the policies and the tie rule."""
    berthold, lenoir = character(BERTHOLD), character(LENOIR)
    p = {q.name: q.default for q in INFO.action("attack").params} | {
        "challenge": "Ímpetu + Fisicoculturismo", "defence": "Gracia + Percepción", "weapon": 1}
    plays = [(seed, tie, night, theirs) for seed in range(150) for tie in ("stalemate", "defender", "reroll")
             for night, theirs in (("on-loss", "never"), ("always", "on-loss"), ("never", "on-failure"))]

    def data(seed, tie, night, theirs):
        given = p | {"night": night, "target_night": theirs}
        ctx = context(INFO, seed=seed, options={"contest_tie": tie}, explain=False)
        return verbs.contest(Action("attack", given, berthold, lenoir), ctx).data

    for play in plays:  # every record met kept
        data(*play)
    assert verbs._ONE_ROUND
    assert verbs._NOTHING == []  # the lists of nothing every one was given, shared, never changed
    for play in plays:
        kept = data(*play)
        verbs._ONE_ROUND.clear()
        assert kept == data(*play), play


def test_a_hits_wounds_and_record_are_kept_by_the_sheet_name_wounds_before_and_damage():
    """What a hit leaves (the wounds and the salud's record) is kept for the
    struck's sheet, name, wounds as kept and damage: the kept is what health
    works out anew, attack after attack, and a sheet of another salud is read anew."""
    berthold, lenoir = character(BERTHOLD), character(LENOIR)
    p = {q.name: q.default for q in INFO.action("attack").params} | {
        "challenge": "Ímpetu + Fisicoculturismo", "defence": "Gracia + Percepción", "weapon": 1}
    noting = {"night": "always", "target_night": "always", "consequence": "herido", "target_consequence": "aturdido"}
    hits = 0
    for salud in (12, 5):
        struck_sheet = {**lenoir.sheet, "salud": salud}
        # (kept by the wounds as the state holds them: none kept is none taken)
        for before, state in ((0, {}), (0, {"heridas": 0}), (3, {"heridas": 3}), (4, {"heridas": 4})):
            target = Character(LENOIR, struck_sheet, state)
            for seed in range(30):
                # the second plain attack met kept; between them, one whose consequences are noted with the
                # wounds (the kept change is not that one's)
                for given in (p, p | noting, p):
                    out = verbs.contest(Action("attack", given, berthold, target), context(INFO, seed=seed,
                                                                                           explain=False))
                    if out.data["hit"] is not None:
                        hits += 1
                        wounds = min(before + out.data["damage"], salud)
                        assert out.changes.get(LENOIR, {}).get("heridas") == wounds
                        if given is p:
                            assert out.changes == {LENOIR: {"heridas": wounds}}
                        assert out.data["health"] == health.data(target, wounds)
                        assert out.data["health"]["salud_max"] == salud
    assert hits


def test_an_initiatives_entrants_are_kept_for_the_same_characters_and_read_anew_for_others():
    """Every trial of an encounter orders the same characters: their names, limits and Day Dice's
    reasons are read once, anew for another sheet, name, language or traits."""
    from rolecli_giro import initiative

    lenoir, berthold = character(LENOIR), character(BERTHOLD)
    graceful = Action("initiative", {"traits": "Gracia + Percepción"}, None, None)
    def named(places):  # an entrant's name and limit, as its place with no die gives them
        return places[0][3], -places[0][1]

    first = initiative._field([lenoir, berthold], graceful, context(INFO))
    limit = -first[0][1][0][1]  # Berthold's, as his place with no die gives it
    assert first == ((initiative._places(LENOIR, 6, 1), initiative._places(BERTHOLD, limit, 2)),
                     (f"Day Die — {LENOIR}", f"Day Die — {BERTHOLD}"))
    assert initiative._field([Character(LENOIR, lenoir.sheet, {"heridas": 2}), berthold], graceful, context(INFO)) is first
    keener = Character(LENOIR, {**lenoir.sheet, "habilidades": {**lenoir.sheet["habilidades"], "Percepción": 5}})
    assert named(initiative._field([keener, berthold], graceful, context(INFO))[0][0]) == (LENOIR, 4 + 5)
    assert initiative._field([Character("Clovis", lenoir.sheet), berthold], graceful,
                             context(INFO))[1][0] == "Day Die — Clovis"
    assert initiative._field([lenoir, berthold], graceful, context(INFO, lang="es"))[1][0] == f"Dado Diurno — {LENOIR}"
    assert named(initiative._field([lenoir, berthold], Action("initiative", {"traits": "Ímpetu + Percepción"}, None,
                                                              None), context(INFO))[0][0]) == (LENOIR, 3 + 2)
    assert initiative._field([lenoir], graceful, context(INFO))[0] == (first[0][0],)
    again = initiative._field([lenoir, berthold], graceful, context(INFO))
    assert again == first and initiative._field([lenoir, berthold], graceful, context(INFO)) is again


def test_an_entrants_place_by_its_day_die_puts_a_face_within_range_first_by_its_value():
    """An entrant's places, by the face of its Day Die: a face within range (routine, up to the
    limit) orders by itself, one beyond it as a failure (0), and no die (the rule ``limit``) too."""
    from rolecli_giro import initiative

    places = initiative._places("Clovis", 6, 2)
    assert len(places) == 13
    assert places[0] == (0, -6, 2, "Clovis", None)
    assert places[4] == (-4, -6, 2, "Clovis", 4) and places[6] == (-6, -6, 2, "Clovis", 6)
    assert places[7] == (0, -6, 2, "Clovis", 7) and places[12] == (0, -6, 2, "Clovis", 12)


def test_a_planned_contest_notes_its_consequence_at_every_exchange_and_one_without_none():
    """Whether a side notes a consequence is kept with a plan's sides, as the plan
    settles it: each exchange of a plan that gives one notes it (on a Night Die),
    one of a plan that gives none notes nothing."""
    verbs._PLANNED_SIDES.clear()
    berthold, lenoir = character(BERTHOLD), character(LENOIR)
    p = {q.name: q.default for q in INFO.action("contest").params} | {
        "challenge": "7", "opposition": "7", "night": "on-failure", "target_night": "never", "difficulty": 1,
        "target_difficulty": 1}
    noting = p | {"consequence": "se quema la mano"}

    def noted(given, plan):  # a Day Die out of range, then a Night Die in it: a consequence to note
        out = verbs.contest(Action("contest", given, berthold, lenoir, plan), context(INFO, dice=[9, 3, 5]))
        return out.data["consequence_noted"], out.changes

    for _ in range(2):  # the first exchange keeps the sides, the second finds them
        assert noted(noting, ("noting", LENOIR)) == ({"actor": "se quema la mano", "target": None},
                                                     {BERTHOLD: {"consecuencias": ["se quema la mano"]}})
        assert noted(p, ("quiet", LENOIR)) == ({"actor": None, "target": None}, {})
