"""Exact odds (``rolecli odds middle VERB ...``), as fractions.

Every LD is enumerated face by face (:func:`ld.outcomes`), and the verbs are
built by the same code that rolls them, so the odds are of the very LD a roll
would throw. A blow's damage (result + weapon, plus a charge die) goes through
the same wound rules as a real blow, on a throw-away copy of the target, so
the odds of every called-shot effect come out of the rules themselves."""

from __future__ import annotations

from fractions import Fraction

from rolecli.contract import Label, Odds

from . import capability as C
from . import checks, duel, mount, order, shouts, tricks
from . import ld as LD
from . import strike as K
from . import verbs as V
from .ld import Ld
from .sheet import Fighter, Scene
from .words import number
from .wounds import hurt

L = Label
ZERO = Fraction(0)

LABELS = {
    "success": L("éxito", "success"), "failure": L("fallo", "failure"),
    "automatic_failure": L("fallo automático (no puede intentarse)", "automatic failure (cannot be attempted)"),
    "win": L("gana quien actúa", "the actor wins"), "lose": L("gana el defensor", "the defender wins"),
    "tie": L("empate (para el defensor)", "tie (to the defender)"),
    "hit": L("el golpe llega", "the blow lands"), "miss": L("no llega", "it misses"),
    "dies": L("el blanco muere", "the target dies"),
    "dropped": L("suelta el arma", "drops the weapon"), "locked": L("armas trabadas: duelo", "weapons locked: a duel"),
    "holds": L("el arma aguanta", "the weapon holds"),
    "actor_wins": L("gana el duelo quien actúa", "the actor wins the duel"),
    "rival_wins": L("gana el duelo el rival", "the rival wins the duel"),
    "still_locked": L("los dos alcanzan: siguen trabados", "both reach: still locked"),
    "actor_worsens": L("ninguno alcanza; empeora quien actúa", "neither reaches; the actor worsens"),
    "rival_worsens": L("ninguno alcanza; empeora el rival", "neither reaches; the rival worsens"),
    "cannot_keep_up": L("alguien no puede mantener el duelo", "someone cannot keep up the duel"),
    "tied": L("ninguno alcanza y empatan: nadie empeora", "neither reaches and they tie: nobody worsens"),
    # the effects of a blow (wounds.hurt)
    "dazed": L("Mareado", "Dazed"), "unconscious": L("Inconsciente", "Unconscious"),
    "great_pain": L("gran dolor", "great pain"), "leg_severed": L("pierna cercenada", "leg severed"),
    "half_speed": L("mueve la mitad", "moves half as far"), "hand_severed": L("mano cercenada", "hand severed"),
    "drops_weapon": L("suelta el arma", "drops the weapon"), "beheaded": L("decapitado", "beheaded"),
    "blinded": L("Cegado", "Blinded"), "killed": L("muerte instantánea", "instant death"),
}


def _label(key: str) -> Label:
    if key in LABELS:
        return LABELS[key]
    kind, _, rest = key.rpartition("_")
    if kind == "result":
        return L(f"resultado {number(int(rest))}", f"result {number(int(rest))}")
    if kind == "damage":
        return L(f"daño {rest}", f"damage {rest}")
    what = {"enraged": L("Irritado", "Enraged"), "flees": L("huye", "flees"), "cowed": L("Acobardado", "Cowed")}[kind]
    return L(f"#{rest} {what.es}", f"#{rest} {what.en}")


def _odds(outcomes: dict[str, Fraction], lines: list[str]) -> Odds:
    return Odds(outcomes=outcomes, labels={k: _label(k) for k in outcomes}, lines=lines)


def _head(ld: Ld, lang: str) -> list[str]:
    lines = [LD.head(ld, lang)]
    if ld.hopeless():
        lines.append(LD.hopeless_line(ld, lang))
    return lines


def single(ld: Ld) -> dict[str, Fraction]:
    """An LD against its goal: success, failure, and every result it can read."""
    dist = LD.distribution(ld)
    success = LD.success_odds(ld)
    out = {"success": success, "failure": 1 - success}
    if None in dist:
        out["automatic_failure"] = dist[None]
    out.update({f"result_{r}": p for r, p in dist.items() if r is not None})
    return out


def beats(a: dict, d: dict, ties: bool = False) -> Fraction:
    """P(a > d) (or ≥ with ``ties``); an automatic failure (``None``) is below everything."""
    total = ZERO
    for x, px in a.items():
        if x is None:
            continue
        total += px * sum((py for y, py in d.items() if y is None or x > y or (ties and x == y)), ZERO)
    return total


def blow(scene: Scene, b: K.Blow) -> dict[str, Fraction]:
    """A blow: it lands or not; how much damage; what that damage does."""
    parry = LD.distribution(b.parry) if b.parry is not None else None
    tie_lands = scene.options.get("parry_tie", "defender") == "attacker"
    damage: dict[int, Fraction] = {}
    hit = ZERO
    for (result, size), p in LD.outcomes(b.ld).items():
        through = (beats({result: Fraction(1)}, parry, tie_lands) if parry is not None
                   else Fraction(int(result >= b.ld.needed)))
        if not through:
            continue
        hit += p * through
        extras = range(1, size + 1) if b.charge else (0,)
        for extra in extras:
            amount = K.damage(result, b.striker.sheet["arma_bonus"], extra)
            damage[amount] = damage.get(amount, ZERO) + p * through / len(extras)
    out = {"hit": hit, "miss": 1 - hit}
    if b.feint:
        return out
    effects: dict[str, Fraction] = {}
    unconscious = "inconsciente" in b.target.states
    for amount, p in damage.items():
        copy = Fighter(None, dict(b.target.given), b.target.name)
        _, wound = hurt(scene, copy, amount, b.location, b.striker)
        for key in dict.fromkeys(wound["effects"] + (["dies"] if wound["dead"] or unconscious else [])):
            effects[key] = effects.get(key, ZERO) + p
    out.update(effects)
    out.update({f"damage_{k}": p for k, p in sorted(damage.items())})
    return out


def _check(action, ctx):
    scene, p = V.prepare(action, ctx)
    ld = checks.check_ld(scene, V.actor_of(scene, action, p, None), p)
    return _odds(single(ld), _head(ld, scene.lang))


def _contest(action, ctx):
    scene, p = V.prepare(action, ctx)
    a, d = checks.contest_lds(scene, V.actor_of(scene, action, p, None), V.target_of(scene, action, p), p)
    da, dd = LD.distribution(a), LD.distribution(d)
    win = beats(da, dd)
    tie = sum((px * dd.get(x, ZERO) for x, px in da.items() if x is not None), ZERO)
    return _odds({"win": win, "tie": tie, "lose": 1 - win - tie, "success": win},
                 [LD.head(a, scene.lang), LD.head(d, scene.lang)])


def _strike(verb: str):
    def odds(action, ctx):
        scene, p = V.prepare(action, ctx)
        if verb == "feint":
            b = tricks.feint_blow(scene, V.actor_of(scene, action, p, C.WEAPON_USE), V.target_of(scene, action, p), p)
        elif verb == "mount-attack":
            rider, target, _ = V.strike_sides(scene, action, p, C.BEAST_TAMING)
            b = mount.mount_blow(scene, rider, target, p, V.quick_mount(scene, rider, p))
        else:
            b = K.build(scene, *V.strike_sides(scene, action, p, C.WEAPON_USE))
        lines = _head(b.ld, scene.lang) + ([LD.head(b.parry, scene.lang)] if b.parry else [])
        return _odds(blow(scene, b), lines)
    return odds


def _single(build):
    def odds(action, ctx):
        scene, p = V.prepare(action, ctx)
        ld = build(scene, action, p)
        return _odds(single(ld), _head(ld, scene.lang))
    return odds


def _blind_ld(scene, action, p):
    attacker = V.actor_of(scene, action, p, C.ROGUERY)
    return tricks.blind_ld(scene, attacker, V.target_of(scene, action, p, {C.VIGILANCE: p.get("vigilance")}), p)


def _ambush_ld(scene, action, p):
    return order.ambush_ld(scene, V.actor_of(scene, action, p, C.STEALTH), p)


def _strike_weapon(action, ctx):
    scene, p = V.prepare(action, ctx)
    attacker, target = V.weapon_sides(scene, action, p)
    ld = duel.weapon_ld(scene, attacker, target, p)
    use, bonus = target.marks(C.WEAPON_USE), int(attacker.sheet["arma_bonus"] or 0)
    out = {"hit": LD.success_odds(ld), "dropped": ZERO, "locked": ZERO, "holds": ZERO}
    for result, p_ in LD.distribution(ld).items():
        if result is None or result < ld.needed:
            continue
        amount = K.damage(result, bonus)
        out["dropped" if amount > 3 * use else "locked" if amount > use else "holds"] += p_
    out["miss"] = 1 - out["hit"]
    return _odds(out, _head(ld, scene.lang))


def _duel(action, ctx):
    scene, p = V.prepare(action, ctx)
    a, b = V.duel_sides(scene, action, p)
    la, lb = duel.duel_ld(scene, a, b, p), duel.duel_ld(scene, b, a, p)
    lines = [LD.head(la, scene.lang), LD.head(lb, scene.lang)]
    if la.sizes is None or lb.sizes is None:
        return _odds({"cannot_keep_up": Fraction(1)}, lines)
    da, db = LD.distribution(la), LD.distribution(lb)
    out = dict.fromkeys(("actor_wins", "rival_wins", "still_locked", "tied", "actor_worsens", "rival_worsens"), ZERO)
    for x, px in da.items():
        for y, py in db.items():
            reach_a, reach_b = x >= la.needed, y >= lb.needed
            key = ("still_locked" if reach_a and reach_b else "actor_wins" if reach_a else "rival_wins" if reach_b
                   else "tied" if x == y else "actor_worsens" if x < y else "rival_worsens")
            out[key] += px * py
    return _odds(out, lines)


def _shout(verb: str):
    def odds(action, ctx):
        scene, p = V.prepare(action, ctx)
        own, against = (C.CHARLATANRY, C.CALM) if verb == "insult" else (C.FEROCITY, C.VALOR)
        ld = shouts.shout_ld(scene, V.actor_of(scene, action, p, own), p, own)
        dist = LD.distribution(ld)
        literal = scene.options.get("threats", "literal") == "literal"
        out: dict[str, Fraction] = {}
        for i, rival in enumerate(shouts.rivals(scene, p.get("rivals"), against), 1):
            score = rival.marks(against)
            out.update({f"{e}_{i}": ZERO for e in (("enraged",) if verb == "insult" else ("flees", "cowed"))})
            for result, q in dist.items():
                effect = ("enraged" if shouts.enrages(result, score) else "none") if verb == "insult" \
                    else shouts.threat_effect(result, score, literal)
                if effect != "none":
                    out[f"{effect}_{i}"] += q
        return _odds(out, [LD.head(ld, scene.lang)])
    return odds


# Each verb's odds, named by its declaration (system.py).
check_odds, contest_odds, strike_weapon_odds, duel_odds = _check, _contest, _strike_weapon, _duel
strike_odds, feint_odds, mount_attack_odds = _strike("strike"), _strike("feint"), _strike("mount-attack")
blind_odds, ambush_odds = _single(_blind_ld), _single(_ambush_ld)
insult_odds, threaten_odds = _shout("insult"), _shout("threaten")
