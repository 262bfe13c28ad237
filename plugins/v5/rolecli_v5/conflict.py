"""Conflict pools and the conflict roll (003-R3…R11).

Both sides roll at the same time (003-R4); then the attacker, and after it the
defender, may reroll with Willpower. ``--dice`` is read in that order: the
attacker's regular dice, its Hunger dice, the defender's regular dice, its Hunger
dice, the attacker's rerolled dice, the defender's rerolled dice.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Sequence

from rolecli.contract import NO_DATA, Character, Effect, Label, Refused, worked_out

from . import labels as L
from .conditions import impairment, state_values
from .damage import amount, can_spend_safely, spend
from .degrees import contest_outcome
from .hunger import dice_for
from .labels import tr
from .pool import Pool, Roll, successes_of, worth
from .reroll import chosen, reroll
from .state import Work
from .traits import parts, sphere

COVER = {"none": -2, "some": 0, "good": 1, "strong": 2}  # 003-R7: the defence pool's dice
MODIFIER = Label("modificador del Narrador", "Storyteller's modifier")
EARLIER = Label("oponentes anteriores", "earlier opponents")


ATTACKED = "attacked"  # the key of the effect an attack leaves on its target for the rest of the turn




@functools.lru_cache(maxsize=1024)  # an Effect never changes (the core records a copy): a fight's few pairs share one
def attacked(on: str, by: str, lang: str) -> Effect:
    """003-R9: what an attack by ``by`` leaves on ``on`` for the next attacker on it this turn.
    Shared by every attack of the pair, so its data is read-only, as a frozen Effect's
    fields are: nobody who gets it can change what the next attack leaves."""
    return Effect(on=on, key=ATTACKED, by=by, until="rounds", rounds=1, data=NO_DATA,
                  text=tr(lang, f"atacado por {by} este turno", f"attacked by {by} this turn"))


def earlier_opponents(given: Any, ctx, target: Character | None) -> int:
    """003-R9: the opponents that attacked the defender before this one, this turn:
    ``given`` (``--earlier``), else the attacks on it that the conflict under way has recorded."""
    if given is not None:
        return int(given)
    # (none in force, as at a round's first attack: no call to find none: icount v5 N=400 2.7691M -> 2.7642M a trial)
    return len(ctx.effects_on(target.name, ATTACKED)) if target is not None and ctx.effects else 0


def defence_modifiers(cover: str | None, earlier: int) -> tuple:
    """The defence pool's own modifiers: its cover against shots (003-R7; ``None``:
    not shot at) and one die less per opponent that already attacked it this turn (003-R9)."""
    shot = (("cover", L.COVER[cover], COVER[cover]),) if cover is not None else ()
    return shot + (("earlier_opponents", EARLIER, -earlier),)


@dataclass(frozen=True, slots=True)
class Reroll:
    """A side's Willpower reroll: its dice ``before`` it, the positions (from 0) of
    those rerolled, what it ``paid`` (``None``: a quick roll's side, with no tracker)
    and the dice ``after`` it."""

    before: Roll
    dice: Sequence[int]
    paid: dict | None
    after: Roll


@dataclass(frozen=True, slots=True)
class Side:
    """What one side brings to a roll before any die: who, its pool and its Willpower
    reroll (``policy``, in lower case); ``hurt``: what a hit on it reads of its character's
    state (:func:`damage.hurt_fields`), where an attack keeps the side. Never changed,
    so an attack keeps it for the state its character is in (:meth:`verbs.Declared.side`)
    and rolls it again and again: the dice of one roll and its reroll are the roll's own
    (its caller's)."""

    who: str
    pool: Pool
    policy: str
    hurt: tuple | None = None
    # its record's keys, the side and its pool filled in: each roll fills in a copy (:meth:`as_json`)
    head: dict[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "head", {"name": self.who, "pool": self.pool.record, "regular": None, "hunger": None,
                                          "successes": None, "critical": None, "messy": None, "hunger_ones": None})

    def line(self, rolled: Roll, lang: str) -> str:
        """Its pool and the dice it ``rolled``, in words."""
        said = f"{self.who}: {self.pool.text(lang)}: {rolled.text(lang)} → {L.successes(rolled.successes, lang)}"
        if rolled.critical:
            said += tr(lang, " (parejas de 10: crítico)", " (pairs of 10s: critical)")
        return said

    def as_json(self, rolled: Roll, again: Reroll | None = None) -> dict[str, Any]:
        """Its record with the dice it ``rolled`` (after ``again``, its Willpower reroll, if any):
        the side and its pool, then the roll's record (:meth:`Roll.as_json`, its dice the roll's
        own lists: a roll is recorded once), made whole here,
        not by the roll's in a call of its own (a call a side, two at every attack: icount -0.4%
        of a v5 trial, 4.144M -> 4.127M); a copy of its :attr:`head`, filled in (a dict copied
        whole costs less than one built from a display: icount v5 3.698M -> 3.677M a trial, with
        the Hunger dice of none not sliced, :meth:`Pool.cuts`)."""
        data = self.head.copy()
        data["regular"], data["hunger"] = rolled.regular, rolled.hunger
        data["successes"], data["critical"] = rolled.successes, rolled.critical
        data["messy"], data["hunger_ones"] = rolled.messy, rolled.hunger_ones
        if again is not None:
            data["willpower_reroll"] = {"dice": [i + 1 for i in again.dice], "before": again.before.as_json(),
                                        "spent": again.paid}
        return data


@dataclass(frozen=True)
class Stance:
    """What a verb's parameters say of one side before any die: its pool (``text``)
    and name, the Storyteller's modifier, its Hunger dice, a defence's ``cover``
    against shots (``None``: not shot at), a ``split`` (003-R9) and its Willpower
    reroll (``policy``, in lower case); ``what`` words a refusal."""

    text: Any
    who: str
    modifier: int | None
    hunger: int | None
    policy: str
    cover: str | None = None
    split: int | None = None
    what: str = "pool"

    @classmethod
    def of(cls, p: dict, text: Any, who: str, prefix: str = "", *, cover: str | None = None,
           split: int | None = None) -> Stance:
        """The side's parameters: the actor's, or those that begin with ``prefix`` (``target_``)."""
        return cls(text, who, p.get(f"{prefix}modifier"), p.get(f"{prefix}hunger"),
                   str(p.get(f"{prefix}reroll") or "none").strip().lower(), cover, split,
                   "pool" if not prefix else "the opponent's pool")

    def pool(self, character: Character | None, state: dict[str, Any] | None, options, earlier: int = 0) -> Pool:
        """Its pool in ``state``, one die less for each of ``earlier`` opponents (003-R9)."""
        return pool(character, state, self.text, self.who, options, modifier=self.modifier, hunger=self.hunger,
                    cover=self.cover, earlier=earlier, split=self.split, what=self.what)


def side(work: Work, ctx, character: Character | None, text: Any, who: str, p: dict, prefix: str = "", *,
         cover: str | None = None, earlier: int = 0, split: int | None = None) -> Side:
    """A side from the verb's parameters (:class:`Stance`): its pool and its Willpower reroll."""
    stance = Stance.of(p, text, who, prefix, cover=cover, split=split)
    state = work.seen(character) if character is not None else None
    return Side(who, stance.pool(character, state, ctx.options, earlier), stance.policy)


def pool(character: Character | None, state: dict[str, Any] | None, text: Any, who: str, options, *,
         modifier: int | None, hunger: int | None, cover: str | None, earlier: int, split: int | None,
         what: str) -> Pool:
    """A pool from its traits, the Storyteller's modifier, Impairment (003-R15), a
    defence's own modifiers and a split (003-R9); ``what`` words a refusal. A
    character's is worked out once for each state it is in, as it reads nothing
    else (a fight rolls the same few pools again and again)."""
    made = functools.partial(_pool, character, state, text, who, options, modifier, hunger, cover, earlier, split, what)
    if character is None:
        return made()
    key = ("pool", who, str(text), modifier, hunger, cover, earlier, split, options["impairment"], options["pool_floor"],
           state_values(state))
    return worked_out(character.sheet, key, made)


def _pool(character: Character | None, state: dict[str, Any] | None, text: Any, who: str, options,
          modifier: int | None, hunger: int | None, cover: str | None, earlier: int, split: int | None,
          what: str) -> Pool:
    terms = parts(character, text, what)
    modifiers = [("modifier", MODIFIER, modifier)] if modifier else []
    modifiers += impairment(character, state, sphere(terms), options["impairment"])
    modifiers += [m for m in defence_modifiers(cover, earlier) if m[2]]
    made = Pool(who, terms, dice_for(character, state, hunger), tuple(modifiers), floor=int(options["pool_floor"]),
                split=split)
    if split is not None and not 1 <= split < made.whole:
        raise Refused(Label(f"--split {split} está fuera del rango 1..{made.whole - 1}: al dividir una reserva de "
                            f"{made.whole} dados ha de quedar al menos un dado para cada objetivo (003-R9).",
                            f"--split {split} is out of range 1..{made.whole - 1}: splitting a pool of {made.whole} "
                            "dice leaves at least one die for each target (003-R9)."))
    return made


class Contest:
    """003-R4: both sides of a contest roll at the same time: their dice are read in one
    go, the ``first`` side's, then the ``second``'s (one reading of the dice costs about as
    much as a pool's few dice), named in ``lang``. One side alone rolls its pool
    (:meth:`Pool.roll`). Never changed, so an attack keeps it for the states its sides are
    in (:meth:`verbs.Declared.contest`) and rolls it again and again, with the reasons of
    its dice joined once and where each pool's lie among them found once, as it is first
    rolled into Rolls (a call and a join fewer at every attack: icount v5 3.896M -> 3.874M a
    trial; not found where none is made, a simulation's trials: N=400 2.5983M -> 2.5817M,
    -0.64%, of the contests made). ``settled``: by
    outcome (``win``, ``tie``, ``lose``), what an attack of these sides comes to once
    rolled, where no reroll changed a state, kept by the attack for each margin, its lines
    written or not as the attack's are (:meth:`verbs.Declared.contest`, which keeps a
    contest for each, and :meth:`verbs.Declared.settled`; tables shared with other contests); a
    table of its own for each outcome where none is given."""

    __slots__ = ("first", "second", "whys", "cuts", "second_from", "settled", "worth", "their_worth", "outcomes")

    def __init__(self, first: Side, second: Side, lang: str, settled: dict[str, dict] | None = None) -> None:
        self.first, self.second = first, second
        mine, theirs = first.pool, second.pool
        self.whys = mine.whys[lang] + theirs.whys[lang]
        self.cuts: tuple | None = None  # (found as it is first rolled: :meth:`roll`)
        # where the second side's dice begin among those read: an attack whose dice no one reads but for their
        # successes (no reroll, no line, no record) tallies each side's there, making no Roll (:func:`verbs.attack`)
        self.second_from = mine.size
        self.settled = settled if settled is not None else {"win": {}, "tie": {}, "lose": {}}
        self.worth, self.their_worth, self.outcomes = tallies(mine.size, theirs.size)

    def outcome(self, ours: int, theirs: int) -> tuple[str, int]:
        """What it comes to, its outcome and margin, where the first side's dice tally ``ours``
        and the second's ``theirs`` (:func:`pool.worth`): kept in :attr:`outcomes`, by the tallies,
        for every contest of these pool sizes (:func:`tallies`), which an attack whose dice no one
        reads but for their successes looks up first (:func:`verbs.attack`): this is its miss path."""
        base, their_base = self.second_from + 1, self.second.pool.size + 1
        mine = successes_of(ours % base, ours // base)
        others = successes_of(theirs % their_base, theirs // their_base)
        found = (contest_outcome(mine, others), mine - others)
        row = self.outcomes[ours]
        if type(row) is tuple:  # (none met yet: the table's shared row of None, made a list as one is met)
            if len(row) > ROW_LIMIT:  # (a row of a second pool of 32 dice or more is not laid out: worked out each time)
                return found
            row = self.outcomes[ours] = list(row)
        row[theirs] = found
        return found

    def roll(self, dice) -> tuple[Roll, Roll]:
        """The first side's dice and the second's (slices of the faces read: lists of their own)."""
        faces = dice.roll_many(10, self.whys)
        cuts = self.cuts
        if cuts is None:
            cuts = self.cuts = self.first.pool.cuts(0) + self.second.pool.cuts(self.second_from)
        regular, hunger, their_regular, their_hunger = cuts
        return (Roll(faces[regular], faces[hunger] if hunger else []),
                Roll(faces[their_regular], faces[their_hunger] if their_hunger else []))



# The most tallies of a second pool a row of outcomes is laid out for (pools of 31 dice or fewer): a row of a pool of
# 100 dice would hold 10,201, and a long fight of such pools meets hundreds of first tallies (about 54 MB).
ROW_LIMIT = 32 ** 2


@functools.lru_cache(maxsize=64)  # a fight's few pairs of pool sizes
def tallies(first: int, second: int) -> tuple[tuple[int, ...], tuple[int, ...], list[Sequence[tuple[str, int] | None]]]:
    """For a contest of a pool of ``first`` dice against one of ``second``: what each face adds
    to the tally of each pool's dice (:func:`pool.worth`), and what the two tallies come to
    (outcome and margin) by the first's then the second's, ``None`` until met
    (:meth:`Contest.outcome`), shared by every contest of these sizes. The rows of a first
    tally none met are one tuple of None: a table grows by what it meets, not by the square
    of the tallies (a pool of 100 dice has 10,201)."""
    unmet = (None,) * (second + 1) ** 2
    return worth(first + 1), worth(second + 1), [unmet] * (first + 1) ** 2


def roll(ctx, first: Side, second: Side) -> tuple[Roll, Roll]:
    """003-R4: the dice of a contest between ``first`` and ``second`` (:class:`Contest`)."""
    return Contest(first, second, ctx.lang).roll(ctx.dice)


def willpower(work: Work, ctx, s: Side, character: Character | None, rolled: Roll, needed: int, lines: list[str], *,
              social: bool = False) -> tuple[Roll, Reroll | None]:
    """A Willpower reroll of what side ``s`` (``character``'s) ``rolled``, by its policy, paid
    with one superficial Willpower (003-R14): the dice after it and the reroll (``None``:
    none made, the dice as rolled); its lines added to ``lines``."""
    if s.policy == "none":  # the default: nothing to weigh
        return rolled, None
    lang = ctx.lang
    # auto spends for the player only when the tool rolls (with --dice the table has chosen) and it can pay
    automatic = (s.policy == "auto" and character is not None and not ctx.dice.physical
                 and can_spend_safely(character, work.seen(character)))
    positions = chosen(s.policy, rolled, needed, automatic)
    if not positions:
        return rolled, None
    paid, more = None, []
    if character is not None:
        paid, more = spend(character, work.state(character), 1, "willpower", lang, social=social,
                           explain=ctx.explain)
    again = Reroll(rolled, positions, paid, reroll(ctx.dice, rolled, positions, s.who, lang))
    if ctx.explain:
        dice = ", ".join(str(i + 1) for i in positions)
        head = tr(lang, f"{s.who} repite con Fuerza de Voluntad los dados {dice}: {rolled.text(lang)}",
                  f"{s.who} rerolls dice {dice} with Willpower: {rolled.text(lang)}")
        if character is None:
            head += tr(lang, " (cuesta 1 de Fuerza de Voluntad superficial)", " (it costs 1 superficial Willpower)")
        lines += [head] + more
    return again.after, again


def hints(s: Side, rolled: Roll, again: Reroll | None, needed: int, lang: str) -> list[str]:
    """On a roll that fell short with no reroll (``again``), say whether a Willpower reroll could have saved it."""
    if again is not None or s.policy not in ("none", "auto"):
        return []
    if chosen("failures", rolled, needed, True):
        return [tr(lang, "Repetir hasta 3 dados fallados con Fuerza de Voluntad podría cambiarlo: --reroll failures",
                   "A Willpower reroll of up to 3 failed dice could change this: --reroll failures")]
    return []


@dataclass(frozen=True)
class Hit:
    """Damage one side deals the other before its type and halving; what it deals, its
    key and its record worked out once, as a Hit never changes (attributes of its own,
    not cached properties: one writes its value into the instance's dict, whose every
    attribute is then read by the slower, general look-up, at every hit dealt: icount v5
    3.917M -> 3.896M a trial)."""

    by: str  # attacker or defender
    margin: int
    weapon: int
    audience: int
    least: int = 0  # a hit against a fixed difficulty deals at least 1
    dealt: int = field(init=False, repr=False, compare=False)
    # its fields, as a key of what it does to a state, read at every hit dealt (a dataclass's own hash is
    # worked out in Python at every look-up)
    key: tuple = field(init=False, repr=False, compare=False)
    _json: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        dealt = max(self.least, amount(self.margin, self.weapon, self.audience))
        object.__setattr__(self, "dealt", dealt)
        object.__setattr__(self, "key", (self.by, self.margin, self.weapon, self.audience, self.least))
        object.__setattr__(self, "_json", {"by": self.by, "margin": self.margin, "weapon": self.weapon,
                                           "audience": self.audience, "damage": dealt})

    def as_json(self) -> dict:
        """Made once; shared: not to be changed in place."""
        return self._json


@functools.lru_cache(maxsize=1024)  # a fight deals the same few margins again and again
def contest_hits(outcome: str, margin: int, *, two_sided: bool, dodge: bool, weapon: int, target_weapon: int,
                 audience: int, tie_weapon: bool) -> tuple[Hit, ...]:
    """Who hurts whom after a contest (003-R4, R5, R8, R11; the rulings GAP-7/8):
    the winner deals its margin plus its weapon; in a one-sided conflict only the
    attacker can, so a one-sided tie deals nothing; a two-sided tie deals each side
    margin 1 (plus the weapon, by ``tie_weapon``); a dodging defender deals nothing."""
    if outcome == "win":
        return (Hit("attacker", margin, weapon, audience),)
    if not two_sided or dodge:
        return ()
    if outcome == "lose":
        return (Hit("defender", -margin, target_weapon, audience),)
    return (Hit("attacker", 1, weapon if tie_weapon else 0, audience),
            Hit("defender", 1, target_weapon if tie_weapon else 0, audience))


def hit_against(successes: int, difficulty: int, weapon: int, audience: int) -> Hit | None:
    """003-R6, the rulings (GAP-6): against a fixed difficulty the margin is
    successes − difficulty, and a hit deals at least 1."""
    if successes < difficulty:
        return None
    return Hit("attacker", successes - difficulty, weapon, audience, least=1)
