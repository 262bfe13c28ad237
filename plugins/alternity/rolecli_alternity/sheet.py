"""What a character sheet gives: abilities, derived values (tracks, actions per round,
action check score, last resorts) and the state the tool keeps."""

from __future__ import annotations

import functools
from operator import itemgetter
from typing import Any, Mapping

from rolecli.contract import Character, Label, Refused, check_range, worked_out
from rolecli.errors import RoleError

from .steps import fold

ABILITY_MIN, ABILITY_MAX = 1, 25
_ALIASES = {
    "str": "FUE", "fue": "FUE", "fuerza": "FUE", "strength": "FUE",
    "dex": "DES", "des": "DES", "destreza": "DES", "dexterity": "DES",
    "con": "CON", "constitucion": "CON", "constitution": "CON",
    "int": "INT", "inteligencia": "INT", "intelligence": "INT",
    "wil": "VOL", "will": "VOL", "vol": "VOL", "voluntad": "VOL", "willpower": "VOL",
    "per": "PER", "personalidad": "PER", "personality": "PER",
}

# The state the tool keeps (Field(state=True)), with its starting values.
STATE_DEFAULTS: dict[str, Any] = {
    "stun": 0, "wound": 0, "mortal": 0, "fatigue": 0,
    "last_resorts_spent": 0,
    "status": "ok",            # ok | ko | dead
    "ko_cause": "",            # stun | wound | fatigue | drowning
    "ko_wait": 0,              # `round` events to skip before the first stun-KO recovery roll (002-R31)
    "out_rounds": 0,           # rounds in which an awakened character still cannot act
    "fatigue_hold": False,     # fatigue full but the Resolve roll succeeded (002-R25)
    "hurt_this_scene": False,  # took wound or mortal damage this scene (fatigue roll at its end)
    "mortal_this_scene": False,
    "treated": False,          # first aid / treatment applied: dying rolls daily (002-R27)
    "bad_luck": 0,             # pending bad-luck complications (002-R6)
    "delayed": False,          # waited the whole round: counts as Amazing next round (002-R13)
    "pending": [],             # damage waiting for the end of the phase (002-R9), "track:amount"
}


STAMINA = ("Resistencia-resistencia", "Stamina-endurance", "Resistencia", "Stamina")
RESOLVE = ("Resolución-resolución física", "Resolve-physical resolve", "Resolución", "Resolve")


def ability_key(name: str) -> str | None:
    return _ALIASES.get(fold(name))


def ability(ch: Character, key: str) -> int:
    val = ch.value(key)
    if val is None:
        for k, v in ch.sheet.items():
            if ability_key(k) == key and isinstance(v, int):
                val = v
                break
    if val is None:
        val = 10
    check_range(key, val, ABILITY_MIN, ABILITY_MAX)
    return int(val)


def state(ch: Character | None) -> dict[str, Any]:
    """The character's kept state, every key present: a table of its own, its lists too,
    for a rule that changes it (one that only reads it reads :func:`kept_state`)."""
    return own_state(kept_state(ch))


def own_state(kept: Mapping[str, Any]) -> dict[str, Any]:
    """A kept state (:func:`kept_state`) as a table of its own, its lists too."""
    out = dict(kept)
    for key in _LISTS:
        out[key] = list(out[key])
    return out


def kept_state(ch: Character | None) -> Mapping[str, Any]:
    """The character's kept state, every key present, in the template's order, to read
    and not to change: the very table the campaign keeps when it holds every field (as
    it does once a hook has changed it), for the rules read it at every roll and status."""
    if ch is None:
        return STATE_DEFAULTS
    kept = ch.state
    if _IN_ORDER.get(id(kept)) is kept:  # seen already (a state is read several times before it changes)
        return kept
    # Every field in the template's order: the table as the core keeps it, which holds no
    # None (the campaign and apply_changes drop one: TOML has no null), so none is sought.
    if [*kept] == _KEYS:
        # (stored inline, not by contract.keep_at_most: every new state is stored here once, a
        # dozen a trial, and the call cost 0.1% of a trial: icount 3.6968M -> 3.7006M)
        if len(_IN_ORDER) >= _IN_ORDER_LIMIT:
            _IN_ORDER.clear()
        _IN_ORDER[id(kept)] = kept
        return kept
    # Any other table (fields missing, or a key of no field): a kept value, even None,
    # hides the sheet's (Character.value); None stands for the default.
    sheet = ch.sheet
    out = {**worked_out(sheet, "state", _sheet_state, sheet), **kept}
    if len(out) != len(STATE_DEFAULTS) or None in kept.values():  # rare: a key of no field, a None
        return _fields_alone(out)
    return out


def kept_value(ch: Character, key: str) -> Any:
    """The field ``key`` of ``ch``'s kept state (:func:`kept_state`): read as the state holds it
    where it holds it (not None), with no kept state laid out for a rule that reads a field or
    two of a state met anew (a last resort spent; icount 2.7762M -> 2.7610M over 400 trials)."""
    value = ch.state.get(key)
    return kept_state(ch)[key] if value is None else value


def _fields_alone(out: dict[str, Any]) -> dict[str, Any]:
    """A state's fields alone, in the template's order, a None read as the default (a function
    of its own: a comprehension in kept_state made ``out`` a cell at its every call; icount,
    with first_order's loop: 3.0335M -> 3.0222M over 400 trials)."""
    return {key: STATE_DEFAULTS[key] if out[key] is None else out[key] for key in STATE_DEFAULTS}


# id(state) -> the state itself: the kept states seen to hold every field in the template's
# order. An entry holds its state, so that no other table can take its id while it is here;
# a state is never changed in place (a hook gives a new one, and so does the core), so what
# was seen of it holds. Emptied whole when full.
_IN_ORDER: dict[int, Mapping[str, Any]] = {}
_IN_ORDER_LIMIT = 1024
_KEYS = list(STATE_DEFAULTS)  # a list: a state's keys are read into one faster than into a tuple
_LISTS = tuple(key for key, val in STATE_DEFAULTS.items() if isinstance(val, list))


def _sheet_state(sheet: dict[str, Any]) -> dict[str, Any]:
    """The kept state as the sheet alone gives it."""
    return {key: STATE_DEFAULTS[key] if sheet.get(key) is None else sheet[key] for key in STATE_DEFAULTS}


def _override(ch: Character, key: str) -> int | None:
    val = ch.sheet.get(key)
    return None if val is None else int(val)


def track_sizes(ch: Character) -> Mapping[str, int]:
    """The rulings (GAP-8): stun = wound = CON, mortal = fatigue = ⌈CON/2⌉; a sheet's
    ``stun_max``… overrides each. Worked out once per sheet and shared: read it, do not change it."""
    return worked_out(ch.sheet, "track_sizes", _track_sizes, ch)


def _track_sizes(ch: Character) -> dict[str, int]:
    con = ability(ch, "CON")
    half = -(-con // 2)
    sizes = {"stun": con, "wound": con, "mortal": half, "fatigue": half}
    for track in sizes:
        val = _override(ch, f"{track}_max")
        if val is not None:
            check_range(f"{track}_max", val, 1, 50)
            sizes[track] = val
    return sizes


def actions_per_round(ch: Character) -> int:
    """The rulings (GAP-6): CON+WIL ≤15 → 1, 16–23 → 2, 24–31 → 3, 32+ → 4; a sheet value wins."""
    return worked_out(ch.sheet, "actions", _actions_per_round, ch)


def _actions_per_round(ch: Character) -> int:
    val = _override(ch, "actions")
    if val is not None:
        check_range("actions", val, 1, 4)
        return val
    total = ability(ch, "CON") + ability(ch, "VOL")
    return 1 if total <= 15 else 2 if total <= 23 else 3 if total <= 31 else 4


def action_check_score(ch: Character) -> int:
    """002-R7: ⌊(DEX+INT)/2⌋ + profession bonus; the sheet's ``action_check`` wins."""
    return worked_out(ch.sheet, "action_check", _action_check_score, ch)


def _action_check_score(ch: Character) -> int:
    val = _override(ch, "action_check")
    if val is not None:
        return val
    bonus = int(ch.sheet.get("profession_bonus") or 0)
    return (ability(ch, "DES") + ability(ch, "INT")) // 2 + bonus


def last_resorts_max(ch: Character) -> int:
    """The rulings: a sheet value, else from Personality (7→0, 10→1, 12→2, 14→3, 16→4, linear between)."""
    return worked_out(ch.sheet, "last_resorts", _last_resorts_max, ch)


def _last_resorts_max(ch: Character) -> int:
    val = _override(ch, "last_resorts")
    if val is not None:
        return val
    per = ability(ch, "PER")
    return 0 if per < 10 else (per - 8) // 2


def last_resorts_left(ch: Character) -> int:
    # (the sheet's most worked out as last_resorts_max works it out, with no call of it between)
    left = worked_out(ch.sheet, "last_resorts", _last_resorts_max, ch) - int(kept_value(ch, "last_resorts_spent"))
    # (asked at every failed roll that may spend: max's call costs more than the test, and min's in
    # last_resort.spend: icount 3.3237M -> 3.3156M over 400 trials)
    return left if left > 0 else 0


def is_free_agent(ch: Character | None) -> bool:
    """Whether ``ch`` is a Free Agent (its sheet's flag or profession): read once per sheet,
    for its profession's name is folded (asked at every failed roll that spends a last resort)."""
    if ch is None:
        return False
    return worked_out(ch.sheet, "free agent", _free_agent, ch.sheet)


def _free_agent(sheet: Mapping[str, Any]) -> bool:
    return bool(sheet.get("free_agent")) or fold(sheet.get("profession") or "") in ("agente libre", "free agent")


def dazed_steps(ch: Character | None, options: Mapping[str, Any], lang: str,
                st: Mapping[str, Any] | None = None) -> tuple[int, list[str]]:
    """002-R26, in ``lang``: the steps and why (see :func:`dazed`)."""
    steps, why = dazed(ch, options, st)
    return steps, [label(lang) for label in why]


# The Dazed reasons, made once (or once per number): a status and every roll of a hurt character read them.
_DAZED_STUN = Label("+1 aturdido (más de la mitad del aturdimiento)", "+1 dazed (over half the stun boxes)")
_DAZED_WOUND = Label("+1 aturdido (más de la mitad de las heridas)", "+1 dazed (over half the wound boxes)")


@functools.lru_cache(maxsize=64)
def _dazed_by_mortal(points: int) -> Label:
    return Label(f"+{points} por daño mortal", f"+{points} for mortal damage")


@functools.lru_cache(maxsize=64)
def _dazed_by_fatigue(boxes: int) -> Label:
    return Label(f"+{boxes} por fatiga", f"+{boxes} for fatigue")


# The marks of a state that make a character Dazed (:func:`dazed`, 002-R26), read at once: what a
# roll made ready for a character (an attack's plan, an entrant's check, a situation) is keyed by.
DAZING = itemgetter("mortal", "fatigue", "stun", "wound")


def dazing(ch: Character, st: Mapping[str, Any]) -> tuple[Any, Any, bool, bool]:
    """What :func:`dazed` reads of the kept state ``st`` of ``ch``: its mortal points and
    fatigue boxes, and whether more than half its stun and wound boxes are marked. Marks
    that agree on these daze alike, so a roll made ready keyed by them (:func:`situation.prepare`)
    is met again on other marks (:data:`DAZING`, the marks themselves, asks no track's size)."""
    try:
        sizes = track_sizes(ch)
    except RoleError:  # tracks that cannot be sized: the marks themselves, refused where the roll reads them
        return DAZING(st)
    return st["mortal"], st["fatigue"], st["stun"] * 2 > sizes["stun"], st["wound"] * 2 > sizes["wound"]


def dazed(ch: Character | None, options: Mapping[str, Any], st: Mapping[str, Any] | None = None) -> tuple[int, list[Label]]:
    """002-R26: +1 step per mortal point and per fatigue box (always); +1 when more than
    half the stun boxes are marked (option ``dazed_stun``), and the same for wounds
    (``dazed_wound``). ``st``: the character's kept state, if already read."""
    if ch is None:
        return 0, []
    if st is None:
        st = kept_state(ch)
    sizes = track_sizes(ch)
    steps, why = 0, []
    if st["mortal"]:
        steps += st["mortal"]
        why.append(_dazed_by_mortal(st["mortal"]))
    if st["fatigue"]:
        steps += st["fatigue"]
        why.append(_dazed_by_fatigue(st["fatigue"]))
    if options.get("dazed_stun", True) and st["stun"] * 2 > sizes["stun"]:
        steps += 1
        why.append(_DAZED_STUN)
    if options.get("dazed_wound", True) and st["wound"] * 2 > sizes["wound"]:
        steps += 1
        why.append(_DAZED_WOUND)
    return steps, why


def resolve_rating(ch: Character | None, text: Any) -> tuple[int, str, str]:
    """A ``rating`` parameter → (score, kind guessed from it, name).

    Kinds: a plain number → ``number``; an ability (FUE, DEX, Voluntad…) → ``feat``;
    a skill written "Broad-specialty" → ``specialty``; any other skill → ``broad``.
    Several traits joined by ``+`` are added up.
    """
    raw = str(text).strip()
    if ch is None:
        try:
            return int(raw), "number", ""
        except ValueError:
            raise RoleError(Label(f"{raw!r} no es un número; los nombres de rasgos necesitan un personaje de campaña.",
                                  f"{raw!r} is not a number; trait names need a campaign character.")) from None
    return worked_out(ch.sheet, ("rating", raw), _sheet_rating, ch, raw)


def _sheet_rating(ch: Character, raw: str) -> tuple[int, str, str]:
    """:func:`resolve_rating` of a character: read from its sheet alone."""
    pieces = []
    for piece in raw.split("+"):
        piece = piece.strip()
        key = ability_key(piece)
        if key and not _has_trait(ch, piece):
            piece = key if _has_trait(ch, key) else piece
        pieces.append(piece)
    parts = ch.rating("+".join(pieces))
    score = sum(v for _, v in parts)
    names = [n for n, _ in parts if n]
    if len(parts) != 1 or not names:
        return score, "number", "+".join(names)
    name = names[0]
    if ability_key(name):
        return score, "feat", name
    return score, ("specialty" if "-" in name else "broad"), name


def _has_trait(ch: Character, name: str) -> bool:
    try:
        ch.trait(name)
        return True
    except RoleError:
        return False


def find_skill(ch: Character | None, names: tuple[str, ...], fallback: str) -> tuple[int, str, str]:
    """The first of ``names`` on the sheet, as (score, kind, name); else the untrained
    ability (half the ability at +d4)."""
    if ch is None:
        raise Refused(Label("esta tirada necesita un personaje o --score.", "this roll needs a character or a --score."))
    # read once per sheet: asking a sheet for a trait it lacks builds a "did you mean" suggestion
    return worked_out(ch.sheet, ("skill", names, fallback), _sheet_skill, ch, names, fallback)


def _sheet_skill(ch: Character, names: tuple[str, ...], fallback: str) -> tuple[int, str, str]:
    for name in names:
        if _has_trait(ch, name):
            return ch.trait(name), ("specialty" if "-" in name else "broad"), name
    return ability(ch, fallback), "untrained", fallback
