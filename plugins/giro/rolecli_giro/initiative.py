"""Initiative. The text gives no order of action (it refers to pages not
included); the toolkit orders a conflict by the book's own contest rule
(001-R18): everyone rolls a Day Die against the limit of the initiative
challenge (default Gracia + Percepción: the book's quick reflexes and noticing;
a trait the sheet lacks counts 0), and the highest result within its range
acts first. Failed rolls act after
every roll within range. Ties go to the higher limit, then to the order the
Cronista listed. No Night Die: initiative brings no consequences.

Rule option ``initiative = "limit"``: no dice, the higher limit first.
"""

from __future__ import annotations

from rolecli.contract import Outcome, Refused, keep_at_most

from . import challenge as challenges
from .glossary import DAY_DIE, LIMIT, L, say
from .success_range import ROUTINE, SuccessRange
from .system import LIMIT as LIMIT_RANGE


def entrants(characters, action, ctx) -> list[tuple[str, int]]:
    """(name, limit) of each participant: campaign characters by their traits,
    or ``--entrants Name=limit`` for a table with no campaign."""
    p = action.params
    if characters:
        traits = p["traits"]
        found = []
        for c in characters:  # (a loop: a comprehension is a call of its own in Python 3.11)
            sheet = c.sheet
            key = (id(sheet), traits)
            kept = _LIMITS.get(key)  # looked up here: most are found, with no call to keep them
            if kept is None:
                kept = keep_at_most(_LIMITS, key, (sheet, _limit(traits, c)), LIMITS_KEPT)
            found.append((c.name, kept[1]))
        return found
    found = []
    for item in p["entrants"]:
        name, _, limit = item.partition("=")
        if not name.strip() or not limit.strip().isdigit() or not LIMIT_RANGE[0] <= int(limit) <= LIMIT_RANGE[1]:
            low, high = LIMIT_RANGE
            raise Refused(L(f"--entrants {item!r}: escribe Nombre=límite, con un límite {low}..{high}.",
                            f"--entrants {item!r}: write Name=limit, with a limit {low}..{high}."))
        found.append((name.strip(), int(limit)))
    if not found:
        raise Refused(L("la iniciativa necesita los personajes de una campaña, o --entrants Nombre=límite,Nombre=límite.",
                        "initiative needs a campaign's characters, or --entrants Name=limit,Name=limit."))
    return found


def _limit(traits: str, who) -> int:
    """The limit of the initiative challenge ``traits`` on ``who``'s sheet (a
    trait it lacks counts 0): kept (:data:`_LIMITS`), as every trial of an encounter
    asks for it again, and that is one look-up where reading the challenge
    (kept as well) is a key of all its choices."""
    return challenges.parse(traits, who, absent_is_zero=True).limit


# Each entrant's limit by its sheet's identity and the traits, the sheet held with it (no other sheet
# can take its id while it is kept): one look-up an entrant at every trial, where the core's
# ``worked_out`` is a call that costs some 1,800 instructions (icount giro 1.5602M -> 1.5550M a trial).
_LIMITS: dict[tuple[int, str], tuple[dict, int]] = {}
LIMITS_KEPT = 512


def _field(characters, action, ctx) -> tuple[tuple[tuple[Place, ...], ...], tuple[str, ...]]:
    """Each entrant's places, by the face of its Day Die (:func:`_places`), and its Day Die's reason,
    in the order listed. Kept for the characters met last, each by its name and
    sheet (the limit reads the sheet alone), with the language and the traits: every trial of a
    simulation orders the same characters (icount, with its Day Dice rolled together, a giro trial
    1.3761M -> 1.3632M, -0.94%)."""
    if not characters:  # (--entrants: read anew, as given)
        return _entered(characters, action, ctx)
    kept = _FIELD[0]
    if kept[0] == ctx.lang and kept[1] == action.params["traits"] and len(kept[2]) == len(characters):
        for (name, sheet), c in zip(kept[2], characters):  # (a loop: a call fewer than all() of a generator)
            if c.sheet is not sheet or c.name != name:
                break
        else:
            return kept[3]
    field = _entered(characters, action, ctx)
    _FIELD[0] = (ctx.lang, action.params["traits"], tuple([(c.name, c.sheet) for c in characters]), field)
    return field


def _entered(characters, action, ctx) -> tuple[tuple[tuple[Place, ...], ...], tuple[str, ...]]:
    """:func:`_field`'s entrants and reasons, read from the sheets or ``--entrants``."""
    day_die = DAY_DIE(ctx.lang)  # (the same for every entrant: said once)
    found = entrants(characters, action, ctx)
    return (tuple([_places(name, limit, listed) for listed, (name, limit) in enumerate(found, 1)]),
            tuple([f"{day_die} — {name}" for name, _ in found]))


# An entrant's place in the order, as the order sorts it: its result within range, then its limit
# (both negated: the highest first), then the Cronista's order, which no two share; then its name and
# its die (None: no dice, the rule ``limit``).
Place = tuple[int, int, int, str, int | None]


def _places(name: str, limit: int, listed: int) -> tuple[Place, ...]:
    """An entrant's place for each face its Day Die may show, by the face (0: no die rolled), worked
    out once for the field (:func:`_field`): no place made at every trial (icount giro 1.1997M ->
    1.1952M a trial, N=400, -0.38%)."""
    window = SuccessRange(ROUTINE, limit)  # (routine, up to the limit)
    return ((0, -limit, listed, name, None),
            *((-(face if window.holds(face) else 0), -limit, listed, name, face) for face in range(1, 13)))


# The language, the traits and the characters (each as its name and sheet, held: no other sheet can
# take its place while kept) :func:`_field` read last, and what it gave.
_FIELD: list[tuple[str | None, str | None, tuple[tuple[str, dict], ...], tuple]] = [(None, None, (), ((), ()))]


def order(characters, action, ctx) -> Outcome:
    lang = ctx.lang
    rule = ctx.options.get("initiative", "roll")
    field, reasons = _field(characters, action, ctx)
    # The Day Dice rolled together, one for each entrant in the order listed, as one roll after another
    # reads them (one call, not one a die; in the gain said at _field)
    placed = []
    if rule == "roll":
        for places, die in zip(field, ctx.dice.roll_many(12, reasons)):
            placed.append(places[die])
    else:
        for places in field:
            placed.append(places[0])
    # Sorted by the places as they are, with no key function called from the sort for each entrant
    # (icount giro 1.6901M -> 1.6883M a trial); the three that order them at the head of one flat
    # tuple, not a tuple of their own in it, which each comparison would compare twice.
    placed.sort()
    lines = []
    for place, (key, low, _, name, die) in enumerate(placed, 1) if ctx.explain else ():
        said = f"{place}. {name}: {LIMIT(lang)} {-low}"
        if die is not None:
            state = say(lang, "dentro del rango", "within range") if key else say(lang, "fuera del rango",
                                                                                 "out of range")
            said += f", {DAY_DIE(lang)} {die} ({state} 1–{-low})"
        lines.append(said)
    named = []
    # (a loop: a comprehension is a call of its own in Python 3.11; with the Outcome made by position,
    # icount giro 1.5491M -> 1.5449M a trial)
    for _, _, _, name, _ in placed:
        named.append(name)
    # (by position: keywords cost a Python call more at every trial)
    if not ctx.record:  # each entrant's score only records its die: left out where no one reads it (Context.record)
        return Outcome({"order": named, "rule": rule}, lines)
    scores = {}
    for key, low, listed, name, die in placed:
        scores[name] = {"limit": -low, "die": die, "in_range": key != 0, "listed": listed}
    return Outcome({"order": named, "rule": rule, "scores": scores}, lines)
