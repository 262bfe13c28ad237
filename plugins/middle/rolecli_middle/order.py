"""The order of combat (004-R15): ambush, impulse, attack, end of turn.

Step 1, the ambush: the ambusher's Stealth (Sigilo) LD at an ND of minus its
victims' Vigilance (the most watchful one's); success lets the ambushers act
alone in step 3 before a new turn begins. Step 2, impulse: everyone throws an
impulse LD, highest first. Step 3, the attack, in that order. Step 4, the end
of the turn: a side that has lost half its number makes valor LDs or flees or
surrenders; beasts do only when their leader dies."""

from __future__ import annotations

from typing import Collection, Mapping, Sequence

from rolecli.contract import Character, Refused, keep_at_most

from . import capability as C
from . import ld as LD
from . import states as S
from .ld import Ld
from .sheet import FULL, NO_STATES, Fighter, Scene, able, laid_for
from .strike import COMBAT, gm_mod, thrown_for
from .tricks import vigilance_mods
from .words import L

VALOR = frozenset({"valor"})  # the kind of a morale check's LD, for the member's own states (S.own)
IMPULSE = ("impulso", "impulse")  # what an impulse LD's dice are thrown for (strike.thrown_for's ``why``)
VALOR_WHY = ("valentía", "valor")  # and a valor LD's


def _named(scene: Scene, items, capability: str, what: str) -> Sequence[Character | Fighter]:
    """Characters named, each the campaign's character so written, else a fighter: one the core finds (case
    and accents aside), or for a quick roll the marks of ``capability`` of each. The campaign's characters a
    list names are kept by the scene for its Context (:attr:`Scene.named_before`, the list held and compared: a
    call's parameters are never changed in place), not looked up again at every round's end of a simulation
    (icount N=1000 2.8900M -> 2.8704M a middle trial, -0.68%, measured twice)."""
    before = scene.named_before
    if before is not None and before[0] is items:
        return before[1]
    out, characters, fighters = [], scene.characters, False
    for i, item in enumerate(items or (), 1):
        if C.is_number(item):
            out.append(Fighter(None, {capability: C.check_rating(int(item), f"{what} {capability}")}, name=f"#{i}"))
            fighters = True
        else:  # a name: the campaign's character so written, looked up at once (a simulation's morale names
            # each member at every round's end: icount 5.5036M -> 5.4828M a middle trial), else as the core
            # finds one, case and accents aside (its fighter), or refused
            character = characters.get(item)
            if character is None:
                character, fighters = scene.require(item, what), True
            out.append(character)
    if fighters:  # (a quick roll's, or this action's: its alone)
        return out
    named = tuple(out)
    scene.named_before = items, named
    return named


def _listed(scene: Scene, items, capability: str, what: str) -> list[Fighter]:
    """Characters named, as fighters (:func:`_named`)."""
    return [m if m.__class__ is Fighter else scene.fighter(m) for m in _named(scene, items, capability, what)]


# --- step 1 -------------------------------------------------------------------

def watcher(victims: list[Fighter]) -> Fighter:
    """The victim whose Vigilance the ambusher must beat: the most watchful one
    (a blinded victim watches one level worse, 004-R16)."""
    return max(victims, key=lambda v: v.marks(C.VIGILANCE) - (1 if "cegado" in v.states else 0))


def ambush_ld(scene: Scene, actor: Fighter, p: dict) -> Ld:
    victims = _listed(scene, p.get("victims"), C.VIGILANCE, "--victims")
    if not victims:
        raise Refused(L("nombra a las víctimas con --victims A,B (o, en una tirada rápida, su Vigilancia: --victims 0,3).",
                        "name the victims with --victims A,B (or, for a quick roll, their Vigilance: --victims 0,3)."))
    mods = vigilance_mods(watcher(victims)) + S.own(actor.states, {"combat"}) + gm_mod(p)
    return Ld(actor.capability(p.get("capability") or C.STEALTH, bool(p.get("innate"))), mods, p.get("goal"),
              *scene.ld_rules, actor.name)


def ambush(scene: Scene, actor: Fighter, p: dict, dice) -> tuple[list[str], dict, bool]:
    t = LD.throw(ambush_ld(scene, actor, p), dice, f"{scene.t('emboscada', 'ambush')} {actor.name}".strip())
    lines = LD.lines(t, scene.lang)
    if t.success:
        lines.append(scene.t("Emboscada: los emboscadores pasan directamente al paso 3 (ataque); luego termina el turno "
                             "y empieza uno nuevo con el impulso (004-R15).",
                             "Ambush: the ambushers go straight to step 3 (attack); then the turn ends and a new one "
                             "begins with impulse (004-R15)."))
    else:
        lines.append(scene.t("Los descubren: se sigue con el paso 2, el impulso (rolecli initiative, 004-R15).",
                             "They are noticed: go on to step 2, impulse (rolecli initiative, 004-R15)."))
    return lines, {"ld": t.data(), "next_step": 3 if t.success else 2}, t.success


# --- step 2 -------------------------------------------------------------------

# Each one's impulse LD and why its dice are thrown (:func:`impulse_ld`), kept by its character's state and sheet (held
# and compared), name, language and LD rules: a simulation's trials all begin in the same states, and the impulse
# reads them at every trial's start (icount N=400 3.3223M -> 3.2900M a middle trial, -0.97%).
_IMPULSES: dict[tuple, tuple[dict, Mapping, Ld, tuple[str, str, str]]] = {}
IMPULSES_LIMIT = 256


def impulse(scene: Scene, characters: Sequence[Character], p: dict, dice) -> tuple[list[str], dict]:
    """Everyone's impulse LD, in the order listed; highest first. Ties go to the
    higher impulse rating, then to the order listed (GAP-11, decided here); an
    LD that cannot be attempted goes last."""
    rows, lang, record, rules = [], scene.lang, scene.ctx.record, scene.ld_rules
    for i, who in enumerate(characters or _listed(scene, p.get("impulses"), C.IMPULSE, "--impulses")):
        if who.__class__ is Fighter:  # (a quick roll's: its values given)
            ld, reasons = impulse_ld(scene, who.name, who.states, who.lds, who.capability(C.IMPULSE))
        else:
            state, sheet = who.state, who.sheet
            key = (id(state), who.name, lang, rules)
            try:  # (a subscript, not a get()'s call: Scene.fighter)
                found = _IMPULSES[key]
            except KeyError:
                found = None
            if found is not None and found[0] is state and found[1] is sheet:
                ld, reasons = found[2], found[3]
            else:  # (read from its sheet's Standing laid for its state, as a morale check reads its members: no
                # fighter made to read it; with the valor LDs' reasons, icount N=400 3.3359M -> 3.3233M a middle trial)
                laid = laid_for(who)
                ld, reasons = impulse_ld(scene, who.name, laid.held, laid.lds,
                                         C.of(who, C.IMPULSE, False, C.CAPABILITY, laid.capabilities))
                keep_at_most(_IMPULSES, key, (state, sheet, ld, reasons), IMPULSES_LIMIT)
        t = LD.thrown(ld, dice, reasons, record)
        rows.append((t.result is None, -(t.result or 0), -ld.capability.rating, i, who.name, t))
    rows.sort()  # by their first four items: the fourth, the order listed, is never a tie
    lines = []
    if scene.explain:
        lines = [f"{pos}. {LD.line(t, scene.lang, judged=False)}" for pos, (*_, t) in enumerate(rows, 1)]
        lines.append(scene.t("El orden se repite cada turno hasta que algo lo cambie (004-R15).",
                             "The order repeats every turn until something changes it (004-R15)."))
    # (each one's score, recorded only: left out where no one reads the data, Context.record, the order alone
    # read by the core; icount 4.0853M -> 4.0712M a middle trial)
    order = [r[4] for r in rows]
    data = {"order": order, "scores": _scores(rows)} if record else {"order": order}
    return lines, data


def impulse_ld(scene: Scene, name: str, held: Collection[str], lds: dict | None,
               capability: C.Capability) -> tuple[Ld, tuple[str, str, str]]:
    """The impulse LD of ``name``, who holds the battle states ``held``, its sheet's ``lds`` and
    ``capability``, and why its dice are thrown (kept with who throws, as a blow's: :func:`~.strike.thrown_for`)."""
    return (LD.made(lds, capability, S.own(held, COMBAT) if held else [], None, scene.ld_rules, name),
            thrown_for(IMPULSE, scene.lang, name))


def _scores(rows: list[tuple]) -> dict[str, dict]:
    """What decided each one's place in the impulse order, by name (:func:`impulse`'s ``rows``)."""
    return {r[4]: {"result": r[5].result, "rating": r[5].ld.capability.rating, "listed": r[3] + 1} for r in rows}


# --- step 4 -------------------------------------------------------------------

def _valor_called(scene: Scene, beasts: bool, casualties: int, size: int) -> str:
    """Why the side's valor LDs are made at the end of the turn."""
    why = scene.t("ha muerto el líder de las bestias", "the beasts' leader is dead") if beasts else \
        scene.t(f"bajas {casualties} de {size}, la mitad o más", f"casualties {casualties} of {size}, half or more")
    return scene.t(f"Fin del turno: {why}; LD de valentía o huir o rendirse (004-R15).",
                   f"End of the turn: {why}; a valor LD, or flee or surrender (004-R15).")


def morale(scene: Scene, p: dict, dice) -> tuple[list[str], dict, bool]:
    members = _named(scene, p.get("members"), C.VALOR, "--members")
    if not members:
        raise Refused(L("nombra a los miembros del bando con --members A,B,C (o, en una tirada rápida, la valentía "
                        "de los que siguen en pie: --members 1,2 --fallen 2).",
                        "name the side's members with --members A,B,C (or, for a quick roll, the valor of those "
                        "still standing: --members 1,2 --fallen 2)."))
    extra = p.get("fallen") or 0  # (a whole number as the core parsed it: no int() call at every round's end)
    standing, named, beastly = [], 0, 0  # those standing; the campaign's characters, and the beasts among them
    for m in members:  # (one loop, not three comprehensions: a simulation asks at every round's end)
        # (a campaign's character read as its fighter would be, with none made: most checks only count who has
        # fallen, and a fighter is made only for those who throw; icount N=400 3.8999M -> 3.8936M a middle trial)
        if m.__class__ is Fighter:
            now, held, beast, character = m.now, m.states, m.sheet["bestia"], m.character
        else:
            now, character = m.state, m
            # (a state of every field read as it stands, as its Standing lays one, its battle states as listed: no
            # Standing looked up nor laid for each member; icount N=400 3.5456M -> 3.5120M a middle trial, -0.95%)
            if len(now) == FULL:
                held, beast = now["estados"] or NO_STATES, m.sheet.get("bestia")
            else:
                laid = laid_for(m)
                now, held, beast = laid.table, laid.held, laid.values["bestia"]
        # (standing, not a casualty: not dead, unconscious, surrendered or fled)
        if able(now, held) and now["moral"] != "huyendo":
            standing.append(m)
        if character is not None:
            named += 1
            if beast:  # (asked, not counted by a bool() call)
                beastly += 1
    casualties = len(members) - len(standing) + extra
    size = len(members) + extra
    beasts = bool(p.get("beasts")) or (named > 0 and beastly == named)
    # (recorded only, each member's row and its LD's dice too: none made where no one reads it, Context.record;
    # the dice icount -0.35% a middle trial, the rest, with the initiative's, 3.9519M -> 3.9351M a trial, -0.4%)
    record = scene.ctx.record
    data: dict = {"size": size, "casualties": casualties, "beasts": beasts, "checked": False,
                  "members": []} if record else {}
    if beasts:
        sheets = (m.sheet if m.__class__ is Fighter else laid_for(m).values for m in members)
        leader = scene.named(str(p.get("leader") or next((sheet["lider"] for sheet in sheets if sheet["lider"]), "")))
        leader_dead = bool(p.get("leader_dead")) or (leader is not None and leader.dead())
        if record:
            data["leader_dead"] = leader_dead
        if not leader_dead:
            return [scene.t("Las bestias solo hacen el LD de valentía cuando muere su líder (004-R15).",
                            "Beasts make the valor LD only when their leader dies (004-R15).")], data, True
    elif casualties * 2 < size:
        # (the words are written only for someone to read: a simulation asks at every round's end)
        return [scene.t(f"Bajas {casualties} de {size}: menos de la mitad, no hace falta LD de valentía; el turno "
                        "siguiente sigue el mismo orden (004-R15).",
                        f"Casualties {casualties} of {size}: less than half, no valor LD needed; the next turn keeps "
                        "the same order (004-R15).")] if scene.explain else [], data, True
    if record:
        data["checked"] = True
    flee = p.get("on_failure", "flee") == "flee"
    # (what a member does is said only for someone to read: a simulation checks at every round's end)
    breaks = (scene.t("huye", "flees") if flee else scene.t("se rinde", "surrenders")) if scene.explain else ""
    lines = [_valor_called(scene, beasts, casualties, size)] if scene.explain else []
    all_held = True  # (kept as the members are checked: no generator's call to ask again after)
    for member in standing:
        ld, reasons = valor_ld(scene, member, p)
        t = None  # (a cowed member makes no LD)
        if ld is None:
            held = False
            if scene.explain:
                lines.append(scene.t(f"{member.name} está Acobardado: no puede hacer el LD de valentía y {breaks} (004-R16).",
                                     f"{member.name} is Cowed: it cannot make the valor LD and {breaks} (004-R16)."))
        else:
            t = LD.thrown(ld, dice, reasons, record)
            held = t.success
            if scene.explain:
                lines += LD.lines(t, scene.lang)
                if not held:
                    lines.append(f"{member.name} {breaks}.")
        if not held:
            (member if member.__class__ is Fighter else scene.fighter(member)).set("moral", "huyendo" if flee else "rendido")
            all_held = False
        if record:
            row = {"member": member.name, "held": held, "cowed": True} if t is None else \
                {"member": member.name, "held": held, "ld": t.data()}
            row["fled"] = not held and flee  # for scripts: the prose says it too (set, not update(): no keywords' table)
            row["surrendered"] = not held and not flee
            data["members"].append(row)
    return lines, data, all_held


# Each one's valor LD and why its dice are thrown (:func:`valor_ld`), kept by its character's state and sheet (held and
# compared), name, language, LD rules and the check's goal and Narrator's ND, as an impulse's: a fighter made only for
# who breaks, not for every member who throws at every round's end (icount N=1000 2.9634M -> 2.9440M a middle trial, -0.65%)
_VALORS: dict[tuple, tuple[dict, Mapping, Ld | None, tuple[str, ...]]] = {}
VALORS_LIMIT = 256


def valor_ld(scene: Scene, member: Character | Fighter, p: dict) -> tuple[Ld | None, tuple[str, ...]]:
    """``member``'s valor LD and why its dice are thrown (as an impulse's, :func:`thrown_for`); ``None`` where it is
    Cowed and makes none (004-R16)."""
    if member.__class__ is Fighter:  # (a quick roll's: its values given)
        return _valor_of(scene, member, p)
    state, sheet = member.state, member.sheet
    key = (id(state), member.name, scene.lang, scene.ld_rules, p.get("goal"), p.get("nd"))
    try:  # (a subscript, not a get()'s call: Scene.fighter)
        found = _VALORS[key]
    except KeyError:
        found = None
    if found is not None and found[0] is state and found[1] is sheet:
        return found[2], found[3]
    ld, reasons = _valor_of(scene, scene.fighter(member), p)
    keep_at_most(_VALORS, key, (state, sheet, ld, reasons), VALORS_LIMIT)
    return ld, reasons


def _valor_of(scene: Scene, member: Fighter, p: dict) -> tuple[Ld | None, tuple[str, ...]]:
    """:func:`valor_ld`, read from ``member``'s fighter."""
    if "acobardado" in member.states:
        return None, ()
    states = member.states
    mods = S.own(states, VALOR) if states else []
    if p.get("nd"):  # (as a blow's: most valor LDs have no Narrator's ND, and no call finds none)
        mods += gm_mod(p)
    return (LD.made(member.lds, member.capability(C.VALOR), mods, p.get("goal"), scene.ld_rules, member.name),
            thrown_for(VALOR_WHY, scene.lang, member.name))
