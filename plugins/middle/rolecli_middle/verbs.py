"""From a verb's parameters to the rules: who acts, on whom, with which values.

A quick roll gives raw numbers; a campaign gives characters, whose sheets and
states the same parameters may override. Both build the same
:class:`~rolecli_middle.sheet.Fighter` objects, so the rules see one thing."""

from __future__ import annotations

from functools import partial
from typing import Any, Hashable

from rolecli.contract import Action, Label, Refused, keep_at_most

from . import capability as C
from . import checks, duel, mount, order, recovery, shouts, tricks
from . import ld as LD
from . import states as S
from . import strike as K
from .economy import combat_action
from .ld import Ld
from .sheet import Fighter, Scene, scene_of
from .words import KINDS, SIZES, TEMPERAMENTS
from .wounds import DEATHS, die, hurt

L = Label

_ES_SIZE = {en: es for es, en in SIZES.items()}
_ES_KIND = {en: es for es, en in KINDS.items()}
_KINDS = tuple(_ES_KIND)
_ES_TEMPERAMENT = {en: es for es, en in TEMPERAMENTS.items()}


def prepare(action: Action, ctx) -> tuple[Scene, dict]:
    """The scene of an action and its parameters (the odds' verbs; a verb of its own begins its scene at once)."""
    return scene_of(ctx), action.params


def choices(values, allowed, flag: str) -> list[str]:
    if not values:  # the usual case: nothing typed (a campaign's verbs, every call of a simulation)
        return []
    bad = [v for v in values if v not in allowed]
    if bad:
        raise Refused(L(f"{flag} {bad[0]!r} no es ninguna de estas opciones: {', '.join(allowed)}.",
                        f"{flag} {bad[0]!r} is not one of: {', '.join(allowed)}."))
    return list(values)


def typed(given: dict[str, Any] | None) -> dict[str, Any]:
    """The values of ``given`` the command line gave: none is ``None``, and no list
    is empty (a campaign's verbs, and every call of a simulation, give none)."""
    return {k: v for k, v in given.items() if v is not None and v != []} if given else {}


def states_of(values, flag: str) -> list[str]:
    if not values:  # the usual case, as for choices
        return []
    return choices([str(v).casefold() for v in values], S.ORDER, flag)


def weapon_given(p: dict) -> dict[str, Any]:
    """The striker's weapon (and, for a beast, temperament) as the command line gives them: only what was
    typed, each looked at once (a campaign's verbs, and every call of a simulation, type none)."""
    given: dict[str, Any] = {}
    if (size := p.get("weapon")) and (size := _ES_SIZE.get(size)):  # (none typed: no word looked up)
        given["arma"] = size
    if kinds := p.get("weapon_kind"):  # (as every flag here: checked only when typed)
        given["arma_tipo"] = [_ES_KIND[k] for k in choices(kinds, _KINDS, "--weapon-kind")]
    if p.get("bonus") is not None:
        given["arma_bonus"] = p["bonus"]
    if (temperament := p.get("temperament")) and (temperament := _ES_TEMPERAMENT.get(temperament)):
        given["temperamento"] = temperament
    return given


def actor_of(scene: Scene, action: Action, p: dict, default: str | None, given: dict | None = None) -> Fighter:
    """The one acting, with what the command line typed of it (:func:`actor_given`)."""
    return scene.fighter(action.actor, actor_given(action, p, default, given))


def actor_given(action: Action, p: dict, default: str | None, given: dict | None = None) -> dict[str, Any]:
    """What the command line typed of the one acting: ``given`` (:func:`typed`) and its states.
    For a quick roll, marks typed for the verb's own capability are kept under its name, so
    the output says what was rolled."""
    given = typed(given) if given else {}  # (mostly nothing typed: no call to say so)
    if action.actor is None and default:
        text = str(p.get("capability") or default)
        if C.is_number(text):
            given[default] = C.check_rating(int(text), default)
            p["capability"] = default
    extra = p.get("states")
    if extra:  # (mostly none typed: no call to read them)
        given["extra_states"] = extra = states_of(extra, "--states")
        if action.actor is None and "inconsciente" in extra:
            # as the core refuses an Unconscious character of a campaign (004-R16, issue 10)
            raise Refused(L("quien actúa está Inconsciente (--states inconsciente): no puede actuar (004-R16).",
                            "the one acting is Unconscious (--states inconsciente): it cannot act (004-R16)."))
    return given


def target_of(scene: Scene, action: Action, p: dict, given: dict | None = None) -> Fighter:
    """The target, with what the command line typed of it (:func:`target_given`)."""
    return scene.fighter(action.target, target_given(p, given))


def target_given(p: dict, given: dict | None = None) -> dict[str, Any]:
    """What the command line typed of the target: its numbers, its states and ``given`` (:func:`typed`)."""
    # The target's numbers a quick roll types, each under the sheet's key it stands for (written out, not
    # a loop over pairs: a simulation's calls type none, and the loop cost as much again as the look-ups).
    values = {}
    if (value := p.get("armour")) is not None:
        values["armadura"] = value
    if (value := p.get("shield")) is not None:
        values["escudo"] = value
    if (value := p.get("life")) is not None:
        values["vida"] = value
    if (value := p.get("vigor")) is not None:
        values["vigor"] = value
    extra = p.get("target_states")
    if extra:  # (as for the one acting)
        values["extra_states"] = states_of(extra, "--target-states")
    if given:
        values.update(typed(given))
    return values


def needs(value: Any, flag: str, what: Label) -> None:
    if value is None:
        raise Refused(L(f"una tirada rápida necesita {flag}: {what.es}.", f"a quick roll needs {flag}: {what.en}."))


def campaign_only(action: Action, verb: str, how: Label) -> None:
    if action.actor is None:
        raise Refused(L(f"{verb} se anota en los personajes de una campaña: {how.es}.",
                        f"{verb} is kept on a campaign's characters: {how.en}."))


# What a blow's parameters type of its two fighters (:func:`typed_sides`) and declare of it
# (:class:`~.strike.Declared`), by the action's plan: a fight strikes with a few dozen plans (one
# for each call and target). Keyed by the plan alone, which promises the verb (and with it the
# capability it strikes with) and the parameters: no sheet is read. (A module's table, not
# worked_out's: no sheet to key by, and its look-up cost 0.6% a trial more.)
_TYPED_BY_PLAN: dict[Hashable, tuple[dict[str, Any], dict[str, Any], K.Declared]] = {}
_TYPED_LIMIT = 256


def strike_sides(scene: Scene, action: Action, p: dict, default: str) -> tuple[Fighter, Fighter, K.Declared]:
    """A blow's striker and target, and what its parameters declare of it."""
    plan = action.plan
    if plan is None or action.actor is None:  # (a quick roll's capability typed is set on ``p``: typed anew)
        typed_by = typed_sides(action, p, default)
    else:  # (read once per plan, not eleven parameters at every blow: icount -1.8% a middle trial)
        typed_by = _TYPED_BY_PLAN.get(plan)
        if typed_by is None:
            typed_by = keep_at_most(_TYPED_BY_PLAN, plan, typed_sides(action, p, default), _TYPED_LIMIT)
    attacker = scene.fighter(action.actor, typed_by[0])
    target = scene.fighter(action.target, typed_by[1])
    if action.actor is not None and action.actor is action.target:
        raise Refused(L(f"{attacker.name} no puede golpearse a sí mismo; nombra a un rival con --target.",
                        f"{attacker.name} cannot strike itself; name a rival with --target."))
    K.refuse_if_locked(attacker)
    K.refuse_if_dead(target)
    return attacker, target, typed_by[2]


def typed_sides(action: Action, p: dict, default: str) -> tuple[dict[str, Any], dict[str, Any], K.Declared]:
    """What the command line typed of a blow's striker (its weapon, its mount, :func:`actor_given`)
    and of its target (:func:`target_given`), and what it declares of the blow, as its parameters
    alone give them: kept by the action's plan (:attr:`~rolecli.contract.Action.plan`) where it has
    one (:func:`strike_sides`; each verb strikes with its one ``default``, and a fighter never
    changes what it is given)."""
    given = {} if default == C.BEAST_TAMING else weapon_given(p)
    if p.get("mounted"):
        given["montado"] = True
    actor = actor_given(action, p, default, given)  # (first: a quick roll's marks typed are set on ``p``)
    return actor, target_given(p), K.Declared.of(p)


def quick_mount(scene: Scene, rider: Fighter, p: dict) -> Fighter:
    return mount.mount_of(scene, rider, weapon_given(p))


# --- the verbs ----------------------------------------------------------------



def one_actor(rules, default: str | None):
    """A verb whose rules take only the one acting: ``rules(scene, actor, p, dice)``,
    with ``default`` the capability it throws unless another is named."""
    def verb(action, ctx):
        scene, p = scene_of(ctx), action.params
        return scene.outcome(*rules(scene, actor_of(scene, action, p, default), p, ctx.dice))
    return verb


def do_contest(action, ctx):
    scene, p = scene_of(ctx), action.params
    actor = actor_of(scene, action, p, None)
    defender = target_of(scene, action, p)
    return scene.outcome(*checks.contest(scene, actor, defender, p, ctx.dice))


def do_strike(action, ctx):
    scene, p = scene_of(ctx), action.params
    attacker, target, how = strike_sides(scene, action, p, C.WEAPON_USE)
    blow = K.build(scene, attacker, target, how)
    # (its arguments given by position: a Python function called with keywords is a call Python 3.11 does not
    # make fast, at every blow; icount 4.857M -> 4.847M a middle trial, -0.2%)
    K.declare(blow, how.free)
    lines, data, hit = K.throw(scene, blow, ctx.dice)
    if p.get("with_mount"):
        mount.require_mounted(attacker)
        steed = mount.mount_of(scene, attacker, {"arma_bonus": p.get("mount_bonus")})
        more, mounted, mount_hit = mount.trained_mount(scene, blow, blow.thrown, steed, ctx.dice)
        if ctx.record:  # (as the blow's: no data where no one reads it)
            data["mount"] = mounted
        lines += more
        hit = hit or mount_hit
    return scene.outcome(lines, data, hit)


def do_feint(action, ctx):
    scene, p = scene_of(ctx), action.params
    attacker = actor_of(scene, action, p, C.WEAPON_USE)
    target = target_of(scene, action, p)
    K.refuse_if_dead(target)
    return scene.outcome(*tricks.feint(scene, attacker, target, p, ctx.dice))


def do_mount_attack(action, ctx):
    scene, p = scene_of(ctx), action.params
    rider, target, _ = strike_sides(scene, action, p, C.BEAST_TAMING)  # (the mount's blow declares its own)
    steed = quick_mount(scene, rider, p)
    return scene.outcome(*mount.mount_attack(scene, rider, target, p, steed, ctx.dice))


def do_blind(action, ctx):
    scene, p = scene_of(ctx), action.params
    attacker = actor_of(scene, action, p, C.ROGUERY)
    target = target_of(scene, action, p, {C.VIGILANCE: p.get("vigilance")})
    K.refuse_if_dead(target)
    return scene.outcome(*tricks.blind(scene, attacker, target, p, ctx.dice))


def weapon_sides(scene: Scene, action: Action, p: dict) -> tuple[Fighter, Fighter]:
    attacker = actor_of(scene, action, p, C.WEAPON_USE, weapon_given(p))
    if action.target is None:
        needs(p.get("rival_use"), "--rival-use", L("el uso de armas de quien lleva el arma golpeada, 0..3",
                                                   "the weapon use of the one whose weapon is struck, 0..3"))
    target = target_of(scene, action, p, {C.WEAPON_USE: p.get("rival_use")})
    K.refuse_if_locked(attacker)
    return attacker, target


def do_strike_weapon(action, ctx):
    scene, p = scene_of(ctx), action.params
    attacker, target = weapon_sides(scene, action, p)
    return scene.outcome(*duel.strike_weapon(scene, attacker, target, p, ctx.dice))


def duel_sides(scene: Scene, action: Action, p: dict) -> tuple[Fighter, Fighter]:
    a = actor_of(scene, action, p, C.WEAPON_USE, {"duelo_nd": p.get("duel_nd")})
    if action.actor is None:
        needs(p.get("rival_use"), "--rival-use", L("el uso de armas del rival, 0..3", "the rival's weapon use, 0..3"))
        return a, target_of(scene, action, p, {C.WEAPON_USE: p.get("rival_use"), "duelo_nd": p.get("rival_duel_nd")})
    rival = duel.rival_in_duel(scene, a)
    if rival is None:
        raise Refused(L(f"{a.name} no está en un Duelo de desarme; golpear un arma inicia uno (strike-weapon, 004-R8).",
                        f"{a.name} is not in a disarm duel; striking a weapon starts one (strike-weapon, 004-R8)."))
    if action.target is not None and scene.fighter(action.target) is not rival:
        raise Refused(L(f"el Duelo de desarme de {a.name} es con {rival.name}, no con {action.target.name}.",
                        f"{a.name}'s disarm duel is with {rival.name}, not {action.target.name}."))
    return a, rival


def do_duel(action, ctx):
    scene, p = scene_of(ctx), action.params
    a, b = duel_sides(scene, action, p)
    return scene.outcome(*duel.duel(scene, a, b, p, ctx.dice))


# How the campaign-only verbs are used, for their refusal in a quick roll: made once, not at every
# parry of a simulation (a Label's making is dozens of steps, as much as the rest of the verb's checks).
PARRY_HOW = L("rolecli parry NOMBRE (y strike --parry N en una tirada rápida)",
              "rolecli parry NAME (and strike --parry N for a quick roll)")
COVER_HOW = L("rolecli cover NOMBRE --target ALIADO (y strike --covered N en una tirada rápida)",
              "rolecli cover NAME --target ALLY (and strike --covered N for a quick roll)")


def do_parry(action, ctx):
    scene, p = scene_of(ctx), action.params
    campaign_only(action, "parry", PARRY_HOW)
    f = scene.fighter(action.actor)
    if p.get("stop"):
        f.set("parando", False)
        return scene.outcome([scene.t(f"{f.name} deja de parar: le defienden sus protecciones.",
                                                f"{f.name} stops parrying: its protections defend it.")], {"parrying": False}, None)
    if not f.can_parry():
        raise Refused(L(f"{f.name} no lleva ningún arma en la mano, y una parada la necesita (004-R11).",
                        f"{f.name} carries no weapon in hand, and a parry needs one (004-R11)."))
    K.refuse_if_locked(f)
    combat_action(f, "parando")  # (by position: do_strike)
    f.set("parando", True)
    limit = f.marks(C.WEAPON_USE) + 1
    lines = [scene.t(f"{f.name} para en vez de atacar: contra cada golpe lanza su uso de armas y debe superar al atacante, "
                     f"hasta {limit} paradas por ronda (uso de armas + 1); sigue parando hasta que cambie de idea (004-R11).",
                     f"{f.name} parries instead of attacking: against each blow it throws its weapon use and must beat the "
                     f"attacker's LD, up to {limit} parries a round (weapon use + 1); it goes on parrying until it changes its mind (004-R11).")] \
        if scene.explain else []  # (written only for someone to read: a simulation's hurt fighters parry at every turn)
    # (recorded only: no table made where no one reads it, Context.record)
    return scene.outcome(lines, {"parrying": True, "parries_per_round": limit} if ctx.record else {}, None)


def do_cover(action, ctx):
    scene = scene_of(ctx)
    campaign_only(action, "cover", COVER_HOW)
    if action.target is None or action.target is action.actor:
        raise Refused(L("nombra al aliado que cubrir con --target ALIADO.", "name the ally to cover with --target ALLY."))
    f, ally = scene.fighter(action.actor), scene.fighter(action.target)
    K.refuse_if_locked(f)
    combat_action(f, "cubre")  # (by position: do_strike)
    f.set("cubre", ally.name)
    lines = [scene.t(f"{f.name} cubre a {ally.name}: golpear a {ally.name} es un nivel más difícil (ND −1) y golpear a "
                     f"{f.name} un nivel más fácil (ND +1), hasta su próxima acción de combate (004-R13).",
                     f"{f.name} covers {ally.name}: striking {ally.name} is one level harder (ND −1) and striking "
                     f"{f.name} one level easier (ND +1), until its next combat action (004-R13).")]
    return scene.outcome(lines, {"covers": ally.name}, None)


def do_morale(action, ctx):
    scene, p = scene_of(ctx), action.params
    return scene.outcome(*order.morale(scene, p, ctx.dice))


# The verbs whose rules take only the one acting, each with the capability it throws by default.
do_check = one_actor(checks.check, None)
do_mount = one_actor(partial(mount.mount_or_dismount, up=True), C.BEAST_TAMING)
do_dismount = one_actor(partial(mount.mount_or_dismount, up=False), C.BEAST_TAMING)
do_insult = one_actor(shouts.insult, C.CHARLATANRY)
do_threaten = one_actor(shouts.threaten, C.FEROCITY)
do_ambush = one_actor(order.ambush, C.STEALTH)
do_mount_lost = one_actor(mount.mount_lost, C.CALM)


def do_roll(action, ctx):
    scene, p = scene_of(ctx), action.params
    ld = Ld(C.of(None, p["capability"], bool(p.get("innate"))), K.gm_mod(p), None, *scene.ld_rules)
    t = LD.throw(ld, ctx.dice, "LD")
    return scene.outcome([LD.line(t, scene.lang, judged=False)], {"ld": t.data()}, None)


# --- damage and states ----------------------------------------------------------

def do_damage(character, action, ctx):
    scene, p = scene_of(ctx), action.params
    target = scene.fighter(character)
    if target.dead():
        raise Refused(L(f"{target.name} ya está muerto.", f"{target.name} is already dead."))
    by = scene.require(p["by"], "--by") if p.get("by") else Fighter(None, weapon_given(p))
    lines, data = hurt(scene, target, int(p["amount"]), p.get("location") or "body", by)
    return scene.outcome(lines, {"character": target.name, "wound": data}, None)  # as strike gives it


def do_state(character, action, ctx):
    scene, p = scene_of(ctx), action.params
    f = scene.fighter(character)
    allowed = S.ORDER + ("muerto",)
    add = choices([s.casefold() for s in p.get("add") or ()], allowed, "--add")
    remove = choices([s.casefold() for s in p.get("remove") or ()], allowed, "--remove")
    if not add and not remove:
        raise Refused(L(f"da --add o --remove con estados: {', '.join(allowed)}.",
                        f"give --add or --remove with states: {', '.join(allowed)}."))
    lines: list[str] = []
    for state in remove:
        if state == "muerto":
            f.set("muerte", "")
        else:
            S.lose(f, state)
    for state in add:
        if state == "muerto":
            die(scene, f, "narrador", lines)
            continue
        ended = S.gain(f, state, rounds=int(p.get("rounds") or 0))
        if ended != state:
            lines.append(scene.t(f"{f.name} ya estaba Mareado: queda Inconsciente (004-R16).",
                                 f"{f.name} was already Dazed: it is Unconscious (004-R16)."))
    held = [S.label(f, s, scene.lang) for s in S.ORDER if s in f.states]
    dead = f", {scene.t('muerto', 'dead')} ({DEATHS[f.now['muerte']](scene.lang)})" if f.dead() else ""
    lines.append(f"{f.name}: " + (", ".join(held) or scene.t("sin estados", "no states")) + dead + ".")
    return scene.outcome(lines, {"character": f.name, "states": [s for s in S.ORDER if s in f.states],
                                           "dead": f.dead()}, None)


def do_recover(character, event, action, ctx):
    scene = scene_of(ctx)
    lines, data = recovery.recover(scene, scene.fighter(character), event)
    return scene.outcome(lines, data, None)


def do_initiative(characters, action, ctx):
    scene, p = scene_of(ctx), action.params
    lines, data = order.impulse(scene, characters, p, ctx.dice)
    return scene.outcome(lines, data, None)
