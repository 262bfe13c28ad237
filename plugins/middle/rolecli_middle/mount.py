"""Mounts (004-R10, R14): attacking with the mount, mounting and dismounting,
and losing a bonded mount.

The mount's blow is an LD of the rider's beast taming (domar bestias) used as
a normal attack; its weapon is the beast's own. Naturally combative beasts
ignore the rivals' protections of ND −1 and −2 (two levels of them, GAP-15),
peaceful ones take an extra ND −1 (see :mod:`strike`). A trained mount strikes
with the rider: one LD, whose result counts for both blows. Mounting and
dismounting need no LD unless done at full speed. When a mount dies, its rider
makes a calm (calma) LD or stays Irritado even after the combat."""

from __future__ import annotations

from rolecli.contract import Label, Refused

from . import capability as C
from . import ld as LD
from . import states as S
from . import strike as K
from .economy import special_action
from .ld import Ld
from .sheet import Fighter, Scene
from .wounds import hurt

L = Label


def mount_of(scene: Scene, rider: Fighter, given: dict) -> Fighter:
    """The rider's mount: its campaign character, or the values of a quick roll."""
    if rider.character is None:
        return Fighter(None, given, name=scene.t("la montura", "the mount"))
    name = str(rider.sheet["montura"] or "")
    if not name:
        raise Refused(L(f"{rider.name} no tiene montura: pon montura = \"NOMBRE\" en su ficha (004-R10).",
                        f"{rider.name} has no mount: set montura = \"NAME\" on its sheet (004-R10)."))
    mount = scene.require(name, L(f"la montura de {rider.name}", f"{rider.name}'s mount"))
    if mount.dead():
        raise Refused(L(f"la montura de {rider.name}, {mount.name}, está muerta.", f"{rider.name}'s mount {mount.name} is dead."))
    return mount


def require_mounted(rider: Fighter) -> None:
    if rider.character is not None and not rider.now["montado"]:
        raise Refused(L(f"{rider.name} no está montado: primero 'rolecli mount \"{rider.name}\"' (004-R10, R14).",
                        f"{rider.name} is not mounted: 'rolecli mount \"{rider.name}\"' first (004-R10, R14)."))


def mount_blow(scene: Scene, rider: Fighter, target: Fighter, p: dict, mount: Fighter) -> K.Blow:
    require_mounted(rider)
    return K.build(scene, rider, target, K.Declared.of({**p, "capability": p.get("capability") or C.BEAST_TAMING}),
                   striker=mount, why=K.MOUNT_WHY)


def mount_attack(scene: Scene, rider: Fighter, target: Fighter, p: dict, mount: Fighter, dice):
    blow = mount_blow(scene, rider, target, p, mount)
    K.declare(blow)
    return K.throw(scene, blow, dice)


def trained_mount(scene: Scene, blow: K.Blow, rider_throw: LD.Throw, mount: Fighter, dice) -> tuple[list[str], dict, bool]:
    """004-R10: the trained mount's blow takes the rider's result. Against a parry
    the target parries it apart; otherwise it lands when the rider's LD succeeded."""
    target = blow.target
    if target.dead():
        return [scene.t("La montura no tiene a quién golpear: el blanco ya ha muerto.",
                        "The mount has no one to strike: the target is already dead.")], {"hit": False, "damage": 0}, False
    notes: list[str] = []
    parry = K.parry_of(scene, target, K.Declared(), notes)  # (nothing declared of the mount's blow: the rider's was)
    follow = K.Blow(blow.attacker, target, mount, blow.ld, parry, "body", False, False, notes)
    lines = list(notes)
    d = None
    if parry is not None and rider_throw.result is not None:
        d = LD.throw(parry, dice, f"{scene.t('parada', 'parry')} {target.name}".strip())
        target.set("paradas", int(target.now["paradas"] or 0) + 1)
        lines += [LD.line(d, scene.lang, judged=False)]
    hit = K.lands(scene, rider_throw, d)
    head = scene.t(f"La montura entrenada golpea con el mismo resultado, {rider_throw.result}",
                   f"The trained mount strikes with the same result, {rider_throw.result}")
    data: dict = {"hit": hit, "damage": 0, "parry": d.data() if d else None}
    if not hit or rider_throw.result is None:
        lines.append(head + scene.t(": no llega.", ": it does not land."))
        return lines, data, False
    damage, parts, said = K.damage_of(scene, follow, rider_throw, dice)
    more, wound = hurt(scene, target, damage, "body", follow.striker)
    lines += [head + ".", *said, *more]
    data.update({"damage": damage, "damage_parts": parts, "wound": wound})
    return lines, data, True


def mount_or_dismount(scene: Scene, rider: Fighter, p: dict, dice, *, up: bool) -> tuple[list[str], dict, bool]:
    """004-R14: no LD unless at full speed (then a beast-taming LD, decided here)."""
    special_action(rider)
    if rider.character is not None:
        mount_of(scene, rider, {})
        if bool(rider.now["montado"]) == up:
            raise Refused(L(f"{rider.name} {'ya' if up else 'no'} está montado.",
                            f"{rider.name} is {'already' if up else 'not'} mounted."))
    verb = scene.t("monta", "mounts") if up else scene.t("desmonta", "dismounts")
    data: dict = {"mounted": up, "ld": None}
    if not p.get("full_speed"):
        rider.set("montado", up)
        return [scene.t(f"{rider.name or 'El jinete'} {verb}: sin LD, no va a toda velocidad (004-R14).",
                        f"{rider.name or 'The rider'} {verb}: no LD, not at full speed (004-R14).")], data, True
    ld = Ld(rider.capability(p.get("capability") or C.BEAST_TAMING, bool(p.get("innate"))),
            S.own(rider.states, {"combat"}) + K.gm_mod(p), p.get("goal"), *scene.ld_rules, rider.name)
    t = LD.throw(ld, dice, f"{verb} {rider.name}".strip())
    lines = LD.lines(t, scene.lang)
    data["ld"] = t.data()
    if t.success:
        rider.set("montado", up)
        lines.append(scene.t(f"{rider.name or 'El jinete'} {verb} a toda velocidad (004-R14).",
                             f"{rider.name or 'The rider'} {verb} at full speed (004-R14)."))
    else:
        data["mounted"] = not up
        lines.append(scene.t("No lo consigue a toda velocidad.", "It does not manage it at full speed."))
    return lines, data, t.success


def mount_lost(scene: Scene, rider: Fighter, p: dict, dice) -> tuple[list[str], dict, bool]:
    """004-R10: a calm LD, or Irritado even after the combat."""
    ld = Ld(rider.capability(p.get("capability") or C.CALM, bool(p.get("innate"))),
            K.gm_mod(p), p.get("goal"), *scene.ld_rules, rider.name)
    t = LD.throw(ld, dice, f"{scene.t('calma', 'calm')} {rider.name}".strip())
    lines = LD.lines(t, scene.lang)
    if not t.success:
        S.gain(rider, "irritado", lasting=True)
        lines.append(scene.t(f"{rider.name or 'El jinete'} queda Irritado, aun después del combate (004-R10).",
                             f"{rider.name or 'The rider'} is Enraged, even after the combat (004-R10)."))
    else:
        lines.append(scene.t("Guarda la calma.", "It keeps calm."))
    return lines, {"ld": t.data(), "enraged": not t.success}, t.success
