"""One hit, from the damage to the boxes, and the GM's ``damage`` verb (002-R9, R20..R24)."""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Mapping, Sequence

from rolecli.contract import Action, Character, Context, Label, Outcome, keep_at_most, worked_out
from rolecli.errors import RoleError

from . import damage as D
from . import labels as L
from .check import roll_check
from .sheet import RESOLVE, find_skill, kept_state, track_sizes
from .situation import prepare


def _resolve_roller(ch: Character, resolve_text: Any, ctx: Context):
    def roll(st_now: dict[str, Any]) -> bool:
        if resolve_text is not None:
            prep = prepare({}, ctx, ch, resolve_text, modifiers=False, st=st_now)
        else:
            score, kind, name = find_skill(ch, RESOLVE, "VOL")
            prep = prepare({}, ctx, ch, str(score), kind=kind, name=name, modifiers=False, st=st_now)
        res = roll_check(ctx, prep.score, prep.rung, Label("Resolución-resolución física",
                                                           "Resolve-physical resolve")(ctx.lang))
        if ctx.explain:
            roll.lines.extend([prep.line(ctx.lang), res.line(ctx.lang)])
        return res.success
    roll.lines = []
    return roll


# What a hit that rolls nothing reads of the kept state (damage.apply): given only these,
# apply returns them with whatever else it set (the knockout's wait, the scene's mortal hurt);
# and the scene's hurt, which it may set, read so that a hit on one hurt already leaves it out
# of its change (most do; icount 3.6954M -> 3.6917M a trial: the change's fields the core checks
# and keeps are fewer. The knockout's wait and the mortal hurt read too cost more than they
# saved, in the longer key of every hit: 3.6930M).
_HIT_READS = ("stun", "wound", "mortal", "fatigue", "status", "ko_cause", "hurt_this_scene")


_read_for_hit = itemgetter(*_HIT_READS)


# The lines of a hit nobody reads (Context.explain False): none, the same empty tuple every time (a
# list made at every hit cost 0.1% of a trial: icount 3.4109M -> 3.4071M).
_UNTOLD: tuple[str, ...] = ()


def _landed(read: tuple[Any, ...], ch: Character, track: str, amount: int, spill: str,
            met: dict[tuple, Any]) -> tuple[dict[str, Any], dict[str, Any], Sequence[str]]:
    """A hit that rolls nothing on the marks ``read`` (of :data:`_HIT_READS`): the fields
    of the state it sets (those it left as they were read are left out: a change of a
    few fields is what the core keeps cheapest), and its report, with no lines, as
    :func:`land_hit` gives them where nobody reads its lines: worked out once per
    sheet for the same marks, from the hit's :class:`_Landings` on the room they leave, kept
    among the hits met on the sheet (``met``, :func:`hits_met`)."""
    landings = met.get(hit := (track, amount, spill))
    if landings is None:
        landings = keep_at_most(met, hit, _Landings(ch, track, amount, spill), _HITS_LIMIT)
    stun, wound, mortal, _, condition, cause, hurt = read
    (stun_size, wound_size, mortal_size), (stun_cap, wound_cap, mortal_cap) = landings.sizes, landings.caps
    # the room left on each track, clipped: a room wider than the most points the hit can put
    # on a track lands as any wider one does
    stun_room, wound_room, mortal_room = stun_size - stun, wound_size - wound, mortal_size - mortal
    key = (stun_room if stun_room < stun_cap else stun_cap, wound_room if wound_room < wound_cap else wound_cap,
           mortal_room if mortal_room < mortal_cap else mortal_cap, mortal > 0, condition, cause, hurt)
    found = landings.met.get(key)
    if found is None:
        found = keep_at_most(landings.met, key, _land(read, ch, track, amount, spill), _LANDINGS_LIMIT)
    sets, took, rep = found
    sets = dict(sets)
    for key in took:  # each track marked: the points it took, over the marks read
        sets[key] += read[_MARK_AT[key]]
    return sets, rep, _UNTOLD


_LANDINGS_LIMIT = 256  # the landings kept of one hit, emptied whole when full (clipped rooms keep them few)
_MARK_AT = {"stun": 0, "wound": 1, "mortal": 2}  # a track's place among the marks read (_HIT_READS)


class _Landings:
    """The landings of one hit that rolls nothing (a track, an amount and a spill) on one
    sheet's track sizes, met so far, by what they read of the marks: the room left on the stun, wound and
    mortal tracks (clipped to the most points the hit can put on each, plus one: :attr:`caps`),
    whether a mortal box is marked, the condition and the scene's hurt. Each is kept as the fields it sets,
    a track's with the points it took rather than its new marks, the tracks marked, and its
    report: a hit on other marks that leave the same room lands alike, on any sheet, so the
    landings of a hit are one table for all sheets (:data:`_LANDED`; kept per sheet: icount N=400
    2.4265M -> 2.4050M, -0.89%)."""

    __slots__ = ("sizes", "caps", "met")

    def __init__(self, ch: Character, track: str, amount: int, spill: str) -> None:
        sizes = track_sizes(ch)
        self.sizes = sizes["stun"], sizes["wound"], sizes["mortal"]
        self.caps = tuple(points + 1 for points in D.most_points(track, amount, spill))
        met = _LANDED.get(hit := (track, amount, spill))
        if met is None:
            met = keep_at_most(_LANDED, hit, {}, _HITS_LIMIT)
        self.met = met


# (track, amount, spill) -> the landings of that hit met on any sheet (_Landings.met)
_LANDED: dict[tuple[str, int, str], dict[tuple, tuple[dict[str, Any], tuple[str, ...], dict[str, Any]]]] = {}


def _land(read: tuple[Any, ...], ch: Character, track: str, amount: int,
          spill: str) -> tuple[dict[str, Any], tuple[str, ...], dict[str, Any]]:
    """A hit landed on the marks ``read``, as :class:`_Landings` keeps it."""
    before = dict(zip(_HIT_READS, read))
    new, rep = D.apply(before, track_sizes(ch), track, amount, spill=spill)
    took = rep["marked"]
    sets = {key: took[key] if key in _MARK_AT else value for key, value in new.items()
            if key not in before or before[key] != value}
    return sets, tuple(key for key in _MARK_AT if key in sets), rep


def hits_met(ch: Character) -> dict[tuple, Any]:
    """The hits that rolled nothing met on ``ch``'s sheet, each as :func:`land_hit` gives it
    where nobody reads its lines (:func:`_landed`), by its track, amount, spill and the marks it
    read (:data:`_HIT_READS`), and their :class:`_Landings`, by the track, amount and spill
    alone: one table per sheet, which a caller that lands hit after hit on one sheet (an
    attack's plan, on its target) holds rather than looks up at each (the sheet's memo looked
    up at every hit, worked_out given the hit's five arguments, cost 0.9% of a trial: icount
    3.3834M -> 3.3528M over 400 trials; the landings looked up there at each hit met anew,
    0.15%: 3.3156M -> 3.3107M). A hit reads a sheet only as its track sizes: the sheets of the
    same sizes (a stat block's fighters) share one table, each hit met on any of them met on all
    (icount N=400 2.4480M -> 2.4265M, -0.88%)."""
    return worked_out(ch.sheet, "hits met", _hits_alike, ch)


def _hits_alike(ch: Character) -> dict[tuple, Any]:
    """The hits met on the sheets of ``ch``'s track sizes (:func:`hits_met`)."""
    try:
        sizes = track_sizes(ch)
    except RoleError:  # tracks that cannot be sized: a table of its own, the hit refused where it lands
        return {}
    alike = sizes["stun"], sizes["wound"], sizes["mortal"], sizes["fatigue"]
    met = _HITS_BY_SIZES.get(alike)
    if met is None:
        met = keep_at_most(_HITS_BY_SIZES, alike, {}, _SIZES_LIMIT)
    return met


_HITS_LIMIT = 4096  # the hits a table keeps, emptied whole when full (as worked_out's own memo of a sheet)
# track sizes (stun, wound, mortal, fatigue) -> the hits met on the sheets of those sizes (hits_met)
_HITS_BY_SIZES: dict[tuple[int, int, int, int], dict[tuple, Any]] = {}
_SIZES_LIMIT = 256


def take_hit(ch: Character, st: Mapping[str, Any], track: str, amount: int, ctx: Context,
             **how: Any) -> tuple[dict[str, Any], dict[str, Any], Sequence[str]]:
    """:func:`land_hit`, with the new state whole (for a rule that reads on from it)."""
    sets, rep, lines = land_hit(ch, st, track, amount, ctx, **how)
    return {**st, **sets}, rep, lines


def land_hit(ch: Character, st: Mapping[str, Any] | None, track: str, amount: int, ctx: Context, queue: bool = False,
             met: dict[tuple, Any] | None = None, spill: str = "overflow", resolve: Any = None,
             knock_out: str = "") -> tuple[dict[str, Any], dict[str, Any], Sequence[str]]:
    """The one way damage reaches a character, whatever dealt it (an attack, the GM's
    damage, an impact, fatigue, holding breath, the end of a phase), on the kept state
    ``st`` (read, not changed; None: ``ch``'s as it stands): returns the fields of the state it sets (for a hook's
    changes) and the report, both shared by the hits worked out alike (read them, do not
    change them: a hook's changes are never changed in place, and the house rules get a
    copy), and the lines.

    - Who can be hit: a dead character takes nothing more (decision: no track is left
      to fill that changes anything).
    - ``queue``: the hit waits in ``pending`` for the end of the phase (002-R9).
    - Otherwise the tracks take it (002-R21..R25, R28: ``damage.apply``), the full-fatigue
      Resolve roll rolled with ``resolve`` (else the sheet's skill), and ``knock_out``
      names a cause that leaves the character unconscious if the hit did not.
    - ``met``: the hits met on ``ch``'s sheet (:func:`hits_met`), where the caller holds them
      (an attack's plan holds its target's); else looked up here.

    (No parameter keyword-only, ``queue`` and ``met`` the first of those with a default: an
    attack gives them in their place. Python 3.11 fills a keyword-only default from a table at every
    call, and an attack's hit named its ``queue``: icount 3.3442M -> 3.3344M a trial, -0.3%.)
    """
    explain = ctx.explain  # the lines are written only for someone to read (Context.explain), its language with them
    if st is None:  # ch's state as it stands
        # a hit met before on the marks it reads (one that rolls nothing, told to no one), found by them as a
        # whole state holds them, with no kept state laid out (icount 2.8213M -> 2.7762M over 400 trials); any
        # other from its kept state
        # (a dead character's, never kept among the hits met; a queued or told hit; a state that lacks a mark)
        if met is not None and not (queue or explain or knock_out):
            try:
                found = met.get((track, amount, spill, _read_for_hit(ch.state)))
            except (KeyError, TypeError):
                found = None
            if found is not None:
                return found
        st = kept_state(ch)
    if st["status"] == "dead":
        rep = {"track": track, "amount": amount, "spill": spill, "status": "dead", "already_dead": True,
               "marked": {t: 0 for t in L.TRACKS}, "knocked_out": False, "died": False, "dying": False}
        if not explain:
            return {}, rep, _UNTOLD
        return {}, rep, [Label(f"{ch.name} está muerto: el daño no cambia nada.",
                               f"{ch.name} is dead: the damage changes nothing.")(ctx.lang)]
    if queue:
        pending = list(st.get("pending") or []) + [f"{track}:{amount}"]
        if not explain:
            return {"pending": pending}, {"pending": pending}, _UNTOLD
        return {"pending": pending}, {"pending": pending}, [
            Label(f"El daño a {ch.name} queda pendiente hasta el fin de la fase (002-R9).",
                  f"The damage to {ch.name} is pending until the end of the phase (002-R9).")(ctx.lang)]
    if track == "fatigue":  # only a full fatigue track rolls (Resolve, 002-R25): played out at every hit
        roller = _resolve_roller(ch, resolve, ctx)
        sets, rep = D.apply(st, track_sizes(ch), track, amount, spill=spill, fatigue_check=roller)
    else:  # it lands the same on the same marks: worked out once per sheet (a simulation's hits meet the same few)
        roller = None
        read = _read_for_hit(st)
        if met is None:
            met = hits_met(ch)
        try:
            found = met.get(key := (track, amount, spill, read))
        except TypeError:  # a mark that cannot be hashed (a list where a number goes): worked out, not kept
            found = key = None
        if found is None:
            found = _landed(read, ch, track, amount, spill, met)
            if key is not None:
                keep_at_most(met, key, found, _HITS_LIMIT)
        if not explain and not knock_out:  # (given as kept: a tuple made at every hit cost 0.13% of a trial, icount 3.4071M -> 3.4026M)
            return found
        sets, rep, _ = found  # (both shared, a knockout below sets and reports on copies: a copy of the fields at every hit cost 0.3% of a trial, icount)
    if knock_out:
        new = {**st, **sets}
        if new["status"] == "ok":
            D.knock_out(new, knock_out)
            sets = new  # (the whole state: a knockout sets several fields)
            rep = {**rep, "knocked_out": True}
    if not explain:
        return sets, rep, _UNTOLD
    lines = D.report_lines(ch.name, rep, {**st, **sets}, track_sizes(ch), ctx.lang)
    if roller is not None and roller.lines:
        lines[-1:-1] = roller.lines
    return sets, rep, lines


def do_damage(character: Character, action: Action, ctx: Context) -> Outcome:
    p = action.params
    lang = ctx.lang
    entries = D.parse_rating(p["damage"])
    entry = D.pick(entries, p.get("degree", "ordinary"))
    amount, values = D.roll_entry(ctx, entry)
    lines = []
    if values or len(entries) > 1:
        lines.append(Label(f"Daño {entry.text} = {amount}", f"Damage {entry.text} = {amount}")(lang)
                     + (f" ({'+'.join(map(str, values))})" if values else "") + ".")
    st, rep, more = take_hit(character, kept_state(character), entry.track, amount, ctx, spill=p.get("spill", "overflow"),
                             resolve=p.get("resolve"))
    lines.extend(more)
    data = {"character": character.name, "entry": entry.text, "rolled": values, **rep, "state": st, "tracks": dict(track_sizes(character))}
    return Outcome(data, lines, changes={character.name: st})
