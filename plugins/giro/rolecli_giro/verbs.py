"""The system's verbs: a command's parameters turned into the rules, the dice
rolled (or read from ``--dice``) with the reason for each, and what happened.

Dice order, for ``--dice``: the Day Dice first (the first one, then the extra
ones, then one per assistant), then the Night Dice. In a contest, the actor's
first roll, then the target's, then the Night Dice in the order the sides roll
them (the output lists every die with its reason).
"""

from __future__ import annotations

import sys
from operator import itemgetter
from typing import Any, Callable

from rolecli.contract import Action, Character, Odds, Outcome, Refused, keep_at_most
from rolecli.names import closest, fold

from . import challenge as challenges
from . import health, sheet
from .adjustment import AdjustPlan, parse_delta
from .challenge import Challenge
from . import clock_turn
from .clock_turn import Side, Turn, night_roll, open_turn, pool, wants_night
from .contest import REROLLS, Round, Sides, night_step, opening
from .factors import automatic as automatic_factor
from .factors import modified
from .glossary import (ACTOR, ASSIST, DAY_DICE, DAY_DIE, FAILURE_FACTOR, MOTIVATION, NIGHT_DICE, NIGHT_DIE,
                       OPPOSITION, SUCCESS_FACTOR, L, say)
from .report import contest_verdict, factor_text, night_line, read_line, setting_line, turn_lines
from .success_range import SuccessRange
from .system import EXTRA, INFO


# --- what an action changes ----------------------------------------------------
# The state fields an action sets on the campaign's characters, by name: the
# Outcome's changes, a plain dict (one is made at every exchange, and a class
# of its own would cost a Python __init__ each time). Only the fields set, as
# the contract allows: the core keeps the others, so none is copied at every
# hit; hooks never change a Character in place.


def fields_set(changes: dict[str, dict[str, Any]], character: Character) -> dict[str, Any]:
    """The fields set on the character so far (a new dict when first asked
    for): a value in it is replaced, never changed in place."""
    found = changes.get(character.name)
    if found is None:
        found = changes[character.name] = {}
    return found


def field(changes: dict[str, dict[str, Any]], character: Character, key: str) -> Any:
    """A state field as the action leaves it so far: as set, or as kept."""
    found = changes.get(character.name)
    return found[key] if found is not None and key in found else character.state.get(key)


def note_consequence(changes: dict[str, dict[str, Any]], character: Character | None, turn: Turn,
                     text: str) -> str | None:
    """Keep the Cronista's consequence of a Night Die on the character."""
    if character is None or not text or not turn.consequences:
        return None
    noted = [*(field(changes, character, "consecuencias") or ()), text]
    fields_set(changes, character)["consecuencias"] = noted
    return text


# --- one side's Giro de Reloj -------------------------------------------------


def build_side(p: dict, prefix: str, who: Character | None, text: Any, ctx, label: str) -> Side:
    """The side a command describes: its challenge, range, dice, adjustment and
    choices. ``prefix`` is ``"target_"`` for the other side of a contest.

    Worked out once for the same choices on the same sheet (an encounter asks
    for the same sides at every exchange); whether its assistants can assist
    is asked at every roll, as a fight changes who can."""
    def g(key: str) -> Any:
        return p[prefix + key]

    if text in (None, ""):
        raise Refused(L(f"{'falta la oposición' if prefix else 'falta el desafío'}: da Atributo + Habilidad, "
                        "o el límite como número.",
                        f"{'the opposition' if prefix else 'the challenge'} is missing: give Attribute + Skill, "
                        "or the limit as a number."))
    chall, helpers = None, ()
    if g("assist"):  # asked at every roll: who can assist changes in a fight
        chall = _challenge(g, prefix, who, text, ctx)
        helpers = assistants(g("assist"), ctx, who, chall)
    # the text, the assistants found and these choices (with the sheet) are all the side is made of
    key = ("side", text, label, helpers, _choices(p, prefix))
    return sheet.worked_out(who, key, lambda: _side(g, prefix, label, chall or _challenge(g, prefix, who, text, ctx),
                                                    helpers))


def _choices(p: dict, prefix: str) -> tuple:
    """The parameters that settle a side besides its challenge's text and its
    assistants: its picks (as a tuple, which a key can hold) and the others."""
    return tuple(p[prefix + "pick"]), _READ_SETTLED[prefix](p)


_SETTLED = ("quality", "advanced", "untrained", "extra_day", "extra_night", "tempt", "night_turn", "difficulty",
            "adjust", "adjust_day", "adjust_night", "night", "keep_day", "success_factor_mod", "failure_factor_mod")
# (interned, as the parameters' names are: a look-up finds the very key object, compared no further)
_READ_SETTLED = {prefix: itemgetter(*(sys.intern(prefix + key) for key in _SETTLED)) for prefix in ("", "target_")}
# Those of both sides of a contest, the actor's challenge and both sides' picks, read at once
# (:func:`contest_sides`; picks given as a list, which a key cannot hold, are worked out at every call).
_READ_CONTEST = itemgetter("challenge", "pick", "target_pick", *_SETTLED,
                           *(sys.intern("target_" + key) for key in _SETTLED))


def _challenge(g: Callable[[str], Any], prefix: str, who: Character | None, text: Any, ctx) -> Challenge:
    """The side's challenge, read from its text (once per sheet: :func:`challenges.parse`)."""
    try:
        return challenges.parse(text, who, quality=g("quality"), pick=g("pick"), advanced=g("advanced"),
                                untrained=g("untrained"))
    except Refused as refused:
        if prefix and who is None and ctx.characters and "quick roll has no character" in str(refused):
            raise Refused(L(f"la oposición {text!r} nombra rasgos pero ningún personaje: da --target NOMBRE, el "
                            "personaje de esos rasgos, o números (4+3, o el límite 7).",
                            f"the opposition {text!r} names traits but no character: give --target NAME, whose "
                            "traits they are, or numbers (4+3, or the limit 7).")) from None
        raise


def _side(g: Callable[[str], Any], prefix: str, label: str, chall: Challenge, helpers: tuple[str, ...]) -> Side:
    """The side of :func:`build_side`, worked out."""
    forced = chall.untrained_advanced
    try:
        dice = pool(g("extra_day"), helpers, g("extra_night"), tempt=g("tempt"), night_turn=g("night_turn") or forced)
    except Refused as refused:
        if not forced:
            raise
        raise Refused(L(f"{label or 'quien tira'} no está entrenado en una habilidad avanzada, así que es un Giro "
                        f"Nocturno (001-R12); {refused.text('es')}",
                        f"{label or 'the roller'} is untrained in an advanced skill, so this is a Night Turn "
                        f"(001-R12); {refused.text('en')}")) from None
    flag = "--" + prefix.replace("_", "-")
    keep = str(g("keep_day")).strip()
    if keep != "best" and not (keep.isdigit() and 1 <= int(keep) <= 12):
        raise Refused(L(f"{flag}keep-day {keep!r}: escribe best, o el valor 1..12 del Dado Diurno que se guarda.",
                        f"{flag}keep-day {keep!r}: write best, or the value 1..12 of the Day Die kept."))
    plan = AdjustPlan(g("adjust"), parse_delta(g("adjust_day"), flag + "adjust-day"),
                      parse_delta(g("adjust_night"), flag + "adjust-night"))
    if dice.night_only and (plan.day is not None or keep != "best"):
        raise Refused(L(f"un Giro Nocturno o tentar al destino no tira Dado Diurno: quita {flag}adjust-day y "
                        f"{flag}keep-day.",
                        f"a Night Turn or tempting fate rolls no Day Die: drop {flag}adjust-day and {flag}keep-day."))
    return Side(label, SuccessRange(g("difficulty"), chall.limit), dice, plan, g("night"),
                None if keep == "best" else int(keep), g("success_factor_mod"), g("failure_factor_mod"), chall)


def assistants(items: tuple[str, ...], ctx, who: Character | None, chall: Challenge) -> tuple[str, ...]:
    """001-R17: each assistant gives one Day Die. A named one must be a
    character of the campaign able to act, and trained in the advanced skills
    of an advanced challenge. A number stands for that many assistants."""
    names: list[str] = []
    for item in items:
        if item.isdigit():
            names += [""] * int(item)
            continue
        helper = _character(ctx, item)
        if who is not None and helper.name == who.name:
            raise Refused(L(f"{helper.name} no puede asistir en su propio Giro de Reloj (001-R17).",
                            f"{helper.name} cannot assist their own Giro de Reloj (001-R17)."))
        status = health.status(helper)
        if status is not None and not status.can_act:
            raise Refused(L(f"{helper.name} no puede asistir: {status.why('es')}.",
                            f"{helper.name} cannot assist: {status.why('en')}."))
        untrained = [s for s in chall.advanced_skills() if not sheet.trained(helper, s)]
        if untrained:
            skills = ', '.join(untrained)
            raise Refused(L(f"{helper.name} no puede asistir: no está entrenado en la habilidad avanzada {skills} "
                            "(001-R17).",
                            f"{helper.name} cannot assist: untrained in the advanced skill {skills} (001-R17)."))
        names.append(helper.name)
    if len(names) > EXTRA[1]:
        raise Refused(L(f"--assist da {len(names)} asistentes; como mucho {EXTRA[1]} (el Cronista puede decidir que "
                        "más no añaden nada, 001-R17).",
                        f"--assist gives {len(names)} assistants; at most {EXTRA[1]} (the Cronista may rule that "
                        "more add nothing, 001-R17)."))
    return tuple(names)


def _character(ctx, name: str) -> Character:
    for key, character in (ctx.characters or {}).items():
        if fold(key) == fold(name):
            return character
    if not ctx.characters:
        raise Refused(L(f"--assist {name!r} nombra un personaje, pero una tirada rápida no tiene campaña: da el "
                        "número de asistentes.",
                        f"--assist {name!r} names a character, but a quick roll has no campaign: give the number "
                        "of assistants."))
    known = list(ctx.characters)
    raise Refused(L(f"--assist: no hay ningún personaje {name!r} en la campaña." + closest(name, known, "Personajes", "es"),
                    f"--assist: no character {name!r} in the campaign." + closest(name, known, "Characters")))


def first_dice(ctx, side: Side) -> tuple[int, ...]:
    """The first roll of a side: its Day Dice, or the Night Dice of a Night
    Turn or of tempting fate."""
    return _rolled(ctx, _reasons(side, ctx.lang)[0])


def night_dice(ctx, side: Side) -> tuple[int, ...]:
    """A side's Night Dice, read as one roll (one call, not one a die); the
    one Night Die of most sides read as one die (no list of one made and
    turned into a tuple: icount giro 1.757M -> 1.745M a trial)."""
    lang = ctx.lang
    whys = (side.reasons.get(lang) or _reasons(side, lang))[1]  # (looked up here: most are found, with no call)
    return (ctx.dice.roll(12, whys[0]),) if len(whys) == 1 else tuple(ctx.dice.roll_many(12, whys))


def _rolled(ctx, reasons: tuple[str, ...]) -> tuple[int, ...]:
    roll = ctx.dice.roll
    return tuple([roll(12, why) for why in reasons])


def _reasons(side: Side, lang: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Why each die of a side's first roll (its Day Dice, by where each comes
    from, ``Pool.day_sources``; or the Night Dice of a Night Turn or of
    tempting fate) and each of its Night Dice is read, as the output lists
    them: the same at every roll of the same side, so said once in each
    language, and kept on it."""
    found = side.reasons.get(lang)
    if found is not None:
        return found
    pool = side.pool
    whose = f" — {side.who}" if side.who else ""
    day = []
    for i, (kind, name) in enumerate(pool.day_sources, 1):
        why = _numbered(DAY_DIE(lang), i, len(pool.day_sources))
        if kind == "motivation":
            why += f" ({MOTIVATION(lang)})"
        elif kind == "assist":
            why += f" ({ASSIST(lang)}{say(lang, ' de ', ' of ') + name if name else ''})"
        day.append(why + whose)
    night = tuple(_numbered(NIGHT_DIE(lang), i, pool.night) + whose for i in range(1, pool.night + 1))
    found = side.reasons[lang] = (night if pool.night_only else tuple(day)), night
    return found


def _numbered(die: str, i: int, n: int) -> str:
    return f"{die} {i}/{n}" if n > 1 else die


def play(ctx, side: Side) -> Turn:
    """A test's Giro de Reloj (001-R6): the first roll, then the Night Die if
    the policy rolls it after a failed Day Die."""
    turn = open_turn(side, first_dice(ctx, side))
    if wants_night(turn):
        turn = night_roll(turn, night_dice(ctx, side))
    return turn


# --- verbs --------------------------------------------------------------------


def roll(action: Action, ctx) -> Outcome:
    """001-R2: Day Dice and Night Dice, d12, no rules."""
    p = action.params
    lang = ctx.lang
    day = [ctx.dice.roll(12, _numbered(DAY_DIE(lang), i, p["day_dice"])) for i in range(1, p["day_dice"] + 1)]
    night = [ctx.dice.roll(12, _numbered(NIGHT_DIE(lang), i, p["night_dice"])) for i in range(1, p["night_dice"] + 1)]
    lines = [f"{DAY_DICE(lang) if len(day) > 1 else DAY_DIE(lang)} {', '.join(map(str, day))}; "
             f"{NIGHT_DICE(lang) if len(night) > 1 else NIGHT_DIE(lang)} "
             f"{', '.join(map(str, night))}"] if ctx.explain else []
    return Outcome(data={"day": day, "night": night}, lines=lines)


def _test(action: Action, ctx, p: dict, verb: str):
    """A test (001-R1): the actor's Giro de Reloj against the Cronista's
    difficulty, shared by ``check`` and an ``attack`` with no defence:
    (data, lines, turn, changes); lines and data only when someone reads them."""
    who = action.actor
    side = build_side(p, "", who, p["challenge"], ctx, who.name if who else "")
    turn = play(ctx, side)
    changes: dict[str, dict[str, Any]] = {}
    noted = note_consequence(changes, who, turn, p["consequence"])
    # (recorded only: none made where no one reads it, Context.record, as a contest's)
    data = {"verb": verb, **turn.data, "consequence_noted": noted} if ctx.record else {}
    return data, turn_lines(turn, ctx.lang) if ctx.explain else [], turn, changes


def check(action: Action, ctx) -> Outcome:
    data, lines, turn, changes = _test(action, ctx, action.params, "check")
    return Outcome(data=data, lines=lines, success=turn.result is not None, changes=changes)


def contest_sides(action: Action, ctx, p: dict, opposition: Any) -> Sides:
    """Both sides of a contest, the actor's and the opposition's. Worked out
    once for the same choices on the same two sheets, as an encounter asks
    for the same two at every exchange: where the action has a plan
    (:attr:`~rolecli.contract.Action.plan`: an encounter's), kept by the plan
    for the pair it is first given to, with both names (their labels) and both
    sheets held and compared (one look-up, not a key of the choices' 33 values
    built and hashed, nor a look-up on each sheet, at every exchange: icount giro
    1.835M -> 1.786M a trial; nor a key of the plan and both names: 0.9589M ->
    0.9527M, -0.65%), another pair given the same plan (a stat block's twins may
    share a call) by the plan and both names; else on the actor's sheet, by the choices' values, then by the
    target's sheet. Not when a side is assisted: who can assist is asked at
    every roll (:func:`build_side`)."""
    actor, target, plan = action.actor, action.target, action.plan
    if plan is not None and actor is not None and target is not None:
        memo, key = _PLANNED_SIDES, plan
        found = memo.get(plan)  # looked up here: most are found, with no call to keep them
        if found is not None and (found[0] != actor.name or found[1] != target.name):  # another pair's (seldom)
            memo, key = _OTHER_PAIRS, (plan, actor.name, target.name)
            found = memo.get(key)
        if found is not None and found[2] is actor.sheet and found[3] is target.sheet:
            return found[4]  # (kept with no assistant: the plan promises the same parameters)
        sides = _both_sides(p, ctx, actor, target, opposition, (actor.name, target.name))
        if p["assist"] or p["target_assist"]:
            return sides
        return keep_at_most(memo, key, (actor.name, target.name, actor.sheet, target.sheet, sides, _notes(p),
                                        hurts_of(actor), hurts_of(target)), PLANS_KEPT)[4]
    lang = ctx.lang
    labels = actor.name if actor else ACTOR(lang), target.name if target else OPPOSITION(lang)
    if p["assist"] or p["target_assist"]:
        return _both_sides(p, ctx, actor, target, opposition, labels)
    by_target = sheet.worked_out(actor, ("sides", opposition, labels, _READ_CONTEST(p)), dict)
    # by the id of the target's sheet (a dict, which a key cannot hold), held
    # with it: no other sheet can have that id while the entry is kept
    target_sheet = target.sheet if target is not None else None
    found = by_target.get(id(target_sheet))
    if found is None:
        found = keep_at_most(by_target, id(target_sheet),
                             (target_sheet, _both_sides(p, ctx, actor, target, opposition, labels)), TARGETS_KEPT)
    return found[1]


def _notes(p: dict) -> bool:
    """Whether either side of a contest gives a consequence to note (:func:`note_consequence`)."""
    return bool(p["consequence"] or p["target_consequence"])


def _both_sides(p: dict, ctx, actor: Character | None, target: Character | None, opposition: Any,
                labels: tuple[str, str]) -> Sides:
    """The sides of :func:`contest_sides`, built (a function of its own, not a
    closure: one would be made, with its cells, at every exchange)."""
    return Sides(build_side(p, "", actor, p["challenge"], ctx, labels[0]),
                 build_side(p, "target_", target, opposition, ctx, labels[1]))


TARGETS_KEPT = 64  # the target sheets whose sides are kept for the same choices of one actor's sheet
# An encounter's sides by plan, for the pair it was first given to: both names and sheets, whether a side
# notes a consequence (:func:`contest_sides`, :func:`_notes`) and the wounds hits leave on each
# (:func:`hurts_of`); those of another pair given the same plan by the plan and both names. Each dropped
# whole when there are this many (an encounter has a few calls, each at a few targets).
_PLANNED_SIDES: dict[Any, tuple[str, str, dict, dict, Sides, bool, dict, dict]] = {}
_OTHER_PAIRS: dict[tuple, tuple[str, str, dict, dict, Sides, bool, dict, dict]] = {}
PLANS_KEPT = 512


def _round_lines(r: Round, lang: str) -> list[str]:
    """Both first rolls, then each Night Die in the order rolled."""
    lines = []
    for turn in (r.actor, r.target):
        if turn.day is not None:
            lines.append(f"{turn.side.who}: {read_line(turn.day, turn.side.window, lang)}")
        else:
            lines.append(night_line(turn, lang, turn.side.who))
    return lines + [night_line(getattr(r, key), lang, getattr(r, key).side.who) for key in r.night_order]


def _winner_line(r: Round, lang: str, tie: str) -> str:
    a, t = r.actor, r.target
    if r.winner == "none":
        return say(lang, "Fallo Simultáneo: nadie queda dentro de su rango; el Cronista decide entre un punto muerto "
                         "o que cada parte sufra las consecuencias de fallar",
                   "Simultaneous failure: nobody is within range; the Cronista decides between a stalemate and "
                   "each side suffering the consequences of failing")
    if r.winner == "tie":
        return say(lang, f"Empate a {a.result}: nadie gana (contest_tie = {tie})",
                   f"Tie at {a.result}: nobody wins (contest_tie = {tie})")
    won, lost = (a, t) if r.winner == "actor" else (t, a)
    if won.result == lost.result:
        return say(lang, f"Empate a {won.result}: gana {won.side.who}, que se defiende (contest_tie = defender)",
                   f"Tie at {won.result}: {won.side.who} wins as the defender (contest_tie = defender)")
    against = say(lang, f"contra {lost.result}", f"against {lost.result}") if lost.result is not None else \
        say(lang, "contra un fallo", "against a failure")
    return say(lang, f"{won.side.who} gana con {won.result} {against}: el resultado más alto sin pasarse de su límite",
               f"{won.side.who} wins with {won.result} {against}: the highest result within its own limit")


def _contest_lines(rounds: list[Round], tie: str, lang: str) -> list[str]:
    """A contest told: both settings, each round's dice and winner, each side's verdict."""
    last = rounds[-1]
    a, b = last.actor.side, last.target.side
    lines = [f"{a.who}: {setting_line(a, lang)}", f"{b.who}: {setting_line(b, lang)}"]
    for i, r in enumerate(rounds, 1):
        if len(rounds) > 1:
            lines.append(say(lang, f"Ronda {i}:", f"Round {i}:"))
        lines += _round_lines(r, lang) + [_winner_line(r, lang, tie)]
    if last.winner == "tie" and len(rounds) > 1:
        lines.append(say(lang, f"Tras {REROLLS} repeticiones queda en punto muerto", f"After {REROLLS} rerolls it stands "
                               "as a stalemate"))
    return lines + [f"{turn.side.who}: {contest_verdict(turn, last.winner == key, last.winner == 'tie', lang)}"
                    for key, turn in (("actor", last.actor), ("target", last.target))]


def contest(action: Action, ctx) -> Outcome:
    """A contest (001-R18), or an ``attack``: one hook for both verbs
    (``action.name``). An attack is a contest against the target's defence (or,
    with none, a test), whose winner deals its Success Factor plus the weapon's
    bonus (the rulings, the toolkit's default); only the attacker hits, unless
    both attack (--mutual). Lines only when someone reads them, and data only
    when someone reads it (``ctx.record``: where no one does, it gives none).

    A round: both first rolls, then the Night Dice. Both first rolls
    (:func:`first_dice`), the actor's then the target's, are read as one roll
    of all their dice (their reasons joined once for the pair, in each
    language); one die a side, most contests', read as two dice: no list made
    and turned into a tuple, nor a pool's machinery run for two (icount giro
    1.819M -> 1.778M a trial, 2.3%); read here, not by a function of their
    own called at every exchange (icount giro 1.4833M -> 1.4774M a trial,
    0.4%). A tie under ``contest_tie = "reroll"`` is rolled again until a round
    is not one (at most REROLLS times). Its rounds played here, not by a
    function of their own called at every exchange (icount giro 1.4861M -> 1.4795M
    a trial, 0.44%), nor by one both verbs share (icount giro 1.1820M -> 1.1698M a trial, 1.0%)."""
    p = action.params
    lang, explain, record = ctx.lang, ctx.explain, ctx.record
    # the Turn that hits (its Success Factor counts), who it strikes and with what weapon: three names, not
    # a tuple of them made and unpacked at every hit (icount giro 1.1842M -> 1.1820M a trial, twice)
    hitter: Turn | None = None
    # (an encounter's sides looked up first, as contest_sides keeps them: most are found, with no call;
    # icount giro 1.5044M -> 1.4963M a trial, 0.5%). Found, the plan settles that it is a contest and
    # whether a side notes a consequence: no parameter read at every exchange (icount giro 1.1697M ->
    # 1.1634M a trial, 0.54%; the defence too, 1.1634M -> 1.1573M, 0.5%)
    actor, target, plan = action.actor, action.target, action.plan
    sides = None  # (none kept: worked out below)
    mine_hurt = theirs_hurt = None  # the wounds hits leave on each, as a plan keeps them (else :func:`hurts_of`)
    if plan is not None and actor is not None and target is not None:
        try:  # (a subscript, not a get()'s call: all but a plan's first are found; with the
            # reasons' two below, icount giro 1.2026M -> 1.1997M a trial, N=400, -0.24%; by the plan alone,
            # its pair's names compared: 0.9589M -> 0.9527M, -0.65%)
            its_actor, its_target, held, theirs, sides, notes, mine_hurt, theirs_hurt = _PLANNED_SIDES[plan]
        except KeyError:
            pass
        else:  # (unpacked, not read by index: icount giro 1.1912M -> 1.1888M a trial, N=400, -0.20%)
            # (another pair given the plan, or other sheets: contest_sides finds theirs)
            if (its_actor != actor.name or its_target != target.name or held is not actor.sheet
                    or theirs is not target.sheet):
                sides = mine_hurt = theirs_hurt = None
    if sides is None:
        attacks = action.name == "attack"
        opposition = p["defence"] if attacks else p["opposition"]
        # (asked by identity, then as a comparison that decides a jump, which Python 3.11 specializes, where
        # ``in (None, "")`` compares with both by the generic path; with the winner asked so below, icount
        # giro 1.4927M -> 1.4882M a trial, 0.3%)
        if not attacks or (opposition is not None and opposition != ""):  # (else an attack with no defence: a test)
            sides, notes = contest_sides(action, ctx, p, opposition), _notes(p)
    if sides is None:
        data, lines, turn, changes = _test(action, ctx, p, "attack")
        won = turn.result is not None
        if record:
            data["winner"] = "actor" if won else None
            data.update(_VERB_OWN["attack"])
        if won:
            hitter, struck, weapon, hurts = turn, action.target, p["weapon"], theirs_hurt
    else:
        try:  # (every option is there, the contract says, but for a direct call's, some left out:
            # icount giro 1.1847M -> 1.1833M a trial, N=400, -0.12%)
            tie = ctx.options["contest_tie"]
        except KeyError:
            tie = "stalemate"
        try:  # (a subscript, as above: said once in each language)
            reasons = sides.reasons[lang]
        except KeyError:
            reasons = sides.reasons[lang] = _reasons(sides.actor, lang)[0] + _reasons(sides.target, lang)[0]
        rolls = ctx.dice  # (its method called, not read: a bound method's read is not specialized)
        # (one round, but for a tie rerolled: no list of rounds made nor walked at every exchange: icount giro
        # 1.786M -> 1.773M a trial)
        rounds = None  # every round, where a tie is rolled again
        while True:
            # (the round both first rolls open to looked up here, as :func:`opening` keeps it: most are found, with
            # no call; icount giro 1.4927M -> 1.4861M a trial; by the two faces of one die each, read by position)
            if sides.one_each:
                why_mine, why_theirs = reasons
                mine, theirs = rolls.roll(12, why_mine), rolls.roll(12, why_theirs)
                try:
                    last = sides.faces[tie][mine][theirs] or opening(sides, (mine, theirs), tie)
                except KeyError:  # (the tie rule's first round on the pair)
                    last = opening(sides, (mine, theirs), tie)
            else:
                dice = tuple(rolls.roll_many(12, reasons))
                last = sides.openings.get((*dice, tie)) or opening(sides, dice, tie)
            while (who := last.rolls_next) is not None:  # a Night Die to roll: most first rolls settle the round at once
                # (its Night Dice read here, as :func:`night_dice` reads them, not by its call: icount giro 1.4963M
                # -> 1.4927M a trial, 0.24%)
                turn = last.target if who == "target" else last.actor
                side = turn.side
                try:  # (a subscript, as above)
                    whys = side.reasons[lang][1]
                except KeyError:
                    whys = _reasons(side, lang)[1]
                # (the Turn they come to looked up here, as :func:`night_roll` keeps it: one die's by its face, and
                # night_step given it; icount giro 1.0645M -> 1.0599M a trial, -0.43%)
                if side.one_night:
                    face = rolls.roll(12, whys[0])
                    rolled = turn.nights[face] or night_roll(turn, (face,))
                else:
                    rolled = night_roll(turn, tuple(rolls.roll_many(12, whys)))
                last = night_step(last, rolled, tie)
            if rounds is not None:
                rounds.append(last)
            if tie != "reroll" or last.winner != "tie" or (rounds is not None and len(rounds) > REROLLS):
                break
            if rounds is None:
                rounds = [last]
        lines = _contest_lines(rounds or [last], tie, lang) if explain else _NOTHING
        changes: dict[str, dict[str, Any]] = _NO_CHANGES
        noted = _NONE_NOTED
        if notes:  # seldom given: an encounter gives none
            changes = {}
            noted = {"actor": note_consequence(changes, action.actor, last.actor, p["consequence"]),
                     "target": note_consequence(changes, action.target, last.target, p["target_consequence"])}
        # none where no one reads it (Context.record: a simulation's trials with no house rule): all it holds only
        # records, what the contest came to too (icount: the dice's record left out, giro 1.2822M -> 1.2569M a
        # trial; the rest, an attack's damage and health too, 1.2341M -> 1.2153M, -1.5%)
        data = _contest_data(rounds, last, tie, action.name, noted) if record else {}
        won = True if last.winner == "actor" else False  # (the comparison decides a jump: specialized, as above)
        if action.name != "attack":  # (asked where it decides a jump, specialized: icount giro 1.1865M -> 1.1847M)
            return Outcome(data=data, lines=lines, success=won, changes=changes)
        if won:
            hitter, struck, weapon, hurts = last.actor, action.target, p["weapon"], theirs_hurt
        elif last.winner == "target" and p["mutual"]:
            hitter, struck, weapon, hurts = last.target, action.actor, p["target_weapon"], mine_hurt
    if hitter is not None:
        damage = hitter.success_factor + weapon
        if record:
            data["damage"] = damage
        if explain:
            lines.append(say(lang, f"Daño: {SUCCESS_FACTOR.es} {hitter.success_factor} + arma {weapon} = {damage}",
                             f"Damage: {SUCCESS_FACTOR.en} {hitter.success_factor} + weapon {weapon} = {damage}"))
        if struck is not None:
            # its wounds as set so far (a consequence noted, seldom), or as kept, read here, not through
            # field's call (icount giro 1.4974M -> 1.4927M a trial)
            kept = field(changes, struck, "heridas") if changes else struck.state.get("heridas")
            if hurts is None:  # (not kept with a plan's sides)
                hurts = hurts_of(struck)
            # (by its wounds, then the damage, in its table kept with a plan's sides: no key made nor hashed, no
            # id() called at every hit; icount giro 1.0679M -> 1.0645M a trial, -0.32%)
            try:
                wounds, wounded, hurt = hurts[kept][damage]
            except KeyError:
                wounds, wounded, hurt = hurts.setdefault(kept, {})[damage] = _hurt(struck, kept, damage)
            if record:
                data["health"], data["hit"] = wounded, struck.name
            if changes:  # a Night Die's consequence noted (seldom: an encounter notes none)
                fields_set(changes, struck)["heridas"] = wounds
            else:
                changes = hurt
            if explain:
                lines.append(health.hurt_line(struck, wounds, damage, lang))
    elif explain:
        lines.append(say(lang, "Nadie recibe daño", "Nobody is hit"))
    # (by position: keywords cost a Python call more at every exchange; no effect left nor used: _NOTHING)
    return Outcome(data, lines, won, changes, _NOTHING, _NOTHING)


def _contest_data(rounds: list[Round] | None, last: Round, tie: str, verb: str, noted: dict) -> dict:
    """A ``verb``'s contest's data, where someone reads it (:func:`contest`):
    its record (kept for a contest of one round, :data:`_ONE_ROUND`) copied,
    with both sides' rolls and the consequences noted, if any."""
    mine, theirs = last.actor, last.target
    if rounds is None:  # (all but a tie rerolled: the record of one round is kept, _ONE_ROUND)
        key = (mine.result, theirs.result, last.winner, last.night_order, tie, verb)
        record = _ONE_ROUND.get(key)  # looked up here: most are found, with no call to keep them
        if record is None:
            record = keep_at_most(_ONE_ROUND, key, _record([last], tie, verb), clock_turn.KEPT_MOST)
    else:
        record = _record(rounds, tie, verb)
    data = record.copy()
    data["roll"], data["opposition"] = mine.data, theirs.data
    if noted is not _NONE_NOTED:
        data["consequence_noted"] = noted
    return data


def _record(rounds: list[Round], tie: str, verb: str) -> dict:
    """What a ``verb``'s contest's data says, the rolls left to fill in
    (:func:`_contest_data` puts them in its copy): who won, each round's results
    and the tie rule, with no consequence noted, then what the verb adds
    as it stands before anyone is hit (:data:`_VERB_OWN`)."""
    last = rounds[-1]
    mine, theirs, won = last.actor, last.target, last.winner
    summary = []  # (a loop: one round, most often, and a comprehension is a call of its own in 3.11)
    for r in rounds:
        summary.append({"actor": r.actor.result, "target": r.target.result, "winner": r.winner})
    return {"verb": verb, "roll": None, "opposition": None, "winner": _winner(won), "outcome": _OUTCOME[won],
            "tie": mine.result is not None and mine.result == theirs.result,
            "tie_rule": tie, "night_order": [*last.night_order], "rounds": summary, "consequence_noted": _NONE_NOTED,
            **_VERB_OWN[verb]}


def _winner(won: str) -> str | None:
    """A contest's ``winner`` in its data, by who won its last round: a side, or None."""
    return won if won in ("actor", "target") else None


# The record of a contest of one round (:func:`_record`) with no consequence noted,
# by what it reads of the round (both results, the winner and the Night Dice's
# order), the tie rule and the verb: the same few at every exchange, so kept, shared, never
# changed (an attack adds its damage to its own data, a copy). Its dicts and lists
# built at every exchange cost 1.5% of a giro trial (icount 2.081M -> 2.049M); its rolls'
# places held in it, the data is its copy with the rolls set, not a dict built from it
# (icount 1.873M -> 1.836M a trial, 2%).
_ONE_ROUND: dict[tuple, dict] = {}

# What a verb's data adds to its contest's record, as it stands before anyone is hit
# (:func:`contest` sets them where an attack hits): in the kept record itself, in their places,
# so that its copy at every exchange has room for them (a copy of the record's ten
# keys grown by two more is made anew, its table copied twice: icount giro 1.773M -> 1.757M a trial).
_VERB_OWN = {"contest": {}, "attack": {"damage": 0, "hit": None}}
# A contest's outcome for the actor, by who won its last round.
_OUTCOME = {"actor": "win", "target": "loss", "tie": "stalemate", "none": "simultaneous_failure"}
# A contest's ``consequence_noted`` when neither side gives one (an encounter's every
# exchange): one shared, never changed, rather than a new dict at every exchange.
_NONE_NOTED = {"actor": None, "target": None}
# A contest's changes when neither side gives a consequence to note (an encounter's every
# exchange; a hit's are its own, :data:`_HURTS`): one shared, never changed, rather than a
# new dict at every exchange (icount giro 1.4998M -> 1.4974M a trial).
_NO_CHANGES: dict[str, dict[str, Any]] = {}
# The list an Outcome is given where it has nothing to hold (the core replaces an Outcome's list,
# never changes it in place): a contest's lines where nobody reads them, an attack's effects left
# and used. One shared, never changed, rather than new lists at every exchange (icount giro 1.5147M -> 1.5119M a trial, 0.18%, for the effects; the
# lines, 1.4882M -> 1.4861M, 0.14%).
_NOTHING: list = []


# The wounds a hit leaves, their record and the change that keeps them (:func:`_hurt`), by the
# struck's sheet (held with them: no other sheet can take its id while they are kept) and name
# (:func:`hurts_of`), then by its wounds as kept and the damage: no salud read nor record or change
# built at every hit (icount giro 1.906M -> 1.873M a trial); shared, never changed. The wounds as
# kept, read as a number only where they are worked out (icount giro 1.5653M -> 1.5602M a trial).
_HURTS: dict[tuple[int, str], tuple[dict, dict[Any, dict[int, tuple[int, dict, dict[str, dict[str, Any]]]]]]] = {}
HURTS_KEPT = 512


def hurts_of(struck: Character) -> dict[Any, dict[int, tuple[int, dict, dict[str, dict[str, Any]]]]]:
    """The wounds hits leave on ``struck`` (:data:`_HURTS`), by its wounds as kept, then by the damage."""
    key = (id(struck.sheet), struck.name)
    found = _HURTS.get(key)
    if found is None:
        found = keep_at_most(_HURTS, key, (struck.sheet, {}), HURTS_KEPT)
    return found[1]


def _hurt(struck: Character, kept: Any, damage: int) -> tuple[int, dict, dict[str, dict[str, Any]]]:
    """The wounds ``damage`` leaves on ``struck`` whose wounds are ``kept`` (its
    ``heridas``, None for none), their record and the change that keeps them,
    alone (an attack, :func:`contest`)."""
    wounds = health.hurt(struck, int(kept or 0), damage)
    return wounds, health.data(struck, wounds), {struck.name: {"heridas": wounds}}


def automatic(action: Action, ctx) -> Outcome:
    """001-R10: no roll, but the factor matters: it is 1d12."""
    p = action.params
    lang = ctx.lang
    success = p["result"] == "success"
    label = SUCCESS_FACTOR if success else FAILURE_FACTOR
    rolled = automatic_factor(ctx, f"{label(lang)} (1d12)")
    mod = p["success_factor_mod" if success else "failure_factor_mod"]
    factor = modified(rolled, mod)
    lines = []
    if ctx.explain:
        said = say(lang, "Éxito automático", "Automatic success") if success else say(lang, "Fallo automático",
                                                                                      "Automatic failure")
        lines.append(f"{said}: {factor_text(label(lang) + ' 1d12 =', rolled, mod, factor, lang)}")
    key = "success_factor" if success else "failure_factor"
    return Outcome(data={"verb": "automatic", "result": p["result"], "rolled": rolled, key: factor},
                   lines=lines, success=success)


def damage(character: Character, action: Action, ctx) -> Outcome:
    points, before = action.params["points"], sheet.wounds(character)
    wounds = health.hurt(character, before, points)
    line = health.hurt_line(character, wounds, points, ctx.lang) if ctx.explain else None
    return _salud(character, action, wounds, line)


def heal(character: Character, action: Action, ctx) -> Outcome:
    before = sheet.wounds(character)
    wounds = health.heal(before, action.params["points"])
    line = health.heal_line(character, before, wounds, ctx.lang) if ctx.explain else None
    return _salud(character, action, wounds, line)


def _salud(character: Character, action: Action, wounds: int, line: str | None) -> Outcome:
    """The outcome of damage or healing: the wounds kept, and salud's one shape."""
    return Outcome(data={"verb": action.name, "character": character.name, "health": health.data(character, wounds)},
                   lines=[line] if line else [], changes={character.name: {**character.state, "heridas": wounds}})


def recover(character: Character, event: str, action: Action, ctx) -> Outcome:
    """The rulings (the toolkit's defaults): a scene's end heals nothing (and the
    Night Die's consequences noted on the character end with it); a rest heals
    the Success Factor of a healing roll, or 1d12 without one (an automatic
    success, 001-R10); the start of a session changes nothing."""
    p = action.params
    lang, explain = ctx.lang, ctx.explain
    data: dict[str, Any] = {"character": character.name, "event": event, "healed": 0,
                            "health": health.data(character, sheet.wounds(character))}
    lines: list[str] = []
    state = dict(character.state)  # its values are replaced, never changed in place
    if event == "end_of_scene" and state.get("consecuencias"):
        if explain:
            lines.append(say(lang, f"{character.name}: terminan las consecuencias: ",
                             f"{character.name}: consequences end: ") + "; ".join(state["consecuencias"]))
        state["consecuencias"] = []
    if event == "rest":
        wounds = sheet.wounds(character)
        if wounds == 0:
            if explain:
                lines.append(say(lang, f"{character.name}: salud completa, nada que curar",
                                 f"{character.name}: full health, nothing to heal"))
        else:
            factor = _healing_factor(character, p, ctx, lines)
            if factor:
                state["heridas"] = health.heal(wounds, factor)
                if explain:
                    lines.append(health.heal_line(character, wounds, state["heridas"], lang))
                data.update(healed=wounds - state["heridas"], health=health.data(character, state["heridas"]))
    if not lines and explain:
        lines.append(say(lang, f"{character.name}: nada que recuperar ({event}: la salud no se recupera)",
                         f"{character.name}: nothing to recover ({event}: health does not come back)"))
    changes = {character.name: state} if state != character.state else {}
    return Outcome(data=data, lines=lines, changes=changes)


def _healing_factor(character: Character, p: dict, ctx, lines: list[str]) -> int:
    """The Success Factor of the rest's healing roll (0 if it fails); what it
    says goes into ``lines`` when someone reads them."""
    lang, explain = ctx.lang, ctx.explain
    if not p["healing"]:
        rolled = automatic_factor(ctx, f"{SUCCESS_FACTOR(lang)} (1d12) — {character.name}")
        if explain:
            lines.append(say(lang, f"{character.name}: curación automática, {SUCCESS_FACTOR.es} 1d12 = {rolled}",
                             f"{character.name}: automatic healing, {SUCCESS_FACTOR.en} 1d12 = {rolled}"))
        return rolled
    # the healing roll is a test with the default choices, at the rest's difficulty and Night Die policy
    side = build_side({**_CHECK_DEFAULTS, "difficulty": p["difficulty"], "night": p["night"]}, "", character,
                      p["healing"], ctx, character.name)
    turn = play(ctx, side)
    if explain:
        lines += turn_lines(turn, lang, character.name)
        if turn.success_factor is None:
            lines.append(say(lang, f"{character.name}: la tirada de curación falla, no cura nada",
                             f"{character.name}: the healing roll fails, nothing is healed"))
    return turn.success_factor or 0


_CHECK_DEFAULTS = {q.name: q.default for q in INFO.action("check").params}


def odds(action: Action, ctx) -> Odds:
    """Exact odds of a check, a contest or an attack, as the rolls resolve them."""
    from . import odds as exact

    p = action.params
    lang = ctx.lang
    weapon = p["weapon"] if action.name == "attack" else None
    opposition = p.get("opposition") if action.name == "contest" else p.get("defence")
    if action.name == "check" or opposition in (None, ""):
        side = build_side(p, "", action.actor, p["challenge"], ctx, "")
        outcomes = exact.test_odds(side, weapon)
        return Odds(outcomes, exact.labels(outcomes), [setting_line(side, lang)])
    sides = contest_sides(action, ctx, p, opposition)
    a, b = sides.actor, sides.target
    outcomes = exact.contest_odds(a, b, ctx.options.get("contest_tie", "stalemate"), weapon)
    return Odds(outcomes, exact.labels(outcomes, contest=True),
                [f"{a.who}: {setting_line(a, lang)}", f"{b.who}: {setting_line(b, lang)}"])
