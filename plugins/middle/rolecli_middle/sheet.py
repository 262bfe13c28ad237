"""The characters an action touches: their sheets (and the weapons they name), the
values a quick roll gives instead, and the state the action leaves them in (hooks never change a
:class:`~rolecli.contract.Character` in place; the new states go back to the
core as ``Outcome.changes``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Collection, Mapping, Sequence

from rolecli.contract import Character, Label, Outcome, Refused, keep_at_most
from rolecli.names import fold

from . import capability as C
from . import ld as LD
from .capability import Capability
from .states import ORDER
from .template import DEFAULTS, STATE_FIELDS
from .words import KINDS, SIZES, TEMPERAMENTS, L, both, tr


def values(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet's values over the template's defaults (a fighter works them out
    once for the sheet)."""
    return {**DEFAULTS, **{k: v for k, v in sheet.items() if v is not None}}


# What most fighters are given: nothing (a campaign's verbs, every call of a simulation). One, read-only,
# not an empty table made for each of the sixty fighters of a trial (icount 5.5106M -> 5.5070M a middle trial).
NOTHING_GIVEN: Mapping[str, Any] = MappingProxyType({})

# Most fighters hold no battle state: one empty set for them all (a fighter is
# made for each character an action reads, several at every exchange of a simulation).
NO_STATES: frozenset[str] = frozenset()

# An object of a class of this module's, its fields set by whoever makes it (a sheet's first fighter, a scene):
# a name of the module's, not ``object.__new__`` read at every call.
_NEW = object.__new__


# A campaign's state holds every state field (the core starts each with all of them, a change of middle's never drops
# one): a state of exactly their number is read as it stands, not laid over the sheet's starting values (a merge compares
# each of its keys, read from JSON and so not the plugin's own texts, by its characters: +4.3% a middle trial where every
# fighter merged).
FULL = len(STATE_FIELDS)


class Standing:
    """A sheet's values, and its character's state as it was read last: ``values``, the
    sheet's fields over the template's defaults, which every fighter of the sheet reads as they are
    (:attr:`Fighter.sheet`); ``table``, the state's fields, over the sheet's starting values
    (``state_values``: its values of state fields, else the template's) where the state leaves
    one out; and the battle states held (:meth:`lay`, where a morale check reads a member with no
    fighter made: :func:`laid_for`). ``spare`` is a fighter of its sheet that an action is done with
    (:meth:`Scene.outcome`): the next action reading the sheet takes it rather
    than making another, as it is if it was left untouched on the state
    it is taken for, else laid again (:meth:`Scene.fighter`)."""

    __slots__ = ("sheet", "values", "state_values", "state", "table", "held", "capabilities", "lds", "spare",
                 "weapon")

    def __init__(self, sheet: Mapping[str, Any]):
        self.sheet = sheet  # (held, so its id is never another's while it is kept: :func:`standing_of`)
        read = values(sheet)
        self.values = {key: value for key, value in read.items() if key not in STATE_FIELDS}
        self.state_values = {key: read[key] for key in STATE_FIELDS}  # (what a state that leaves a field out holds)
        self.capabilities = C.known_of(sheet)  # (held here: a fighter asks its sheet's at every LD)
        self.lds: dict = {}  # the LDs its character threw, made once (:func:`~.ld.made`)
        self.state: dict[str, Any] | None = None  # held, so its id is never another's while it is kept
        self.spare: Fighter | None = None
        self.weapon = weapon_of(self.values)  # (read from its words once: Fighter.weapon)

    def lay(self, state: dict[str, Any]) -> None:
        """Its character's ``state`` as the latest: a state of every state field is its own table, read only; one
        that leaves some out is laid over the sheet's starting values. (No tables of the states laid lately kept by
        their ids: a state of every field read as it stands costs less than finding one kept, and a fighter copies
        its state itself, :meth:`Scene.fighter`; icount N=400 3.7624M -> 3.6174M a middle trial, -3.9%)"""
        self.state = state
        self.table = table = state if len(state) == FULL else {**self.state_values, **state}
        held = table["estados"]
        self.held = frozenset(held) if held else NO_STATES


def able(now: Mapping[str, Any], held: Collection[str]) -> bool:
    """Neither dead, unconscious nor surrendered, by a character's state fields ``now`` and battle states
    ``held``: a fighter's (:meth:`Fighter.can_act`), its sheet's Standing laid for its state (:func:`laid_for`),
    or a state of every field as it stands, its battle states as listed (a morale check's members)."""
    return not now["muerte"] and "inconsciente" not in held and now["moral"] != "rendido"


# id(sheet) -> its Standing (:func:`standing_of`)
_STANDINGS: dict[int, Standing] = {}
STANDINGS_LIMIT = 512  # a simulation's few dozen sheets, as worked_out keeps them
# a character's name -> its sheet's Standing, last found (:meth:`Scene.fighter`; its sheet held and compared)
_BY_NAME: dict[str, Standing] = {}


def standing_of(sheet: Mapping[str, Any]) -> Standing:
    """The sheet's :class:`Standing`, made once for it and kept by the sheet's identity: a table
    of the module's, not :func:`~rolecli.contract.worked_out`'s (a call of five arguments for each
    of the sixty fighters of a trial), looked up at once where a scene makes its fighters
    (:meth:`Scene.fighter`; icount 5.4758M -> 5.4370M a middle trial)."""
    found = _STANDINGS.get(id(sheet))
    if found is None or found.sheet is not sheet:
        found = keep_at_most(_STANDINGS, id(sheet), Standing(sheet), STANDINGS_LIMIT)
    return found


def laid_for(character: Character) -> Standing:
    """``character``'s sheet's :class:`Standing`, laid for its state: what a fighter of it given nothing reads
    (``table``, ``held``, ``values``), with no fighter made (a morale check reads every member at every round's end,
    most only to count who has fallen)."""
    standing = standing_of(character.sheet)
    state = character.state
    if standing.state is not state:
        standing.lay(state)
    return standing


@dataclass(frozen=True)
class Weapon:
    """What strikes: its size (none, small, medium, large) and kinds (edged, piercing, blunt)."""

    size: str
    kinds: frozenset[str]

    def severs(self) -> bool:
        """004-R7: only medium-or-larger edged weapons can sever."""
        return self.size in ("medium", "large") and "edged" in self.kinds

    def piercing(self) -> bool:
        return "piercing" in self.kinds


@lru_cache(maxsize=64)  # a fight's few weapons, each read once from its words: a blow asks at every hit
def weapon_named(size: str, kinds: tuple[str, ...]) -> Weapon:
    """The weapon a sheet's words name: ``weapon_named("mediana", ("filo",))``."""
    return Weapon(SIZES[size], frozenset(KINDS[k] for k in kinds))


def weapon_of(values: Mapping[str, Any]) -> Weapon:
    """The weapon a fighter's values name."""
    return weapon_named(values["arma"], tuple(values["arma_tipo"] or ()))


class Fighter:
    """One character in an action (or, for a quick roll, the numbers given for one).

    ``given`` holds the values typed on the command line; they win over the sheet
    and the state, so a quick roll and a campaign character go the same way.
    ``_moved`` holds the state fields the rules set to other than the character's
    state holds, each compared as it is set: what a hook returns is read off them
    alone (a blow sets one field or two of 18), not off a copy of the whole state
    compared field by field, nor compared again when the hook answers.

    ``now`` holds the state's fields as they stand, laid in one table when the fighter
    is made (a copy of its state, laid as its sheet's :class:`Standing` lays one, with what was given), and ``sheet``
    the sheet's values (its Standing's own table, read only, where a scene laid it with nothing given): a blow
    reads dozens of them, each ``fighter.now[key]`` or ``fighter.sheet[key]``, one look-up (read
    only: :meth:`set` changes a state field). Kept apart, a fighter copies the state's 18 fields
    alone, not the sheet's 17 with them, and a state is laid over the state's fields alone (icount
    4.493M -> 4.461M a middle trial, -0.7%); a quick roll's fighter has one table for both. A
    subscript of a table held in a slot is one the interpreter makes fast; a bound
    ``now.__getitem__`` held in a slot and called, ``fighter.get(key)``, is not (Python 3.11
    cannot specialize the call of an attribute that is no method): some three times the cost of
    a read (icount 5.4253M -> 5.2449M a middle trial).
    ``states`` are the battle states held, worked out then too and again only
    when they change (a blow asks them at every step). ``lds`` is its sheet's table of the LDs its character threw
    (:func:`~.ld.made`; ``None`` for a quick roll, which keeps none).

    ``standing`` is its sheet's :class:`Standing` where a scene laid it with nothing given (``None`` for a
    quick roll, a fighter made by its class, and once anything is given): the fighter is its sheet's spare when its
    action is done (:attr:`Standing.spare`). ``untouched`` is the state its values were
    laid for, while nothing is set (``None`` once anything is): the next action that
    reads that very state may take it as it is, whatever its sheet laid since; another
    state, or one set on, is laid again (:meth:`Scene.fighter`). ``as_is`` is the cell its scene shares with the
    fighters it laid (:attr:`Scene.as_is`; ``None`` for one made by its class): the first value set on it marks it."""

    __slots__ = ("character", "name", "given", "_moved", "now", "sheet", "states", "_known", "lds", "untouched",
                 "standing", "as_is")

    def __init__(self, character: Character | None, given: dict[str, Any] | None = None, name: str = "",
                 standing: Standing | None = None):
        given = {k: v for k, v in given.items() if v is not None} if given else NOTHING_GIVEN
        self.character = character
        self.given = given
        self._moved: dict[str, Any] = {}
        self.untouched = self.standing = self.as_is = None
        if character is None:
            self.name, self._known, self.lds = name, None, None
            now = sheet = {**DEFAULTS, **given}  # (one table: a quick roll keeps no state apart from its sheet)
        else:
            self.name = character.name
            if standing is None:  # (a scene gives its fighters' own: it looked there for a spare)
                standing = standing_of(character.sheet)
            self._known, self.lds = standing.capabilities, standing.lds
            state = character.state
            if standing.state is not state:  # (a state is never changed in place: another is another object)
                standing.lay(state)
            now = {**standing.table, **given}
            sheet = {**standing.values, **given}
        self.now, self.sheet = now, sheet
        self.states = self._held()

    # --- values ---------------------------------------------------------------

    def give(self, given: dict[str, Any]) -> None:
        """More values typed for the action (a verb that names the fighter twice)."""
        given = {k: v for k, v in given.items() if v is not None}
        self.untouched = self.standing = None  # (never its sheet's spare: its values are not the sheet's)
        self.given = {**self.given, **given}  # (its own: it may have had none, NOTHING_GIVEN)
        self.now.update(given)
        self.sheet = {**self.sheet, **given}  # (its own: it may have been its sheet's, Standing.values)
        self.states = self._held()

    def set(self, key: str, value: Any) -> None:
        """Set the state field ``key`` (a sheet's value is no hook's to change: the core refuses it)."""
        if self.untouched is not None:  # (even set as it was: the value may be another object, 1 for True)
            self.untouched = None
            self.as_is[0] = False  # (its scene's: not all its fighters as their states hold them, Scene.holding)
        character = self.character
        if character is not None:  # (a quick roll's fighter keeps nothing)
            # (a campaign's states hold every state field: read at once, not asked first, where a try costs
            # nothing when nothing is raised; icount 4.4144M -> 4.4054M a middle trial, -0.2%)
            try:
                was = character.state[key] == value
            except KeyError:
                was = False
            if was:  # set as it was (again, perhaps): nothing moved
                if key in self._moved:
                    del self._moved[key]
            else:
                self._moved[key] = value
        if self.given:  # (mostly none was given: no call to drop it)
            self.given.pop(key, None)
        self.now[key] = value
        if key == "estados":
            self.states = self._held()

    def moved(self) -> dict[str, Any]:
        """The state fields set that now differ from the character's: what a
        hook returns of it (``{}`` for a quick roll's fighter, which has none).
        A copy: the fighter may still set values."""
        return self._moved.copy()

    def capability(self, text: Any, innate: bool = False, what: str | Label = C.CAPABILITY) -> Capability:
        """The capability ``text`` names; for a quick roll, one of the book's
        capabilities may come in ``given`` with its marks."""
        known = self._known
        if known is not None and not innate:  # a campaign character's, named before as now (every LD but the first):
            try:  # its sheet's table has it, no call of C.of (0.5% of a middle trial's instructions)
                return known[text]
            except KeyError:
                pass
        if self.character is None and text in self.given:
            return Capability(str(text), C.check_rating(int(self.given[text]), str(text)), innate)
        return C.of(self.character, str(text), innate, what, self._known)

    def marks(self, name: str) -> int:
        """Marks of one of the book's capabilities; a quick roll gives them in ``given``."""
        if self.character is None:
            return C.check_rating(int(self.given.get(name, 0)), name)
        return C.of(self.character, name, False, C.CAPABILITY, self._known).rating

    # --- states ---------------------------------------------------------------

    def _held(self) -> frozenset[str]:
        """The battle states held, with those given for a quick roll."""
        held = self.now["estados"]
        held = frozenset(held) if held else NO_STATES
        extra = self.given.get("extra_states")
        return held.union(extra) if extra else held

    def keep_states(self, states: set[str]) -> None:
        self.set("estados", [s for s in ORDER if s in states])

    # What a blow asks of a fighter several times is asked by methods, not properties: a
    # property read is a call from C, several times dearer than its bytecodes say.

    def dead(self) -> bool:
        return self.now["muerte"] != ""  # (how it died, a text: compared, not a bool() call at every blow)

    def can_act(self) -> bool:
        return able(self.now, self.states)

    # --- the sheet ------------------------------------------------------------

    # The template's numbers are read as they stand, with no int() of them: a campaign's sheets and
    # states hold whole numbers (the core checks each as it loads or sets one), a quick roll's numbers
    # are parameters the core parsed as whole numbers, and ``now`` holds every field (the template's
    # default under the sheet's). An int() is a call Python 3.11 never specializes, some 570
    # instructions, several at every blow (icount 5.182M -> 5.137M a middle trial, -0.9%).

    def life(self) -> int:
        return self.sheet["vida"]

    def left(self) -> int:
        return self.sheet["vida"] - self.now["vida_perdida"]

    def protections(self, armour_only: bool = False) -> int:
        """The ND the character's protections give to a blow: armour, plus the
        others (shield...) unless only armour counts (a free strike, 004-R9)."""
        return self.sheet["armadura"] if armour_only else self.sheet["armadura"] + self.sheet["escudo"]

    def weapon(self) -> Weapon:
        # (its sheet's Standing's where its values are the sheet's, not a tuple and a cache's call at every parry;
        # icount N=400 3.8313M -> 3.8270M a middle trial, -0.11%)
        standing = self.standing
        return standing.weapon if standing is not None else weapon_of(self.sheet)

    def armed(self) -> bool:
        return self.weapon().size != "none" and not self.now["desarmado"]

    def can_parry(self) -> bool:
        """004-R11: a parry needs a weapon carried; a beast's fangs are not one (decided)."""
        return self.armed() and not self.sheet["bestia"]

    def temperament(self) -> str:
        return TEMPERAMENTS[self.sheet["temperamento"]]

    def side(self) -> str:
        return str(self.sheet["bando"] or "")

    def ally_of(self, other: "Fighter") -> bool:
        return bool(self.side()) and self.side() == other.side() and self.name != other.name


# Whom :meth:`Scene.holding` finds where nobody holds the value (mostly: a blow asks who covers): one, not a list
# made at every blow (icount N=400 3.8270M -> 3.8223M a middle trial, -0.12%)
NOBODY: tuple[Fighter, ...] = ()


# The last rule options met and their LD rules (:attr:`Scene.ld_rules`), held so that their id is not another's
# (a table of options is not changed in place: the core completes one into another, dispatch.complete).
_LD_RULES: list = [None, None]


class Scene:
    """The fighters of one action, by name, with the campaign's other characters
    at hand (who covers whom, whose mount this is), and what its Context fixes (its language, options, LD rules and
    characters, by name, and listed in ``everyone`` once asked: :meth:`listed`), read once for the Context it was
    begun on (:func:`scene_of`);
    ``named_before``: the characters a list of names named last, kept for that Context (:func:`~.order._named`).
    ``given_any``: whether any of its fighters was given values; ``as_is``: a cell, ``[True]`` while none it laid has
    been set on since (each fighter marks it as its first value is set): until then its fighters hold what their
    characters' states and sheets hold (:meth:`holding`)."""

    __slots__ = ("ctx", "lang", "explain", "options", "ld_rules", "characters", "everyone", "named_before", "_fighters",
                 "read_before", "given_any", "as_is")

    def __init__(self, ctx):
        scene_of(ctx, self)

    def fighter(self, character: Character | None, given: dict[str, Any] | None = None, name: str = "") -> Fighter:
        if character is None:
            return Fighter(None, given, name)
        name = character.name
        fighters = self._fighters
        # (seldom found: most are asked once an action, so asked, not fetched by a get()'s call; icount 3.9192M ->
        # 3.9149M a middle trial)
        if name in fighters:
            found = fighters[name]
            if given:
                found.give(given)
                self.given_any = True
            return found
        sheet = character.sheet
        # (found by its character's name, its sheet held and compared, not by the sheet's id: an id()'s call and a
        # number made and hashed at every fighter laid; icount N=1000 2.9326M -> 2.9150M a middle trial, -0.6%. A
        # subscript where a try costs nothing when nothing is raised, not a get()'s call, here and where a fighter
        # finds its capabilities and LDs: icount 4.4054M -> 4.3936M a middle trial, -0.27%)
        try:
            standing = _BY_NAME[name]
        except KeyError:
            standing = None
        if standing is None or standing.sheet is not sheet:
            standing = keep_at_most(_BY_NAME, name, standing_of(sheet), STANDINGS_LIMIT)
        if given:
            found = Fighter(character, given, "", standing)
            fighters[name] = found
            self.given_any = True
            return found
        found = standing.spare
        if found is None:  # (its sheet's first: what it was given (nothing), its capabilities and LDs set once, as
            # a spare keeps them; a Fighter of no __init__, laid below as a spare is: icount 4.580M -> 4.569M)
            found = _NEW(Fighter)
            found.given, found._known, found.lds, found.sheet = NOTHING_GIVEN, standing.capabilities, standing.lds, \
                standing.values
            found.untouched = None
        else:
            standing.spare = None  # (this action's alone now: its rules may set values on it)
        found.character, found.name = character, name  # (a sheet may be two characters')
        state = character.state
        if found.untouched is not state:  # (values set, or another state: laid again, in place)
            # Its values those of the state, laid as its sheet's Standing lays one (Standing.lay) but copied, its own,
            # as the rules set values on it: here, not in a method of the fighter's, a frame fewer at most of the
            # sixty fighters of a trial (icount N=400 3.4098M -> 3.3939M a middle trial, -0.47%). A copy of the state
            # itself, not of a table its Standing laid and kept (icount N=400 3.7624M -> 3.6438M, -3.2%).
            found._moved = {}  # (its own: the last one went to the core as what moved, Scene.outcome)
            found.now = now = state.copy() if len(state) == FULL else {**standing.state_values, **state}
            held = now["estados"]
            found.states = frozenset(held) if held else NO_STATES
            found.untouched, found.standing = state, standing
        found.as_is = self.as_is
        fighters[name] = found
        return found

    def named(self, name: str) -> Fighter | None:
        """The campaign character called ``name``: so written, else the first
        one so called with case and accents aside (as the core finds one)."""
        if not name:
            return None
        found = self._fighters.get(name)
        if found is not None:
            return found
        characters = self.characters
        try:  # (one look-up where asking first would be two, for every name a verb reads)
            character = characters[name]
        except KeyError:
            for key, character in characters.items():
                if fold(key) == fold(name):
                    return self.fighter(character)
            return None
        return self.fighter(character)

    def require(self, name: str, what: str | Label) -> Fighter:
        """The campaign character ``name``; ``what`` says where it was named
        (a flag, or a Label such as "the rider's mount") in the refusal."""
        found = self.named(name)
        if found is None:
            from rolecli.names import closest

            es, en = both(what)
            known = list(self.characters)
            raise Refused(L(f"{es} {name!r} no es un personaje de esta campaña." + closest(name, known, "Personajes", "es"),
                            f"{en} {name!r} is not a character of this campaign." + closest(name, known, "Characters")))
        return found

    def listed(self) -> list[Character]:
        """The campaign's characters, listed once for the Context when first asked (the Context fixes them, and
        looking at every one copies each in a campaign's command: only a verb that asks who holds a value looks):
        a blow asks each whether it covers anyone, and a list's walk steps for less than a table's values (icount
        N=1000 2.9431M -> 2.9327M a middle trial, -0.35%)."""
        self.everyone = everyone = list(self.characters.values())
        return everyone

    def holding(self, key: str) -> Sequence[Fighter]:
        """The campaign's characters whose ``key`` is set (who covers someone,
        who rides a mount: a value unset by default), as fighters; a blow asks
        it, and a character not in the action is looked at without making a
        fighter of it: its own state, else its sheet, says whether it is set."""
        fighters = self._fighters
        everyone = self.everyone
        if everyone is None:
            everyone = self.listed()
        # (a fighter holds a state field in its state's table, a sheet's in its sheet's: asked once, not of each
        # fighter; icount 4.4610M -> 4.4561M a middle trial)
        in_state = key in STATE_FIELDS
        if in_state:
            # Mostly nobody holds it (a blow asks who covers its target, and in most fights nobody covers anyone):
            # asked first of the states alone, in a walk of a few bytecodes a character, and of this action's
            # fighters (two, mostly: the rules may have set on one what its state does not hold); the walk below,
            # which asks of each character whether it is a fighter, only when someone may (icount 4.3485M ->
            # 4.3257M a middle trial, -0.5%)
            try:  # (a campaign's states hold every state field: one that leaves it out is left to the walk below)
                for character in everyone:
                    if character.state[key]:
                        break
                else:
                    # (its fighters asked only where one may hold what its state does not: set on, or given values;
                    # with a sheet's field, icount N=400 3.3939M -> 3.3782M a middle trial, -0.46%)
                    if self.as_is[0] and not self.given_any:
                        return NOBODY
                    for fighter in fighters.values():
                        if fighter.now[key]:
                            break
                    else:
                        return NOBODY
            except KeyError:
                pass
        else:
            # Likewise a sheet's field (a death asks who rides the dead, and in most fights nobody rides): asked
            # first of the sheets and states alone (a state seldom holds it), and of this action's fighters,
            # given values perhaps; the walk below only when someone may (icount 4.1426M -> 4.1352M a middle trial).
            # A campaign's sheets hold every sheet field (over the template's defaults): read at once, not by a
            # get()'s call for each character at every death; one that leaves it out is left to the walk below
            # (icount 3.9149M -> 3.9111M a middle trial)
            try:
                for character in everyone:
                    if character.sheet[key] or key in character.state:
                        break
                else:
                    if not self.given_any:  # (only a value given makes a fighter's sheet other than its character's)
                        return NOBODY
                    for fighter in fighters.values():
                        if fighter.sheet[key]:
                            break
                    else:
                        return NOBODY
            except KeyError:
                pass
        out = []
        for character in self.characters.values():  # (by name as its fighter is kept, no pair unpacked: icount -0.2%)
            name = character.name
            if name in fighters:  # (a fighter or two of the campaign's many: asked, not fetched, for each)
                fighter = fighters[name]
                if (fighter.now if in_state else fighter.sheet)[key]:
                    out.append(fighter)
            else:  # Character.value, without a call for each of the campaign's characters
                state = character.state
                # (a campaign's states hold every state field: read at once, not asked first, where a try costs nothing
                # when nothing is raised; icount 4.4287M -> 4.4144M a middle trial, -0.3%)
                if in_state:
                    try:
                        value = state[key]
                    except KeyError:
                        value = character.sheet.get(key)
                else:  # (a sheet's field: a state seldom holds it, and a look-up missing costs more than asking)
                    value = state[key] if key in state else character.sheet.get(key)
                if value:
                    out.append(self.fighter(character))
        return out

    def outcome(self, lines: list[str], data: dict, success: bool | None) -> Outcome:
        """The action's outcome, its last step: its rules' ``lines``, ``data`` and ``success``, and as its
        changes each fighter's state fields that now differ from its character's (the core keeps the others as
        they are: a blow sets one field or two of 18, and the core reads every field it is given). Here, with
        the changes, not in a verb's function and a method of the scene's: a frame fewer at every action (icount
        N=400 3.4177M -> 3.4098M a middle trial, -0.23%). Dice given that nothing read can only be for LDs not
        attempted: they are read for those (:func:`~.ld.unread`). A fighter of a sheet, nothing given, is its
        sheet's spare for the next
        action that reads the sheet, taken as it is if left untouched on the
        state it is taken for (a simulation reads some sixty fighters a trial, a third
        of them of a state an action read and left as it was), else laid again
        in place rather than made anew (:meth:`fighter`)."""
        read_before = self.read_before
        if read_before is not None and self.ctx.dice.count == read_before:
            LD.unread(data, self.ctx.dice, self.lang)
        changes = {}
        for f in self._fighters.values():  # (two fighters, most often: a loop, not a comprehension's call)
            moved = f._moved  # (compared as set: the table itself, the fighter's last use; no call to copy it)
            if moved:
                changes[f.name] = moved
            standing = f.standing
            if standing is not None:
                standing.spare = f  # (laid again when taken, unless untouched on the state it is taken for)
        _DONE[0] = self  # (done with: the next action's scene, scene_of)
        return Outcome(data, lines, success, changes)  # (by position: keywords cost its making half as much again)

    def t(self, es: str, en: str) -> str:
        return tr(self.lang, es, en)


# The scene the last action was done with (:meth:`Scene.outcome`, an action's last step): the
# next action's, begun again, not made anew by a class's call at every action of a simulation
# (icount 5.092M -> 5.083M a middle trial, -0.2%).
_DONE: list[Scene | None] = [None]

# The last dice met that are rolled, not given: a simulation's trial gives the same to each of its
# calls, and whether they were given is a property's call (a source never changes it).
_ROLLED: list = [None]


def scene_of(ctx, scene: Scene | None = None) -> Scene:
    """The scene of an action on ``ctx``: the one the last action was done with, begun again (else a new
    one; ``scene``: this one, as made). One function from a verb to its scene, not three frames (a verb's
    own, a look for the scene, its beginning) at every action (icount N=400 3.4418M -> 3.4177M a middle trial,
    -0.7%)."""
    if scene is None:
        scene = _DONE[0]
        if scene is None:
            scene = _NEW(Scene)
            scene.as_is, scene.ctx = [True], None
        else:
            _DONE[0] = None  # (this action's alone now)
            scene.as_is[0] = True  # (its own cell again: not one made at every action)
    else:
        scene.as_is, scene.ctx = [True], None
    if scene.ctx is not ctx:
        # What the Context fixes while it is in use (its language, its options, never changed in place, and its
        # characters, none added or taken out): read once for it, not at every action of a trial (icount N=400
        # 3.0192M -> 3.0067M a middle trial, -0.41%)
        scene.ctx = ctx
        scene.lang = ctx.lang
        scene.options = options = ctx.options
        # The rule options every LD is read by, ``minus2`` and ``reading_rule``, in the order an
        # :class:`~.ld.Ld` takes them after its goal and before who throws it: given by position
        # (``*scene.ld_rules``; keywords unpacked from a table cost an LD about as much again as
        # its making), and read once for the options (a simulation's calls all share one table).
        kept = _LD_RULES
        if kept[0] is not options:
            kept[:] = options, (options.get("nd_minus2", "literal"), options.get("reading", "table"))
        scene.ld_rules = kept[1]
        # the campaign's characters by name (``ctx.characters or {}`` would ask their number at every look)
        scene.characters = ctx.characters if ctx.characters is not None else {}
        scene.everyone = None  # (listed when first asked: Scene.listed)
        scene.named_before = None  # (the characters a list of names named last: order._named)
    scene.explain = ctx.explain  # False: nobody reads the lines (a simulation), so none is written
    scene._fighters = {}
    scene.given_any = False
    # dice the command had read when the verb began (``-n`` repeats): only dice given can be left unread
    # (:meth:`Scene.outcome`); None: rolled dice, none left unread
    scene.read_before = None
    dice = ctx.dice
    if dice is not _ROLLED[0]:
        if dice.physical:
            scene.read_before = dice.count
        else:
            _ROLLED[0] = dice
    return scene
