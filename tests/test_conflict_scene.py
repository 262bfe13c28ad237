"""The conflict tracker's own rules (rolecli.conflict), without a campaign:
turns in order, skipping who cannot act, rounds, the order asked again each
round where the system says so, and effects expiring when they should."""

from __future__ import annotations

import pytest

from rolecli.conflict import Event, Scene
from rolecli.contract import Effect, Turn
from rolecli.errors import RoleError


class _Mover:
    """What moves a scene on, as a tracker does (rolecli.conflict.Mover): each answer given."""

    turn_ends = True

    def __init__(self, why_not, new_round, end_of_turn, end_of_round):
        self.why_not, self.new_round, self.end_of_turn, self.end_of_round = (why_not, new_round, end_of_turn,
                                                                              end_of_round)

    @property
    def acting(self):  # (as the tracker answers it: from why_not)
        return _Acting(self.why_not)


class _Acting:
    def __init__(self, why_not):
        self.why_not = why_not

    def __getitem__(self, name):
        return self.why_not(name) is None


def _advance(scene, out=(), order_each_round=None, log=None):
    log = [] if log is None else log
    return scene.advance(_Mover(
        lambda n: "out" if n in out else None,
        lambda r, names: order_each_round(r, names) if order_each_round else None,
        lambda who: log.append(("turn", who)) or [],
        lambda names: log.append(("round", tuple(names))) or []))


def _kinds(events):
    return [(e.kind, e.name) for e in events]


def test_turns_follow_the_order_and_wrap_into_a_new_round():
    scene = Scene()
    events = scene.start(["Ana", "Bruno", "Carla"], ["Ana", "Bruno", "Carla"], "physical", False)
    assert _kinds(events) == [("round_started", None), ("turn_started", "Ana")]
    log = []
    assert scene.turn.actor == "Ana" and scene.turn.round == 1 and scene.turn.kind == "physical"
    _advance(scene, log=log)
    assert scene.turn.actor == "Bruno"
    _advance(scene, log=log)
    events = _advance(scene, log=log)
    assert (scene.turn.round, scene.turn.actor) == (2, "Ana")
    assert ("round_ended", None) in _kinds(events) and ("round_started", None) in _kinds(events)
    # end_of_turn for each turn that ended, end_of_round once for all participants
    assert log == [("turn", "Ana"), ("turn", "Bruno"), ("turn", "Carla"), ("round", ("Ana", "Bruno", "Carla"))]


def test_a_turn_the_scene_makes_is_the_contract_s_turn_field_for_field():
    """A new Turn has its fields set at once (not through the frozen dataclass's
    __init__): the same value, every field of the class set, equal and hashed alike."""
    import dataclasses

    from rolecli.conflict import _order_of, _turn_of

    now, shared = {}, _order_of(["Ana", "Bruno"], "physical")[3]
    made = _turn_of(now, 7, "Ana", shared)
    assert shared == {"order": ("Ana", "Bruno"), "kind": "physical"}  # (copied, not changed)
    assert now == {"Ana": made}
    built = Turn(7, "Ana", ("Ana", "Bruno"), "physical")
    assert type(made) is Turn and made == built and hash(made) == hash(built) and repr(made) == repr(built)
    assert vars(made) == {f.name: getattr(built, f.name) for f in dataclasses.fields(Turn)}
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.actor = "Bruno"


def test_the_same_turn_is_one_turn_whichever_scene_asks():
    """A Turn is a value: a simulation's trials share it rather than build it again."""
    one, other = Scene(), Scene()
    for scene in (one, other):
        scene.start(["Ana", "Bruno"], ["Ana", "Bruno"], None, False)
    assert one.turn is other.turn and one.turn == Turn(1, "Ana", ("Ana", "Bruno"))
    _advance(one)
    assert one.turn == Turn(1, "Bruno", ("Ana", "Bruno")) and one.actor == "Bruno" and other.actor == "Ana"


def test_the_orders_kept_stay_bounded_and_a_turn_met_again_is_the_same(monkeypatch):
    """The orders whose Turns scenes share are kept up to ORDERS_KEPT, then
    forgotten all at once: a scene moving on after that meets Turns as right."""
    from rolecli import conflict

    monkeypatch.setattr(conflict, "_TURNS", {})
    monkeypatch.setattr(conflict, "ORDERS_KEPT", 2)
    one, other = Scene(), Scene()
    for scene in (one, other):
        scene.start(["Ana", "Bruno"], ["Ana", "Bruno"], "physical", True)
    for round_ in range(2, 7):  # a new order each round: Ana twice, then Bruno
        _advance(one, order_each_round=lambda r, names: (["Ana", "Ana", "Bruno"], True))
        assert one.turn == _as_it_stands(one) and len(conflict._TURNS) <= 2
        for _ in range(2):
            _advance(one)
            assert one.turn == _as_it_stands(one)
    _advance(other)
    assert other.turn == Turn(1, "Bruno", ("Ana", "Bruno"), "physical") and one.turn.round == 6


def _as_it_stands(scene):
    """The Turn the conflict's table gives, made afresh."""
    c = scene.conflict
    turns, at = c["turns"], c["turn"]
    return Turn(c["round"], turns[at] if 0 <= at < len(turns) else None, tuple(turns), c.get("kind"))


def test_the_turn_kept_follows_every_move_of_the_conflict():
    """The scene keeps its Turn until the conflict moves, and every move makes
    it anew: a turn or a round passing, a new round's order, someone skipped,
    nobody able to act, a join, a leave, a rename, the end and a new start. A
    hook called in the middle of a move (a new round's initiative) sees it as
    it stands then, and so does a status asked meanwhile."""
    scene, seen = Scene(), []
    scene.start(["Ana", "Bruno"], ["Ana", "Bruno"], "physical", True)

    def order(round_, names):
        seen.append((scene.turn, _as_it_stands(scene)))  # asked before the new round's turns are set
        return [names[-1], *names], True  # the last acts twice (two phases)

    def can_act(name, out):
        assert scene.turn == _as_it_stands(scene)  # as a system's status hook may see it
        return "out" if name in out else None

    def moved(out=()):
        assert scene.turn == _as_it_stands(scene)
        scene.advance(_Mover(lambda n: can_act(n, out), order, lambda who: [], lambda names: []))
        assert scene.turn == _as_it_stands(scene)

    moved()
    moved()  # a new round, in a new order
    assert seen[0][0] == seen[0][1] and seen[0][0].round == 2 and scene.turn.order == ("Bruno", "Ana", "Bruno")
    moved(out={"Ana"})  # Ana skipped: Bruno's second phase
    assert scene.turn.actor == "Bruno" and scene.conflict["turn"] == 2
    scene.join("Carla")
    assert scene.turn == _as_it_stands(scene) and scene.turn.order[-1] == "Carla"
    scene.rename("Bruno", "Bruno el Rojo")
    assert scene.turn == _as_it_stands(scene) and scene.turn.actor == "Bruno el Rojo"
    scene.leave("Bruno el Rojo")
    assert scene.turn == _as_it_stands(scene) and scene.turn.order == ("Ana", "Carla")
    moved(out={"Ana", "Carla"})  # nobody can act
    assert scene.turn.actor is None and scene.conflict["turn"] == len(scene.conflict["turns"])
    scene.end()
    assert scene.turn is None
    scene.start(["Carla"], ["Carla"], None, False)
    assert scene.turn == Turn(1, "Carla", ("Carla",))


def test_who_cannot_act_is_skipped_and_said():
    scene = Scene()
    scene.start(["Ana", "Bruno", "Carla"], ["Ana", "Bruno", "Carla"], None, False)
    events = _advance(scene, out={"Bruno"})
    assert scene.turn.actor == "Carla"
    assert ("skipped", "Bruno") in _kinds(events)


def test_nobody_able_to_act_leaves_no_turn():
    scene = Scene()
    scene.start(["Ana", "Bruno"], ["Ana", "Bruno"], None, False)
    events = _advance(scene, out={"Ana", "Bruno"})
    assert scene.turn.actor is None and events[-1].kind == "nobody"


def test_a_new_round_tells_whom_it_skips_only_when_someone_acts_in_it():
    """A round that ends moves to the next round's first participant who can
    act, telling those skipped before it; a new round where nobody can act
    tells none skipped, only that nobody can, and asks each once."""
    scene = Scene()
    scene.start(["Ana", "Bruno", "Carla"], ["Ana", "Bruno", "Carla"], None, False)
    _advance(scene)
    _advance(scene)
    events = _advance(scene, out={"Ana"})
    assert _kinds(events) == [("turn_ended", "Carla"), ("round_ended", None), ("round_started", None),
                              ("skipped", "Ana"), ("turn_started", "Bruno")]
    assert (scene.turn.round, scene.turn.actor, scene.conflict["turn"]) == (2, "Bruno", 1)
    _advance(scene)
    asked = []
    events = scene.advance(_Mover(lambda n: asked.append(n) or "out", lambda r, names: None, lambda who: [],
                                  lambda names: []))
    assert _kinds(events) == [("turn_ended", "Carla"), ("round_ended", None), ("round_started", None),
                              ("nobody", None)]
    assert asked == ["Ana", "Bruno", "Carla"]
    assert scene.turn == Turn(3, None, ("Ana", "Bruno", "Carla")) and scene.conflict["turn"] == 3


def test_a_scene_nobody_reads_moves_the_same_and_tells_only_what_recovery_said():
    """``explain=False`` (a simulation's trials): no turn or round is told, nor
    an effect that expires; the scene moves as when it is, recovery is called
    as often and effects expire."""
    def played(explain):
        scene, log, told = Scene(), [], []
        scene.start(["Ana", "Bruno", "Carla"], ["Ana", "Bruno", "Carla"], None, False)
        scene.add(Effect("Bruno", "guard", until="next_turn", by="Bruno"))
        scene.add(Effect("Carla", "dazed", until="rounds", rounds=1))
        for out in ((), {"Bruno"}, (), {"Ana", "Bruno", "Carla"}):
            told.append(_kinds(scene.advance(_Mover(lambda n: "out" if n in out else None, lambda r, names: None,
                                                    lambda who: log.append(("turn", who)) or [Event("said", who)],
                                                    lambda names: log.append(("round", tuple(names))) or []),
                                             explain)))
        return scene.dump(), log, told

    scene, log, told = played(False)
    assert (scene, log) == played(True)[:2] and scene["conflict"]["round"] == 3
    assert told == [[("said", "Ana")], [("said", "Bruno")], [("said", "Carla")], [("said", "Ana")]]
    assert scene.get("effects") is None and ("expired", "Bruno") in played(True)[2][0]
    assert ("expired", "Carla") in [kind for told in played(True)[2] for kind in told]
    assert ("nobody", None) in played(True)[2][-1]


def test_an_effect_until_a_next_turn_added_after_turns_that_found_none_still_expires_in_silence():
    """A turn that starts in silence with only effects of some rounds in force
    looks no more for one until the next turn; one added later expires at its
    maker's next turn all the same."""
    scene = Scene()
    scene.start(["Ana", "Bruno"], ["Ana", "Bruno"], None, False, explain=False)
    scene.add(Effect("Bruno", "dazed", until="rounds", rounds=3))
    mover = _Mover(lambda n: None, lambda r, names: None, lambda who: [], lambda names: [])
    scene.advance(mover, explain=False)  # Bruno's turn: nothing ends at it
    guard = scene.add(Effect("Bruno", "guard", until="next_turn", by="Bruno"))
    scene.advance(mover, explain=False)  # Ana's
    assert guard in scene.effects
    scene.advance(mover, explain=False)  # Bruno's again: his guard ends
    assert [e.text for e in scene.effects] == ["dazed"]


def test_a_round_that_ends_in_silence_ends_its_own_effects_and_keeps_those_that_outlast_it():
    """Where every effect in force lasts this round alone, a round's end in
    silence drops them at once; one that joins them lasting longer, or given
    with the scene, is kept and counted down as ever."""
    mover = _Mover(lambda n: None, lambda r, names: None, lambda who: [], lambda names: [])
    for later, kept in (([], []), ([Effect("Ana", "aim", until="scene")], ["aim"]),
                        ([Effect("Ana", "dazed", until="rounds", rounds=2)], [("dazed", 1)])):
        scene = Scene()
        scene.start(["Ana"], ["Ana"], None, False, explain=False)
        for effect in [Effect("Ana", "marked", until="rounds", rounds=1), *later]:
            scene.add(effect)
        scene.advance(mover, explain=False)  # the round ends
        assert [e.text if e.rounds is None else (e.text, e.rounds) for e in scene.effects] == kept
    given = Scene(effects=[Effect("Ana", "aim", id=1)])
    given.start(["Ana"], ["Ana"], None, False, explain=False)
    given.add(Effect("Ana", "marked", until="rounds", rounds=1))
    given.advance(mover, explain=False)
    assert [e.text for e in given.effects] == ["aim"]


def test_a_system_that_orders_each_round_is_asked_again():
    scene = Scene()
    scene.start(["Ana", "Bruno"], ["Ana", "Bruno"], None, True)
    asked = []

    def order(round_, names):
        asked.append((round_, names))
        return ["Bruno", "Ana", "Bruno"], True  # Bruno acts twice this round (two phases)

    _advance(scene, order_each_round=order)
    _advance(scene, order_each_round=order)
    assert asked == [(2, ["Ana", "Bruno"])]
    assert scene.turn.order == ("Bruno", "Ana", "Bruno") and scene.turn.actor == "Bruno"
    _advance(scene, order_each_round=order)
    _advance(scene, order_each_round=order)
    assert (scene.turn.round, scene.turn.actor) == (2, "Bruno")  # the second phase of the round


def test_an_effect_the_scene_keeps_is_the_contract_s_effect_field_for_field():
    """A kept effect has its fields set at once (not through Effect.__init__):
    the same value as one built with its id, every field of the class set, its
    data a copy of its own (the verb's table changed later does not reach it)."""
    import dataclasses

    data = {"strength": 3}
    given = Effect("Bruno", "block 3", "block", data, "Ana", "rounds", 2)
    kept = Scene(next_effect=5).add(given)
    built = Effect("Bruno", "block 3", "block", {"strength": 3}, "Ana", "rounds", 2, 5)
    assert type(kept) is Effect and kept == built and repr(kept) == repr(built)
    assert vars(kept) == {f.name: getattr(built, f.name) for f in dataclasses.fields(Effect)}
    data["strength"] = 9
    assert kept.data == {"strength": 3} and given.id == 0
    with pytest.raises(dataclasses.FrozenInstanceError):
        kept.id = 6


def test_an_effect_of_no_data_numbered_alike_is_one_shared_read_only_effect():
    """Two scenes numbering an effect of no data alike keep one Effect (a value:
    frozen, and its data read-only, copied and pickled as a table), equal to one
    built with its id; another id, or another field, is another."""
    import copy
    import dataclasses
    import pickle

    given = Effect("Bruno", "attacked by Ana", "attacked", by="Ana", until="rounds", rounds=1)
    first, again = (Scene(next_effect=3).add(given) for _ in range(2))
    same = Scene(next_effect=3).add(dataclasses.replace(given))
    assert first is again is same and first == Effect("Bruno", "attacked by Ana", "attacked", {}, "Ana", "rounds", 1, 3)
    with pytest.raises(TypeError):
        first.data["x"] = 1  # type: ignore[index]
    assert copy.deepcopy(first) == first and pickle.loads(pickle.dumps(first)) == first and repr(first.data) == "{}"
    assert Scene(next_effect=4).add(given).id == 4
    assert Scene(next_effect=3).add(dataclasses.replace(given, by="Carla")) is not first
    odd = Scene(next_effect=3).add(dataclasses.replace(given, text=["attacked"]))  # type: ignore[arg-type]
    assert odd.text == ["attacked"] and odd.id == 3  # no hash taken: kept all the same, not shared
    scene = Scene()
    assert scene.add(given).data == {} and scene.dump()["effects"] == [
        {"id": 1, "on": "Bruno", "text": "attacked by Ana", "key": "attacked", "by": "Ana", "until": "rounds",
         "rounds": 1}]


def test_an_effect_until_next_turn_expires_at_the_start_of_its_makers_turn():
    scene = Scene()
    scene.start(["Ana", "Bruno"], ["Ana", "Bruno"], None, False)
    block = scene.add(Effect(on="Bruno", text="block 3", key="block", data={"strength": 3}, by="Ana",
                             until="next_turn"))
    assert block.id == 1
    mark, guard = (scene.add(Effect(on="Ana", text=text, by=by, until="next_turn" if by else "scene"))
                   for text, by in (("marked", ""), ("guard", "Bruno")))
    events = _advance(scene)  # Bruno's turn: Ana's block still holds; Bruno's guard ends
    assert scene.effects == [block, mark] and [e.effect for e in events if e.kind == "expired"] == [guard]
    events = _advance(scene)  # round 2, Ana's turn: her block ends
    assert scene.effects == [mark] and [e.effect.id for e in events if e.kind == "expired"] == [1]


def test_an_effect_of_n_rounds_counts_ends_of_round():
    scene = Scene()
    scene.start(["Ana"], ["Ana"], None, False)
    scene.add(Effect(on="Ana", text="blinded", until="rounds", rounds=2))
    _advance(scene)
    assert [e.rounds for e in scene.effects] == [1]
    events = _advance(scene)
    assert scene.effects == [] and events[-3].kind == "expired"


def test_the_end_of_the_conflict_clears_every_effect():
    scene = Scene()
    scene.start(["Ana"], ["Ana"], None, False)
    for until in ("next_turn", "scene", "used"):
        scene.add(Effect(on="Ana", text=until, until=until))
    assert len(scene.end()) == 3 and scene.effects == [] and scene.conflict is None


def test_joining_and_leaving():
    scene = Scene()
    scene.start(["Ana", "Bruno"], ["Ana", "Bruno"], None, False)
    scene.join("Carla")
    assert scene.turn.order == ("Ana", "Bruno", "Carla")
    with pytest.raises(RoleError, match="already in"):
        scene.join("Carla")
    scene.leave("Ana")  # it was her turn: the next 'next' gives the turn to Bruno
    _advance(scene)
    assert scene.turn.actor == "Bruno" and "Ana" not in scene.conflict["participants"]
    with pytest.raises(RoleError, match="not in the conflict"):
        scene.leave("Ana")


def test_the_scene_survives_its_own_table():
    scene = Scene()
    scene.start(["Ana", "Bruno"], ["Ana", "Bruno"], "social", False)
    scene.add(Effect(on="Bruno", text="full defence", key="full_defence", by="Bruno", until="next_turn"))
    again = Scene.load(scene.dump())
    assert again.dump() == scene.dump() and again.turn == scene.turn and again.effects == scene.effects
    assert Scene.load({}).dump() == {}


def test_a_loaded_scene_has_a_conflict_of_its_own_and_the_next_effect_id_kept_or_worked_out():
    table = {"conflict": {"round": 2, "turn": 0, "turns": ["Ana"], "participants": ["Ana"], "each_round": False},
             "effects": [{"id": 4, "on": "Ana", "until": "scene"}]}
    scene = Scene.load(table)
    assert scene.conflict == table["conflict"] and scene.conflict is not table["conflict"]
    scene.conflict["turns"].append("Bruno")
    assert table["conflict"]["turns"] == ["Ana"]  # (its own copy, to the lists in it)
    assert scene.next_effect == 5  # after the largest id, where none is kept
    assert Scene.load({**table, "next_effect": 9}).next_effect == 9
    assert Scene.load({}).conflict is None and Scene.load(None).next_effect == 1


@pytest.mark.parametrize("effect, message", [
    (Effect(on="Ana", text="x", until="forever"), "lasts until one of"),
    (Effect(on="Ana", text="x", until="rounds", rounds=0), "N of 1 or more"),
])
def test_bad_effects_are_refused(effect, message):
    with pytest.raises(RoleError, match=message):
        Scene().add(effect)


def test_renaming_a_character_carries_the_scene():
    scene = Scene()
    scene.start(["Ana", "Bruno"], ["Ana", "Bruno"], None, False)
    scene.add(Effect(on="Bruno", text="block", by="Ana", until="next_turn"))
    scene.rename("Ana", "Anita")
    assert scene.turn.actor == "Anita" and scene.effects[0].by == "Anita"


def test_no_conflict_means_a_clear_refusal():
    with pytest.raises(RoleError, match="no conflict is running"):
        _advance(Scene())
    scene = Scene()
    scene.start(["Ana"], ["Ana"], None, False)
    with pytest.raises(RoleError, match="already running"):
        scene.start(["Ana"], ["Ana"], None, False)
