"""Dirty tricks (trucos sucios, 004-R12): blinding and feinting.

Blinding is an LD of roguery (bribonerías, the capability the trick's length
comes from) at an ND of minus the target's Vigilance; it leaves the target
Cegado for as many rounds as the attacker's roguery (at least the rest of this
round). A feint is a blow at ND −2 that does no damage; if it lands, the feinter
gets ND +2 against its victim the next round and its allies ND +1. During a
disarm duel a dirty trick is one level harder, and failing it loses the duel
(004-R9)."""

from __future__ import annotations

from rolecli.contract import Label

from . import capability as C
from . import duel as D
from . import ld as LD
from . import states as S
from . import strike as K
from .economy import combat_action
from .ld import Ld
from .nd import Mod
from .sheet import Fighter, Scene

L = Label

TRICK_IN_DUEL = Mod("trick_in_duel", L("truco sucio en un duelo de desarme", "dirty trick in a disarm duel"), -1)


def in_duel(fighter: Fighter) -> list[Mod]:
    """004-R9: a dirty trick during a duel is one ND level harder."""
    return [TRICK_IN_DUEL] if fighter.now["duelo"] else []


def failed(scene: Scene, fighter: Fighter, lines: list[str]) -> None:
    """004-R9: failing a dirty trick during a duel loses it."""
    if fighter.now["duelo"]:
        D.lose(scene, fighter, D.rival_in_duel(scene, fighter), lines, free_strike=False)


def vigilance_mods(target: Fighter) -> list[Mod]:
    """The ND a target's Vigilance sets against whoever tries to catch it
    unawares (blinding, 004-R12; ambush, 004-R15). A blinded target's Vigilance
    works one level worse (004-R16), which makes it one level easier."""
    vigilance = target.marks(C.VIGILANCE)
    es, en = (f"de {target.name}", f"{target.name}'s") if target.name else ("del blanco", "the target's")
    mods = [Mod("vigilance", L(f"Vigilancia {vigilance} {es}", f"{en} Vigilance {vigilance}"), -vigilance)] \
        if vigilance else []
    if "cegado" in target.states and vigilance:
        mods.append(Mod("target:cegado", L(f"Cegado: Vigilancia {es} −1", f"Blinded: {en} Vigilance −1"), +1))
    return mods


def blind_ld(scene: Scene, attacker: Fighter, target: Fighter, p: dict) -> Ld:
    mods = vigilance_mods(target) + S.own(attacker.states, {"attack"}) + in_duel(attacker) + K.gm_mod(p)
    return Ld(attacker.capability(p.get("capability") or C.ROGUERY, bool(p.get("innate"))), mods, p.get("goal"),
              *scene.ld_rules, attacker.name)


def blind(scene: Scene, attacker: Fighter, target: Fighter, p: dict, dice) -> tuple[list[str], dict, bool]:
    ld = blind_ld(scene, attacker, target, p)
    combat_action(attacker)
    t = LD.throw(ld, dice, f"{scene.t('cegar', 'blind')} {attacker.name}".strip())
    lines = LD.lines(t, scene.lang)
    data = {"ld": t.data(), "target": target.name or None, "rounds": 0}
    if not t.success:
        lines.append(scene.t("El truco sucio falla.", "The dirty trick fails."))
        failed(scene, attacker, lines)
        return lines, data, False
    rounds = max(1, attacker.marks(C.ROGUERY))
    S.gain(target, "cegado", rounds=rounds)
    data["rounds"] = int(target.now["cegado_rondas"] or 0)
    lines.append(scene.t(f"{target.name or 'El blanco'} queda Cegado {rounds} ronda(s), las bribonerías de "
                         f"{attacker.name or 'quien ciega'} (004-R12).",
                         f"{target.name or 'The target'} is Blinded for {rounds} round(s), "
                         f"{attacker.name or 'the attacker'}'s roguery (004-R12)."))
    return lines, data, True


def feint_blow(scene: Scene, attacker: Fighter, target: Fighter, p: dict) -> K.Blow:
    blow = K.build(scene, attacker, target, K.Declared.of(p), feint=True, why=K.FEINT_WHY)
    blow.ld = blow.ld.with_mods(*in_duel(attacker))
    return blow


def feint(scene: Scene, attacker: Fighter, target: Fighter, p: dict, dice) -> tuple[list[str], dict, bool]:
    blow = feint_blow(scene, attacker, target, p)
    K.declare(blow)
    lines, data, hit = K.throw(scene, blow, dice)
    if not hit:
        failed(scene, attacker, lines)
    return lines, data, hit
