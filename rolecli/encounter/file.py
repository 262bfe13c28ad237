"""Encounter files: read one, find its campaign, and check every key against
the campaign's characters and its system's declarations before anything is
played (the format, key by key: docs/encounters.md).

Every problem is one :class:`~rolecli.errors.CampaignError` naming the file,
the line and the key, as a campaign file's are::

    fight.toml line 9: sides.heroes.behaviour.verb = "atack" is not a verb of 'dice'. Did you mean 'check'? ...

Values are checked as the command line checks them: the parameter must be one
the verb declares, of its kind, within its choices and range
(:func:`rolecli.play.convert`); sheets of stat blocks as campaign sheets are
(:func:`rolecli.campaign.validate.check_sheet`). What only the system can tell
(a trait the rules do not know, a parameter a verb needs in this situation) is
asked of the system itself by :func:`rolecli.encounter.engine.rehearse`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from rolecli.campaign.locate import Key, show
from rolecli.campaign.validate import Where, check_sheet
from rolecli.contract import Action, ActionSpec, Character, Param
from rolecli.encounter.behaviour import (ALLY_TARGETS, LIVE, PLACEHOLDERS, TARGETS, WHEN, Behaviour, Call, Named,
                                        Rolled, Rule, condition, reachable)
from rolecli.errors import CampaignError, RoleError
from rolecli.names import closest, fold
from rolecli.tracker import rules_of

TOP = ("title", "campaign", "present", "scene", "initiative", "end", "sides", "participants")
SIDE = ("characters", "stat_blocks", "behaviour", "as_target")
BLOCK = ("sheet", "count", "behaviour", "as_target")
PARTICIPANT = ("behaviour", "as_target")
BEHAVIOUR = ("verb", "target", "params", "choices", "on_success", "defend", "rules")
RULE = ("when", "verb", "target", "params", "on_success")
FOLLOW = ("verb", "params")
DEFEND = ("verb", "when", "params")
END = ("rounds", "recover", "morale")
MORALE = ("verb", "params", "sides")
ROUNDS = 10  # the round limit when the file sets none
MAX_FILE = 1_000_000  # bytes: an encounter of a hundred participants takes a few kB
MAX_ROUNDS = 1000
_KINDS = {"int": "a whole number, or a dice expression in quotes", "float": "a number, or a dice expression in quotes",
          "bool": "true or false", "str": "a text in quotes", "choice": "a text in quotes",
          "rating": "a number or traits in quotes", "list": 'a list of texts, such as ["a", "b"]'}


@dataclass
class Participant:
    """One fighter: a campaign character (``campaign``) or one made from a stat
    block; its side, its behaviour, and the values of the parameters the rules
    take from a target (``as_target``) it gives when it is one."""

    name: str
    side: str
    behaviour: Behaviour
    campaign: bool
    as_target: dict[str, Any] = field(default_factory=dict)
    target_keys: dict[str, Key] = field(default_factory=dict)


@dataclass
class Morale:
    """The morale verb, asked at the end of every round for each of ``sides``."""

    call: Call
    sides: tuple[str, ...]


# In slots: its 30 attributes are more than an instance's shared keys hold on Python 3.11 (29 at most),
# which then gives every encounter a dict of its own, and every read of one (a turn's participants, a
# status's known_statuses) a look-up by hash (icount: a dice trial 0.2% less, giro 0.1%)
@dataclass(slots=True)
class Encounter:
    """An encounter file, read and checked against its campaign."""

    path: Path
    where: Where
    title: str
    campaign: Any  # the rolecli.campaign.Campaign (or the Transaction) it plays on
    system: Any  # the rolecli.plugins.System, with the campaign's house rules
    options: Mapping[str, Any]
    sides: dict[str, tuple[str, ...]]
    participants: dict[str, Participant]
    blocks: dict[str, Character]
    present: tuple[str, ...]
    initiative: Call | None
    rounds: int = ROUNDS
    recover: bool = True
    morale: Morale | None = None
    # what every play of it prepares alike, by verb and by event, kept for them all (Play.__init__): each
    # verb's hook prepared for a conflict's calls, the recovery's parameters
    prepared_hooks: dict = field(default_factory=dict)
    recovering: dict = field(default_factory=dict)
    state_numbers: dict = field(default_factory=dict)  # each state any play met, by its key (Play.state_key)
    listed_states: bool = False  # a state holding a list was met: keys made with lists as tuples (Play.state_key)
    listed_at: dict = field(default_factory=dict)  # by a state's fields, where its lists are (engine.state_key)
    # by a state's number and a change: the new state's number, by whose it is that state numbered and its status, itself
    state_moves: dict = field(default_factory=dict)
    # by participant and a state's number, what is kept by that state: its recoveries by event, its exchanges (Play.kept_at)
    kept_by_state: dict = field(default_factory=dict)
    kept_ways: int = 0  # the recoveries and exchanges kept, a way for each one's dice to fall, or one never kept (Play.keep_call)
    orders: dict = field(default_factory=dict)  # by a round's turns, each side's foes and members in that order (engine.sides_in_order)
    # what a trial's last state changed, by participant and the state's number, for every trial (simulate.measure)
    measured: dict = field(default_factory=dict)

    # Worked out as the encounter is made, from the fields above (__post_init__), not in cached properties:
    # Python 3.11 never specializes a cached property's read, nor (its dict then no longer sharing its keys)
    # any other read of the encounter's, such as known_statuses at every status a play asks (Play.asked):
    # 1.6% of the instructions of a trial of dice, 1.2% of giro's, 0.8% of middle's.
    characters: dict[str, Character] = field(init=False, repr=False)
    """The characters every play starts from, those the verbs see (``ctx.characters``): the participants and
    the campaign characters ``present``. The rest of the campaign is not in the scene (and a verb that scans
    the characters pays only for these)."""
    known_statuses: dict | None = field(init=False, repr=False)  # (kept_statuses)
    known_recoveries: bool = field(init=False, repr=False)  # (kept_recoveries)
    known_exchanges: dict | None = field(init=False, repr=False)  # (kept_exchanges)
    rules: Any = field(init=False, repr=False)
    """What every play of the encounter plays by, from its system and rule options alone
    (:func:`~rolecli.tracker.rules_of`), worked out once."""
    side_of: dict[str, str] = field(init=False, repr=False)
    state_keys: tuple[str, ...] = field(init=False, repr=False)
    recovery: ActionSpec | None = field(init=False, repr=False)
    """The system's recovery verb, which the scene's events call."""
    events: dict[str, Any] = field(init=False, repr=False)
    """The system's recovery events, each with its label."""

    def __post_init__(self) -> None:
        info = self.info
        seen = {n for n, p in self.participants.items() if p.campaign} | set(self.present)
        self.characters = {**{n: c for n, c in self.campaign.characters.items() if n in seen}, **self.blocks}
        self.known_statuses = kept_statuses(self.system)
        self.known_recoveries = kept_recoveries(self.system)
        self.known_exchanges = kept_exchanges(self.system)
        self.rules = rules_of(info, self.options)
        self.side_of = {name: p.side for name, p in self.participants.items()}
        self.state_keys = tuple(f.key for f in info.template if f.state)
        self.recovery = info.verb("recover")
        self.events = dict(info.events)

    @property
    def info(self):
        return self.system.info


def kept_statuses(system) -> dict | None:
    """The participants' statuses by state, which every play of an encounter
    fills in (:meth:`~rolecli.encounter.engine.Play.asked`), for a system whose
    status reads nothing else (``SystemInfo.status_from_state``) and no house
    rule joins; else ``None``: asked after every change."""
    return {} if system.info.status_from_state and not system.house else None


def kept_recoveries(system) -> bool:
    """Whether what a recovery changed is kept by participant, state and event
    (``Encounter.kept_by_state``), which every play of an encounter that tells
    nothing fills in (:meth:`~rolecli.encounter.engine.Play.recover`): for a
    system whose recovery reads nothing else (``SystemInfo.recovery_from_state``)
    and no house rule joins; else it is played every time."""
    return system.info.recovery_from_state and not system.house


def kept_exchanges(system) -> dict | None:
    """What an exchange changed, by its call, the states of the characters
    it was given and its dice, which every play of an encounter that tells
    nothing fills in (:meth:`~rolecli.encounter.engine.Play.act`; in the
    table of its first character's state, ``Encounter.kept_by_state``; this
    one holds those of a call given no character)
    for a verb whose outcome reads nothing else (``ActionSpec.from_state``),
    where no house rule joins; else (no verb of the system says so, or a
    house rule joins) ``None``: played every time."""
    return {} if not system.house and any(s.from_state for s in system.info.actions) else None


class EncounterFile:
    """An encounter file as read: its text, its TOML, where errors point."""

    def __init__(self, path: str | Path):
        from rolecli.campaign.files import decode
        from rolecli.campaign.paths import display_path, read_bytes
        from rolecli.campaign.validate import parse_toml

        self.path = Path(path)
        raw = read_bytes(self.path, MAX_FILE, "an encounter file")  # a folder or a pipe is refused too
        if raw is None:
            raise CampaignError(f"{display_path(self.path)}: no such encounter file; give the path of a .toml file.")
        text = decode(self.path, raw)
        self.doc = parse_toml(self.path, text)
        self.where = Where(self.path, text)
        for key in self.doc:
            if key not in TOP:
                raise self.error((key,), "is not a key of an encounter file." + closest(key, TOP, "Keys"))

    def error(self, key: Key, message: str) -> CampaignError:
        return self.where.error(key, message)

    def table(self, value: Any, key: Key, keys: tuple[str, ...] | None = None) -> dict[str, Any]:
        """``value`` if it is a table (holding only ``keys``, when given)."""
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise self.error(key, f"= {show(value)} should be a table.")
        for name in value if keys is not None else ():
            if name not in keys:
                raise self.error(key + (name,), "is not a key here." + closest(name, keys, "Keys"))
        return value

    def campaign_place(self, root: Path, chosen: str | None) -> tuple[Path, str]:
        """The campaigns folder and the campaign to play on: ``-C`` (``chosen``),
        else the file's ``campaign``, else the campaign folder the file sits in,
        else the current campaign."""
        from rolecli.campaign.paths import CAMPAIGN_FILE, current_name

        if chosen:
            return root, chosen
        if "campaign" in self.doc:
            name = self.doc["campaign"]
            if not isinstance(name, str) or not name:
                raise self.error(("campaign",), f"= {show(name)} should be a campaign's name in quotes.")
            return root, name
        folder = self.path.resolve().parent
        if (folder / CAMPAIGN_FILE).is_file():
            return folder.parent, folder.name
        current = current_name(root)
        if current is None:
            raise self.error(("campaign",), 'is not given: add campaign = "NAME", put the file in the campaign\'s '
                                            "folder, or pass -C NAME.")
        return root, current

    # --- building the encounter ---------------------------------------------

    def encounter(self, campaign) -> Encounter:
        """The encounter on ``campaign`` (a loaded Campaign), checked key by key;
        its system joined by the campaign's house rules."""
        from rolecli.play import rule_options, with_house
        from rolecli.plugins import get_plugins

        options = rule_options(campaign.info, campaign.options, None)
        system = with_house(get_plugins(campaign.system).system(campaign.system), options)
        return _Builder(self, campaign, system, options).build()


class _Builder:
    def __init__(self, source: EncounterFile, campaign, system, options):
        self.f, self.doc, self.camp, self.system, self.info = source, source.doc, campaign, system, system.info
        self.options = options
        self.error = source.error
        self.verbs_used: list[ActionSpec] = []

    def build(self) -> Encounter:
        f = self.f
        title = self.doc.get("title", f.path.stem)
        if not isinstance(title, str):
            raise self.error(("title",), f"= {show(title)} should be a text in quotes.")
        self.scene = {k: (v, ("scene", k)) for k, v in f.table(self.doc.get("scene"), ("scene",)).items()}
        sides, blocks, members = self.sides()
        overrides = self.overrides(members)
        end = f.table(self.doc.get("end"), ("end",), END)
        participants = {name: self.participant(name, side, layers, overrides.get(name, {}),
                                               [n for n, (s, _) in members.items() if s != side])
                        for name, (side, layers) in members.items()}
        self.check_targets(participants, sides)
        present = self.present(members)
        initiative = self.initiative()
        morale = self.morale(end.get("morale"), sides)
        self.check_scene()
        return Encounter(f.path, f.where, title, self.camp, self.system, self.options, sides, participants, blocks,
                         present, initiative, self.number(end, "rounds", ROUNDS, 1, MAX_ROUNDS),
                         self.flag(end, "recover", True), morale)

    def campaign_names(self, names: Any, key: Key) -> list[str]:
        """The campaign characters ``names`` (the list at ``key``) names, case and accents aside."""
        from rolecli.campaign.store import find_character

        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise self.error(key, f"= {show(names)} should be a list of campaign characters' names, such as "
                                  '["Ana", "Bruno"].')
        found = []
        for wanted in names:
            try:
                found.append(find_character(self.camp.characters, wanted, self.camp.name))
            except CampaignError as exc:
                raise self.error(key, f"names {wanted!r}: {exc}") from None
        return found

    def sides(self):
        from rolecli.campaign.paths import check_name
        from rolecli.campaign.snapshot import build_character
        from rolecli.campaign.store import MAX_COUNT

        table = self.f.table(self.doc.get("sides"), ("sides",))
        if len(table) < 2:
            key = ("sides", *table)  # the one side there is, if any, is where the line is
            raise self.error(key, ("is the only side" if table else "should hold two sides or more")
                             + ": an encounter needs two sides or more, such as [sides.heroes] and [sides.foes].")
        sides: dict[str, tuple[str, ...]] = {}
        blocks: dict[str, Character] = {}
        members: dict[str, tuple[str, list]] = {}  # name → (side, its behaviour's layers)
        taken: dict[str, Key] = {}

        def enter(name: str, side: str, key: Key, layers: list) -> None:
            if any(fold(n) == fold(name) for n in taken):
                raise self.error(key, f"names {name!r} twice: a participant is in one side, once.")
            taken[name] = key
            members[name] = (side, layers)

        for side, spec in table.items():
            key = ("sides", side)
            spec = self.f.table(spec, key, SIDE)
            side_layer = [_layer(spec, key)]
            for name in self.campaign_names(spec.get("characters", []), key + ("characters",)):
                enter(name, side, key + ("characters",), side_layer)
            for block, sheet_spec in self.f.table(spec.get("stat_blocks"), key + ("stat_blocks",)).items():
                bkey = key + ("stat_blocks", block)
                sheet_spec = self.f.table(sheet_spec, bkey, BLOCK)
                try:
                    check_name(block, "stat block")
                except RoleError as exc:
                    raise self.error(bkey, str(exc)) from None
                sheet = self.f.table(sheet_spec.get("sheet"), bkey + ("sheet",))
                check_sheet(self.info, sheet, self.f.where, bkey + ("sheet",))
                count = sheet_spec.get("count")
                if count is not None and not (type(count) is int and 1 <= count <= MAX_COUNT):
                    raise self.error(bkey + ("count",), f"= {show(count)} should be a whole number in 1..{MAX_COUNT}.")
                layers = side_layer + [_layer(sheet_spec, bkey)]
                for name in [block] if count is None else [f"{block} {i}" for i in range(1, count + 1)]:
                    if any(fold(name) == fold(c) for c in self.camp.characters):
                        raise self.error(bkey, f"makes {name!r}, the name of a character of campaign "
                                               f"{self.camp.name!r}; name the stat block otherwise.")
                    enter(name, side, bkey, layers)
                    blocks[name] = build_character(self.info, name, sheet, {})
            sides[side] = tuple(n for n, (s, _) in members.items() if s == side)
            if not sides[side]:
                raise self.error(key, "has nobody: give it characters = [...] or a [stat_blocks] table.")
        return sides, blocks, members

    def present(self, members: dict) -> tuple[str, ...]:
        """Campaign characters in the scene who do not fight (a scene's aspects, a mount)."""
        found = self.campaign_names(self.doc.get("present", []), ("present",))
        for name in found:
            if name in members:
                raise self.error(("present",), f"names {name!r}, who fights in a side: leave it out of present.")
        return tuple(found)

    def overrides(self, members: dict) -> dict[str, tuple[dict, Key]]:
        found = {}
        for wanted, spec in self.f.table(self.doc.get("participants"), ("participants",)).items():
            key = ("participants", wanted)
            name = wanted if wanted in members else next((n for n in members if fold(n) == fold(wanted)), None)
            if name is None:
                raise self.error(key, "is not a participant of the encounter." + closest(wanted, list(members),
                                                                                          "Participants"))
            found[name] = (self.f.table(spec, key, PARTICIPANT), key)
        return found

    # --- behaviours -----------------------------------------------------------

    def participant(self, name: str, side: str, layers: list, override, foes: list[str]) -> Participant:
        if override:
            layers = layers + [_layer(*override)]
        merged: dict[str, tuple[Any, Key]] = {}
        params: dict[str, tuple[Any, Key]] = {}
        choices: dict[str, tuple[Any, Key]] = {}
        as_target: dict[str, tuple[Any, Key]] = {}
        for table, key, targeted, tkey in layers:
            table = self.f.table(table, key, BEHAVIOUR)
            if "verb" in table and "verb" in merged and table["verb"] != merged["verb"][0]:
                params = {}  # another verb: the parameters of the one it replaces do not carry over
            merged.update({k: (v, key + (k,)) for k, v in table.items() if k not in ("params", "choices")})
            for into, part in ((params, "params"), (choices, "choices")):
                into.update({k: (v, key + (part, k)) for k, v in self.f.table(table.get(part), key + (part,)).items()})
            as_target.update({k: (v, tkey + (k,)) for k, v in self.f.table(targeted, tkey).items()})
        rules = self.rules(merged.get("rules"), choices, foes)
        where = merged["verb"][1][:-1] if "verb" in merged else layers[0][1]  # the behaviour that names the verb
        target = merged.get("target", ("nearest", where + ("target",)))
        main = self.call(merged["verb"], params, choices, where, acting=True) if "verb" in merged else None
        aim = self.target(target, foes)
        if main is not None:  # the behaviour's own verb: played when no rule is
            rules.append(Rule(main, aim, self.follow(merged.get("on_success"), choices)))
        if not any(rule.sure for rule in rules):
            verbs = ", ".join(a.name for a in self.info.actions if self.acts(a))
            if not rules:
                raise self.error(layers[0][1], f"gives {name} no verb: add verb = \"...\" (one of {verbs}).")
            raise self.error(merged["rules"][1], f"gives {name} no verb: add verb = \"...\" (one of {verbs}), "
                             "played when no rule is, or end the rules with one whose when = \"always\" aimed at a "
                             "foe or at self.")
        defend, when = self.defend(merged.get("defend"), choices)
        calls = [c for rule in rules for c in (rule.main, rule.on_success) if c is not None] + ([defend] if defend else [])
        for choice, (_, key) in choices.items():
            if not any(p.name == choice and p.policy for c in calls for p in c.spec.params):
                policies = sorted({p.name for c in calls for p in c.spec.params if p.policy})
                names = dict.fromkeys(c.spec.name for c in calls)
                raise self.error(key, "is not a player's choice of " + "/".join(names) + "."
                                 + closest(choice, policies, "Choices"))
        behaviour = Behaviour(tuple(rules), aim, defend, when)
        return Participant(name, side, behaviour, name in self.camp.characters,
                           {k: v for k, (v, _) in as_target.items()}, {k: key for k, (_, key) in as_target.items()})

    def target(self, given: tuple[Any, Key], foes: list[str]) -> str:
        """A behaviour's or a rule's ``target``: one of the words, or a foe's name."""
        value, key = given
        words = ", ".join(TARGETS + ALLY_TARGETS)
        if not isinstance(value, str):
            raise self.error(key, f"= {show(value)} should be one of {words} or a name.")
        if value not in TARGETS + ALLY_TARGETS and value not in foes:  # at the layer that names it, not the verb's
            raise self.error(key, f"= {show(value)} is neither one of {words} nor a participant of another side."
                             + closest(value, foes, "Foes"))
        return value

    def rules(self, given: tuple[Any, Key] | None, choices: dict, foes: list[str]) -> list[Rule]:
        """A behaviour's priority list: each rule's condition, verb and target."""
        if given is None:
            return []
        value, key = given
        if not isinstance(value, list) or not value:
            raise self.error(key, f"= {show(value)} should be a list of rules: [[...rules]] tables, each with when, "
                                  "verb, target and params.")
        found = []
        for at, entry in enumerate(value, 1):
            rkey = key + (at,)
            table, verb, params = self.verb_table(entry, rkey, RULE, "the verb the rule plays")
            when = condition(table.get("when", "always"))
            if when is None:
                raise self.error(rkey + ("when",), f"= {show(table['when'])} is not a condition; conditions: "
                                 f"{', '.join(WHEN)}, self_below = N, ally_below = N (N a share of vitality in 0..1: "
                                 "ally_below = 0.5 holds while an ally has less than half its fight left).")
            main = self.call(verb, params, choices, rkey, acting=True)
            target = self.target((table.get("target", "nearest"), rkey + ("target",)), foes)
            follow = self.follow((table["on_success"], rkey + ("on_success",)) if "on_success" in table else None,
                                 choices)
            found.append(Rule(main, target, follow, when))
        return found

    def verb_table(self, value: Any, key: Key, keys: tuple[str, ...], what: str) -> tuple[dict, tuple, dict]:
        """A ``{ verb, params, ... }`` table: the table, its verb (with where it is) and its parameters."""
        table = self.f.table(value, key, keys)
        if "verb" not in table:
            raise self.error(key, f"needs verb = \"...\": {what}.")
        params = {k: (v, key + ("params", k)) for k, v in self.f.table(table.get("params"), key + ("params",)).items()}
        return table, (table["verb"], key + ("verb",)), params

    def follow(self, given, choices) -> Call | None:
        if given is None:
            return None
        _, verb, params = self.verb_table(*given, FOLLOW, "the verb applied to the target after a success")
        return self.call(verb, params, choices, given[1], hooks=("damage", "resolve"))

    def defend(self, given, choices) -> tuple[Call | None, str]:
        if given is None:
            return None, "never"
        table, verb, params = self.verb_table(*given, DEFEND, "the verb used to defend")
        when = table.get("when", "hurt")
        if when not in WHEN:
            raise self.error(given[1] + ("when",), f"= {show(when)} should be one of: {', '.join(WHEN)}.")
        return self.call(verb, params, choices, given[1], acting=True), when

    @staticmethod
    def acts(spec: ActionSpec) -> bool:
        """A verb a character acts with on its turn."""
        return spec.hook == "resolve" and spec.actor != "none"

    def call(self, verb: tuple[Any, Key], given: dict[str, tuple[Any, Key]], choices: dict, key: Key,
             acting: bool = False, hooks: tuple[str, ...] = ("resolve",)) -> Call:
        """A verb and the parameters given for it, checked; the player's ``choices``
        and the scene's values go to it where it declares them."""
        name, vkey = verb
        spec = self.info.action(name) if isinstance(name, str) else None
        if spec is None:
            raise self.error(vkey, f"= {show(name)} is not a verb of {self.info.name!r}."
                             + closest(str(name), [a.name for a in self.info.actions], "Verbs"))
        if spec.hook not in hooks or (acting and not self.acts(spec)):
            fits = [a.name for a in self.info.actions if a.hook in hooks and (not acting or self.acts(a))]
            raise self.error(vkey, f"= {show(name)} is not a verb that fits here; verbs that do: {', '.join(fits)}.")
        declared = {p.name: p for p in spec.params}
        values: dict[str, Any] = {}
        keys: dict[str, Key] = {}
        for pname, (value, pkey) in given.items():
            if pname not in declared:
                raise self.error(pkey, f"is not a parameter of {spec.name}."
                                 + closest(pname, list(declared), "Parameters"))
            values[pname], keys[pname] = self.value(spec, declared[pname], value, pkey), pkey
        for pname, (value, pkey) in list(choices.items()) + list(self.scene.items()):
            if pname in declared and pname not in values:
                values[pname], keys[pname] = self.value(spec, declared[pname], value, pkey), pkey
        self.verbs_used.append(spec)
        params = self.info.params(Action(spec.name, values))
        from_target = tuple(p.name for p in spec.params if p.owner == "target" and p.name not in values)
        live = tuple(n for n, v in params.items() if isinstance(v, LIVE))
        for p in spec.params:
            if p.required and params.get(p.name) is None and p.name not in from_target and p.name != "event":
                raise self.error(key, f"gives {spec.name} no {p.name}, which it needs: add params.{p.name}.")
        return Call(spec, params, key, from_target, live, keys)

    def value(self, spec: ActionSpec, param: Param, raw: Any, key: Key) -> Any:
        """A parameter's value from the file, checked as the command line's: a
        placeholder or a dice expression stay live, to be filled in at each call."""
        from rolecli.play import convert

        kind = param.kind
        if isinstance(raw, str) and raw.startswith("$"):
            if raw not in PLACEHOLDERS:
                raise self.error(key, f"= {show(raw)} is not a placeholder; placeholders: {', '.join(PLACEHOLDERS)}.")
            if kind not in ("str", "list"):
                raise self.error(key, f"= {show(raw)} stands for names, and {param.name} takes {_KINDS[kind]}.")
            return Named(raw, kind == "list")
        if kind in ("int", "float") and isinstance(raw, str):
            return self.rolled(param, raw, key)
        if not _fits(kind, raw):
            raise self.error(key, f"= {show(raw)} should be {_KINDS[kind]}.")
        text = ",".join(raw) if isinstance(raw, list) else str(raw) if kind == "rating" else raw
        try:
            return convert(spec, {param.name: text})[param.name]
        except RoleError as exc:
            raise self.error(key, f"= {show(raw)}: {exc}") from None

    def rolled(self, param: Param, text: str, key: Key) -> Rolled:
        from rolecli.dice.amount import rolled

        try:
            return rolled(param, text)
        except RoleError as exc:
            raise self.error(key, f"= {show(text)} {exc}") from None

    def check_targets(self, participants: dict[str, Participant], sides: dict[str, tuple[str, ...]]) -> None:
        """What a verb needs from its target, everyone it may pick gives (or
        the behaviour gives it for all of them); what a participant gives as a
        target, some verb that may pick it takes."""
        aimed: list[tuple[Call, list[str]]] = []  # each call, with everyone its target may be
        for p in participants.values():
            for rule in p.behaviour.rules:
                reach = reachable(rule.target, p.name, p.side, sides)
                aimed += [(c, reach) for c in (rule.main, rule.on_success) if c is not None]
        for call, reach in aimed:
            for pname in call.from_target:
                param = next(q for q in call.spec.params if q.name == pname)
                lacking = [n for n in reach if pname not in participants[n].as_target]
                if param.required and lacking:
                    raise self.error(call.key, f"gives {call.spec.name} no {pname}, which the rules take from "
                                               f"its target and {lacking[0]} does not give: add params.{pname}, "
                                               f"or as_target.{pname} to {lacking[0]}'s side.")
        for p in participants.values():
            for pname, value in list(p.as_target.items()):
                specs = [c.spec for c, reach in aimed if p.name in reach
                         and any(x.name == pname and x.owner == "target" for x in c.spec.params)]
                if not specs:
                    raise self.error(p.target_keys[pname], "is not a parameter any verb used against "
                                                           f"{p.name} takes from its target.")
                param = next(x for x in specs[0].params if x.name == pname)
                if isinstance(value, str) and value.startswith("$"):
                    raise self.error(p.target_keys[pname], f"= {show(value)}: as_target takes plain values.")
                p.as_target[pname] = self.value(specs[0], param, value, p.target_keys[pname])
                if isinstance(p.as_target[pname], LIVE):
                    raise self.error(p.target_keys[pname], f"= {show(value)}: as_target takes plain values.")

    def initiative(self) -> Call | None:
        spec = self.info.verb("initiative")
        given = self.f.table(self.doc.get("initiative"), ("initiative",))
        if spec is None:
            if given:
                raise self.error(("initiative",), f"is given, but {self.info.name!r} has no initiative verb (the "
                                                  "file's order is the order).")
            return None
        return self.call((spec.name, ("initiative",)), {k: (v, ("initiative", k)) for k, v in given.items()}, {},
                         ("initiative",), hooks=("initiative",))

    def morale(self, given, sides: dict) -> Morale | None:
        if given is None:
            return None
        key = ("end", "morale")
        table, verb, params = self.verb_table(given, key, MORALE, "the system's morale verb")
        call = self.call(verb, params, {}, key)
        chosen = table.get("sides", list(sides))
        if not isinstance(chosen, list) or not all(s in sides for s in chosen) or not chosen:
            raise self.error(key + ("sides",), f"= {show(chosen)} should list sides of the encounter: "
                                               f"{', '.join(sides)}.")
        return Morale(call, tuple(chosen))

    def check_scene(self) -> None:
        for name, (_, key) in self.scene.items():
            if not any(p.name == name for spec in self.verbs_used for p in spec.params):
                used = ", ".join(dict.fromkeys(s.name for s in self.verbs_used))
                raise self.error(key, f"is not a parameter of any verb this encounter uses ({used}).")

    def number(self, table: dict, name: str, default: int, low: int, high: int) -> int:
        value = table.get(name, default)
        if type(value) is not int or not low <= value <= high:
            raise self.error(("end", name), f"= {show(value)} should be a whole number in {low}..{high}.")
        return value

    def flag(self, table: dict, name: str, default: bool) -> bool:
        value = table.get(name, default)
        if not isinstance(value, bool):
            raise self.error(("end", name), f"= {show(value)} should be true or false.")
        return value


def _layer(table: dict, key: Key) -> tuple:
    """A table's behaviour and as_target, with where each is, as one layer of a participant's."""
    return table.get("behaviour"), key + ("behaviour",), table.get("as_target"), key + ("as_target",)


def _fits(kind: str, value: Any) -> bool:
    """Whether a TOML value is of the kind a parameter takes (before its choices and range)."""
    if kind == "int":
        return type(value) is int
    if kind == "float":
        return type(value) in (int, float)
    if kind == "bool":
        return isinstance(value, bool)
    if kind in ("str", "choice"):
        return isinstance(value, str)
    if kind == "rating":
        return type(value) in (int, str)
    return isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))
