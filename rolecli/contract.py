"""The data a rule-system plugin and the core pass to each other.

The hooks themselves are in :mod:`rolecli.hookspecs`; this module holds the
plain data classes they take and return, so that a plugin can import them
without importing pluggy, typer or rich.

Version rule: :data:`CONTRACT_VERSION` is bumped whenever a hook or one of these
classes changes in a way an existing plugin would notice. A plugin states the
version it was written for (``ROLECLI_CONTRACT = 3`` at module level); the core
loads the versions in :data:`SUPPORTED_CONTRACTS` and refuses any other.

Version 2 added :func:`rolecli.hookspecs.rolecli_status` and :class:`Status`
(who can act), :class:`Effect` s that last between commands and the
:class:`Turn` of a conflict (``Context.effects``, ``Context.conflict``,
``Outcome.effects``, ``Outcome.used``), and :class:`Label` texts in any number
of languages. A plugin
written for version 1 still loads: it implements no status hook, so its
characters can always act, and its two-language labels read as before.

Version 3 added :func:`rolecli.hookspecs.rolecli_commands` (a plugin's own
commands). A plugin written for version 1 or 2 loads as before: it adds none.
Within version 3, :attr:`Action.plan` (a key of an action's parameters, for
a hook's memo) was added: a plugin that does not read it, of any version,
works as before; so was :attr:`Context.record` (whether anyone reads a call's
``Outcome.data``): a plugin that does not read it, of any version, works as
before; so was ``SystemInfo.reads_dice_records`` (a system that says it never reads
its dice's records lets a simulation's trials keep none; a plugin that leaves it
out keeps them all); and :data:`NO_DATA` (an effect's data when it has none, read-only: a
scene keeps every such effect with it, so a plugin that changed an effect's
empty data in place, which the contract never allowed, now meets an error). An :class:`Action` with a plan is its hook's for the call alone (the
core may give the same object, set anew, to the plan's next call): a plugin
keeps no action past its call, as nothing it returns can hold one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Hashable, Literal, Mapping, Sequence, TypeVar

from rolecli.errors import RoleError

if TYPE_CHECKING:  # pragma: no cover - import for type checkers only
    from rolecli.dice.source import DiceSource

CONTRACT_VERSION = 3
SUPPORTED_CONTRACTS = (1, 2, 3)

Lang = Literal["es", "en"]


class Label:
    """A text a system prints, in every language it has it in.

    ``Label("texto", "text")`` gives Spanish and English (Spanish first: the
    books are Spanish); more languages are keywords, ``Label("texto", "text",
    fr="texte")``, or a mapping, ``Label.of({"es": ..., "en": ..., "fr": ...})``;
    one language is enough, ``Label(en="text")``. ``label(lang)`` (or
    ``ctx.t(label)`` in a hook) gives the text in ``lang``: asked for a
    language it lacks, a label answers in English, else in the first language
    it has. Labels are immutable and compare by their texts.
    """

    __slots__ = ("texts",)
    texts: Mapping[str, str]

    def __init__(self, es: str | None = None, en: str | None = None, **more: str):
        # Plain steps rather than a comprehension: plugins make labels with values in
        # them at every call (a hit's words), so this runs thousands of times a simulation.
        texts = {}
        if es is not None:
            texts["es"] = es
        if en is not None:
            texts["en"] = en
        if more:
            texts.update((lang, text) for lang, text in more.items() if text is not None)
        if not texts:
            raise ValueError("a Label needs a text in at least one language")
        for text in texts.values():
            if type(text) is not str and not isinstance(text, str):
                raise TypeError(f"a Label's texts must be strings, not {texts!r}")
        object.__setattr__(self, "texts", MappingProxyType(texts))

    @classmethod
    def of(cls, texts: Mapping[str, str]) -> "Label":
        """A label from a mapping of language code to text."""
        return cls(**dict(texts))

    def __call__(self, lang: str) -> str:
        texts = self.texts
        if lang in texts:
            return texts[lang]
        return texts["en"] if "en" in texts else next(iter(texts.values()))

    @property
    def es(self) -> str:
        """The Spanish text (or the fallback)."""
        return self("es")

    @property
    def en(self) -> str:
        """The English text (or the first language it has)."""
        return self("en")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Label cannot be changed")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Label) and dict(self.texts) == dict(other.texts)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.texts.items())))

    def __repr__(self) -> str:
        return f"Label({', '.join(f'{k}={v!r}' for k, v in self.texts.items())})"

    def __reduce__(self):
        # pickled by its texts (its mapping proxy cannot be): an error a simulation's
        # worker process met reaches the process that reports it in every language
        return Label.of, (dict(self.texts),)


# --- what a system declares -------------------------------------------------

ParamKind = Literal["int", "float", "str", "bool", "rating", "choice", "list"]


@dataclass(frozen=True)
class Param:
    """One input of an action, shown as a command-line argument or option.

    ``name``: the key in :attr:`Action.params`, and the ``--name`` option
    (underscores become dashes) or the ``NAME`` argument; the core refuses the
    names of its own options (``seed``, ``dice``, ``json``, ``lang``, ``rule``,
    ``n``, ``repeat``, ``with``, ``force``, ``quiet``, ``ctx``, ``subject_*``,
    and ``target`` on a verb with a target). ``help``: its text in ``--help``.
    ``short``: a one-letter alias (``short="t"`` gives ``-t``), other than the
    core's ``-n``, ``-q`` and ``-h`` (and ``-t`` on a verb with a target).

    ``kind``:
      - ``int``/``float``/``str``/``bool``: plain values; ``bool`` becomes a
        ``--name/--no-name`` flag.
      - ``rating``: a number, or the names of a character's traits joined by
        ``+`` (``Ímpetu+Pilotar``) resolved against ``owner`` with
        :meth:`Character.rating`. The plugin receives the text as typed and
        resolves it itself, because systems combine traits differently.
      - ``choice``: one of ``choices``, matched without regard to case; ``--help``
        shows them (``--position [controlled|risky|desperate]``) and the shell
        completes them. A ``str`` or ``list`` with ``choices`` is checked and
        shown the same way.
      - ``list``: comma-separated values, received as a tuple of strings.

    ``default``: the value when it is not given (``None``: absent); with
    ``required=True`` the parameter is mandatory. ``minimum``/``maximum``: the
    range of an ``int`` or ``float``, checked by the core (one line, exit 2).
    ``positional`` turns it into an argument instead of an ``--option``.
    ``policy`` marks a choice a player makes mid-roll (take a consequence,
    roll the Night Die, spend Willpower): it always has a default, so scripts
    and simulations never stop to ask.
    ``owner`` says whose traits a ``rating`` names: ``"actor"`` or ``"target"``.
    ``dice=True`` (an ``int`` or ``float`` only): a number the table may roll,
    such as damage or healing: given a dice expression (``damage Kira 1d6``,
    ``heal Kira 2d4+2``) the core rolls it from the command's dice (``--seed``,
    ``--dice``, again at each ``-n`` repetition) and the hook gets the total;
    an expression that can roll outside ``minimum..maximum`` is refused. The
    exact-odds forms refuse dice: they take plain numbers. (An encounter file
    may give dice for any number.)
    """

    name: str
    kind: ParamKind
    help: Label
    default: Any = None
    required: bool = False
    positional: bool = False
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    policy: bool = False
    owner: Literal["actor", "target"] = "actor"
    short: str | None = None
    dice: bool = False


HookName = Literal["roll", "resolve", "damage", "recover", "initiative"]


@dataclass(frozen=True)
class ActionSpec:
    """A verb of a system: ``rolecli <system> <name> ...`` and, on a campaign of
    that system, ``rolecli <name> ACTOR ...``.

    ``name``: the command's name. A verb with an actor may not be named like a
    core command (``roll``, ``odds``, ``plugins``...: ``rolecli roll ANA`` would
    run the core's): the plugin is refused at load. One without an actor may,
    and is reached as ``rolecli <system> <name>``.
    ``help``: the command's help. ``params``: its :class:`Param` s, in order.
    ``hook`` names the hook the core calls for it: ``roll`` →
    ``rolecli_roll``, ``resolve`` → ``rolecli_resolve``, ``damage`` →
    ``rolecli_apply_damage``, ``recover`` → ``rolecli_recover``,
    ``initiative`` → ``rolecli_initiative``. A ``recover`` verb that declares no
    ``event`` parameter gets one from the core, a choice among
    :attr:`SystemInfo.events`, as its first argument.
    ``actor``: on a campaign the first argument names the acting character
    (``"required"``), may name one (``"optional"``) or the action takes none.
    ``target``: the action may name a second character with ``--target``.
    ``odds``: ``rolecli odds <system> <name> ...`` (and, on a campaign,
    ``rolecli odds <name> ACTOR ...``) computes it exactly through ``rolecli_odds``;
    ``True`` when the plugin implements that hook itself, or the function that
    computes it, as ``run`` names one.
    ``run``: the function that plays the verb, a callable or
    ``"package.module:function"`` (imported when the verb is first played, so
    that declaring a system stays cheap). The core then answers the verb's hook
    for the plugin (:mod:`rolecli.dispatch`), still through pluggy, so house
    rules wrap it as any hook: a verb is declared once, and no hook implementation
    dispatches on verb names. The function takes the hook's arguments without
    their names (``run(action, ctx)``, ``run(character, action, ctx)`` for
    damage, ``run(character, event, action, ctx)`` for recovery,
    ``run(characters, action, ctx)`` for initiative), and gets every parameter
    the verb declares (its default where none was given) and every rule option
    in ``ctx.options``. ``None``: the plugin's own hook implementation plays it.
    ``from_state``: ``True`` when the verb's outcome (what it changes and
    whether it succeeds) is the same for the same characters in the same
    states, parameters, rule options and dice, whatever else ``ctx`` holds but
    the effects in force (the other characters, the turn, the language): a
    simulation's trials then keep, by those states and the dice it read, what
    an exchange that left no effect and changed only its characters changed,
    and make it again from them, while no effect is in force (as a recovery
    is kept: ``SystemInfo.recovery_from_state``).
    """

    name: str
    hook: HookName
    help: Label
    params: tuple[Param, ...] = ()
    actor: Literal["required", "optional", "none"] = "optional"
    target: bool = False
    odds: bool | str | Callable[..., Any] = False
    run: str | Callable[..., Any] | None = None
    from_state: bool = False


@dataclass(frozen=True)
class Field:
    """One value of the character template.

    ``key``: its name in a character's sheet (``hp``, ``skills``), without dots.
    ``label``: what it is, for ``rolecli systems NAME`` and new campaign files.
    ``kind``: ``int``, ``str``, ``bool``, ``table`` (a table of named integers,
    such as skills: any name allowed, each value in ``minimum..maximum``) or
    ``list`` (a list of strings).
    ``default``: its value when the sheet leaves it out.
    ``minimum``/``maximum``: the range of an ``int``, or of each entry of a ``table``.
    ``aliases``: names that stand for numbers of an ``int`` (or of each entry of
    a ``table``), such as a ladder's adjectives (``{"Bueno": 3, "Good": 3}``):
    the core takes a name wherever it reads such a value, matched without regard
    to case or accents — typed (``character set Ana skills.Pelea=Bueno``,
    ``--with``) or written in campaign.toml (``Pelea = "Bueno"``) — and gives
    the plugin the number. A name is checked against the range like its number.
    ``choices``: the texts a ``str`` (or each item of a ``list``) may take.
    ``state=False``: a sheet value, written by the GM in ``campaign.toml``.
    ``state=True``: a value the tool keeps while playing (stress, hit points,
    Fate points spent), stored in ``state.toml``; its sheet value, if any, is
    only the starting point. A hook's :attr:`Outcome.changes` may hold only the
    template's state fields (or keys the state already holds, never a sheet
    value): any other is refused as the plugin's failure, and nothing is written.
    """

    key: str
    kind: Literal["int", "str", "bool", "table", "list"]
    label: Label
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    state: bool = False
    aliases: Mapping[str, int] = field(default_factory=dict)

    def number(self, value: Any) -> Any:
        """``value``, or the number it names in :attr:`aliases` (case and accents
        ignored); anything else as it is, for the checks to refuse."""
        if not self.aliases or not isinstance(value, str):
            return value
        from rolecli.names import fold

        return next((n for name, n in self.aliases.items() if fold(name) == fold(value)), value)


@dataclass(frozen=True)
class RuleOption:
    """A per-campaign rule option (a key of the campaign's ``[rules]`` table),
    as the system's rulings settle it: the default, and what else a GM may choose.

    ``key``: its name in ``[rules]`` and in ``--rule key=value``; ``house`` is the
    core's own (the house rules a campaign switches on). ``default``: its value
    when the campaign does not set it; its type is the type a campaign must
    write. ``help``: what it changes. ``choices``: the values allowed, if only
    some are. ``minimum``/``maximum``: the range of a number. ``dice=True``: the
    value is a dice expression (``"1d20"``), checked as one when the campaign is
    loaded and on ``--rule``, so a hook that parses it never meets a bad one.
    Hooks read the value in force in ``ctx.options[key]``.
    """

    key: str
    default: Any
    help: Label
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    dice: bool = False


@dataclass(frozen=True)
class SystemInfo:
    """What ``rolecli_system`` returns: everything the core needs to know about
    a rule system before it calls any other hook of it.

    ``name``: the system's command-line name (a lower-case word, not a core
    command): ``rolecli <name> ...`` and ``system = "<name>"`` in a campaign.
    ``names``: its name for people. ``template``: the :class:`Field` s of a
    character. ``options``: its :class:`RuleOption` s. ``actions``: its verbs
    (:class:`ActionSpec`). ``events``: the recovery events, ``(key, Label)``
    pairs; ``end_of_scene``, ``start_of_session`` and ``rest`` must be among
    them (the default), and a system adds its own (``("downtime", Label(...))``),
    among them the conflict tracker's ``end_of_turn`` and ``end_of_round``
    (:data:`TrackerEvent`) for rules with work at a turn's or a round's end.
    ``status_from_state``: ``True`` when the system's
    :func:`~rolecli.hookspecs.rolecli_status` gives the same :class:`Status`
    for the same sheet, state and rule options, whatever else ``ctx`` holds
    (effects, the turn, the other characters, the language); an encounter's
    plays then ask it once for each state they meet, not after every change.
    ``recovery_from_state``: ``True`` when the system's
    :func:`~rolecli.hookspecs.rolecli_recover` changes the same for the same
    sheet, state, event, rule options and dice, whatever else ``ctx`` holds;
    a simulation's trials then keep, by the state and the dice it read, what
    a recovery that left no effect changed (:func:`~rolecli.hookspecs.rolecli_recover`).
    ``reads_dice_records``: ``False`` when the system's hooks never read what
    ``ctx.dice`` recorded of the dice rolled (:attr:`~rolecli.dice.source.DiceSource.reads`,
    ``count``, ``readings``), only the values its rolls return; a simulation's
    trials then keep no record of a die nobody reads (where no house rule joins
    the system: a wrapper may read them). ``True``, the default, keeps every
    record, as a plugin written before it expects. Added within contract 3.
    """

    name: str
    names: Label
    template: tuple[Field, ...] = ()
    options: tuple[RuleOption, ...] = ()
    actions: tuple[ActionSpec, ...] = ()
    events: tuple[tuple[str, Label], ...] = (
        ("end_of_scene", Label("fin de escena", "end of scene")),
        ("start_of_session", Label("inicio de sesión", "start of session")),
        ("rest", Label("descanso", "rest")),
    )
    status_from_state: bool = False
    recovery_from_state: bool = False
    reads_dice_records: bool = True

    # Worked out as the system is declared, from the fields above (__post_init__): what Python 3.11 reads
    # of a cached property, or of an object whose dict one filled, it never specializes (state_keys is read
    # at every change an outcome makes: 0.16% of the instructions of a trial of giro and middle).
    state_keys: frozenset[str] = field(init=False, repr=False, compare=False)
    """The template's state fields: the keys an ``Outcome.changes`` may set."""
    sheet_keys: frozenset[str] = field(init=False, repr=False, compare=False)
    """The template's sheet values only (the game master's, in campaign.toml), which no state may hold."""
    option_keys: frozenset[str] = field(init=False, repr=False, compare=False)
    """The keys of every rule option: what a complete ``Context.options`` holds."""
    _verbs: dict[str, ActionSpec] = field(init=False, repr=False, compare=False)
    _first_verbs: dict[str, ActionSpec] = field(init=False, repr=False, compare=False)  # the first verb of each hook
    _defaults: dict[str, dict[str, Any]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        try:
            first: dict[str, ActionSpec] = {}
            for spec in self.actions:
                first.setdefault(spec.hook, spec)
            worked_out = dict(
                state_keys=frozenset(f.key for f in self.template if f.state),
                sheet_keys=frozenset(f.key for f in self.template if not f.state),
                option_keys=frozenset(o.key for o in self.options),
                _verbs={a.name: a for a in reversed(self.actions)},  # the first of a name wins, as before
                _first_verbs=first,
                _defaults={spec.name: {p.name: p.default for p in spec.params} for spec in reversed(self.actions)})
        except (AttributeError, TypeError):  # a declaration the checker refuses: it says why (check_system)
            return
        for name, value in worked_out.items():
            object.__setattr__(self, name, value)  # (frozen)

    def action(self, name: str) -> ActionSpec | None:
        """The verb called ``name``, if the system has one."""
        return self._verbs.get(name)

    def verb(self, hook: HookName) -> ActionSpec | None:
        """The first verb served by ``hook`` (the one the core uses for a
        conflict's initiative and recovery)."""
        return self._first_verbs.get(hook)

    def params(self, action: Action) -> dict[str, Any]:
        """``action``'s parameters over the defaults its verb declares: what the
        core passes from the command line, and what a direct call (a test,
        another plugin) gets too."""
        merged = dict(self._defaults.get(action.name, ()))
        merged.update({k: v for k, v in action.params.items() if v is not None or k not in merged})
        return merged

    def rule_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Every rule option this system declares, ``given``'s values over the
        defaults (``None`` keeps the default): what the core passes in
        ``Context.options``, and what a hook called directly (a test, another
        plugin) with only some options should use too."""
        merged = {o.key: o.default for o in self.options}
        merged.update({k: v for k, v in (given or {}).items() if v is not None})
        return merged


# --- what the core passes in ------------------------------------------------


@dataclass
class Character:
    """A character of a campaign: the GM's sheet merged over the template's
    defaults, and the state the tool keeps. Hooks never change it in place:
    they return the new state in :attr:`Outcome.changes`.

    ``name``: as written in the campaign. ``sheet``: the sheet values by
    template key (a ``table`` field is a dict of names to numbers). ``state``:
    the values the tool keeps (the template's ``state=True`` fields).
    """

    name: str
    sheet: dict[str, Any]
    state: dict[str, Any] = field(default_factory=dict)

    def value(self, key: str) -> Any:
        """The current value of ``key``: the kept state, else the sheet."""
        if key in self.state:
            return self.state[key]
        return self.sheet.get(key)

    def traits(self) -> dict[str, int]:
        """Every named number of the sheet: top-level integers and the entries
        of its tables (skills, attributes...), by name."""
        found: dict[str, int] = {}
        for key, val in self.sheet.items():
            if isinstance(val, bool):
                continue
            if isinstance(val, int):
                found[key] = val
            elif isinstance(val, dict):
                found.update({k: v for k, v in val.items() if isinstance(v, int) and not isinstance(v, bool)})
        return found

    def trait(self, name: str) -> int:
        """The rating of one trait, matched without regard to case or accents.

        An unknown name is a :class:`RoleError` that lists the character's
        traits and the closest match.
        """
        from rolecli.names import closest, fold

        traits = self.traits()
        for key, val in traits.items():
            if fold(key) == fold(name):
                return val
        raise RoleError(f"{self.name} has no trait {name!r}." + closest(name, sorted(traits), "Traits"))

    def rating(self, text: str) -> list[tuple[str, int]]:
        """Resolve ``Trait+Trait`` into ``[(name, rating), ...]``; a plain
        number stands for itself under the name ``""``."""
        parts = []
        for piece in str(text).split("+"):
            piece = piece.strip()
            if not piece:
                raise RoleError(f"empty trait name in {text!r}; write traits as Trait+Trait.")
            parts.append(("", int(piece)) if _is_int(piece) else (piece, self.trait(piece)))
        return parts


def _is_int(text: str) -> bool:
    return text.lstrip("+-").isdigit()


@dataclass(slots=True)  # (its fields in slots: an encounter makes one at every exchange, icount -0.1% to -0.3% a trial)
class Action:
    """One request to a system: the verb, its parameters as declared in its
    :class:`ActionSpec` (converted to their kinds), and the characters named.

    ``name``: the verb's name (one hook serves several verbs: check it).
    ``params``: every declared parameter by name, converted and checked, its
    default where none was given (``None`` when it has none): the core fills
    them in for every call, a test's through :func:`rolecli.testing.hooks` too. ``actor``/``target``: the
    campaign's characters named, or ``None`` in a quick roll.
    ``plan``: where the core makes the same request many times (an encounter's
    every exchange), a key of its parameters: two actions with equal plans have
    the same ``name`` and equal ``params`` (not the same characters), and a plan
    is never another's while it is held, so what a hook works out from the
    parameters alone it may keep by the plan (``memo.get(action.plan)``, with
    the characters' sheets beside it as they count) rather than by a tuple of
    their values built and hashed at every call. ``None`` (a command, a test):
    work them out from ``params``. Hashable, compared by value. ``None`` too
    wherever house rules join the system's hooks (a house rule may change
    ``params`` before the system reads them), so a plan always promises the
    parameters the system is given. An action is its hook's for the call: where
    it has a plan, the core may give the same object again to the next call of
    that plan, every field set anew (a simulation's exchanges: not an object made
    at each), so keep what it holds, never the action itself.
    """

    name: str
    params: dict[str, Any]
    actor: Character | None = None
    target: Character | None = None
    plan: Hashable | None = None


Until = Literal["next_turn", "rounds", "scene", "used"]
_UNGIVEN: Mapping[str, Any] = MappingProxyType({})  # an Effect made without data gets a dict of its own


class _Empty(dict):
    """An empty table nobody can fill (:data:`NO_DATA`): a dict, so that it reads, copies and
    pickles as one, and the core copies it at a third of the cost of a read-only view."""

    __slots__ = ()

    def _refused(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("this effect's data is shared by the effects that hold it: it is read-only")

    __setitem__ = __delitem__ = __ior__ = update = setdefault = pop = popitem = clear = _refused


NO_DATA: Mapping[str, Any] = _Empty()
"""The data of an :class:`Effect` with none, shared and read-only: a scene keeps every effect
of no data with it, and a plugin may give it to an effect it makes once and gives again (so
that nobody who gets the effect can change what the next one holds). Added within contract 3."""


@dataclass(frozen=True, init=False)
class Effect:
    """Something a verb leaves that lasts between commands: a Fate block
    protecting a character, a full defence, a Spin's +1, a free tag on a new
    aspect, a condition with a duration, or a note the game master adds with
    ``rolecli effect add``.

    ``on``: the character it lies on. ``text``: what it is, for people.
    ``key``: the system's word for it, which its rules look for in
    :attr:`Context.effects` (``"block"``); empty for the game master's notes.
    ``data``: its numbers (a block's strength), plain JSON values; an effect
    with none that the core keeps holds :data:`NO_DATA`, read-only (an effect
    never changes: the scenes that number one alike share it).
    ``by``: who made it.
    ``until``: when it ends, which the core (the conflict tracker) applies:
    ``"next_turn"`` at the start of ``by``'s next turn (of ``on``'s when ``by``
    is empty); ``"rounds"`` after ``rounds`` more ends of round; ``"scene"``
    when the conflict or the scene ends; ``"used"`` when a verb uses it (it
    names it in :attr:`Outcome.used`), or at the end of the scene.
    ``id``: given by the core when the effect is recorded; a plugin leaves it 0.
    """

    on: str
    text: str
    key: str = ""
    data: Mapping[str, Any] = field(default_factory=dict)
    by: str = ""
    until: Until = "scene"
    rounds: int | None = None
    id: int = 0

    def __init__(self, on: str, text: str, key: str = "", data: Mapping[str, Any] = _UNGIVEN, by: str = "",
                 until: Until = "scene", rounds: int | None = None, id: int = 0) -> None:
        # The fields set at once: a frozen dataclass's own __init__ sets each through
        # object.__setattr__, and an effect is made twice at every attack that leaves one
        # (by the verb, then numbered by the scene), some 2 µs of a v5 exchange.
        self.__dict__.update(on=on, text=text, key=key, data={} if data is _UNGIVEN else data, by=by, until=until,
                             rounds=rounds, id=id)

    def as_json(self) -> dict[str, Any]:
        """The effect as plain JSON values (how the log and ``--json`` show it)."""
        return {"id": self.id, "on": self.on, "text": self.text, "key": self.key, "data": dict(self.data),
                "by": self.by, "until": self.until, "rounds": self.rounds}


@dataclass(frozen=True)
class Turn:
    """Where a campaign's conflict stands when a verb runs in it: the round,
    whose turn it is, the order of the round and the kind of conflict.

    ``round``: the round, from 1. ``actor``: the character whose turn it is
    (``None`` between turns). ``order``: the round's order, first to act
    first. ``kind``: the kind of conflict, for a system that has kinds.
    """

    round: int
    actor: str | None
    order: tuple[str, ...] = ()
    kind: str | None = None


TrackerEvent = Literal["end_of_turn", "end_of_round"]


@dataclass(frozen=True, init=False)
class InitiativeData:
    """What the core reads of the :attr:`Outcome.data` that
    :func:`~rolecli.hookspecs.rolecli_initiative` returns: the conflict
    tracker (``conflict start``/``next``, encounters) takes the round's turns
    from it. A plugin writes these keys into ``data``; the class names and types
    them, and :meth:`of` reads them.

    ``order``: the characters' names, first to act first (required, but where
    ``Context.record`` is false and ``turns`` are given: only the log's summary reads it).
    ``turns``: the round's turns, one entry per turn, a name repeated for a
    character that acts several times (Alternity's phases); when absent the
    turns are ``order``. ``each_round``: ``True`` to be asked again at every
    new round (with the verb's ``round`` parameter set, if it declares one);
    the order is kept for the whole conflict otherwise.

    The tracker also calls :func:`~rolecli.hookspecs.rolecli_recover` with the
    events :data:`TrackerEvent` (``end_of_turn`` for the character whose turn
    ends, ``end_of_round`` for every participant) when the system declares
    them in :attr:`SystemInfo.events`, and ``end_of_scene`` when a conflict ends.
    """

    order: tuple[str, ...] = ()
    turns: tuple[str, ...] = ()
    each_round: bool = False

    def __init__(self, order: tuple[str, ...] = (), turns: tuple[str, ...] = (), each_round: bool = False) -> None:
        # The fields set in its dict, not through object.__setattr__ as a frozen dataclass's own __init__
        # sets each: the tracker reads an initiative at every round of some systems (some 2,100 instructions
        # less an initiative read, a fifth of it, its fields read as the tracker reads them)
        fields = self.__dict__
        fields["order"], fields["turns"], fields["each_round"] = order, turns, each_round

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> "InitiativeData":
        """The keys read from an initiative's ``Outcome.data`` (one absent: empty, or false)."""
        return cls(tuple(data.get("order") or ()), tuple(data.get("turns") or ()), bool(data.get("each_round")))

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> tuple[Sequence[str], bool]:
        """The round's turns (``turns``, else ``order``; as given, not copied)
        and ``each_round``, read from an initiative's ``Outcome.data`` as the
        tracker reads them."""
        # (no InitiativeData made nor its order copied, at every round of some systems: icount, an alternity
        # trial 0.92% less, giro 0.48%, v5 0.25%)
        return data.get("turns") or data.get("order") or (), bool(data.get("each_round"))

    @property
    def round_turns(self) -> tuple[str, ...]:
        """The round's turns: ``turns``, else ``order`` (as :meth:`read` reads them)."""
        return self.read(vars(self))[0]  # type: ignore[return-value]


@dataclass
class Context:
    """What every hook call gets besides its subject.

    ``lang``: the language to write ``Outcome.lines`` in (``es`` or ``en``);
    ``ctx.t(label)`` gives a :class:`Label`'s text in it.
    ``dice`` is the only source of randomness a plugin may use: it rolls with
    the seed of ``--seed`` or reads the values of ``--dice``, and records every
    die with the reason the plugin gives, for the output
    (``ctx.dice.roll(6, "why")`` returns the face; see "ctx.dice" below).
    ``options`` holds the campaign's rule options, every key present (defaults
    filled in). The core never changes a table of options in place (it
    completes one into another), and an encounter hands every call the
    same table: every verb, recovery and initiative of every trial of a
    simulation sees one object, so a plugin may match what it kept for a
    table by identity before it compares values. ``characters`` holds the
    campaign's characters by name (empty for a quick roll without a campaign).
    The core never adds a character to a Context's ``characters`` or takes one
    out while the Context is in use (a conflict's calls, a simulation's trials:
    it sets new states on the characters there), nor changes its ``lang``; a
    command given other characters gets a Context of its own, so a plugin may
    keep what it worked out of the roster, or in the language, for the Context
    it was worked out for.
    ``effects``: the campaign's effects in force (:class:`Effect`), so that a
    verb can honour a block or a full defence left by an earlier command.
    ``conflict``: the campaign's conflict, when one is running (:class:`Turn`).
    ``explain``: whether anyone reads this call's :attr:`Outcome.lines`. It is
    ``False`` where nothing is printed or logged (the trials of
    ``encounter simulate``): a hook may then leave ``lines`` empty and skip the
    work of writing them (``if ctx.explain: lines.append(...)``), as long as
    ``data``, ``changes``, ``success``, ``effects`` and ``used`` are the same
    either way. Added in contract 2; a plugin that ignores it is still right.
    ``record``: whether anyone reads this call's :attr:`Outcome.data`. It is
    ``False`` only in the trials of ``encounter simulate`` where no house rule
    joins the system (a house rule's wrapper may read a hook's data): a hook
    may then leave out of ``data`` what it only records (the dice it rolled,
    a degree in words), as long as ``changes``, ``success``, ``effects`` and
    ``used`` are the same either way, ``data`` is still a dict, and what the
    core reads of it is there (an initiative's :class:`InitiativeData`). What a
    hook keeps from a call with ``record`` false it gives to no call with it
    true (its memo keyed by the flag, or keeping only what does not depend on
    it); the outcomes the core keeps (:mod:`rolecli.encounter.dice_paths`) are
    kept and given within one simulation's trials, whose calls all have the
    same flag. Added within contract 3; a plugin that ignores it is still right.
    """

    lang: Lang
    dice: "DiceSource"
    options: Mapping[str, Any]
    characters: Mapping[str, Character] = field(default_factory=dict)
    effects: tuple[Effect, ...] = ()
    conflict: Turn | None = None
    explain: bool = True
    record: bool = True

    def t(self, label: Label) -> str:
        """``label``'s text in this call's language."""
        return label(self.lang)

    def effects_on(self, name: str, key: str | None = None) -> list[Effect]:
        """The effects in force on character ``name`` (with the system's ``key``, if given)."""
        found = []
        for e in self.effects:  # (a loop: a few are in force, and a comprehension is a call of its own in 3.11)
            if e.on == name and (key is None or e.key == key):
                found.append(e)
        return found


# --- what the hooks return --------------------------------------------------


class _Factory:
    """A field's default left to its factory, in a written-out ``__init__``
    (:class:`Outcome`'s): shown as a dataclass's generated one shows it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY: Any = _Factory()


@dataclass(init=False)  # (its __init__ is written out below: one generated would be compiled at import, then dropped)
class Outcome:
    """The result of a roll, an action, damage or recovery.

    ``data``: the result for scripts, with language-neutral keys (printed as
    the ``--json`` object, inside the envelope the core writes around it:
    docs/envelope.md). Its keys are the system's own, but for the envelope's
    (``system``, ``action``, ``actor``, ``targets``, ``success``, ``dice``,
    ``explanation``, ``changes``, ``status``, ``effects``), which the core
    writes and a plugin leaves out. ``data["margin"]`` is the one envelope key a
    plugin supplies: a number, by how much the actor won or lost, from its
    side (positive when it wins or beats the difficulty, negative when it falls
    short or the opposition wins, 0 on the line); left out, or ``None``, where
    the system or the verb has none.
    ``lines``: the human explanation in ``Context.lang``: what was rolled, what
    was read and why ("Dado Nocturno 5 dentro del rango 3–7: éxito con
    consecuencias"). The last line is the campaign log's summary of the command
    (of a verb on several characters, the core names each: a recovery joins
    each character's last line, an initiative logs its ``order``).
    ``success``: ``False`` makes the command exit with code 1 (a failed check),
    so ``rolecli check ... && ...`` works in scripts; ``None`` when the action
    is not a check.
    ``changes``: the new state of each character the action changed, by name:
    whole, or only the fields it set, as is cheaper (a state field left out
    keeps its value; any other key left out is removed; what the core prints,
    a verb's JSON and an encounter's events, is the whole state it keeps
    after the change); only characters the hook was given (its actor, target, subjects,
    or those in the conflict's order), and only state fields. The core writes
    them atomically, under the campaign's lock, and logs the state before and
    after so ``rolecli undo`` can restore it; it writes nothing else, so an edit
    made in place to a character a hook got is lost. ``data`` and ``changes``
    must be JSON values, and ``lines`` at most 1,000 of 100,000 characters each
    (:mod:`rolecli.outcomes`): anything else is the plugin's failure.
    ``effects``: new :class:`Effect` s the action leaves (a block, a full
    defence, a Spin), recorded with the changes; ``used``: the ids of effects
    in :attr:`Context.effects` it used up (a free tag spent, a Spin applied).
    """

    data: dict[str, Any]
    lines: list[str] = field(default_factory=list)
    success: bool | None = None
    changes: dict[str, dict[str, Any]] = field(default_factory=dict)
    effects: list[Effect] = field(default_factory=list)
    used: list[int] = field(default_factory=list)

    # Written out, which the dataclass then keeps, rather than generated: the generated one calls
    # ``list()`` or ``dict()`` for each field left out, and a simulation builds an Outcome at every
    # hook it calls. A new list or dict for each, as the fields' factories would make them.
    def __init__(self, data: dict[str, Any], lines: list[str] = _FACTORY, success: bool | None = None,
                 changes: dict[str, dict[str, Any]] = _FACTORY, effects: list[Effect] = _FACTORY,
                 used: list[int] = _FACTORY) -> None:
        self.data = data
        self.lines = [] if lines is _FACTORY else lines
        self.success = success
        self.changes = {} if changes is _FACTORY else changes
        self.effects = [] if effects is _FACTORY else effects
        self.used = [] if used is _FACTORY else used


@dataclass
class Odds:
    """Exact odds of an action: each named outcome ("success", "good",
    "amazing"...) and its probability as a fraction, with the labels to print.

    ``outcomes``: outcome name → :class:`fractions.Fraction` (exact: never a
    float); ``--json`` gives each as ``"p": "7/12"`` and ``"p_float"``. A system
    with a check gives at least ``success`` and ``failure``.
    ``labels``: outcome name → :class:`Label`, the words of the table (a name
    without one is printed as it is). ``lines``: notes printed under the table.
    """

    outcomes: dict[str, Any]  # name -> fractions.Fraction
    labels: dict[str, Label] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Status:
    """What :func:`rolecli.hookspecs.rolecli_status` says of a character now:
    whether it can act, why not, and the conditions it has.

    ``can_act``: ``False`` for a character the rules take out of play (taken
    out, conceded, unconscious, dead, in torpor...). The core then refuses the
    verbs it would act in (one line giving ``why``, exit 2; ``--force`` lets the
    game master override it) and leaves it out of initiative and conflicts.
    ``key``: a language-neutral word for scripts: ``"active"`` when it can act,
    else the system's word (``"taken_out"``, ``"dead"``, ``"torpor"``...).
    ``why``: the reason in the system's words, for the refusal and for
    ``character show``.
    ``conditions``: the conditions in force, as ``(key, label)`` pairs
    (``("impaired", Label("Impedido", "Impaired"))``), whether or not the
    character can act.
    ``vitality``: how much fight the character has left by the system's own
    measure, from ``1.0`` (fresh) to ``0.0`` (out): what an encounter's
    ``target = "weakest"`` compares (docs/encounters.md). ``None``, the
    default, says nothing; the encounter then falls back on how much of the
    character's state has changed since it began.
    """

    can_act: bool = True
    key: str = "active"
    why: Label | None = None
    conditions: tuple[tuple[str, Label], ...] = ()
    vitality: float | None = None

    def as_json(self, lang: str) -> dict[str, Any]:
        """The status as plain JSON values, its texts in ``lang`` (``character show --json``)."""
        return {"can_act": self.can_act, "key": self.key, "why": self.why(lang) if self.why else None,
                "conditions": [{"key": k, "label": label(lang)} for k, label in self.conditions]}


class Refused(RoleError):
    """Raised by a plugin for a request its rules refuse (a value out of the
    system's range, an unknown option): one line, exit code 2, nothing written."""


def check_range(name: str | Label, value: float, minimum: float | None, maximum: float | None,
                unit: str = "") -> None:
    """Refuse ``value`` unless it lies in ``minimum..maximum`` (``None``: no
    bound), naming the range: ``damage = -2 is out of range 0...``. ``name``: a
    flag or a key as typed, or a :class:`Label` to name it in each language
    (``Label("altura", "height")``); ``unit``: written after the value (``m``)."""
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        lo = "" if minimum is None else _number(minimum)
        hi = "" if maximum is None else _number(maximum)
        given = _number(value) + (f" {unit}" if unit else "")
        if isinstance(name, Label):
            raise Refused(Label(f"{name.es} = {given} está fuera del rango {lo}..{hi}.",
                                f"{name.en} = {given} is out of range {lo}..{hi}."))
        raise Refused(f"{name} = {given} is out of range {lo}..{hi}.")


T = TypeVar("T")

# id(sheet) -> (the sheet, what was worked out from it): see worked_out. Holding the
# sheet keeps its id from being reused by another; the memo is dropped whole when it
# holds too many sheets, and a sheet's own when it holds too many answers (a system may
# key some by the state too: a status, asked after every change, once per state met).
_WORKED: dict[int, tuple[Mapping[str, Any], dict[Any, Any]]] = {}
_WORKED_LIMIT = 512
_WORKED_PER_SHEET = 4096


def worked_out(sheet: Mapping[str, Any], key: Any, work: Callable[..., T], *args: Any) -> T:
    """``work(*args)``, computed once for the sheet ``sheet`` (a :attr:`Character.sheet`)
    under ``key``: a trait's dots, a track's size, a parsed rating. A sheet is the
    game master's and no hook changes it (a hook returns new state, never a new
    sheet), so what is read from it holds as long as that very sheet is in play:
    a simulation's thousands of exchanges read each sheet once, not at every roll.
    Keyed by the sheet object, so a changed sheet (a new object) is read anew;
    one changed in place (a test editing the dict it made) is not: give a new one.
    The result is shared: return values that are not changed in place (the house
    rules wrapping a hook get a copy of its result to change). A house rule reads
    the same sheets as the system it joins: begin its keys with a word of its own
    (its module's name), so that they never meet the system's. Give ``work`` its
    arguments (``worked_out(sheet, key, rated, sheet, text)``) rather than a
    closure over the caller's: a closure makes a cell of each local it reads, at
    every call, found or not. A key that cannot be hashed (a list in it) is
    worked out at every call, not kept: the caller need not look first."""
    try:  # the sheet's memo and its answer in one expression, found most often (icount: -0.2% a trial)
        return _WORKED[id(sheet)][1][key]  # (a sheet found is this one: while it is held, no other has its id)
    except KeyError:  # (a miss is once per sheet and key: its exception costs less than a sentinel's test at each hit)
        pass
    except TypeError:  # a key that holds a list or a table (a direct call's parameters): worked out, not kept
        return work(*args)
    found = _WORKED.get(id(sheet))
    if found is None:  # a sheet met first: given its memo, and looked up again (a key may not be hashable)
        if len(_WORKED) >= _WORKED_LIMIT:
            _WORKED.clear()
        _WORKED[id(sheet)] = (sheet, {})
        return worked_out(sheet, key, work, *args)
    memo = found[1]
    if len(memo) >= _WORKED_PER_SHEET:
        memo.clear()
    value = memo[key] = work(*args)
    return value


def keep_at_most(memo: dict, key: Hashable, value: T, most: int) -> T:
    """``value`` kept in ``memo`` under ``key``, and given back: a memo a hook keeps
    of its own, by what :func:`worked_out` cannot key it on (an action's plan, the
    states a contest is read in), bounded: emptied once it holds ``most`` entries,
    so that a long simulation's memos never grow without end. Its caller looks
    ``key`` up first (most are found, with no call) and keeps what it worked out on
    a miss. The value is shared as :func:`worked_out`'s is: not to be changed in place.
    Keyed by an object's identity (``id(state)``: no hash of its fields), the value
    holds the object, ``(state, ...)``, so that no other takes its id while it is
    kept, and a look-up checks ``found[0] is state``."""
    if len(memo) >= most:
        memo.clear()
    memo[key] = value
    return value


def _number(value: float) -> str:
    """A number as typed: a whole one in full (``:g`` turns an int of 309 digits
    into a float, which overflows), any other as ``:g`` writes it."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        value = int(value)
    return str(value) if isinstance(value, int) else f"{value:g}"
