"""Striking a rival (Golpear un rival, 004-R6) and all that sets the ND of a blow.

The attacker's LD is set against the rival's protections, which give their ND
(004-R6); everything else adds to it (004-R4): the called shot's location
(004-R7), a charge (004-R14), a feint (004-R12), the attacker's own states and
the target's (004-R16), covering (004-R13), an effective feint on the target
(004-R12), a disarm duel being interrupted (004-R9), a beast's temperament
(004-R10). A rival who parries defends with an LD of its own instead of its
protections, and the attacker must roll higher (004-R11)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence

from rolecli.contract import Label, Refused, keep_at_most

from . import capability as C
from . import ld as LD
from . import states as S
from .economy import combat_action, special_action
from .ld import Ld, Throw
from .nd import Mod
from .sheet import Fighter, Scene
from .words import LOCATIONS, number, tr
from .wounds import die, hurt

L = Label

LOCATION_ND = {"body": 0, "legs": -1, "hands": -2, "head": -3, "eye": -4}

# The words of a blow's ND modifiers, made once (every blow of a simulation has some).
CALLED_SHOT = {key: L(f"golpe a {where.es}", f"called shot at {where.en}") for key, where in LOCATIONS.items()
               if key != "body"}
PROTECTIONS, ARMOUR_ONLY = L("protecciones", "protections"), L("solo armadura", "armour only")
COMBATIVE = L("bestia combativa, ignora ND −1 y −2 de protecciones", "combative beast, ignores protections' ND −1 and −2")
PEACEFUL, CHARGE, FEINT = L("bestia pacífica", "peaceful beast"), L("carga", "charge"), L("finta", "feint")
COVERING = L("defensor que cubre a un aliado", "defender covering an ally")
FEINTED, ALLY_FEINTED = L("tras su finta efectiva", "after its effective feint"), L("víctima de una finta aliada",
                                                                                  "victim of an ally's feint")
ATTACK = frozenset({"attack"})  # the kind of LD a blow is, for the attacker's own states (S.own)
COMBAT = frozenset({"combat"})  # the kind of a parry's LD, for the parrier's (as an impulse's, in order)
DUEL_INTERRUPT = L("interrumpe un duelo de desarme", "interrupts a disarm duel")
PARRY = ("parada", "parry")  # what a parry's dice are thrown for, in Spanish and English (as :func:`build`'s ``why``)
STRIKE = ("golpe", "strike")  # and a blow's, unless another is named (a feint's, a mount's)
FEINT_WHY, MOUNT_WHY = ("finta", "feint"), ("montura", "mount")  # (one object each: a kept blow compares its why by identity)
# A new object of a class, its fields set by whoever makes it (:func:`build`): a function of this module's,
# not ``object.__new__`` read at every call (its read and call are not specialized).
_NEW = object.__new__


@lru_cache(maxsize=32)  # the few protections of a fight: one modifier each, not one made at every blow (a Mod is frozen)
def protections_mod(nd: int, armour_only: bool) -> Mod:
    """004-R6: the ND the target's protections give (only its armour, to a free strike)."""
    return Mod("armour", ARMOUR_ONLY, nd) if armour_only else Mod("protections", PROTECTIONS, nd)


def location_nd(location: str, options) -> int:
    """004-R7; the weak point's ND is not in the text (GAP-7): a rule option."""
    return int(options.get("weak_point_nd", -2)) if location == "weak-point" else LOCATION_ND[location]


@dataclass(frozen=True, eq=False)  # (one a plan, known by its identity: a blow is kept by it, :func:`build`)
class Declared:
    """What a blow's parameters declare of it, before any fighter is read: where it is
    aimed (004-R7), a charge (004-R14), a free strike (004-R9), the capability thrown and
    the LD's goal and Narrator's ND, and what a quick roll types of the target's situation
    (allies covering it, its cover, a feint, a duel it is in, its parry). Read from the
    parameters once (:meth:`of`), where an encounter's plan keeps it (:func:`~.verbs.strike_sides`):
    its fight strikes with a few dozen plans, and the dozen look-ups of the parameters at every
    blow cost 1.3% of a middle trial (icount 5.599M -> 5.526M)."""

    location: str = "body"
    free: bool = False
    charge: bool = False
    capability: str | None = None
    innate: bool = False
    goal: int | None = None
    narrator: tuple[Mod, ...] = ()  # the ND the Narrator sets (:func:`narrator`): one object, so an LD kept by it is found
    covered: int = 0
    covering: bool = False
    feinted: str = "none"
    interrupt: bool = False
    parry: int | None = None

    @classmethod
    def of(cls, p: dict) -> "Declared":
        return cls(p.get("location") or "body", bool(p.get("free")), bool(p.get("charge")), p.get("capability"),
                   bool(p.get("innate")), p.get("goal"), tuple(gm_mod(p)), int(p.get("covered") or 0),
                   bool(p.get("covering")), p.get("feinted") or "none", bool(p.get("interrupt")), p.get("parry"))


@dataclass(slots=True)  # (made at every blow, made and dropped for less with no table of its attributes: ld.Throw)
class Blow:
    """A blow before it is thrown: who strikes whom, the LD, and the parry against it."""

    attacker: Fighter
    target: Fighter
    striker: Fighter          # whose weapon lands: the attacker, or its mount
    ld: Ld
    parry: Ld | None
    location: str = "body"
    charge: bool = False
    feint: bool = False
    notes: list[str] = field(default_factory=list)
    thrown: Throw | None = None  # the attacker's LD, once thrown
    whys: tuple[str, ...] = ()  # why each of its dice is thrown (:func:`thrown_for`)
    parry_whys: tuple[str, ...] | None = None  # and each of its parry's


def narrator(nd) -> list[Mod]:
    """The ND the Narrator sets for an LD, if any."""
    nd = int(nd or 0)
    return [Mod("gm", L("Narrador", "Narrator"), nd)] if nd else []


def gm_mod(p: dict) -> list[Mod]:
    return narrator(p.get("nd"))


def refuse_if_locked(fighter: Fighter) -> None:
    """004-R9: locked weapons leave a duellist only the duel's own actions."""
    if fighter.now["duelo"]:
        raise Refused(L(f"{fighter.name} tiene el arma trabada en un Duelo de desarme con {fighter.now['duelo']} "
                        "(004-R9): su turno es una tirada del duelo (duel), huir (duel --flee) o un truco sucio "
                        "(blind, feint).",
                        f"{fighter.name} is locked in a disarm duel with {fighter.now['duelo']} (004-R9): its turn is "
                        "a duel roll (duel), fleeing (duel --flee) or a dirty trick (blind, feint)."))


def refuse_if_dead(target: Fighter) -> None:
    # (how it died read at once, as Fighter.dead reads it: no method's call at every blow; icount 4.569M -> 4.563M a middle trial)
    if target.now["muerte"] != "":
        raise Refused(L(f"{target.name} ya está muerto; golpea a otro.", f"{target.name} is already dead; strike someone else."))


def situation(scene: Scene, attacker: Fighter, target: Fighter, how: Declared, mods: list[Mod]) -> None:
    """What the target's situation adds to any blow against it (004-R9, R12, R13, R16), added to
    ``mods`` (the blow's own: no list made to join them, at every blow)."""
    states = target.states
    if states:  # (most targets hold no state: no call to find none)
        mods += S.against(states)
    # who covers the target (here, not a function of its own: asked at every blow, where most find nobody covering
    # anyone, and no list of names is made for them; with no list made for nothing said as a blow lands, icount
    # 4.0469M -> 4.0320M a middle trial, -0.37%)
    covering = scene.holding("cubre")
    covered = how.covered
    if covering:
        names = []
        for f in covering:  # (a loop: a comprehension costs a call)
            if scene.named(f.now["cubre"]) is target and f.can_act() and f is not attacker:
                names.append(f.name)
        covering = names
        if len(covering) > covered:  # (no max() to say so)
            covered = len(covering)
    if covered:
        who = ", ".join(covering) or str(covered)
        mods.append(Mod("covered", L(f"aliado cubierto ({who})", f"covered ally ({who})"), -covered))
    if (target.now["cubre"] and target.can_act()) or how.covering:
        mods.append(Mod("covering", COVERING, +1))
    feinted_by = target.now["finta_de"]
    feinter = scene.named(str(feinted_by)) if feinted_by else None  # (most blows follow no feint: no call to say so)
    feinted = how.feinted
    if feinted == "by-you" or (feinter is not None and feinter is attacker):
        mods.append(Mod("feinted", FEINTED, +2))
    elif feinted == "by-ally" or (feinter is not None and feinter.ally_of(attacker)):
        mods.append(Mod("ally_feinted", ALLY_FEINTED, +1))
    if how.interrupt or (target.now["duelo"] and scene.named(target.now["duelo"]) is not attacker):
        mods.append(Mod("duel_interrupt", DUEL_INTERRUPT, +1))


def parry_of(scene: Scene, target: Fighter, how: Declared, notes: list[str]) -> Ld | None:
    """004-R11: the LD the target parries with, if it parries this blow."""
    if how.free:
        return None
    if how.parry is not None:
        capability = C.Capability(C.WEAPON_USE, C.check_rating(int(how.parry), "--parry"))
    elif target.character is not None and target.now["parando"] and target.can_act():
        capability = target.capability(C.WEAPON_USE)
        limit = capability.rating + 1
        if not target.can_parry():
            notes.append(scene.t(f"{target.name} no tiene arma en la mano y no puede parar: le defienden sus protecciones.",
                                 f"{target.name} has no weapon in hand and cannot parry: its protections defend it."))
            return None
        if target.now["paradas"] >= limit:
            notes.append(scene.t(f"{target.name} ya hizo sus {limit} paradas de esta ronda (uso de armas + 1, 004-R11): "
                                 "le defienden sus protecciones.",
                                 f"{target.name} has made its {limit} parries of this round (weapon use + 1, 004-R11): "
                                 "its protections defend it."))
            return None
    else:
        return None
    states = target.states
    return LD.made(target.lds, capability, S.own(states, COMBAT) if states else [], None, scene.ld_rules,
                   target.name or scene.t("Parada", "Parry"))


# A blow's LD, parry, notes (:func:`lds_of`) and its dice's reasons by what they are worked out from (:func:`build`),
# its declaration, options and what for held and compared: a simulation's
# blows meet a few dozen ways of their fighters' sheets and states (64 in the sample's 17,000 blows).
_KEPT: dict[tuple, tuple[Declared, dict, tuple[str, str], tuple]] = {}
KEPT_LIMIT = 512


def build(scene: Scene, attacker: Fighter, target: Fighter, how: Declared, striker: Fighter | None = None,
          feint: bool = False, why: tuple[str, str] = STRIKE) -> Blow:
    """Every modifier of one blow, before any die is thrown (:func:`lds_of`), and why its dice and its parry's are
    thrown (``why``: what for, a blow's unless a feint's or a mount's; kept with the rest, not a cache's call at
    every LD thrown: icount N=1000 2.8604M -> 2.8409M a middle trial, -0.68%). Kept where its fighters' values are
    their sheets' (``standing``: given nothing) and no third character is read (nobody covers anyone, the target
    follows no feint and is in no duel), by all that is read then: the sheets and names, the attacker's states and
    whether it rides, the target's states and the fields its parry and situation read, the language, the
    declaration (by its identity: a key of it, not of its id()'s number, made and hashed at every blow; icount N=1000
    2.8702M -> 2.8605M a middle trial, -0.34%); the rule options held and compared (a look-up, not a dozen calls, at
    every blow; icount N=400 3.4381M -> 3.3341M a middle trial, -3.0%). (``striker`` and ``feint`` not keyword-only:
    a keyword-only default costs a call twice a positional one's, at every blow; icount N=400 3.8936M -> 3.8884M a
    middle trial, -0.13%)"""
    striker = striker or attacker
    now = target.now
    if attacker.standing is not None and target.standing is not None and striker.standing is not None \
            and not now["finta_de"] and not now["duelo"] and not scene.holding("cubre"):
        key = (how, feint, scene.lang, attacker.name, target.name, attacker.standing, target.standing,
               striker.standing, attacker.states, attacker.now["montado"], target.states, now["parando"],
               now["paradas"], now["muerte"], now["moral"], now["desarmado"], now["cubre"])
        try:  # (a subscript, not a get()'s call: Scene.fighter)
            found = _KEPT[key]
        except KeyError:
            found = None
        options = scene.options
        if found is not None and found[1] is options and found[2] is why:
            ld, parry, notes, whys, parry_whys = found[3]
        else:
            ld, parry, notes = lds_of(scene, attacker, target, how, striker, feint)
            whys, parry_whys = whys_of(scene, attacker, target, parry, why)
            keep_at_most(_KEPT, key, (how, options, why, (ld, parry, tuple(notes), whys, parry_whys)), KEPT_LIMIT)
    else:
        ld, parry, notes = lds_of(scene, attacker, target, how, striker, feint)
        whys, parry_whys = whys_of(scene, attacker, target, parry, why)
    # Its fields set at once, as Blow.__init__ sets them, without its frame (as giro makes its rounds): a
    # class's Python __init__ costs some 2,000 instructions a call, at every blow (icount 4.4561M -> 4.4359M a
    # middle trial, -0.45%; a test holds every field of the class set here)
    blow = _NEW(Blow)
    blow.attacker = attacker
    blow.target = target
    blow.striker = striker
    blow.ld = ld
    blow.parry = parry
    blow.location = "body" if feint else how.location
    blow.charge = how.charge
    blow.feint = feint
    blow.notes = list(notes) if notes else []  # (its own: a blow's lines begin on it)
    blow.thrown = None
    blow.whys = whys
    blow.parry_whys = parry_whys
    return blow


def whys_of(scene: Scene, attacker: Fighter, target: Fighter, parry: Ld | None,
            why: tuple[str, str]) -> tuple[tuple[str, ...], tuple[str, ...] | None]:
    """Why each of a blow's dice is thrown (``why``, what for, in Spanish and English), and its parry's."""
    lang = scene.lang
    return thrown_for(why, lang, attacker.name), thrown_for(PARRY, lang, target.name) if parry is not None else None


def lds_of(scene: Scene, attacker: Fighter, target: Fighter, how: Declared, striker: Fighter,
           feint: bool) -> tuple[Ld, Ld | None, list[str]]:
    """A blow's LD with every modifier of it, the target's parry if it parries it, and what is said of that."""
    location = "body" if feint else how.location
    notes: list[str] = []
    parry = parry_of(scene, target, how, notes)
    mods: list[Mod] = []
    temperament = striker.temperament()
    if parry is None:
        armour_only = how.free
        protections = target.protections(armour_only)
        if protections:
            mods.append(protections_mod(protections, armour_only))
        if temperament == "combative" and protections < 0:
            mods.append(Mod("combative", COMBATIVE, min(2, -protections)))
    if temperament == "peaceful":
        mods.append(Mod("peaceful", PEACEFUL, -1))
    if location != "body":
        mods.append(Mod(f"location:{location}", CALLED_SHOT[location], location_nd(location, scene.options)))
    if how.charge and not attacker.now["montado"]:
        mods.append(Mod("charge", CHARGE, -1))
    if feint:
        mods.append(Mod("feint", FEINT, -2))
    if attacker.states:  # (each added in place: no list made to join them; most attackers hold no state)
        mods += S.own(attacker.states, ATTACK)
    situation(scene, attacker, target, how, mods)
    if how.narrator:
        mods += how.narrator
    capability = attacker.capability(how.capability or blow_capability(attacker), how.innate)
    return LD.made(attacker.lds, capability, mods, how.goal, scene.ld_rules, attacker.name), parry, notes


def blow_capability(attacker: Fighter) -> str:
    """What a blow throws unless another capability is named: uso de armas, or
    for a beast its habilidad de batalla (004-R10: "la habilidad de batalla de
    la bestia"; decided for every blow a beast deals)."""
    return C.BATTLE_SKILL if attacker.sheet["bestia"] else C.WEAPON_USE


def declare(blow: Blow, free: bool = False) -> None:
    """The blow uses the attacker's combat action of the round (004-R5); a free
    strike (004-R9) comes off-turn and uses none."""
    if free:
        return
    if blow.charge:
        special_action(blow.attacker)
    combat_action(blow.attacker)


# --- throwing it --------------------------------------------------------------

def lands(scene: Scene, a: Throw, d: Throw | None) -> bool:
    """Against protections the LD must reach its goal; against a parry it must
    be higher than the parry's, a tie going to the defender (the rulings) unless
    ``parry_tie = "attacker"`` (the text's "un LD mayor" for the parrier)."""
    if d is None:
        return a.success
    if a.result is None:
        return False
    if d.result is None or a.result > d.result:
        return True
    return a.result == d.result and scene.options.get("parry_tie", "defender") == "attacker"


@lru_cache(maxsize=256)  # a fight's few fighters, in one language: a blow's words made once, not at every blow
def thrown_for(why: tuple[str, str], lang: str, who: str) -> tuple[str, str, str]:
    """Why each of an LD's three dice is thrown, as they record it: ``why`` (in Spanish and
    English) and who throws, ``golpe Aldara 1/3`` (the reason alone for a nameless one)."""
    return LD.dice_whys(f"{tr(lang, *why)} {who}".strip())


def throw(scene: Scene, blow: Blow, dice) -> tuple[list[str], dict, bool]:
    """Throw the blow: the attacker's three dice, then the parrier's three, then
    a charge die when the blow lands, each for the reasons its blow gives (:func:`build`). Applies what it does.
    Where no one reads its data (``Context.record`` false), it gives none."""
    lang = scene.lang
    attacker, target = blow.attacker, blow.target
    lines = blow.notes  # (its own list, no copy: a blow is thrown once)
    record = scene.ctx.record
    a = blow.thrown = LD.thrown(blow.ld, dice, blow.whys, record)
    d = None
    if blow.parry is not None and a.result is not None:  # nothing to parry in a blow that cannot be attempted
        d = LD.thrown(blow.parry, dice, blow.parry_whys, record)
        target.set("paradas", target.now["paradas"] + 1)
    hit = lands(scene, a, d)
    if scene.explain:
        lines += _throw_lines(scene, a, d, hit)
    # all of it recorded only, the LDs' dice, the damage's parts and the wound (:func:`~.wounds.hurt`) as well as
    # who, where and how much: none made where no one reads it (Context.record: a simulation's trials with no
    # house rule; the LDs' icount -1.3% a middle trial, the rest 4.0089M -> 3.9519M a trial, -1.4%)
    data = {"attacker": attacker.name or None, "target": target.name or None, "ld": a.data(),
            "parry": d.data() if d is not None else None, "location": blow.location, "hit": hit,
            "damage": 0} if record else {}
    if not hit:
        if scene.explain:
            lines.append(tr(lang, f"El golpe no llega a {target.name}." if target.name else "El golpe no llega al blanco.",
                            f"The blow does not reach {target.name or 'the target'}."))
        return lines, data, False
    was_unconscious = "inconsciente" in target.states
    if blow.feint:
        lines += _feint_lands(scene, blow)
        if record:
            data["feint"] = True
    else:
        damage, parts, said = damage_of(scene, blow, a, dice, record)
        hurt_lines, wound = hurt(scene, target, damage, blow.location, blow.striker, record)
        # (both empty where nothing is said: not joined at every blow that lands; with after_hit's, icount N=400
        # 3.8406M -> 3.8313M a middle trial, -0.24%)
        if scene.explain:
            lines += said
            lines += hurt_lines
        if record:
            data["damage"], data["damage_parts"], data["wound"] = damage, parts, wound  # (no table made to update it)
    if was_unconscious and not target.dead():
        die(scene, target, "rematado", lines)
        if record:
            data.setdefault("wound", {}).update({"dead": True, "death": "rematado"})  # (a feint's has none yet)
    said = after_hit(scene, attacker, target)
    if said:  # (mostly nothing: not joined)
        lines += said
    return lines, data, True


def _throw_lines(scene: Scene, a: Throw, d: Throw | None, hit: bool) -> list[str]:
    """The blow's LD and the parry's, judged."""
    lang = scene.lang
    if d is None:
        return LD.lines(a, lang)
    lines = [LD.line(a, lang, judged=False)]
    if LD.literal(a.ld):
        lines.append(LD.hopeless_line(a.ld, lang, ("no puede superar una parada por encima de 0",
                                                   "it cannot beat a parry above 0")))
    return lines + [LD.line(d, lang, judged=False), _parry_line(scene, a, d, hit)]


def _parry_line(scene: Scene, a: Throw, d: Throw, hit: bool) -> str:
    left = "—" if a.result is None else number(a.result)
    right = "—" if d.result is None else number(d.result)
    head = scene.t(f"Golpe {left} contra parada {right}: ", f"Blow {left} against parry {right}: ")
    if a.result is not None and a.result == d.result:
        tie = scene.t("empate, ", "a tie, ")
        return head + tie + (scene.t("gana el golpe (parry_tie = attacker)", "the blow wins (parry_tie = attacker)") if hit
                             else scene.t("gana el defensor (004-R11)", "the defender wins (004-R11)")) + "."
    return head + (scene.t("la parada no basta (004-R11).", "the parry fails (004-R11).") if hit
                   else scene.t("parado (004-R11).", "parried (004-R11)."))


def damage(result: int, bonus: int, charge: int = 0) -> int:
    """The rulings (the toolkit's default): the LD's result plus the weapon's
    bonus (never below 0), plus the charge's die (004-R14)."""
    total = result + bonus
    if total < 0:  # (a test, not a max() call at every blow that lands: with hurt's, icount -0.6% a middle trial)
        total = 0
    return total + charge


def damage_of(scene: Scene, blow: Blow, a: Throw, dice, record: bool = True) -> tuple[int, dict | None, Sequence[str]]:
    """The damage of a blow that lands; a charge rolls one more die of the size read. Its parts
    (the LD's result, the weapon's bonus, the charge's die) are recorded only: None unless ``record``
    (:func:`throw`)."""
    lang = scene.lang
    # the striker's weapon bonus read from its sheet at once, a whole number as it stands (:meth:`Fighter.life`),
    # not by a method's call at every blow that lands (icount 3.9111M -> 3.9065M a middle trial, -0.12%)
    weapon, charge, size = blow.striker.sheet["arma_bonus"], 0, 0
    if blow.charge:
        size = max(a.ld.sizes[i] for i in a.kept)
        charge = dice.roll(size, f"{tr(lang, 'carga', 'charge')} {blow.attacker.name}".strip())
    total = damage(a.result, weapon, charge)
    parts = None  # (no table made at every blow that lands unrecorded; icount 4.1055M -> 4.0853M a middle trial)
    if record:
        parts = {"result": a.result, "weapon": weapon, "charge": charge}
        if blow.charge:
            parts["charge_die"] = size
    if not scene.explain:
        return total, parts, ()  # (nothing said where no one reads it: no list made at every blow that lands)
    said = tr(lang, f"Daño {number(a.result)} del LD + {weapon} del arma", f"Damage {number(a.result)} from the LD + {weapon} weapon")
    if blow.charge:
        said += tr(lang, f" + carga d{size}={charge}", f" + charge d{size}={charge}")
    return total, parts, [said + f" = {total}."]


def _feint_lands(scene: Scene, blow: Blow) -> list[str]:
    """004-R12: the feint does no damage; next round the feinter gets ND +2 against
    its victim and its allies ND +1 (kept on the victim for this round and the next)."""
    target = blow.target
    target.set("finta_de", blow.attacker.name)
    target.set("finta_rondas", 2)
    return [scene.t(f"La finta llega pero no hace daño; la próxima ronda {blow.attacker.name or 'quien fintó'} tiene ND +2 "
                    f"contra {target.name or 'su víctima'} y sus aliados ND +1 (004-R12).",
                    f"The feint lands but does no damage; next round {blow.attacker.name or 'the feinter'} gets ND +2 "
                    f"against {target.name or 'its victim'} and its allies ND +1 (004-R12).")]


def after_hit(scene: Scene, attacker: Fighter, target: Fighter) -> Sequence[str]:
    """A landed blow ends an insult's rage at its author (004-R14) and a duel it
    interrupts, with nobody disarmed (004-R9)."""
    # (a list made only where something is said: most blows end nothing; with hurt's effects listed only where read,
    # icount N=400 3.8223M -> 3.8141M a middle trial, -0.21%)
    lines: Sequence[str] = ()
    if "irritado" in attacker.states and attacker.now["irritado_por"] and \
            scene.named(attacker.now["irritado_por"]) is target:
        S.lose(attacker, "irritado")
        lines = [scene.t(f"{attacker.name} se ha vengado de {target.name}: ya no está Irritado (004-R14).",
                         f"{attacker.name} has taken its revenge on {target.name}: no longer Enraged (004-R14).")]
    duel = target.now["duelo"]
    rival = scene.named(str(duel)) if duel else None  # (most targets are in no duel: no call to say so)
    if rival is not None and rival is not attacker:
        for duellist in (target, rival):
            duellist.set("duelo", "")
            duellist.set("duelo_nd", 0)
        lines = [*lines, scene.t(f"El golpe interrumpe el duelo de {target.name} y {rival.name}: termina sin ataque extra ni desarme (004-R9).",
                                 f"The blow interrupts the duel of {target.name} and {rival.name}: it ends with no extra attack and nobody disarmed (004-R9).")]
    return lines if scene.explain else ()  # rare: said only to be dropped in a simulation
