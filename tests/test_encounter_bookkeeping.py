"""The bookkeeping around an encounter's hook calls: a state made by a change
is numbered as it is made, a recovery nobody reads is not asked what it
tells, and a conflict keeps the template's state fields for every change."""

from __future__ import annotations

import pytest

from rolecli import campaign as store
from rolecli.contract import Outcome
from rolecli.encounter import engine
from rolecli.encounter.dice_paths import Kept, Reading
from rolecli.encounter.engine import Play, state_key
from rolecli.encounter.file import EncounterFile
from rolecli.encounter.simulate import play_trials
from rolecli.play import apply_changes, state_fields
from rolecli.plugins import system_info
from rolecli.tracker import Tracker


def _encounter(campaigns, name: str):
    return EncounterFile(campaigns / name / "encounter.toml").encounter(store.load_campaign(campaigns, name, system_info))


def test_a_state_made_by_a_change_is_numbered_as_it_is_made(campaigns, monkeypatch):
    """States are numbered by the change that made them (middle's 18 fields
    as any other's): the play numbers a new state as it keeps it (``Play.moved``):
    by the change where it met it before, and as its whole key numbers it;
    looking its number up later finds it kept, with no key made again."""
    enc = _encounter(campaigns, "middle")
    play_trials(enc, {}, 5, 0, 20)  # the moves of a few trials met
    play = Play(enc, seed=1)
    before = play.state_key("Aldara")
    move, (made, _, kept) = next((move, made) for move, made in enc.state_moves.items() if move[0] == before)
    moved = apply_changes(enc.info, Outcome(data={}, changes={"Aldara": change_of(move)}), play.characters, (),
                          play.made, play.fields, numbered=play.keyed, known_moves=play.known_moves)
    assert moved == ["Aldara"]
    play.moved(moved)
    aldara = play.characters["Aldara"].state
    assert aldara is kept  # the state that move made before, given again, not merged anew
    assert play.keyed["Aldara"] == (aldara, made, enc.kept_by_state["Aldara", made])
    assert enc.state_numbers[state_key(aldara)] == made

    def no_key(*_):
        raise AssertionError("a state numbered as it was made is not keyed again")

    monkeypatch.setattr(engine, "state_key", no_key)
    assert play.state_key("Aldara") == made
    assert play.statuses["Aldara"] is enc.known_statuses["Aldara", made]  # its status, asked by that number


def test_a_new_change_is_numbered_again(campaigns):
    """A state changed again, by a change no play met, is numbered anew, as
    its whole key says, and the change is kept for the next play."""
    enc = _encounter(campaigns, "middle")
    play = Play(enc, seed=1)
    first = play.state_key("Aldara")
    for paradas in (5, 6):
        moved = apply_changes(enc.info, Outcome(data={}, changes={"Aldara": {"paradas": paradas}}), play.characters,
                              (), play.made, play.fields, numbered=play.keyed, known_moves=play.known_moves)
        play.moved(moved)
        aldara = play.characters["Aldara"].state
        assert play.state_key("Aldara") == enc.state_numbers[state_key(aldara)] != first
    assert len(enc.state_moves) == 2


@pytest.mark.parametrize("change", [{"paradas": [1, 2]}, {"paradas": 1, "accion": {"x": 1}},
                                    {"paradas": 1, "accion": True, "parando": [1]}])
def test_a_change_holding_a_list_or_a_table_is_merged_and_kept_as_no_move(campaigns, change):
    """A change of one field, two or three that holds a list or a table makes
    no move (its key cannot be hashed): the state is merged anew, as always."""
    enc = _encounter(campaigns, "middle")
    play = Play(enc, seed=1)
    assert play.state_key("Aldara") is not None  # numbered: a move would be looked up
    before = play.characters["Aldara"].state
    moved = apply_changes(enc.info, Outcome(data={}, changes={"Aldara": change}), play.characters, (),
                          play.made, play.fields, numbered=play.keyed, known_moves=play.known_moves)
    assert moved == ["Aldara"] and play.characters["Aldara"].state == {**before, **change}
    assert play.made["Aldara"][1:] == (None, None)


@pytest.mark.parametrize("told", [False, True])
def test_a_recovery_is_asked_what_it_tells_only_where_someone_reads_it(campaigns, told):
    enc = _encounter(campaigns, "middle")
    events: list[dict] = []
    play = Play(enc, seed=1, tell=events.append if told else None)
    asked, real = [], play.recovered

    def recovered(*given):
        asked.append(given)
        return real(*given)

    play.recovered = recovered
    play.play()
    assert play.telling is told
    assert bool(asked) is told
    assert any(e["event"] == "recovery" for e in events) is told


def test_a_conflict_keeps_the_state_fields_of_its_own_system(campaigns):
    """Each play keeps the state fields of its system's template, as every
    change looked them up: a state kept with them is kept as without them."""
    middle, v5 = _encounter(campaigns, "middle"), _encounter(campaigns, "v5")
    assert Play(middle, seed=1).fields == state_fields(middle.info)
    assert Play(v5, seed=1).fields == state_fields(v5.info) != state_fields(middle.info)
    play, other = Play(v5, seed=1), Play(v5, seed=1)
    name, keys = next(iter(v5.participants)), play.fields[0]
    change = Outcome(data={}, changes={name: {keys[-1]: 1, keys[0]: 1}})  # (out of the template's order)
    assert apply_changes(v5.info, change, play.characters, (), None, play.fields) == [name]
    assert apply_changes(v5.info, change, other.characters, (), None) == [name]
    assert list(play.characters[name].state.items()) == list(other.characters[name].state.items())


def test_a_move_keeps_no_status_where_statuses_are_not_kept_by_state(campaigns, monkeypatch):
    """Where a status reads more than the state (a house rule joins: no
    ``Encounter.known_statuses``), a move numbers the new state all the same
    but keeps no status for it: the status is asked again at every change."""
    enc = _encounter(campaigns, "middle")
    enc.known_statuses = None
    play_trials(enc, {}, 5, 0, 10)
    assert enc.state_moves and all(status is None for _, held, _ in enc.state_moves.values()
                                   for _, status in held.values())
    play = Play(enc, seed=1)
    before = play.state_key("Aldara")
    change = next(change_of(move) for move in enc.state_moves if move[0] == before)
    asked, status = [], Tracker.status
    monkeypatch.setattr(Tracker, "status", lambda self, name: asked.append(name) or status(self, name))
    moved = apply_changes(enc.info, Outcome(data={}, changes={"Aldara": change}), play.characters, (),
                          play.made, play.fields, numbered=play.keyed, known_moves=play.known_moves)
    play.moved(moved)
    assert asked == ["Aldara"]


@pytest.mark.parametrize("explain", [False, True])
def test_a_recovery_is_kept_by_state_only_where_the_play_started_with_no_lines_written(campaigns, explain):
    """Whether a play keeps recoveries by state is settled as it starts, from
    ``ctx.explain`` as it is then (a trial's is set after its Play is built):
    a play that writes lines keeps none."""
    enc = _encounter(campaigns, "middle")
    play = Play(enc, seed=1)
    assert not play.recoveries  # (not started: played every time)
    play.ctx.explain = explain
    play.play()
    assert (not play.recoveries) == explain
    assert any(type(event) is str for table in enc.kept_by_state.values() for event in table) != explain


def test_a_state_made_in_order_is_known_so_and_another_is_checked(campaigns):
    """Where states have many fields, the state a change made in the
    template's order is known in order by itself (``Tracker.in_order``); a
    state put in its place by anything else, out of order, is read again and
    kept in the template's order."""
    enc = _encounter(campaigns, "middle")
    play = Play(enc, seed=1)
    keys = play.fields[0]
    moved = apply_changes(enc.info, Outcome(data={}, changes={"Aldara": {"paradas": 5}}), play.characters, (),
                          play.made, play.fields, play.in_order)
    aldara = play.characters["Aldara"]
    assert moved == ["Aldara"] and play.in_order["Aldara"] is aldara.state
    aldara.state = dict(reversed(list(aldara.state.items())))  # a new state, out of the template's order
    apply_changes(enc.info, Outcome(data={}, changes={"Aldara": {"paradas": 6}}), play.characters, (),
                  play.made, play.fields, play.in_order)
    assert list(aldara.state) == [k for k in keys if k in aldara.state] and aldara.state["paradas"] == 6
    assert play.in_order["Aldara"] is not aldara.state  # reordered: known in order by its keys next time


def test_who_can_act_is_kept_as_states_change_and_sides_flee(campaigns):
    """Once a fight begins, who can act is the play's table (``Play.acting``),
    kept as hooks change states and as sides flee (middle's bandits break):
    at every verb a turn plays, and as each fight ends, it answers as the
    statuses and the sides fled do."""
    enc = _encounter(campaigns, "middle")
    asked = []
    for seed in range(40):
        play = Play(enc, seed=seed)
        act = play.act

        def checked(*args, play=play, act=act):
            asked.append(all(play.able(n) == Play.can_act(play, n) for n in enc.participants))
            return act(*args)

        play.act = checked
        play.play()
        asked.append(all(play.able(n) == Play.can_act(play, n) for n in enc.participants))
    assert asked and all(asked)
    # a side whose morale breaks can act no longer, in the table too
    play = Play(enc, seed=1)
    play.begin(list(enc.participants))
    play.keep_acting(play.beginning()[2])
    assert all(play.able(n) for n in enc.sides["bandidos"])
    play.act = lambda *args: Outcome(data={}, success=False)  # (the morale check fails)
    play.morale()
    assert play.routed == {"bandidos"} and not any(play.able(n) for n in enc.sides["bandidos"])
    assert all(play.able(n) == Play.can_act(play, n) for n in enc.participants)


@pytest.mark.parametrize("name", ["demo", "middle"])
def test_the_vitality_a_target_is_weighed_by_is_kept_as_statuses_change(campaigns, monkeypatch, name):
    """The vitality a weakest target is chosen by is the play's table
    (``Play.vitalities``), kept as statuses are: at every choice, in a
    simulation's trials (their statuses given as they start) and in a play of
    its own, it is the vitality of each candidate's status asked anew."""
    enc, asked = _encounter(campaigns, name), []
    choose = engine.choose

    def checked(rule, candidates, weigher):
        asked.append(all(weigher.vitalities[n] == Tracker.status(weigher, n).vitality for n in candidates))
        return choose(rule, candidates, weigher)

    monkeypatch.setattr(engine, "choose", checked)
    play_trials(enc, {}, 3, 0, 40)
    for seed in range(10):
        Play(enc, seed=seed).play()
    assert asked and all(asked)


def test_a_play_keeps_few_enough_attributes_in_its_dict_for_python_to_share_their_keys(campaigns):
    """Python 3.11 shares the keys of its instances' dicts up to 30 of them;
    past that, each play gets a dict of its own and every attribute read on
    it is a look-up by hash (icount: 2-4% of a trial). A play's own
    attributes are slots (``Play.__slots__``): what is left in its dict,
    after a whole fight, is the tracker's."""
    for name in ("middle", "v5"):
        play = Play(_encounter(campaigns, name), seed=1)
        play.play()
        assert len(vars(play)) <= 30, sorted(vars(play))


def test_states_found_to_hold_lists_are_numbered_by_the_change_that_made_them(campaigns):
    """Giro's states hold lists (their whole key is made field by field): a
    play numbers each state by the change that made it, as any other, and
    the number is the one its whole key gives, with its lists as tuples."""
    enc = _encounter(campaigns, "giro")
    play_trials(enc, {}, 5, 0, 20)
    assert enc.listed_states
    play = Play(enc, seed=3)
    assert play.made == {}
    play.play()
    assert play.made  # states were made by changes, and numbered by them
    for name in enc.participants:
        state = play.characters[name].state
        assert play.state_key(name) == enc.state_numbers[state_key(state, enc.listed_at)]


def test_states_of_a_few_fields_are_numbered_by_the_change_that_made_them(campaigns):
    """A v5 state keeps two or three fields, and a change sets one or two of
    them: the state is numbered by the move all the same (``Encounter.state_moves``),
    as the state the change made (in the template's order)."""
    enc = _encounter(campaigns, "v5")
    play_trials(enc, {}, 5, 0, 20)
    assert enc.state_moves
    whole = {number: dict(zip(*key)) for key, number in enc.state_numbers.items()}
    for move, (made, *_) in enc.state_moves.items():
        assert whole[made] == {**whole[move[0]], **change_of(move)}


def change_of(move: tuple) -> dict:
    """The change of a move as ``Encounter.state_moves`` keys it (play.apply_changes): the number of the
    state it was made from, the change's fields, then their values."""
    size = len(move) // 2
    return dict(zip(move[1:1 + size], move[1 + size:]))


def _state_of(enc, number: int) -> dict:
    """The state the encounter numbered ``number``, from its key (which holds its lists as tuples)."""
    shape, values = next(key for key, n in enc.state_numbers.items() if n == number)
    return {f: list(v) if type(v) is tuple else v for f, v in zip(shape, values)}


def _made_by_recoveries(enc) -> list[tuple[str, int, Kept, tuple]]:
    """Each kept recovery's leaf that made a state again, with whose state, the
    number of the state its tree is kept by, and what it made (``Kept.made``)."""
    def leaves(tree):
        if type(tree) is Kept:
            yield tree
        elif type(tree) is Reading:
            for then in tree.then.values():
                yield from leaves(then)

    return [(name, number, leaf, made) for (name, number), table in enc.kept_by_state.items()
            for event, tree in table.items() if type(event) is str  # (a recovery's, by its event)
            for leaf in leaves(tree) if (made := leaf.made.get(name)) is not None and made[0][0] is not None]


def test_a_kept_recovery_makes_again_the_state_apply_changes_makes(campaigns):
    """A kept recovery met again in a state it changed before gives the state
    it made then (``Kept.made``, on its tree's leaf), with that state's number
    and status: the very state :func:`~rolecli.play.apply_changes` makes from
    a state of the number its tree is kept by, numbered as its whole key says."""
    enc = _encounter(campaigns, "middle")
    play_trials(enc, {}, 10, 0, 20)
    made = _made_by_recoveries(enc)
    assert made  # (middle's round ends recover stun and parries)
    for name, number, kept, ((state, new, _), status, _) in made:
        play = Play(enc, seed=1)
        play.characters[name].state = _state_of(enc, number)
        assert apply_changes(enc.info, kept.outcome, play.characters, (), None, play.fields) == [name]
        assert state_key(play.characters[name].state) == state_key(state)
        assert enc.state_numbers[state_key(state, enc.listed_at)] == new
        assert status is enc.known_statuses[name, new]


def test_a_kept_recovery_in_another_state_reads_that_state(campaigns):
    """A kept recovery's outcome met in a state other than the one it made a
    state from (a leaf of the tree kept by that other state: the state's
    number is part of what a tree is kept by) is made again on that state,
    not given the state kept."""
    enc = _encounter(campaigns, "middle")
    play_trials(enc, {}, 10, 0, 20)
    name, number, kept, ((state, _, _), _, _) = _made_by_recoveries(enc)[0]
    play = Play(enc, seed=1)
    before = _state_of(enc, number)
    field = next(f for f, v in before.items() if type(v) is int and f not in kept.outcome.changes[name])
    other = {**before, field: before[field] + 100}  # another state, which the recovery leaves that field of
    play.characters[name].state = other
    assert play.replayed(Kept(kept.outcome), name) == [name]
    now = play.characters[name].state
    assert now is not state and now == {**state, field: before[field] + 100}


def test_every_play_of_an_encounter_plays_by_the_rules_worked_out_once(campaigns):
    """The rule options completed, the recovery and its events, the initiative,
    the state fields:
    what a tracker works out from its system and options alone
    (``tracker.rules_of``) an encounter works out once for all its plays, and
    a tracker given none (a ``conflict`` command's) works out the same."""
    from rolecli.dispatch import completed_options
    from rolecli.tracker import rules_of

    for name in ("middle", "giro"):
        enc = _encounter(campaigns, name)
        first, second = Play(enc, seed=1), Play(enc, seed=2)
        assert first.ctx.options is second.ctx.options is enc.rules.options
        assert enc.rules == rules_of(enc.info, enc.options)
        assert enc.rules.options == completed_options(enc.info, enc.options)
        alone = Tracker(enc.system, dict(enc.characters), enc.options, "en", first.source)
        assert (alone.ctx.options, alone.recovery, alone.recovers, alone.ordering,
                alone.ordering_round, alone.fields) == tuple(enc.rules)


@pytest.mark.parametrize("name", ["demo", "middle"])
def test_the_fight_as_it_begins_is_worked_out_once_for_all_the_trials(campaigns, name):
    """A simulation's first trial works out the fight as it begins (who is
    left out and why, who can act) and gives it to the others
    (``Play.begun``): what each gives is what a play working it out itself
    finds, and the trials play as plays that work it all out again."""
    enc = _encounter(campaigns, name)
    given = play_trials(enc, {}, 5, 0, 30)
    alone = []
    for index in range(30):
        play = Play(enc, seed=5 * 2**32 + index, scene=None)
        assert play.begun is None
        begun = play.beginning()
        ending = play.play()
        assert begun == (play.left_out, [n for n in enc.participants if n not in play.left_out],
                         {n: Play(enc, seed=0).able(n) for n in enc.participants}) == play.begun  # kept as worked out
        alone.append((ending.winner, ending.reason, ending.rounds, ending.exchanges))
    assert [(list(enc.sides)[r[0]] if r[0] >= 0 else None, engine.REASONS[r[1]], r[2], r[3]) for r in given] == alone


@pytest.mark.parametrize("name", ["demo", "middle"])
def test_the_sides_standing_are_kept_only_while_two_or_more_stand(campaigns, name):
    """``Play.standing`` is kept only while two sides or more have someone
    able to act (no verdict is asked meanwhile): at every verb a turn plays
    it is that list, or nothing kept, and the verdict asked afresh agrees."""
    enc = _encounter(campaigns, name)
    seen = []
    for seed in range(20):
        play = Play(enc, seed=seed)
        act = play.act

        def checked(*args, play=play, act=act):
            standing = play.standing
            fresh = [s for s in enc.sides if s not in play.routed and list(filter(play.able, enc.sides[s]))]
            seen.append(standing is None or (len(standing) > 1 and standing == fresh))
            return act(*args)

        play.act = checked
        ending = play.play()
        assert play.standing is None and play.verdict() == (ending.winner, ending.reason) or ending.reason == "round_limit"
    assert seen and all(seen)


@pytest.mark.parametrize("name", ["aaa", "middle"])
def test_each_sides_foes_and_members_are_kept_by_the_rounds_order(campaigns, monkeypatch, name):
    """A side's foes and members in a round's order (:func:`engine.sides_in_order`)
    are kept for every play of the encounter by that order alone
    (``Encounter.orders``: alternity's turns asked at every round, middle's
    once a trial): each kept as the turns, then the file's order, give them,
    and no more than :data:`engine.KNOWN_ORDERS` of them (emptied when full)."""
    monkeypatch.setattr(engine, "KNOWN_ORDERS", 40)
    enc = _encounter(campaigns, name)
    lengths = []
    found = engine.sides_in_order

    def watched(enc, turns):
        lengths.append(len(enc.orders))
        return found(enc, turns)

    monkeypatch.setattr(engine, "sides_in_order", watched)
    play_trials(enc, {}, 3, 0, 60)
    assert enc.orders and max(lengths) <= 40 and len(lengths) > len(enc.orders)
    for turns, (against, members) in enc.orders.items():
        everyone = list(dict.fromkeys([*turns, *enc.participants]))
        for side in enc.sides:
            assert members[side] == tuple(n for n in everyone if enc.side_of[n] == side)
            assert against[side] == tuple(n for n in everyone if enc.side_of[n] != side)


def test_a_trial_keeps_no_record_of_who_was_touched_and_a_run_does(campaigns):
    """A play given its characters (a simulation's trial) is never written:
    who its hooks touched is not kept (``Tracker.touched``); a run keeps it,
    and what it would write (``Tracker.changes``) is each one changed."""
    from rolecli.campaign.store import SharedCharacters

    enc = _encounter(campaigns, "middle")
    trial = Play(enc, seed=1, characters=SharedCharacters(enc.characters).copies())
    trial.play()
    assert trial.touched is None
    run = Play(enc, seed=1)
    run.play()
    changed = run.changes(enc.characters)
    assert changed and set(changed) <= run.touched
    assert {n for n, c in run.characters.items() if c.state != enc.characters[n].state} == set(changed)
