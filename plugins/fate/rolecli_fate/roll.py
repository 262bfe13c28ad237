"""4dF plus a skill rating and its modifiers: the effort (000-R1, the rulings)."""

from __future__ import annotations

import functools
import operator
from typing import Any, Callable, Hashable

from rolecli.contract import Action, Character, Label, Refused, keep_at_most, worked_out

from . import ladder
from .aspects import invoke
from .minions import acting_size, group_bonus, sizing_groups
from .state import ROSTER, Work, skill_of, work_on
from .system import OPP_MODS
from .words import REROLL, REROLLED

FACE = {1: "+", 0: "0", -1: "−"}
_VALUE = operator.itemgetter(1)  # a modifier's value, of its (name, value)

SECONDARY = ("complement", "restrict", "modify")  # the skills combined with the primary (000-R21)
COMBINING = SECONDARY + ("extended",)  # (an extended conflict's Resistencia restricts)
# The other parameters a side's modifiers are read from (:func:`modifiers`), in its order.
MODIFYING = ("modifier", "supplemental", "move", "border", "carry", "rearm", "full_defence", "companion", "spin")

# The modifiers' names, as a side's data and lines give them.
MODIFIER = Label("modificador", "modifier")
COMBINED = Label("habilidades combinadas", "combined skills")
SUPPLEMENTAL = Label("acción suplementaria", "supplemental action")
MOVEMENT = Label("movimiento", "movement")
REARM = Label("recoger el arma", "picking up the weapon")
FULL_DEFENCE = Label("defensa total", "full defence")
COMPANION = Label("compañero", "companion")
SPIN = Label("giro", "spin")
GROUP_SIZE = Label("tamaño del grupo", "group size")


def four_df(ctx, whys: tuple[str, ...]) -> list[int]:
    """4dF for each of ``whys``, one after the other, in one read of the dice (a
    contest's two sides roll at once). (Given as a tuple, not as ``*whys``: Python 3.11
    specializes no call of a function with a ``*`` parameter.)"""
    return ctx.dice.fudge_many(dice_reasons(whys))


def dice_reasons(whys: tuple[str, ...]) -> tuple[str, ...]:
    """Why each of the four dice of each roll of :func:`four_df` is read (:func:`_reasons`), as kept."""
    reasons = _REASONS.get(whys)
    if reasons is None:
        reasons = keep_at_most(_REASONS, whys, _reasons(whys), _REASONS_LIMIT)
    return reasons


def _reasons(whys: tuple[str, ...]) -> tuple[str, ...]:
    """Why each of the four dice of each roll is read: ``Tomás 1/4``..."""
    return tuple(f"{why} {i + 1}/4" for why in whys for i in range(4))


# The reasons of the dice of each roll (:func:`_reasons`) by the rolls' reasons: a side's dice are
# named the same at every roll (a table, not an lru_cache, whose call at every roll costs more:
# icount, a fate trial 3.5162M -> 3.5079M, -0.24%).
_REASONS: dict[tuple[str, ...], tuple[str, ...]] = {}
_REASONS_LIMIT = 1024


def dice_text(dice: list[int]) -> str:
    return f"4dF [{' '.join(FACE[d] for d in dice)}] = {ladder.signed(sum(dice))}"


def rating(who: Character | None, text: Any, what: str) -> tuple[str, int]:
    """(name, value) of a rating typed as a number or ``Trait`` / ``Trait+Trait``;
    a character's is read once per sheet."""
    t = str(text).strip()

    def read() -> tuple[str, int]:
        if ladder.is_number(t):
            return "", int(t.replace("−", "-"))
        if who is None:
            if ladder.fold(t) in ladder._BY_NAME:
                return "", ladder._BY_NAME[ladder.fold(t)]
            raise Refused(Label(f"{what} {t!r} nombra un rasgo, pero una tirada rápida no tiene personaje: da un número "
                                f"({ladder.MIN}..{ladder.MAX}) o un adjetivo de la escalera.",
                                f"{what} {t!r} names a trait, but a quick roll has no character: give a number "
                                f"({ladder.MIN}..{ladder.MAX}) or a ladder adjective."))
        parts = who.rating(t)
        return "+".join(n or str(v) for n, v in parts), sum(v for _, v in parts)
    return read() if who is None else worked_out(who.sheet, ("rating", t), read)


def _on_ladder(found: tuple[str, int], what: str) -> tuple[str, int]:
    """A side's base rating (:func:`rating`), refused off the ladder."""
    value = found[1]
    if not ladder.MIN <= value <= ladder.MAX:
        raise Refused(Label(f"{what} = {value} está fuera del rango {ladder.MIN}..{ladder.MAX} "
                            "(las habilidades van de Terrible −2 a Legendario +8).",
                            f"{what} = {value} is out of range {ladder.MIN}..{ladder.MAX} "
                            "(skills run Terrible −2 … Legendario +8)."))
    return found


# What a side is made of (:func:`_make_up`): its skill's name and rating, its modifiers (each named,
# in order), their sum, the effort they make before the dice, and its data but for the dice
# (:func:`side_data`: a table never changed, each roll's data a copy of it, its modifiers by name
# copied too, which costs less than a table made at every roll: icount, a fate trial 3.4293M ->
# 3.4117M, -0.51%, for the modifiers; 3.2946M -> 3.2649M, -0.90%, for the whole data); then the
# Fate points its aspects cost and what they tell (0 and ``()`` for most: :func:`_invoking`).
MadeUp = tuple[str, int, tuple[tuple[str, int], ...], int, int, dict[str, int], int, list[str] | tuple[str, ...]]


def side_data(name: str, skill: int, mods: tuple[tuple[str, int], ...], modifier: int) -> dict[str, Any]:
    """A side's data (:attr:`Side.data`) but for its dice, which each roll sets (``None`` until then)."""
    data = {"skill": skill, "modifiers": dict(mods), "modifier": modifier, "dice": None, "dice_total": None,
            "effort": None}
    if name:
        data["skill_name"] = name
    return data


class Side:
    """One side's roll: base skill, modifiers, dice and effort. The modifiers are
    all known when the side is made (:func:`make_side`), so they are kept as a
    tuple and their sum is counted then, once; the effort is counted as it is
    rolled (:func:`side`), and read many times; a roll again is a side of its own.
    What the side is made of (``made``) is kept as it was worked out, one tuple
    shared by every side made up the same (never changed), and read by name
    (:attr:`skill_name`, :attr:`skill`, :attr:`mods`, :attr:`modifier`, :attr:`fp_spent`,
    :attr:`notes`) by the few who ask: a roll reads only its sum, and its data (made when a
    verb asks for it) all of it at once."""

    __slots__ = ("made", "rolled", "at", "effort", "first_dice")
    made: MadeUp
    first_dice: list[int] | None
    rolled: list[int]  # the dice of the roll its own are among, from ``at`` (:attr:`dice`)
    at: int
    effort: int  # (set as it is rolled)
    # (made by :func:`side`, with no ``__init__`` of Python's: Python 3.11 calls one through C, a
    # frame of its own, at every class call; two sides an exchange: icount, a fate trial 3.3277M -> 3.3120M, -0.47%)

    @property
    def skill_name(self) -> str:
        """Its skill's name (``""``: a rating typed as a number)."""
        return self.made[0]

    @property
    def skill(self) -> int:
        """Its skill's rating."""
        return self.made[1]

    @property
    def mods(self) -> tuple[tuple[str, int], ...]:
        """Its modifiers, each named."""
        return self.made[2]

    @property
    def modifier(self) -> int:
        """The sum of its modifiers."""
        return self.made[3]

    @property
    def fp_spent(self) -> int:
        """The Fate points its aspects cost, and its rerolls."""
        return self.made[6]

    @property
    def notes(self) -> list[str] | tuple[str, ...]:
        """What its aspects and its rerolls tell."""
        return self.made[7]

    @property
    def dice(self) -> list[int]:
        """Its four dice (4dF), as it was rolled (:func:`side`): a list of its own."""
        at = self.at
        return self.rolled[at:at + 4]

    @property
    def data(self) -> dict[str, Any]:
        """The side's record as it was rolled (:func:`side`): its skill, modifiers, dice and
        effort, and, rerolled, its first dice and the Fate points it spent (a reroll tells them
        before it rolls again). Made when a verb asks for it, a new table at each read, not at every
        roll: an attack that no one records asks for none (``Context.record``; icount, a fate
        trial 3.092M -> 2.980M, -3.6%)."""
        made, dice = self.made, self.dice
        data = made[5].copy()  # (its keys in their order, the dice's to be set: MadeUp)
        data["modifiers"] = data["modifiers"].copy()  # (each roll's own)
        data["dice"] = dice
        data["dice_total"] = dice[0] + dice[1] + dice[2] + dice[3]
        data["effort"] = self.effort
        if made[7]:  # (a side rerolled or paying for an aspect tells it: most have none, asked once)
            if self.first_dice is not None:
                data["first_dice"] = self.first_dice
            if made[6]:
                data["fate_points_spent"] = made[6]
        return data

    def reroll(self, ctx, why: str, paid: int, line: str, lang: str) -> Side:
        """This side rolled again, by invoking an aspect (``paid`` Fate points, told by
        ``line``): the first dice are told too."""
        made = self.made
        again = (made[0], made[1], made[2], made[3], made[4], made[5], made[6] + paid, [*made[7], line + REROLL(lang)])
        dice = four_df(ctx, (f"{why} {REROLLED(lang)}",))
        return side(again, dice, efforts(again, None, dice)[0], 0, self.dice)

    def text(self, lang: str) -> str:
        return side_text(self.made, lang)


def side_text(made: MadeUp, lang: str) -> str:
    """A side made up as ``made``, in words: its skill and its modifiers."""
    name, skill, mods = made[0], made[1], made[2]
    label = name or (Label("habilidad", "skill")(lang))
    parts = [f"{label} {ladder.describe(skill, lang)}"]
    parts += [f"{m} {ladder.signed(v)}" for m, v in mods]
    return ", ".join(parts)


def side(made: MadeUp, dice: list[int], effort: int, at: int = 0, first_dice: list[int] | None = None) -> Side:
    """A :class:`Side` made up as ``made`` (:data:`MadeUp`, as :func:`make_side` works it
    out), rolled: its 4dF the four of ``dice`` from ``at`` (a contest's two sides take theirs
    from one roll, with no list made for each, which only a record or a line reads: icount, a
    fate trial 2.9061M -> 2.8971M, -0.31%, twice), its ``effort`` counted with them (:func:`efforts`).
    ``first_dice``: those of its first roll, where it rolls again. (Made as it
    is rolled, not made and then given its dice: a call fewer a side, icount, a fate trial
    2.7294M -> 2.7084M, -0.77%.)"""
    rolled = Side()
    rolled.made = made
    rolled.rolled = dice
    rolled.at = at
    rolled.effort = effort
    rolled.first_dice = first_dice
    return rolled


def efforts(acting: MadeUp, opposing: MadeUp | None, dice: list[int]) -> tuple[int, int | None]:
    """A roll's efforts (000-R1), each side's skill and modifiers, counted when it was made up, and its
    4dF: the side made up as ``acting`` rolling the first four of ``dice``, and in a contest the one made
    up as ``opposing`` the four after (``None``: a side rolling alone, which gives ``None`` for it). (Added
    by hand: a call of sum costs more, icount -0.36%; a contest's two in one call, not a call a side:
    icount, a fate trial N=400 2.2826M -> 2.2718M, -0.47%)"""
    effort = acting[4] + dice[0] + dice[1] + dice[2] + dice[3]
    return effort, None if opposing is None else opposing[4] + dice[4] + dice[5] + dice[6] + dice[7]


def combine(primary: int, complement: list[int], restrict: list[int], modify: list[int], mode: str) -> int:
    """Combining skills (000-R21, GAP-19 ruled): any complementing/modifying skill
    above the primary gives +1, any restricting/modifying one below gives −1;
    both may cancel. ``mode="literal"``: two or more secondaries give nothing."""
    if mode == "literal" and len(complement) + len(restrict) + len(modify) > 1:
        return 0
    up = any(s > primary for s in complement + modify)
    down = any(s < primary for s in restrict + modify)
    return int(up) - int(down)


# What an opposing side may be given, as a side names it: the verbs' OPP_MODS without their ``target_``.
OPPOSING = tuple(param.name.removeprefix("target_") for param in OPP_MODS)


class Reads:
    """The parameters a side reads (:func:`make_side`), each named in ``as_side`` as
    the side names it and in ``names`` as the action gives it (``given``: the action's
    name of each the side reads, by the side's), the aspects it invokes last (``invoking``,
    as the action names them); ``group``: whether the size of its group is among them."""

    __slots__ = ("names", "as_side", "group", "every", "invoking")

    def __init__(self, given: dict[str, str], group: bool):
        self.as_side = tuple(name for name in given if name != "invoke") + ("invoke",)
        self.names = tuple(given[name] for name in self.as_side)
        self.invoking = self.names[-1]
        self.group = group
        # Their values in a ``p`` that has every one (the core gives a verb every parameter
        # it declares), at once: a function of C, called with no frame of its own at every side.
        self.every = operator.itemgetter(*self.names)  # (of several names: it gives a tuple)

    def of(self, p: dict) -> tuple:
        """Their values in ``p``, where some may be left out (a direct call's)."""
        return tuple(map(p.get, self.names))

    def given(self, p: dict) -> tuple:
        """Their values in ``p``, as :meth:`of` gives them; none of them given: ``()``."""
        try:
            given = self.every(p)
        except KeyError:  # a direct call's, some left out
            given = self.of(p)
        return given if any(given) else ()  # (most sides are given none of them: the key is short, and read as such)


# The acting side reads its skills combined, its modifiers and the aspects it invokes by
# their own names (ACTING), but for its full defence where its target rolls a defence (DEFENDED:
# the verbs of OPP_MODS, whose ``full_defence`` is the target's); the opposing side only OPP_MODS,
# which the action gives as declared (``target_modifier`` is its ``modifier``). (Read so, not
# renamed in every such verb's parameters: icount, a fate trial N=400 2.3069M -> 2.2826M, -1.05%)
ACTING = Reads({name: name for name in COMBINING + MODIFYING + ("invoke",)}, group=True)
DEFENDED = Reads({name: name for name in COMBINING + MODIFYING + ("invoke",) if name != "full_defence"}, group=True)
OPPOSED = Reads({side: param.name for side, param in zip(OPPOSING, OPP_MODS)}, group=False)


def make_side(work: Work, who: Character | None, skill_text: Any, p: dict, lang: str,
              what: str = "skill", target: Character | None = None, reads: Reads = ACTING,
              plan: Hashable | None = None) -> MadeUp:
    """What one side is made of (:data:`MadeUp`: it is rolled by :func:`side`), from its
    parameters in ``p`` as ``reads`` finds them (the acting
    side's, :data:`ACTING` or, its target rolling a defence, :data:`DEFENDED`; the opposing side's,
    :data:`OPPOSED`). What it is made
    of but for the aspects it invokes (its skill, its modifiers) is worked out once
    per sheet for the same parameters and group size (:func:`_make_up`): every
    side of a fight is made again and again as the last one was. The parameters are
    keyed by ``plan`` where the action has one (:attr:`~rolecli.contract.Action.plan`,
    an encounter's, while ``p`` is as the core gave it: ``verbs``), else by their values."""
    size = acting_size(work, who, reads.group and p.get("group"))  # (the group typed, where it reads one)
    mode = work.ctx.options["combine"]
    # (``what`` names the side in a refusal alone, which is never kept: not part of the key)
    if who is None:
        made_up = _make_up(who, what, skill_text, reads, p, size, lang, mode)
    else:
        # (by the plan, none of the parameters' values read and hashed at every side: icount -1.3% a fate trial)
        made = (plan, skill_text, reads, size, lang, mode) if plan is not None \
            else (skill_text, reads, reads.given(p), size, lang, mode)  # (a list given: not kept)
        made_up = worked_out(who.sheet, made, _make_up, who, what, skill_text, reads, p, size, lang, mode)
    invoked = p.get(reads.invoking)  # the aspects it invokes
    return _invoking(work, who, target, made_up, invoked, lang) if invoked else made_up  # (most invoke none)


def named(action: Action, lang: str) -> tuple[str, str]:
    """Who acts and who opposes in a contest, as its lines and its dice name them."""
    actor, target = action.actor, action.target
    return (actor.name if actor else Label("Acción", "Actor")(lang),
            target.name if target else Label("Oposición", "Opposition")(lang))


def roll_contest(action: Action, ctx, p: dict, work: Work | None, opp_key: str, blk: int | None = None,
                 reroll: Any = None, sides: bool = True
                 ) -> tuple[Side | None, Side | None, int, int, list[str], Work | None]:
    """A contest's two sides rolled (000-R6: the higher beats a difficulty equal to the lower, which
    its verb reads), the acting side's and the opposing side's (:func:`make_side` each: the opposing
    side rolls the parameter ``opp_key`` of ``p``, else 0: :func:`_opposition`); the acting side's
    effort and the effort it faces, of an attack on a protected defender max(defence, ``blk``, the
    block's strength) (000-R18, a block that protects); the lines of a tie rolled again; and the
    action's Work. ``work``: the action's, or ``None``: made here where the contest needs one, given
    back (``None`` where it needed none: a contest kept for its very characters, the roster's own, which
    an attack that misses sets nothing after; icount, a fate trial N=400 2.0755M -> 2.0546M, -1.0%; and
    a Work over the roster alone, ``work_on(ctx)``, reads them as one given them would, with no look
    for them there again: 2.0546M -> 2.0465M, -0.39%).
    ``reroll``: the aspect the actor invokes to reroll a roll that does not win. ``sides``: whether
    the verb reads the sides (:class:`Side`), else ``None`` for each where it reads only their efforts
    and none rerolls (an attack no one reads the lines or the data of: icount, a fate trial N=400
    2.5753M -> 2.5323M, -1.67%). (Made up and rolled in one function: a frame fewer a contest,
    icount, a fate trial 2.7084M -> 2.6908M, -0.65%.)

    Where the action has a plan, what both sides are made of is kept together (:data:`_CONTESTS`), for
    both characters and the minions standing of the roster's groups, which make both group
    sizes (:func:`~rolecli_fate.minions.acting_size`): a contest is one look-up, not two (icount -0.4% a
    fate trial; in a table of its own, not :func:`~rolecli.contract.worked_out`'s by the
    actor's sheet, whose call at every contest costs more: 3.5387M -> 3.5240M, -0.42%),
    which tells too whether either side invokes aspects (parameters the plan stands
    for): most invoke none, and no parameter is read then; and why each of the
    contest's eight dice is read (:func:`dice_reasons`, the actor's and the target's
    names; ``None`` where nothing is kept: no plan, or a side with no character). Who acts and who
    opposes are named where a die reads them (:func:`named`: an attack no one reads the lines of, with
    its dice's reasons kept, reads none; icount, a fate trial 2.8971M -> 2.8887M, -0.29%, twice)."""
    lang = ctx.lang
    actor, target = action.actor, action.target
    plan = action.plan
    if plan is None or actor is None or target is None:
        if work is None:
            work = work_on(ctx, actor, target)
        acting = make_side(work, actor, p["skill"], p, lang, "skill", target, DEFENDED, plan)
        opposing = make_side(work, target, _opposition(p, opp_key), p, lang, opp_key, actor, OPPOSED, plan)
        reasons = None
    else:
        if work is None and ROSTER[3] is not ctx:  # (a Context's first: its Work compares the roster, state.ROSTER)
            work = work_on(ctx, actor, target)
        # (the roster's: the same table in every trial of a simulation; with no Work, as work_on found them for this
        # Context, which a kept contest was made among for its very characters, found[3:5])
        groups = ROSTER[2] if work is None else work.groups_found or work.groups()
        mode = ctx.options["combine"]
        found = _CONTESTS.get(plan)
        if (found is None or found[0] is not groups or found[3] is not actor or found[4] is not target
                or found[5] != lang or found[6] != mode
                or "cantidad" in actor.state or "cantidad" in target.state):  # (one whose state says how many: asked)
            if work is None:
                work = work_on(ctx, actor, target)
                groups = work.groups_found or work.groups()  # (of characters given in the roster's place: another)
            found = (groups, sizing_groups(work), {}, actor, target, lang, mode)
        # Both sides' group sizes are a function of the groups' minions standing, asked of them alone, not of
        # each side's group (icount, a fate trial 2.9673M -> 2.9105M, -1.9%); kept by the two fields minions.standing
        # reads of their states (their sheets the entry's), not by their standing worked out at every contest (icount,
        # a fate trial N=400 2.2718M -> 2.2512M, -0.91%). The action's own changes to them (Work.states): not kept.
        read: tuple | None = None
        made = None
        if work is None or not work.states:
            read = ()
            for grp in found[1]:  # (a group or two: a loop, for which a comprehension's call costs more)
                state = grp.state
                read += (state.get("cantidad"), state.get("sicarios_fuera"))
            made = found[2].get(read)
        if made is None:
            if work is None:
                work = work_on(ctx, actor, target)
            # (the acting side reads the group typed, DEFENDED; the opposing side is given no group size, OPPOSED reads
            # none: its character's)
            made = _made_up_both(actor, target, p, opp_key, acting_size(work, actor, p.get("group")),
                                 acting_size(work, target), lang, mode)
            if read is not None:
                sized = found[2] if len(found[2]) < _SIZED_LIMIT else {}
                keep_at_most(_CONTESTS, plan, (groups, found[1], {**sized, read: made}, actor, target, lang, mode),
                             _CONTESTS_LIMIT)
        # (neither read at every contest, nor what the opposing side rolls: icount, a fate trial 3.7538M -> 3.7224M, -0.8%)
        acting, opposing, invoking, reasons = made
        if invoking:
            if work is None:
                work = work_on(ctx, actor, target)
            invoked, opposed = p.get(DEFENDED.invoking), p.get(OPPOSED.invoking)
            if invoked:
                acting = _invoking(work, actor, target, acting, invoked, lang)
            if opposed:
                opposing = _invoking(work, target, actor, opposing, opposed, lang)
    first = None  # (the acting side's first dice, where it rolled again by an aspect)
    lines: list[str] = []
    rerolls = 0
    while True:
        # Both sides roll at once, the actor's dice first (as two rolls read them); a
        # reroll is the contest's own, below (roll_side's knows only its own side).
        # (why each die is read kept with the sides where they are: no look-up at every contest: icount, a fate
        # trial 3.3164M -> 3.2946M, -0.66%)
        dice = four_df(ctx, named(action, lang)) if reasons is None else ctx.dice.fudge_many(reasons)
        effort, de = efforts(acting, opposing, dice)
        if sides or reroll:
            a = side(acting, dice, effort, 0, first)  # (each side's four, the actor's first)
            d = side(opposing, dice, de, 4)
        else:
            a = d = None
        if blk is not None:
            de = max(de, blk)
        if reroll and effort <= de:
            if work is None:
                work = work_on(ctx, actor, target)
            a = a.reroll(ctx, named(action, lang)[0], *invoke(work, actor, reroll, [c for c in (actor, target) if c is not None],
                                                            lang), lang)
            effort, acting, first = a.effort, a.made, a.first_dice  # (what it paid and told, and its first dice, kept at a tie's roll again)
        if effort == de and ctx.options["contest_tie"] == "reroll" and rerolls < 10:  # (asked at a tie alone)
            rerolls += 1
            lines.append(Label(f"Empate {effort} a {de}: se repite la tirada (contest_tie = reroll)",
                               f"Tie {effort} to {de}: roll again (contest_tie = reroll)")(lang))
            continue
        break
    return a, d, effort, de, lines, work


def _opposition(p: dict, opp_key: str) -> Any:
    """What the opposing side of a contest rolls: the parameter ``opp_key`` of ``p``, else 0."""
    opposition = p.get(opp_key)
    return opposition if opposition not in (None, "") else 0


# What both sides of a contest are made of (:func:`roll_contest`), by the plan, with the roster's groups
# (:meth:`Work.groups`) it was made among and those of them whose minions standing size a side
# (:func:`~rolecli_fate.minions.sizing_groups`), and by what their standing reads (at most _SIZED_LIMIT),
# what :func:`_made_up_both` makes; then the very characters it was made for, the language and the combine
# option, compared, not hashed with the plan into a key at every contest: an encounter's plan names its
# target and is its actor's call, and another pair given the same plan makes its own anew (icount, a fate trial
# N=1000 1.8255M -> 1.8134M, -0.66%). Its groups the table found for the very characters it was made for:
# their sheets are those it was made from, for a character in another campaign or given another sheet is
# another character, whose table is another; not compared at every contest: icount, a fate trial N=400 2.2337M ->
# 2.2258M, -0.35%, twice)
_CONTESTS: dict[Hashable, tuple] = {}
_CONTESTS_LIMIT = 1024
_SIZED_LIMIT = 64


def _made_up_both(actor: Character, target: Character, p: dict, opp_key: str, size: int, opposed_size: int,
                  lang: str, mode: str) -> tuple:
    """What the acting and the opposing side of :func:`roll_contest` are made of, whether
    either invokes aspects, and why each of their dice is read."""
    return (_make_up(actor, "skill", p["skill"], DEFENDED, p, size, lang, mode),
            _make_up(target, opp_key, _opposition(p, opp_key), OPPOSED, p, opposed_size, lang, mode),
            bool(p.get(DEFENDED.invoking) or p.get(OPPOSED.invoking)), dice_reasons((actor.name, target.name)))


def _invoking(work: Work, who: Character | None, target: Character | None,
              made_up: MadeUp, invoked, lang: str) -> MadeUp:
    """A side made up as ``made_up`` (:func:`_make_up`) invoking the aspects ``invoked``: +2 each."""
    name, value, mods, modifier = made_up[:4]
    spent, notes = 0, []
    for aspect in invoked:
        paid, line = invoke(work, who, aspect, [c for c in (who, target) if c is not None], lang)
        spent += paid
        notes.append(line)
    mods += tuple((f"«{aspect}»", 2) for aspect in invoked)
    modifier += 2 * len(invoked)
    return name, value, mods, modifier, value + modifier, side_data(name, value, mods, modifier), spent, notes


def _make_up(who: Character | None, what: str, skill_text: Any, reads: Reads, p: dict, size: int, lang: str,
             mode: str) -> MadeUp:
    """What a side of ``who`` is made of (:data:`MadeUp`), made as
    :func:`make_side` keys it: rolling ``skill_text`` with the parameters of ``p`` that ``reads``
    reads, acting as a group of ``size``; ``mode``: the combine option. ``what``: the side, as a
    refusal names it."""
    name, value = _on_ladder(rating(who, skill_text, what), what)
    g = dict(zip(reads.as_side, reads.given(p))).get
    combined = 0
    if any(map(g, COMBINING)):
        secondary = map(g, SECONDARY)  # the skills named for each kind, if any
        complement, restrict, modify = ([rating(who, s, kind)[1] for s in skills or ()]
                                        for kind, skills in zip(SECONDARY, secondary))
        if g("extended"):
            restrict.append(skill_of(who, "Resistencia"))
        combined = combine(value, complement, restrict, modify, mode)
    mods = modifiers(lang, combined, size, *map(g, MODIFYING))
    modifier = sum(map(_VALUE, mods))
    return name, value, mods, modifier, value + modifier, side_data(name, value, mods, modifier), 0, ()


@functools.lru_cache(maxsize=1024)  # a fight's sides roll with the same few modifiers again and again
def modifiers(lang: str, combined: int, size: int, modifier, supplemental, move, border, carry, rearm, full_defence,
              companion, spin) -> tuple[tuple[str, int], ...]:
    """A side's modifiers but for the aspects it invokes, as its parameters give
    them (``combined``: of its combined skills, :func:`combine`; ``size``: of the
    group it acts as), each named; none of them 0: a side names only what moves
    its effort."""
    mods: list[tuple[str, int]] = []
    modifier = int(modifier or 0)
    if modifier:
        mods.append((MODIFIER(lang), modifier))
    if combined:
        mods.append((COMBINED(lang), combined))
    supplemental = int(supplemental or 0)
    if supplemental:
        mods.append((SUPPLEMENTAL(lang), -supplemental))
    move = int(move or 0)
    if move:
        if move > 1:
            raise Refused(Label("moverse más de 1 zona exige una carrera (Atletismo) como acción primaria: "
                                "usa el verbo sprint.",
                                "moving more than 1 zone needs a sprint (Atletismo) as the primary action: "
                                "use the sprint verb."))
        mods.append((MOVEMENT(lang), -(1 + int(border or 0) + int(carry or 0))))
    rearm = int(rearm or 0)
    if rearm:
        mods.append((REARM(lang), -(1 + rearm)))
    if full_defence:
        mods.append((FULL_DEFENCE(lang), 2))
    if companion:
        mods.append((COMPANION(lang), 1))
    spin = int(spin or 0)
    if spin:
        mods.append((SPIN(lang), spin))
    if size > 1:
        mods.append((f"{GROUP_SIZE(lang)} {size}", group_bonus(size)))
    return tuple(mods)


def roll_side(ctx, work: Work, made: MadeUp, who: Character | None, p: dict, lang: str, why: str,
              *, failed: Callable[[Side], bool] | None = None, target: Character | None = None) -> Side:
    """The side made up as ``made`` (:func:`make_side`), rolled (4dF); rolled again once by
    invoking its ``reroll`` (``p``: the side's parameters, as :func:`make_side` reads them) if ``failed``."""
    dice = four_df(ctx, (why,))
    rolled = side(made, dice, efforts(made, None, dice)[0])
    aspect = p.get("reroll") or ""
    if aspect and failed is not None and failed(rolled):
        rolled = rolled.reroll(ctx, why, *invoke(work, who, aspect, [c for c in (who, target) if c is not None], lang),
                               lang)
    return rolled


def before_dice(made: MadeUp) -> int:
    """The effort of a side made up as ``made`` before its dice: its skill and its modifiers."""
    return made[4]
