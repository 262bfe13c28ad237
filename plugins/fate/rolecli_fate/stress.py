"""Stress tracks, consequences and Taken Out, and the concession a consequence
may come with (000-R30…R37, R47, R50; the concession itself is in ``conflict``).

State kept per character:
- ``salud`` / ``compostura``: the marked boxes, as a list of box numbers ("1", "3").
- ``consecuencias``: ``"Severidad: texto"`` entries, optionally followed by
  ``[como Menor]`` when a session start lowered its recovery level (000-R65).
- ``fuera`` and the conflict's other marks: see ``conflict``.

The rules set these, and the temporary aspects, as tuples (the core writes them as lists): a change
holding no list is one an encounter numbers the new state by, not a state keyed whole after a
failed hash (icount, a fate trial N=400 2.6608M -> 2.5764M, -3.2%); a kept hit sets it again safely.
"""

from __future__ import annotations

import functools
import itertools
import operator
import re
from typing import Any

from rolecli.contract import Character, Label, Refused, keep_at_most, worked_out

from .conflict import accepts, concession, out_of_conflict
from .ladder import fold
from .minions import attached_groups, hit_group
from .state import ABSENT, Work, fate_points, skill_of

SEVERITIES: tuple[tuple[str, str, str, int], ...] = (
    # key, Spanish, English, stress absorbed (the rulings, GAP-7)
    ("menor", "Menor", "Minor", 2),
    ("mayor", "Mayor", "Major", 4),
    ("severa", "Severa", "Severe", 6),
    ("extrema", "Extrema", "Extreme", 8),
)
COMPANION = ("companero", "Compañero", "Companion", 2)
LEVEL = {s[0]: i for i, s in enumerate(SEVERITIES)}
ABSORB = {s[0]: s[3] for s in SEVERITIES + (COMPANION,)}
SPANISH = {s[0]: s[1] for s in SEVERITIES + (COMPANION,)}
ENGLISH = {s[0]: s[2] for s in SEVERITIES + (COMPANION,)}
ALIASES = {fold(s[1]): s[0] for s in SEVERITIES + (COMPANION,)} | {fold(s[2]): s[0] for s in SEVERITIES + (COMPANION,)}
ALIASES |= {"moderada": "mayor", "moderate": "mayor", "compañero": "companero", "companion": "companero"}
SEVERITY_NAMES = {key: Label(SPANISH[key], ENGLISH[key]) for key in SPANISH}  # made once: every hit names its own

TRACKS = {"salud": ("Salud", "Health", "Resistencia"), "compostura": ("Compostura", "Composure", "Resolución")}
TRACK_NAMES = {key: Label(es, en) for key, (es, en, _) in TRACKS.items()}


@functools.lru_cache(maxsize=64)  # every attack names its track
def track_key(text: str) -> str:
    t = fold(text)
    for key, (es, en, _) in TRACKS.items():
        if t in (fold(es), fold(en), key, {"salud": "physical", "compostura": "mental"}[key]):
            return key
    if t in ("fisico", "social"):
        return "salud" if t == "fisico" else "compostura"
    raise Refused(Label(f"la barra de estrés {text!r} no existe; usa salud o compostura.",
                        f"track {text!r} is unknown; use salud (Health) or compostura (Composure)."))


def track_bonus(rating: int) -> int:
    """The rulings (SotC): +1 at Promedio–Adecuado, +2 at Bueno–Grande, +3 at Soberbio and up."""
    if rating >= 5:
        return 3
    if rating >= 3:
        return 2
    if rating >= 1:
        return 1
    return 0


def track_size(ch: Character, track: str) -> int:
    """5 boxes (000-R31) plus the bonus from Resistencia (Salud) or Resolución (Compostura):
    a sheet's, worked out once (every hit and every status reads it)."""
    return worked_out(ch.sheet, ("track size", track), _boxes, ch, track)  # (its arguments given: no closure made)


def _boxes(ch: Character, track: str) -> int:
    """:func:`track_size`, read from the sheet."""
    return 5 + track_bonus(skill_of(ch, TRACKS[track][2]))


def marked(work: Work, ch: Character, track: str) -> frozenset[int]:
    return boxes_of(tuple(work.get(ch, track, []) or ()), track_size(ch, track))[0]


@functools.lru_cache(maxsize=1024)  # a fight marks the same few boxes of the same few tracks
def boxes_of(entries, size: int) -> tuple[frozenset[int], tuple[int, ...]]:
    """(the boxes marked, the boxes free) of a track of ``size`` boxes whose
    state lists ``entries`` (``"1"``, ``"3"``; as a tuple)."""
    taken = frozenset(int(x) for x in entries)
    return taken, tuple(b for b in range(1, size + 1) if b not in taken)


@functools.lru_cache(maxsize=1024)  # a status reads every consequence held at every turn
def parse_consequence(entry: str) -> tuple[str, str, str]:
    """(severity key, text, recovers-as key) of a ``consecuencias`` entry."""
    head, _, rest = str(entry).partition(":")
    sev = ALIASES.get(fold(head), "menor")
    m = re.search(r"\[(?:como|as)\s+([^\]]+)\]", rest)
    recovers = ALIASES.get(fold(m.group(1)), sev) if m else sev
    text = rest.split("[", 1)[0].strip()
    return sev, text, recovers


def format_consequence(sev: str, text: str, recovers: str | None = None) -> str:
    entry = f"{SPANISH[sev]}: {text}"
    if recovers and recovers != sev:
        entry += f" [como {SPANISH[recovers]}]"
    return entry


def sev_name(key: str, lang: str) -> str:
    return SEVERITY_NAMES[key](lang)


def parse_policy(text: Any) -> str | tuple[str, ...]:
    """``auto``, ``none`` or the consequences listed (their keys), as a hit's
    ``--consequences`` gives them."""
    if isinstance(text, (list, tuple)):
        return _listed(tuple(str(x) for x in text))
    t = fold(str(text or "auto"))
    if t in ("auto", "none", "ninguna", "no"):
        return "none" if t != "auto" else "auto"
    return _listed(tuple(t.split(",")))


@functools.lru_cache(maxsize=256)  # every hit of a fight gives its policy
def _listed(items: tuple[str, ...]) -> tuple[str, ...]:
    keys = []
    for it in items:
        k = ALIASES.get(fold(it))
        if k is None:
            raise Refused(Label(f"la consecuencia {it!r} no existe; usa auto, none o una lista de "
                                "menor, mayor, severa, extrema, companero.",
                                f"consequence {it!r} is unknown; use auto, none or a list of "
                                "menor, mayor, severa, extrema, companero."))
        keys.append(k)
    return tuple(keys)


@functools.lru_cache(maxsize=1024)  # a fight's hits and statuses find the same few consequences held
def severities(held: tuple[str, ...]) -> tuple[str, ...]:
    """The severities of the ``consecuencias`` entries ``held``, sorted: what a hit or
    a status is keyed by (:func:`damage_named`, ``status.status``), for the rules read
    no text of a consequence held, nor which was taken first."""
    return tuple(sorted(parse_consequence(c)[0] for c in held))


@functools.lru_cache(maxsize=1024)  # a fight's hits find the same few consequences held
def slots(held: tuple[str, ...], most: int) -> tuple[tuple[str, ...], int, tuple[str, ...]]:
    """Of the ``consecuencias`` entries ``held``, with ``most`` allowed at once
    (max_consequences, 000-R34; a companion lost is not one of them, 000-R50):
    their :func:`severities`, the slots left, the severities still free (one of each)."""
    severities_held = severities(held)
    room = int(most) - (len(severities_held) - severities_held.count("companero"))
    return severities_held, room, tuple(s[0] for s in SEVERITIES if s[0] not in severities_held)


def holds(free, mode: str) -> int:
    """The most stress the ``free`` boxes take without being Taken Out: in SotC, the
    largest free box; in points, one box less than those free (a hit that leaves no
    unmarked box takes the character out)."""
    if mode == "sotc":
        return max(free, default=0)
    return max(0, len(free) - 1)


def _fits(rest: int, free: list[int], mode: str) -> tuple[bool, list[int]]:
    """Can ``rest`` stress be marked on the ``free`` boxes without being Taken Out (:func:`holds`)? And which boxes."""
    if rest > holds(free, mode):
        return False, (free if mode == "points" else [])
    if rest <= 0:
        return True, []
    if mode == "sotc":
        return True, [next(b for b in free if b >= rest)]
    return True, free[:rest]


@functools.lru_cache(maxsize=1024)  # a fight deals the same few hits to tracks that hold the same few
def auto_consequences(stress: int, held: int, free_sev: tuple[str, ...], room: int) -> tuple[str, ...]:
    """The consequences ``auto`` takes against ``stress`` that the free boxes, which
    hold ``held`` (:func:`holds`), cannot hold alone, of the ``free_sev`` severities
    with ``room`` slots left: none when no choice helps."""
    best = None
    for n in range(1, min(room, len(free_sev)) + 1):
        for combo in itertools.combinations(free_sev, n):
            # (each choice's numbers read by C calls: no generator made for each)
            absorb = sum(map(ABSORB.__getitem__, combo))
            if stress - absorb <= held:
                # Least absorbed (no consequence wasted), then the mildest worst one:
                # an Extrema needs medical treatment or kills (000-R64), so Menor + Severa
                # beats Extrema for the same 8; then fewer slots.
                levels = list(map(LEVEL.__getitem__, combo))
                key = (absorb, max(levels), n, levels)
                if best is None or key < best[0]:
                    best = (key, combo)
    return best[1] if best else ()


# What a hit reads of its parameters (:func:`mark_stress`): the consequences taken, the
# concession offered and its answer, the Fate points bargained.
HIT_CHOICES = ("consequences", "describe", "concede", "reply", "bargain", "caminante")
_HIT_CHOSEN = operator.itemgetter(*HIT_CHOICES)  # (at once, where a verb was given every parameter)
# What a kept hit sets for the consequences (:func:`_marked`): those held, whatever their
# texts, with the ones it took after them (a hit reads no text of those held, only how
# severe each is: :func:`severities`).
_TAKEN = object()


def hit_choices(p: dict) -> tuple[tuple, bool]:
    """What a hit reads of its parameters ``p`` (:data:`HIT_CHOICES`, in order), and whether
    their reply refuses a concession (a refused one costs the attacker a Fate point): what
    :func:`damage_named` keys a hit by of them, read once for all the hits of an attack's plan
    (``actions.attack`` keeps them: icount, a fate trial 3.3120M -> 3.2897M, -0.67%, with a kept hit
    copied by its own methods, not by calls of dict and list)."""
    try:
        chosen = _HIT_CHOSEN(p)
    except KeyError:  # a direct call's, some left out
        chosen = tuple(map(p.get, HIT_CHOICES))
    return chosen, not accepts(str(p.get("reply", "accept")))


def damage_named(work: Work, ch: Character, stress: int, track: str, p: dict, lang: str,
                 attacker: Character | None = None, choices: tuple[tuple, bool] | None = None) -> tuple[list[str], dict]:
    """Mark stress on a named character, with consequences per the policy
    (:func:`mark_stress`). Worked out once for the same hit on the same sheet in
    the same state as the hit reads it (its key; a fight deals the same
    few hits to the same few states again and again): what it sets on the states of the character and of its attacker
    (whose Fate points a refused concession costs, the only thing of it a hit
    reads, and only where its reply refuses one) is kept with its lines and data,
    and set again. The consequences held are keyed by their severities alone (each
    names the hit that took it: as texts, a fight's states seldom meet again), and
    those the hit took are kept to follow them. ``choices``: :func:`hit_choices` of ``p``, where
    the caller has them."""
    # (its own state where the action has set none, every attack's hit: no call of state_of, icount -0.22%)
    opts, get = work.ctx.options, (work.state_of(ch) if work.states else ch.state).get
    chosen, refuses = hit_choices(p) if choices is None else choices
    # Its state as the hit reads it: the boxes of its track as a tuple, the consequences held as
    # mark_stress reads them, by severity, and the other fields it reads as they are (or absent).
    boxes = get(track, ABSENT)
    held = get("consecuencias")  # (as work.get reads it, where the state holds it: a call fewer a hit, icount -0.31%)
    held = tuple((held if held is not None else work.get(ch, "consecuencias")) or ())
    sheet = ch.sheet
    key = (ch.name, stress, track, lang, work.ctx.explain, opts["stress"], opts["max_consequences"],
           opts.get("refresh"), chosen, tuple(boxes) if type(boxes) is list else boxes,
           severities(held) if held else (),  # (most find none held: no call of the cache, icount -0.29% with cons)
           # the rest mark_stress reads of it: out of the conflict, minions out, Fate points, the concession
           # offered, and the sheet values a state may hold (size, companions, Aspereza); each by name, flat,
           # not a tuple made by map (icount, a fate trial N=400 -0.77%)
           get("fuera", ABSENT), get("sicarios_fuera", ABSENT), get("puntos_destino", ABSENT),
           get("concesion_ofrecida", ABSENT), get("cantidad", ABSENT), get("companeros", ABSENT),
           get("aspereza", ABSENT),
           # (of the attacker, the Fate points a refused concession costs: read where the reply refuses)
           attacker and refuses and (attacker.name, work.get(attacker, "puntos_destino")))
    try:
        found = _HITS.get(key)
    except TypeError:  # a state or a choice that cannot be a key, a table the rules do not know or a list typed
        found = key = None  # (worked out, not kept)
    if found is None or found[0] is not sheet:
        found = (sheet, _marked(work, ch, stress, track, p, lang, attacker, len(held)))
        if key is not None:
            keep_at_most(_HITS, key, found, _HITS_LIMIT)
    lines, data, on_hit, on_attacker, taken = found[1]
    if taken is not None:  # (a hit on one out of the conflict tells none)
        cons = held + taken  # (two tuples joined, not unpacked into a list made a tuple)
    if work.ctx.record:  # (its data recorded only: none where no one reads it, Context.record; icount -0.48%)
        data = data.copy()
        if taken is not None:
            data["consequences"] = cons
    else:
        data = {}
    # (the first time, set already: setting it again changes nothing)
    if on_hit:
        work.update(ch, {**on_hit, "consecuencias": cons} if "consecuencias" in on_hit else on_hit)
    if on_attacker:
        work.update(attacker, on_attacker)
    return lines.copy(), data


# The hits worked out (:func:`damage_named`), each with the sheet of the character hit, by its name
# and all else the hit reads (a character of that name with another sheet, in another campaign, has
# it worked out anew): a table of their own, not :func:`~rolecli.contract.worked_out`'s by the sheet,
# whose call at every hit costs more (icount, a fate trial 3.5240M -> 3.5162M, -0.22%; by the name,
# not the sheet's id: 3.4863M -> 3.4826M).
_HITS: dict[tuple, tuple] = {}
_HITS_LIMIT = 4096


def _marked(work: Work, ch: Character, stress: int, track: str, p: dict, lang: str, attacker: Character | None,
            held: int) -> tuple[list[str], dict, dict[str, Any], dict[str, Any], tuple[str, ...] | None]:
    """:func:`mark_stress` on ``ch`` holding ``held`` consequences, the fields it set on the
    states of ``ch`` (its consequences as :data:`_TAKEN`) and of ``attacker``, each in their
    order, and the consequences it took (``None``: it told none, ``ch`` being out of the conflict)."""
    # (only the fields this action set can have moved: a few, not the whole state; most often none yet)
    was_hit = dict(work.set_on(ch))
    was_attacker = dict(work.set_on(attacker)) if attacker is not None else {}
    lines, data = mark_stress(work, ch, stress, track, p, lang, attacker)
    cons = data.get("consequences")
    on_hit = _set_since(work.set_on(ch), was_hit)
    if "consecuencias" in on_hit:
        on_hit["consecuencias"] = _TAKEN
    on_attacker = _set_since(work.set_on(attacker), was_attacker) if attacker is not None else {}
    return lines, data, on_hit, on_attacker, None if cons is None else cons[held:]


def _set_since(fields: dict[str, Any], was: dict[str, Any]) -> dict[str, Any]:
    """Of the ``fields`` set, those not set to the same value in ``was``, in their order."""
    found = {}
    for field, value in fields.items():
        if field not in was or was[field] is not value:
            found[field] = value
    return found


def mark_stress(work: Work, ch: Character, stress: int, track: str, p: dict, lang: str,
                attacker: Character | None = None) -> tuple[list[str], dict]:
    """Mark stress on a named character, with consequences per the policy."""
    opts = work.ctx.options
    mode = opts["stress"]
    explain = work.ctx.explain  # the lines are written only for someone to read (Context.explain)
    tname = TRACK_NAMES[track](lang)
    data: dict[str, Any] = {"character": ch.name, "stress": stress, "track": track}
    lines: list[str] = []
    out = out_of_conflict(work, ch)
    if out:
        lines.append(Label(f"{ch.name} ya está fuera del conflicto.",
                           f"{ch.name} is already out of the conflict.")(lang))
        data["already_out"] = out
        return lines, data
    size = track_size(ch, track)
    taken, free_boxes = boxes_of(tuple(work.get(ch, track, []) or ()), size)
    free = list(free_boxes)
    cons = tuple(work.get(ch, "consecuencias", ()) or ())
    held, room, free_sev = slots(cons, opts["max_consequences"])
    policy = parse_policy(p.get("consequences", "auto"))
    chosen: list[str] = []
    alone = _fits(stress, free, mode)  # the boxes alone
    if stress > 0 and isinstance(policy, tuple):
        comp_free = max(0, int(ch.value("companeros") or 0) - held.count("companero"))
        for k in policy:
            if k == "companero":
                if chosen.count("companero") >= comp_free:
                    companions = int(ch.value('companeros') or 0)
                    raise Refused(Label(f"{ch.name} no tiene ningún compañero más que perder como consecuencia "
                                        f"(companeros = {companions}).",
                                        f"{ch.name} has no companion left to lose as a consequence "
                                        f"(companeros = {companions})."))
            elif k not in free_sev or k in chosen:
                free_names = ", ".join(SPANISH[s] for s in free_sev)
                raise Refused(Label(f"{ch.name} ya tiene una consecuencia {SPANISH[k]}; una de cada gravedad "
                                    f"(libres: {free_names or 'ninguna'}).",
                                    f"{ch.name} already holds a {SPANISH[k]} consequence; one of each severity "
                                    f"(free: {free_names or 'none'})."))
            chosen.append(k)
        if len([c for c in chosen if c != "companero"]) > room:
            normal_held = len(held) - held.count("companero")
            raise Refused(Label(f"{ch.name} puede tener como mucho {opts['max_consequences']} consecuencias "
                                f"(max_consequences) y tiene {normal_held}.",
                                f"{ch.name} may hold at most {opts['max_consequences']} consequences "
                                f"(max_consequences) and holds {normal_held}."))
    elif stress > 0 and policy == "auto" and not alone[0]:
        chosen = list(auto_consequences(stress, holds(free_boxes, mode), free_sev, room))
    absorbed = min(stress, sum(map(ABSORB.get, chosen)))
    rest = stress - absorbed
    descr = list(p.get("describe") or ())
    for i, k in enumerate(chosen):
        text = descr[i] if i < len(descr) else (f"{tname}, {stress}")
        cons += (format_consequence(k, text),)
    if chosen:
        work.set(ch, "consecuencias", cons)
    if chosen and explain:
        names = ", ".join(f"{sev_name(k, lang)} ({ABSORB[k]})" for k in chosen)
        lines.append(Label(f"{ch.name} toma consecuencia {names}: absorbe {absorbed} de {stress}",
                           f"{ch.name} takes consequence {names}: absorbs {absorbed} of {stress}")(lang))
    ok, boxes = _fits(rest, free, mode) if chosen else alone
    free_count = size - len(taken)
    data.update({"track_size": size, "consequences_taken": [SPANISH[k] for k in chosen],
                 "absorbed": absorbed, "to_boxes": rest})
    if ok:
        new = taken | set(boxes)
        if boxes:
            work.set(ch, track, tuple(map(str, sorted(new))))
        left = size - len(new)
        if rest > 0 and explain:
            how = Label(f"casilla {boxes[0]}" if mode == "sotc" else f"{rest} casilla(s)",
                        f"box {boxes[0]}" if mode == "sotc" else f"{rest} box(es)")(lang)
            lines.append(Label(f"{ch.name}: {tname} marca {how}; quedan {left} de {size} libres",
                               f"{ch.name}: {tname} marks {how}; {left} of {size} free")(lang))
        elif stress == 0 and explain:
            lines.append(Label(f"{ch.name}: sin estrés", f"{ch.name}: no stress")(lang))
        data.update({"boxes_marked": boxes, "boxes_free": left, "taken_out": False, "overflow": 0})
    else:
        overflow = max(0, rest - free_count) if mode == "points" else max(0, rest - size)
        work.set(ch, track, tuple(map(str, range(1, size + 1))) if mode == "points" else tuple(sorted(map(str, taken))))
        work.set(ch, "fuera", "taken_out")
        if explain:
            why = (Label(f"el golpe de {rest} no deja casillas libres en {tname} ({free_count} libres de {size})" if mode == "points"
                    else f"no hay casilla libre de {rest} o más en {tname}",
                         f"the hit of {rest} leaves no free box on {tname} ({free_count} of {size} free)" if mode == "points"
                    else f"no free box of {rest} or more on {tname}")(lang))
            lines.append(Label(f"{ch.name} cae Fuera de Combate: {why}" + (f"; desborde {overflow}" if overflow else ""),
                               f"{ch.name} is Taken Out: {why}" + (f"; overflow {overflow}" if overflow else ""))(lang))
        data.update({"boxes_marked": [], "taken_out": True, "overflow": overflow})
        if p.get("caminante") and explain:
            lines.append(Label("Fuera de Combate por un Caminante: daño masivo, la Mordida o ser devorado (000-R35).",
                               "Taken Out by a Caminante: massive harm, the Bite, or being eaten (000-R35).")(lang))
        if p.get("bargain"):
            fp = fate_points(work, ch)
            if fp >= 1:
                work.set(ch, "puntos_destino", 0)
                data["fate_points_spent"] = fp
                if explain:
                    lines.append(Label(f"{ch.name} gasta todos sus PD ({fp}) para acercar el resultado a lo que desea.",
                                       f"{ch.name} spends all Fate points ({fp}) to move the outcome closer to their wish.")(lang))
    data["consequences"] = cons
    if chosen:
        work.set(ch, "consecuencia_tomada", True)
    # Concession (000-R36): once per conflict; NPC Aspereza (000-R37)
    if chosen and not data.get("taken_out"):
        concede = fold(str(p.get("concede", "auto") or "auto"))
        grit = ch.value("aspereza")
        normal_now = len([c for c in cons if parse_consequence(c)[0] != "companero"])
        once = not work.get(ch, "concesion_ofrecida", False)
        if concede == "auto":
            offer = once and grit is not None and int(grit) > 0 and normal_now >= int(grit)
            if offer and explain:
                lines.append(Label(f"{ch.name} tiene Aspereza {grit} y ya lleva {normal_now} consecuencia(s): ofrece concesión",
                                   f"{ch.name} has Aspereza {grit} and holds {normal_now} consequence(s): offers a concession")(lang))
        else:
            offer = concede in ("yes", "si", "sí", "true")
            if offer and not once:
                offer = False
                if explain:
                    lines.append(Label(f"{ch.name} ya ofreció una concesión en este conflicto: no hay otra (000-R36)",
                                       f"{ch.name} already offered a concession in this conflict: there is no other (000-R36)")(lang))
        if offer:
            lines += concession(work, ch, attacker, str(p.get("reply", "accept")), lang, data)
    return lines, data


def apply_stress(work: Work, ch: Character, stress: int, track: str, p: dict, lang: str,
                 attacker: Character | None = None, choices: tuple[tuple, bool] | None = None) -> tuple[list[str], dict]:
    """Route stress: a minion group spills minion to minion and then to its
    leader (000-R46/R47); a leader with attached minions is shielded by them.
    ``choices``: :func:`hit_choices` of ``p``, where the caller has them. Its data,
    recorded only, is empty where no one reads it (``Context.record``)."""
    group, led = work.group_of(ch)
    if group:
        over, lines, data = hit_group(work, ch, stress, lang)
        if over > 0:  # (its leader looked for where stress is left over alone, as most hits leave none: icount -0.27%)
            named = ch.value("lider")
            leader = work.char(str(named)) if named else None
            if leader is not None:
                more, ldata = damage_named(work, leader, over, track, p, lang, attacker, choices)
                lines += more
                if work.ctx.record:
                    data["leader"] = ldata
        return lines, data
    groups = attached_groups(work, led) if led else ()  # (most lead no one)
    if groups and stress > 0:
        lines, data = apply_stress(work, groups[0], stress, track, p, lang, attacker, choices)
        return lines, {"shielded_by": groups[0].name, **data} if work.ctx.record else data
    return damage_named(work, ch, stress, track, p, lang, attacker, choices)
