"""Striking the rival's weapon (004-R8) and the disarm duel it can start (004-R9).

Only wielders of large weapons strike weapons. Damage above three times the
wielder's weapon use drops the weapon; above it but not three times, the
weapons lock in a Disarm Duel. Each turn of the duel both throw an LD aiming at
three times the rival's weapon use: if exactly one reaches it, the other loses
and is disarmed (GAP-10, decided here); if neither does, whoever rolled lower
fights on one ND level worse, until its ND leaves it no die: then it is disarmed
and takes a free simple strike. Fleeing gives the rival that free strike."""

from __future__ import annotations

from rolecli.contract import Label, Refused

from . import capability as C
from . import ld as LD
from . import states as S
from .economy import combat_action
from .ld import Ld
from .nd import Mod
from .sheet import Fighter, Scene
from .strike import gm_mod
from .words import number, signed

L = Label

WEAPON_STRIKE = Mod("weapon_strike", L("golpe al arma [ND-1]", "striking the weapon [ND-1]"), -1)


def free_strike_hint(scene: Scene, by: Fighter, on: Fighter, shown: dict | None = None) -> str:
    """The free simple strike ``by`` gets on ``on``; ``shown`` names quick-roll duellists."""
    command = f"rolecli strike \"{by.name}\" --target \"{on.name}\" --free" if by.name and on.name else "strike --free"
    who, whom = ((shown or {}).get(id(f)) or f.name for f in (by, on))
    return scene.t(f"{who or 'El rival'} tiene un ataque simple gratis contra {whom or 'él'}, aunque no le toque, "
                   f"contando solo la armadura: {command} (004-R9).",
                   f"{who or 'The rival'} gets a free simple strike on {whom or 'it'}, even off-turn, "
                   f"with only armour counting: {command} (004-R9).")


def end(*duellists: Fighter) -> None:
    for fighter in duellists:
        fighter.set("duelo", "")
        fighter.set("duelo_nd", 0)


def lose(scene: Scene, loser: Fighter, rival: Fighter | None, lines: list[str], *, free_strike: bool,
         shown: dict | None = None) -> None:
    """``loser`` loses the duel: disarmed; with ``free_strike`` its rival also strikes it."""
    loser.set("desarmado", True)
    end(loser, *([rival] if rival else []))
    name = (shown or {}).get(id(loser)) or loser.name
    lines.append(scene.t(f"{name or 'Quien pierde'} pierde el duelo de desarme y suelta el arma (004-R9).",
                         f"{name or 'The loser'} loses the disarm duel and drops its weapon (004-R9)."))
    if free_strike and rival is not None:
        lines.append(free_strike_hint(scene, rival, loser, shown))


def rival_in_duel(scene: Scene, fighter: Fighter) -> Fighter | None:
    return scene.named(str(fighter.now["duelo"] or ""))


# --- 004-R8 -------------------------------------------------------------------

def weapon_ld(scene: Scene, attacker: Fighter, target: Fighter, p: dict) -> Ld:
    if attacker.weapon().size != "large":
        raise Refused(L(f"solo quien lleva un arma de tamaño grande puede golpear el arma de un rival (004-R8); "
                        f"el arma de {attacker.name or 'quien ataca'} es {attacker.sheet['arma']!r}: da --weapon large.",
                        f"only wielders of large weapons can strike a rival's weapon (004-R8); "
                        f"{attacker.name or 'the attacker'}'s weapon is {attacker.sheet['arma']!r}: give --weapon large."))
    if target.character is not None and not target.armed():
        raise Refused(L(f"{target.name} no tiene en la mano ningún arma que golpear.",
                        f"{target.name} has no weapon in hand to strike."))
    mods = [WEAPON_STRIKE] + S.own(attacker.states, {"attack"}) + gm_mod(p)
    return Ld(attacker.capability(p.get("capability") or C.WEAPON_USE, bool(p.get("innate"))), mods, p.get("goal"),
              *scene.ld_rules, attacker.name)


def strike_weapon(scene: Scene, attacker: Fighter, target: Fighter, p: dict, dice) -> tuple[list[str], dict, bool]:
    ld = weapon_ld(scene, attacker, target, p)
    combat_action(attacker)
    t = LD.throw(ld, dice, f"{scene.t('golpe al arma', 'weapon strike')} {attacker.name}".strip())
    lines = LD.lines(t, scene.lang)
    use = target.marks(C.WEAPON_USE)
    data = {"ld": t.data(), "hit": t.success, "wielder_weapon_use": use, "damage": 0, "outcome": "miss"}
    if not t.success:
        lines.append(scene.t("El golpe no alcanza el arma.", "The blow misses the weapon."))
        return lines, data, False
    damage = max(0, t.result + int(attacker.sheet["arma_bonus"] or 0))
    data["damage"] = damage
    said = scene.t(f"Daño al arma {damage} contra uso de armas {use} de quien la lleva",
                   f"Damage to the weapon {damage} against the wielder's weapon use {use}")
    if damage > 3 * use:
        target.set("desarmado", True)
        data["outcome"] = "dropped"
        lines.append(said + scene.t(f": más del triple ({3 * use}), la deja caer (004-R8).",
                                    f": more than three times ({3 * use}), it drops it (004-R8)."))
    elif damage > use:
        attacker.set("duelo", target.name)
        target.set("duelo", attacker.name)
        for fighter in (attacker, target):
            fighter.set("duelo_nd", 0)
        data["outcome"] = "locked"
        lines.append(said + scene.t(f": mayor pero no el triple ({3 * use}), las armas quedan trabadas: duelo de desarme (004-R8, R9).",
                                    f": greater but not three times ({3 * use}), the weapons lock: a disarm duel (004-R8, R9)."))
    else:
        data["outcome"] = "holds"
        lines.append(said + scene.t(": no es mayor, el arma aguanta (004-R8).", ": not greater, the weapon holds (004-R8)."))
    return lines, data, True


# --- 004-R9 -------------------------------------------------------------------

def duel_ld(scene: Scene, fighter: Fighter, rival: Fighter, p: dict) -> Ld:
    """One duellist's LD: its weapon use, at its accumulated duel ND, aiming at
    three times the rival's weapon use (GAP-10: three times, as in 004-R8)."""
    own_nd = int(fighter.now["duelo_nd"] or 0)
    mods = ([Mod("duel", L("duelo", "duel"), own_nd)] if own_nd else []) + S.own(fighter.states, {"attack"}) + gm_mod(p)
    return Ld(fighter.capability(C.WEAPON_USE), mods, 3 * rival.marks(C.WEAPON_USE), *scene.ld_rules, fighter.name)


def duel(scene: Scene, a: Fighter, b: Fighter, p: dict, dice) -> tuple[list[str], dict, bool | None]:
    """One turn of the duel (both duellists' combat action), or a flight from it.
    ``a`` throws first, then ``b``. Succeeds when ``a`` wins the duel, fails when
    it loses it, and is neither while the weapons stay locked."""
    lines: list[str] = []
    key = {id(a): a.name or "actor", id(b): b.name or "rival"}
    # the names the output gives: a quick roll's duellists are the actor and its rival
    shown = {id(a): a.name or scene.t("Actor", "Actor"), id(b): b.name or scene.t("Rival", "Rival")}
    if p.get("flee"):
        end(a, b)
        lines.append(scene.t(f"{shown[id(a)]} huye del duelo de desarme (004-R9).",
                             f"{shown[id(a)]} flees the disarm duel (004-R9)."))
        lines.append(free_strike_hint(scene, b, a, shown))
        return lines, {"outcome": "fled", "fled": key[id(a)]}, None
    for fighter in (a, b):
        combat_action(fighter)
    lds = [duel_ld(scene, a, b, p), duel_ld(scene, b, a, p)]
    for fighter, ld in zip((a, b), lds):
        ld.who = shown[id(fighter)]
    data: dict = {"duellists": [key[id(a)], key[id(b)]], "goals": [ld.needed for ld in lds]}
    stuck = [(f, ld) for f, ld in zip((a, b), lds) if ld.sizes is None]
    if stuck:
        # the actor's throw is "ld" and its rival's "opposition_ld" in every verb (docs/systems/middle.md)
        data["ld"], data["opposition_ld"] = (LD.judged(ld, [], None, []).data() if ld.sizes is None else None
                                             for ld in lds)
        for fighter, ld in stuck:
            lines.append(LD.line(LD.judged(ld, [], None, []), scene.lang))
            lines.append(scene.t(f"{shown[id(fighter)]} ya no puede mantener el duelo: su ND quedó fuera de su alcance (004-R9).",
                                 f"{shown[id(fighter)]} cannot keep up the duel: its ND is out of its reach (004-R9)."))
            lose(scene, fighter, b if fighter is a else a, lines, free_strike=True, shown=shown)
        data.update({"outcome": "cannot_keep_up", "losers": [key[id(f)] for f, _ in stuck]})
        return lines, data, all(f is not a for f, _ in stuck)
    ta, tb = (LD.throw(ld, dice, f"{scene.t('duelo', 'duel')} {shown[id(f)]}") for f, ld in zip((a, b), lds))
    lines += LD.lines(ta, scene.lang) + LD.lines(tb, scene.lang)
    data["ld"], data["opposition_ld"] = ta.data(), tb.data()
    if ta.success != tb.success:
        winner, loser = (a, b) if ta.success else (b, a)
        lines.append(scene.t(f"Solo {shown[id(winner)]} alcanza su objetivo: gana el duelo.",
                             f"Only {shown[id(winner)]} reaches its goal: it wins the duel."))
        lose(scene, loser, winner, lines, free_strike=False, shown=shown)
        data.update({"outcome": "won", "winner": key[id(winner)], "loser": key[id(loser)]})
    elif ta.success:
        lines.append(scene.t("Los dos alcanzan su objetivo: las armas siguen trabadas.",
                             "Both reach their goals: the weapons stay locked."))
        data["outcome"] = "locked"
    elif ta.result == tb.result:
        lines.append(scene.t(f"Ninguno alcanza su objetivo y empatan a {number(ta.result)}: nadie empeora.",
                             f"Neither reaches its goal and they tie at {number(ta.result)}: nobody worsens."))
        data["outcome"] = "tie"
    else:
        lower = a if ta.result < tb.result else b
        lower.set("duelo_nd", int(lower.now["duelo_nd"] or 0) - 1)
        name = shown[id(lower)]
        lines.append(scene.t(f"Ninguno alcanza su objetivo: {name} sacó menos y su ND en el duelo "
                             f"empeora a {signed(lower.now['duelo_nd'])} (004-R9).",
                             f"Neither reaches its goal: {name} rolled lower and its ND in the duel "
                             f"worsens to {signed(lower.now['duelo_nd'])} (004-R9)."))
        rival = b if lower is a else a
        if duel_ld(scene, lower, rival, p).sizes is None:
            lines.append(scene.t(f"A ese ND {name} ya no puede mantener el duelo: en el próximo turno queda desarmado "
                                 "y recibe el ataque simple (004-R9).",
                                 f"At that ND {name} cannot keep up the duel: next turn it is disarmed and takes "
                                 "the simple strike (004-R9)."))
        data.update({"outcome": "worsened", "worsened": key[id(lower)]})
    data["duel_nd"] = [int(a.now["duelo_nd"] or 0), int(b.now["duelo_nd"] or 0)]
    won = data.get("winner")
    return lines, data, None if won is None else won == key[id(a)]
