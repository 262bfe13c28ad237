"""Plain LDs: one capability against the Narrator's goal, and two opposed
(004-R1…R4; the rulings: the higher wins, a tie goes to the defender)."""

from __future__ import annotations

from . import capability as C
from . import ld as LD
from . import states as S
from .ld import Ld, Throw
from .sheet import Fighter, Scene
from .strike import gm_mod, narrator
from .words import number


def kinds_for(name: str, combat: bool) -> set[str]:
    """The kinds of LD a capability's roll is, for the states that touch it."""
    kinds = {"combat"} if combat else set()
    if C.same(name, C.VIGILANCE):
        kinds.add("vigilance")
    if C.same(name, C.VALOR):
        kinds.add("valor")
    return kinds


def check_ld(scene: Scene, actor: Fighter, p: dict) -> Ld:
    capability = actor.capability(p["capability"], bool(p.get("innate")))
    mods = S.own(actor.states, kinds_for(capability.name, bool(p.get("combat")))) + gm_mod(p)
    return Ld(capability, mods, p.get("goal"), *scene.ld_rules, actor.name)


def check(scene: Scene, actor: Fighter, p: dict, dice) -> tuple[list[str], dict, bool]:
    if p.get("routine"):
        return [scene.t("Tarea rutinaria: no hace falta LD, el resultado es predecible (004-R1).",
                        "A routine task: no LD needed, the outcome is predictable (004-R1).")], {"routine": True}, True
    t = LD.throw(check_ld(scene, actor, p), dice, f"LD {actor.name}".strip())
    return LD.lines(t, scene.lang), {"routine": False, "ld": t.data()}, t.success


def contest_lds(scene: Scene, actor: Fighter, defender: Fighter, p: dict) -> tuple[Ld, Ld]:
    a = actor.capability(p["capability"], bool(p.get("innate")))
    d = defender.capability(p["opposition"], bool(p.get("target_innate")), C.OPPOSITION)
    return (Ld(a, S.own(actor.states, kinds_for(a.name, False)) + gm_mod(p), None, *scene.ld_rules,
               actor.name or scene.t("Actor", "Actor")),
            Ld(d, S.own(defender.states, kinds_for(d.name, False)) + narrator(p.get("target_nd")), None,
               *scene.ld_rules, defender.name or scene.t("Defensor", "Defender")))


def winner(a: Throw, d: Throw) -> str:
    """``actor`` when its LD is higher; ties and automatic failures of both go to the defender."""
    if a.result is not None and (d.result is None or a.result > d.result):
        return "actor"
    return "defender"


def contest(scene: Scene, actor: Fighter, defender: Fighter, p: dict, dice) -> tuple[list[str], dict, bool]:
    lds = contest_lds(scene, actor, defender, p)
    a, d = (LD.throw(ld, dice, ld.who) for ld in lds)
    won = winner(a, d)
    tie = a.result is not None and a.result == d.result
    left, right = ("—" if t.result is None else number(t.result) for t in (a, d))
    lines = [LD.line(a, scene.lang, judged=False)]
    if LD.literal(a.ld):
        lines.append(LD.hopeless_line(a.ld, scene.lang, ("no puede ganar a un resultado por encima de 0",
                                                         "it cannot beat a result above 0")))
    lines += [LD.line(d, scene.lang, judged=False),
             scene.t(f"{left} contra {right}: gana {lds[0].who if won == 'actor' else lds[1].who}"
                     + (" (el empate es del defensor)" if tie else "") + ".",
                     f"{left} against {right}: {lds[0].who if won == 'actor' else lds[1].who} wins"
                     + (" (a tie goes to the defender)" if tie else "") + ".")]
    return lines, {"ld": a.data(), "opposition_ld": d.data(), "winner": won, "tie": tie}, won == "actor"
