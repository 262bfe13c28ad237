"""Minions (sicarios) and companions (000-R44…R47, R50).

A minion group is a character whose sheet has ``calidad`` (1 Promedio,
2 Adecuado, 3 Bueno) and ``cantidad`` (how many). Its state keeps
``sicarios_fuera`` (minions taken out) and ``sicario_estres`` (boxes marked on
the minion in front). ``lider`` names the named character attached to it."""

from __future__ import annotations

from rolecli.contract import Character, Label, keep_at_most

from .state import ABSENT, Work


def group_bonus(size: int) -> int:
    """000-R45: 1 → +0, 2–3 → +1, 4–6 → +2, 7–9 → +3, 10+ → +4."""
    if size <= 1:
        return 0
    if size <= 3:
        return 1
    if size <= 6:
        return 2
    if size <= 9:
        return 3
    return 4


def boxes_per_minion(quality: int) -> int:
    """000-R44: Promedio 1, Adecuado 2, Bueno 3 boxes (``quality``: :func:`quality`'s)."""
    # (bounded by tests, not by calls of int, min and max: every hit on a group asks; icount, a fate
    # trial 3.2897M -> 3.2820M, -0.23%)
    return 1 if quality < 1 else (3 if quality > 3 else quality)


# A group's numbers (calidad, cantidad, sicarios_fuera, sicario_estres) are read as they stand, with no
# int() of them: a campaign's sheets and states hold whole numbers (the core checks each as it loads or
# sets one). An int() is a call Python 3.11 never specializes, some 600 instructions, several at every
# hit on a group (icount, a fate trial 3.1560M -> 3.1477M, -0.26%).


def quality(ch: Character) -> int:
    return ch.value("calidad") or 1


def standing(work: Work, grp: Character) -> int:
    """Minions still standing (the size bonus is recomputed from them, the rulings): read
    once per state of the group as kept (:data:`_STANDING`), where the action has set none. (Of
    its state, its ``cantidad`` and ``sicarios_fuera`` alone: ``roll.roll_contest`` keys by them.)"""
    state, kept = grp.state, grp.name not in work.states
    if kept:  # (icount, a fate trial 3.8265M -> 3.7891M, -1.0%)
        found = _STANDING.get(grp.name)
        if found is not None and found[0] is state and found[1] is grp.sheet:
            return found[2]
    left = (grp.value("cantidad") or 0) - (work.get(grp, "sicarios_fuera") or 0)
    left = left if left > 0 else 0  # (no call of max: every side of a group or its leader asks)
    if kept:
        keep_at_most(_STANDING, grp.name, (state, grp.sheet, left), _STANDING_LIMIT)
    return left


# The minions standing of a group by its name, with the state as kept and the sheet they were read
# in, the last met alone: the core replaces a state, never changes one in place, and every side of
# a group or its leader asks (a fight's few states, each asked again and again until the next; by
# the name, not the state's id, whose call at every ask costs more than a trial's few misses of a
# state met before: icount, a fate trial 3.5079M -> 3.5012M, -0.19%).
_STANDING: dict[str, tuple[dict, dict, int]] = {}
_STANDING_LIMIT = 256


def attached_groups(work: Work, led: tuple[Character, ...]) -> list[Character]:
    """The minion groups of ``led`` (those naming a leader theirs, as :meth:`Work.group_of`
    gives them, which its caller has asked already) with standing minions."""
    return [c for c in led if standing(work, c) > 0]


def acting_size(work: Work, ch: Character | None, typed=None) -> int:
    """The size of the group ``ch`` acts as (000-R45): the size ``typed`` where a side is
    given one (its ``group``: mostly none, of which no int is made), else a group's minions
    standing; a leader's standing minions and the leader; 0 for a character acting alone,
    or for none. (A side asks it with what it was typed, in one call rather than two: icount,
    a fate trial 3.8110M -> 3.8018M.)"""
    if typed:
        size = int(typed)
        if size:
            return size
    if ch is None:
        return 0
    group, led = work.group_of(ch)
    if group:
        return standing(work, ch)
    if not led:  # (most characters lead no one)
        return 0
    minions = 0
    for grp in led:  # (a group or two: a loop, for which a comprehension's call costs more)
        minions += standing(work, grp)
    return minions + 1 if minions else 0


def sizing_groups(work: Work) -> tuple[Character, ...]:
    """Those whose minions standing (:func:`standing`) the size of any of :meth:`Work.everyone`
    may be (:func:`acting_size`), as :meth:`Work.groups` finds them: the groups, and those whose
    state says how many they are (asked as it is then, :meth:`Work.group_of`)."""
    return tuple([ch for ch in work.everyone() if "cantidad" in ch.state or work.group_of(ch)[0]])


def hit_group(work: Work, grp: Character, stress: int, lang: str) -> tuple[int, list[str], dict]:
    """Sequential stress (000-R46): fill the front minion's boxes, spill the
    rest to the next. Returns (overflow, lines, data). Worked out once for the same hit
    on the same sheet in the same state as it reads it (:data:`_GROUP_HITS`), and set again."""
    state = grp.state
    get = (work.state_of(grp) if work.states else state).get  # (its own where the action set none)
    ctx = work.ctx
    # (its size and quality as Character.value reads them, its minions out as Work.get does)
    key = (grp.name, stress, lang, ctx.explain, ctx.record, state.get("calidad", ABSENT),
           state.get("cantidad", ABSENT), get("sicarios_fuera", ABSENT), get("sicario_estres", ABSENT))
    try:
        found = _GROUP_HITS.get(key)
    except TypeError:  # a state that cannot be a key (a list typed): worked out, not kept
        found = key = None
    if found is None or found[0] is not grp.sheet:
        found = (grp.sheet, _spilled(work, grp, stress, lang))
        if key is not None:
            keep_at_most(_GROUP_HITS, key, found, _GROUP_HITS_LIMIT)
    h, lines, data, fields = found[1]
    work.update(grp, fields)
    return h, lines.copy(), data.copy() if data else {}  # (the caller's to add to)


# The hits on a group worked out (:func:`hit_group`), each with the group's sheet, by its name and all
# else the hit reads: a fight deals the same few hits to the same few states again and again (icount, a
# fate trial N=400 2.1888M -> 2.1791M, -0.44%, twice).
_GROUP_HITS: dict[tuple, tuple] = {}
_GROUP_HITS_LIMIT = 1024


def _spilled(work: Work, grp: Character, stress: int, lang: str) -> tuple[int, list[str], dict, dict]:
    """:func:`hit_group` worked out: the overflow, lines and data, and the fields it sets on the group."""
    q = boxes_per_minion(quality(grp))
    total = grp.value("cantidad") or 0
    out = work.get(grp, "sicarios_fuera", 0) or 0
    marked = work.get(grp, "sicario_estres", 0) or 0
    before_out = out
    h = stress
    while h > 0 and out < total:
        need = q - marked
        if h >= need:
            h -= need
            out += 1
            marked = 0
        else:
            marked += h
            h = 0
    left = total - out
    fields = {"sicarios_fuera": out, "sicario_estres": marked} if left else \
        {"sicarios_fuera": out, "sicario_estres": marked, "fuera": "taken_out"}
    lines = []
    if work.ctx.explain:  # the lines are written only for someone to read (Context.explain)
        lines.append(Label(f"{grp.name}: {stress} de estrés contra sicarios de {q} casilla(s): {out - before_out} fuera de combate, "
                           f"quedan {left} de {total}" + (f" (el de delante con {marked} marcada(s))" if marked else "")
                           + (f"; desborde {h}" if h else ""),
                           f"{grp.name}: {stress} stress against {q}-box minions: {out - before_out} taken out, "
                           f"{left} of {total} left" + (f" (the front one with {marked} marked)" if marked else "")
                           + (f"; overflow {h}" if h else ""))(lang))
    data = {"minions_out": out - before_out, "minions_standing": left, "front_marked": marked, "overflow": h,
            "group_bonus": group_bonus(left)} if work.ctx.record else {}  # (recorded only: Context.record)
    return h, lines, data, fields
