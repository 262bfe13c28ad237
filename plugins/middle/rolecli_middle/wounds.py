"""What a blow does to the one it lands on: life lost, the effects of a called
shot (004-R7), death, and the bond between a rider and its mount (004-R10).

Damage is the LD's result plus the weapon's bonus (the rulings: the toolkit's
default, not the book's); ``vida`` is lost by it and a character with no life
left dies. "Half of the life" is half of the maximum (the rulings)."""

from __future__ import annotations

from rolecli.contract import Label

from . import states as S
from .sheet import Fighter, Scene, Weapon
from .words import LOCATIONS, tr

L = Label

DEATHS = {
    "vida": L("sin vida", "no life left"),
    "decapitado": L("decapitado", "beheaded"),
    "ojo": L("muerte instantánea por el ojo", "instant death through the eye"),
    "rematado": L("rematado estando inconsciente", "finished off while unconscious"),
    "narrador": L("muerto por decisión del Narrador", "dead by the Narrator's decision"),
}

INJURIES = {
    "pierna_cercenada": L("pierna cercenada", "leg severed"),
    "mano_cercenada": L("mano cercenada", "hand severed"),
    "media_velocidad": L("mueve la mitad por el resto del combate", "moves half as far for the rest of the combat"),
    "ojo_perdido": L("ojo perdido", "eye lost"),
}


class Wound:
    """The effects of a called shot on one target, as they are applied: added
    to the blow's ``effects`` and (when someone reads them) ``lines``."""

    def __init__(self, scene: Scene, target: Fighter, effects: list[str], lines: list[str]):
        self.scene, self.target = scene, target
        self.effects = effects
        self.lines = lines

    def say(self, key: str, es: str, en: str) -> None:
        self.effects.append(key)
        if self.scene.explain:
            self.lines.append(self.scene.t(es, en))

    def daze(self, why_es: str, why_en: str) -> None:
        ended = S.gain(self.target, "mareado")
        if ended == "inconsciente":
            self.say("unconscious", f"{why_es}: Mareado otra vez → Inconsciente (004-R16).",
                     f"{why_en}: Dazed again → Unconscious (004-R16).")
        else:
            self.say("dazed", f"{why_es}: Mareado (004-R16).", f"{why_en}: Dazed (004-R16).")

    def injure(self, injury: str) -> None:
        held = list(self.target.now["lesiones"] or [])
        if injury not in held:
            self.target.set("lesiones", held + [injury])

    def sever(self, weapon: Weapon, what: str, es: str, en: str) -> bool:
        """Sever a part, if the weapon can; else great pain and Mareado (004-R7)."""
        if weapon.severs():
            self.say(what, es, en)
            return True
        self.effects.append("great_pain")
        self.daze("El arma no es mediana o mayor y de filo, así que no cercena sino que causa un gran dolor",
                  "The weapon is not a medium-or-larger edged one, so it does not sever but causes great pain")
        return False


def hurt(scene: Scene, target: Fighter, damage: int, location: str, striker: Fighter,
         record: bool = True) -> tuple[list[str], dict | None]:
    """Apply ``damage`` landing on ``location`` (``body`` for a plain strike),
    struck by ``striker``'s weapon (read only for a called shot, the one whose
    effects it decides). Its data is the wound as it stands after the blow, or
    ``None`` unless ``record`` (a blow's :attr:`~rolecli.contract.Context.record`:
    what it changes is in the blow's changes either way)."""
    effects: list[str] | None = None  # (listed only where read, a called shot's or a record's: most blows are neither)
    lines: list[str] = []
    # Its values read from its tables at once, as :meth:`Fighter.life` and :meth:`Fighter.dead` read them (the
    # state's is set in place: it holds what the blow sets), not by a method's call for each, at every blow
    # that lands (icount 4.593M -> 4.580M a middle trial, -0.3%). Whole numbers as they stand (:meth:`Fighter.life`).
    now = target.now
    life = target.sheet["vida"]
    if location != "body":  # (most blows are plain strikes: no called shot's effects to look through)
        effects = []
        called_shot(Wound(scene, target, effects, lines), damage, life, location, striker.weapon())
    lost = now["vida_perdida"]
    # No negative life: a blow takes what is left (the dead stay at 0, so life a
    # rest gives back after the Narrator lifts a death counts from 0).
    now_lost = lost + damage
    if now_lost > life:  # (a test, not a min() call at every blow that lands: with damage's, icount -0.6% a middle trial)
        now_lost = life
    target.set("vida_perdida", now_lost)
    left = life - now_lost  # (target.left(), from the numbers at hand)
    if left <= 0 and now["muerte"] == "":  # (not dead)
        die(scene, target, "vida", lines)
    if record:
        states, injuries, death = target.states, now["lesiones"], now["muerte"]  # (most targets hold none: no call to copy none)
        data = {"damage": damage, "location": location, "life": life, "life_before": life - lost, "life_left": left,
                "effects": effects or [], "states": sorted(states) if states else [],
                "injuries": list(injuries) if injuries else [], "dead": death != "", "death": death or None}
    else:  # (the wound, recorded only: left unmade at every blow that lands unrecorded; icount -1.2% a middle trial)
        data = None
    if not scene.explain:
        return lines, data  # (empty: nothing is said where no one reads it; no list made at every blow that lands)
    name = target.name or tr(scene.lang, "El blanco", "The target")
    head = tr(scene.lang, f"{name} recibe {damage} de daño en {LOCATIONS[location].es}: vida {max(left, 0)}/{life}.",
              f"{name} takes {damage} damage to {LOCATIONS[location].en}: life {max(left, 0)}/{life}.")
    return [head] + lines, data


def called_shot(w: Wound, damage: int, life: int, location: str, weapon: Weapon) -> None:
    """The effects of a blow landing on ``location``, other than the body (004-R7)."""
    target, scene = w.target, w.scene
    vigor = int(target.sheet["vigor"])
    half = damage * 2 > life  # more than half of the maximum life
    if location == "legs":
        if half and w.sever(weapon, "leg_severed", f"Daño {damage} > la mitad de la vida {life}: pierna cercenada (004-R7).",
                            f"Damage {damage} > half of life {life}: leg severed (004-R7)."):
            w.injure("pierna_cercenada")
        if damage > vigor:
            w.say("half_speed", f"Daño {damage} > vigor {vigor}: mueve la mitad por el resto del combate (004-R7).",
                  f"Damage {damage} > vigor {vigor}: moves half as far for the rest of the combat (004-R7).")
            w.injure("media_velocidad")
    elif location == "hands":
        if half and w.sever(weapon, "hand_severed", f"Daño {damage} > la mitad de la vida {life}: mano cercenada, y el arma cae (004-R7).",
                            f"Damage {damage} > half of life {life}: hand severed, and its weapon falls (004-R7)."):
            w.injure("mano_cercenada")
            target.set("desarmado", True)
        if damage > vigor and not target.now["desarmado"]:
            w.say("drops_weapon", f"Daño {damage} > vigor {vigor}: suelta el arma de esa mano (004-R7).",
                  f"Damage {damage} > vigor {vigor}: drops the weapon in that hand (004-R7).")
            target.set("desarmado", True)
    elif location == "weak-point":
        w.effects.append("great_pain")
        w.daze("Golpe en el punto débil: gran dolor", "Blow to the weak point: great pain")
    elif location == "head":
        w.daze("Golpe en la cabeza", "Blow to the head")
        if half and w.sever(weapon, "beheaded", f"Daño {damage} > la mitad de la vida {life}: la cabeza vuela por los cielos (004-R7).",
                            f"Damage {damage} > half of life {life}: the head flies off (004-R7)."):
            die(scene, target, "decapitado", w.lines)
    elif location == "eye":
        if weapon.piercing() and damage >= vigor:
            S.gain(target, "cegado")
            w.injure("ojo_perdido")
            w.say("blinded", f"Arma punzante y daño {damage} ≥ vigor {vigor}: Cegado hasta el fin de la escena (004-R7).",
                  f"Piercing weapon and damage {damage} ≥ vigor {vigor}: Blinded until the scene ends (004-R7).")
        if half:
            w.say("killed", f"Daño {damage} > la mitad de la vida {life}: muerte instantánea (004-R7).",
                  f"Damage {damage} > half of life {life}: instant death (004-R7).")
            die(scene, target, "ojo", w.lines)


def die(scene: Scene, fighter: Fighter, how: str, lines: list[str]) -> None:
    """``fighter`` dies; its mount or its rider feel it (004-R10). Says so in
    ``lines`` when someone reads them."""
    if fighter.dead():
        return
    fighter.set("muerte", how)
    explain = scene.explain  # False: what is said goes nowhere (a simulation), so nothing is written
    if explain:
        lines.append(tr(scene.lang, f"{fighter.name or 'El blanco'} muere: {DEATHS[how].es}.",
                        f"{fighter.name or 'The target'} dies: {DEATHS[how].en}."))
    mount = fighter.sheet["montura"]
    mount = scene.named(str(mount)) if mount else None  # (most who die ride no mount: no call to say so)
    if mount is not None and mount.sheet["lazo"] and not mount.dead():
        S.gain(mount, "irritado", lasting=True)
        if explain:
            lines.append(tr(scene.lang, f"{mount.name}, con lazo con su jinete, queda Irritado y solo se queda cerca de su cuerpo (004-R10).",
                            f"{mount.name}, bonded to its rider, is Enraged and only stays near its body (004-R10)."))
    for rider in scene.holding("montura"):
        if scene.named(rider.sheet["montura"]) is fighter and not rider.dead():
            rider.set("montado", False)
            if explain:
                lines.append(tr(scene.lang, f"Muere la montura de {rider.name}: debe hacer un LD de calma o quedará Irritado "
                                            f"aun después del combate: rolecli mount-lost \"{rider.name}\" (004-R10).",
                                f"{rider.name}'s mount dies: it must make a calma LD or be Enraged even after the combat: "
                                f"rolecli mount-lost \"{rider.name}\" (004-R10)."))
