"""Hurling insults and shouting threats (Vociferar Improperios / Amenazas, 004-R14).

Both are special combat actions: one LD heard by every rival named. An insult's
charlatanry LD above a rival's calm leaves it Irritado until it takes revenge on
the insulter or calms down. A threat's ferocity LD above three times a rival's
valor makes it flee in terror; otherwise it is Acobardado (the text's reading;
``threats = "valor"`` cows only when the LD is above its valor, GAP-9)."""

from __future__ import annotations

from rolecli.contract import Label, Refused

from . import capability as C
from . import ld as LD
from . import states as S
from .economy import special_action
from .ld import Ld
from .sheet import Fighter, Scene
from .strike import gm_mod
from .words import number

L = Label


def rivals(scene: Scene, items, capability: str) -> list[Fighter]:
    """The rivals named (campaign characters) or, for a quick roll, the marks of
    the capability they resist with (``#1``, ``#2``... in the output)."""
    if not items:
        raise Refused(L("nombra a los rivales con --rivals A,B (o, en una tirada rápida, sus marcas: --rivals 1,3).",
                        "name the rivals with --rivals A,B (or, for a quick roll, their marks: --rivals 1,3)."))
    out = []
    for i, item in enumerate(items, 1):
        if C.is_number(item):
            out.append(Fighter(None, {capability: C.check_rating(int(item), f"--rivals {capability}")}, name=f"#{i}"))
        else:
            out.append(scene.require(item, "rival"))
    return out


def shout_ld(scene: Scene, actor: Fighter, p: dict, capability: str) -> Ld:
    return Ld(actor.capability(p.get("capability") or capability, bool(p.get("innate"))),
              S.own(actor.states, {"combat"}) + gm_mod(p), None, *scene.ld_rules, actor.name)


def _shout(scene: Scene, actor: Fighter, p: dict, capability: str, dice, why: Label) -> LD.Throw:
    special_action(actor)
    return LD.throw(shout_ld(scene, actor, p, capability), dice, f"{why(scene.lang)} {actor.name}".strip())


def enrages(result: int | None, calm: int) -> bool:
    """004-R14: an insult whose LD is above the rival's calm."""
    return result is not None and result > calm


def threat_effect(result: int | None, valor: int, literal: bool) -> str:
    """004-R14: ``flees`` above three times the valor; otherwise ``cowed`` (only
    above the valor when not ``literal``, GAP-9); ``none`` when it cannot be tried."""
    if result is None:
        return "none"
    if result > 3 * valor:
        return "flees"
    return "cowed" if literal or result > valor else "none"


def _deaf(scene: Scene, rival: Fighter, lines: list[str]) -> bool:
    if rival.can_act():
        return False
    lines.append(scene.t(f"{rival.name} no puede oírlo: está fuera de combate.", f"{rival.name} cannot hear it: it is out of the fight."))
    return True


def insult(scene: Scene, actor: Fighter, p: dict, dice) -> tuple[list[str], dict, bool]:
    heard = rivals(scene, p.get("rivals"), C.CALM)
    t = _shout(scene, actor, p, C.CHARLATANRY, dice, L("improperios", "insults"))
    lines = [LD.line(t, scene.lang, judged=False)]
    if LD.literal(t.ld):
        lines.append(LD.hopeless_line(t.ld, scene.lang, ("no puede superar ninguna calma", "it cannot be above any calm")))
    results = []
    for rival in heard:
        if _deaf(scene, rival, lines):
            continue
        calm = rival.marks(C.CALM)
        enraged = enrages(t.result, calm)
        if enraged:
            S.gain(rival, "irritado", by=actor.name)
        results.append({"rival": rival.name, "calm": calm, "enraged": enraged})
        lines.append(scene.t(f"{rival.name}: {_value(t)} {'>' if enraged else '≤'} calma {calm}: "
                             + ("Irritado hasta que se vengue o se calme (004-R14)." if enraged else "no se altera."),
                             f"{rival.name}: {_value(t)} {'>' if enraged else '≤'} calm {calm}: "
                             + ("Enraged until it takes revenge or calms down (004-R14)." if enraged else "unmoved.")))
    return lines, {"ld": t.data(), "rivals": results}, any(r["enraged"] for r in results)


def threaten(scene: Scene, actor: Fighter, p: dict, dice) -> tuple[list[str], dict, bool]:
    heard = rivals(scene, p.get("rivals"), C.VALOR)
    t = _shout(scene, actor, p, C.FEROCITY, dice, L("amenazas", "threats"))
    lines = [LD.line(t, scene.lang, judged=False)]
    literal = scene.options.get("threats", "literal") == "literal"
    if LD.literal(t.ld):
        lines.append(LD.hopeless_line(t.ld, scene.lang, (
            "no puede superar ninguna valentía: nadie huye" + (", todos quedan Acobardados" if literal else " ni se acobarda"),
            "it cannot be above any valor: nobody flees" + (", all are Cowed" if literal else " or is cowed"))))
    results = []
    for rival in heard:
        if _deaf(scene, rival, lines):
            continue
        valor = rival.marks(C.VALOR)
        effect = threat_effect(t.result, valor, literal)
        if effect == "flees":
            rival.set("moral", "huyendo")
        elif effect == "cowed":
            S.gain(rival, "acobardado")
        results.append({"rival": rival.name, "valor": valor, "effect": effect})
        said = {"flees": (f"> 3 × valentía {valor} = {3 * valor}: huye despavorido (004-R14).",
                          f"> 3 × valor {valor} = {3 * valor}: flees in terror (004-R14)."),
                "cowed": (f"no supera 3 × valentía {valor} = {3 * valor}: Acobardado (004-R14).",
                          f"does not beat 3 × valor {valor} = {3 * valor}: Cowed (004-R14)."),
                "none": (f"no supera la valentía {valor}: no se acobarda (threats = valor).",
                         f"does not beat its valor {valor}: not cowed (threats = valor).")}[effect]
        if t.result is None:
            said = ("la amenaza no puede intentarse.", "the threat cannot be attempted.")
        lines.append(f"{rival.name}: {_value(t)} " + scene.t(*said))
    return lines, {"ld": t.data(), "rivals": results}, any(r["effect"] != "none" for r in results)


def _value(t: LD.Throw) -> str:
    return "—" if t.result is None else number(t.result)
