"""Exact odds of a test, a contest and a conflict attack (the rulings), as fractions.

A regular die falls short on 1–5 (5 in 10), succeeds on 6–9 (4 in 10) or shows a 10
(1 in 10); a Hunger die shows 1 (1 in 10), 2–5, 6–9 or 10. What a pool rolled
depends only on how many dice fall in each class, so the odds enumerate those
counts (a multinomial) instead of every face.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from math import factorial

from rolecli.contract import Label, Odds, Refused

from . import labels as L
from .conflict import Hit, contest_hits, side, hit_against
from .degrees import KEYS, WINS, contest_outcome, degree, outcome_against
from .reroll import MAX_REROLL
from .state import Work

REGULAR = (5, 4, 1)  # faces of a regular die: short of a success, success, 10
HUNGER = (1, 4, 4, 1)  # faces of a Hunger die: 1, short, success, 10


def _classes(n: int, faces: tuple[int, ...]):
    """Every way ``n`` dice fall into the classes of ``faces``: (counts, ways)."""
    def split(left: int, k: int):
        if k == 1:
            yield (left,)
            return
        for first in range(left + 1):
            for rest in split(left - first, k - 1):
                yield (first,) + rest

    for counts in split(n, len(faces)):
        ways = factorial(n)
        for c, f in zip(counts, faces):
            ways = ways // factorial(c) * f ** c
        yield counts, ways


def _read(short: int, hits: int, tens: int, hunger_ten: bool, hunger_one: bool) -> tuple[int, bool, bool, bool]:
    """(successes, critical, messy, bestial) of dice with ``hits`` 6–9s and ``tens`` 10s."""
    critical = tens >= 2
    return hits + tens + 2 * (tens // 2), critical, critical and hunger_ten, hunger_one


def pool_states(regular: int, hunger: int):
    """Every pool result that matters, before rerolls: ((failed regular, hits, tens,
    Hunger 10?, Hunger 1?), probability)."""
    states: dict[tuple, Fraction] = defaultdict(Fraction)
    for (rf, rs, rt), rw in _classes(regular, REGULAR):
        for (ho, hf, hs, ht), hw in _classes(hunger, HUNGER):
            states[(rf, rs + hs, rt + ht, ht > 0, ho > 0)] += Fraction(rw * hw, 10 ** (regular + hunger))
    return states


def _rerolled(state: tuple, needed: int):
    """The results after the ``failures`` policy: the failed regular dice, up to three,
    rerolled when the roll falls short and they could still reach ``needed``."""
    failed, hits, tens, h10, h1 = state
    k = min(MAX_REROLL, failed)
    now = _read(failed, hits, tens, h10, h1)[0]
    best = _read(0, hits, tens + k, h10, h1)[0]
    if now >= needed or k == 0 or best < needed:
        yield state, Fraction(1)
        return
    for (f, s, t), ways in _classes(k, REGULAR):
        yield (failed - k + f, hits + s, tens + t, h10, h1), Fraction(ways, 10 ** k)


def results(regular: int, hunger: int, needed: int | None = None) -> dict[tuple, Fraction]:
    """(successes, critical, messy, bestial) → probability; with ``needed``, after a
    ``failures`` Willpower reroll aiming at that many successes."""
    out: dict[tuple, Fraction] = defaultdict(Fraction)
    for state, p in pool_states(regular, hunger).items():
        for after, q in (_rerolled(state, needed) if needed is not None else ((state, Fraction(1)),)):
            out[_read(*after)] += p * q
    return out


def check_odds(regular: int, hunger: int, difficulty: int, reroll: bool = False, hit=None) -> dict[str, Fraction]:
    """Each degree of a test, success, and the margin (or with ``hit``, the damage) of a win."""
    out: dict[str, Fraction] = {k: Fraction(0) for k in KEYS if k != "tie"}
    extra: dict[int, Fraction] = defaultdict(Fraction)
    for (n, critical, messy, bestial), p in results(regular, hunger, difficulty if reroll else None).items():
        outcome = outcome_against(n, difficulty)
        out[degree(outcome, n, critical, messy, bestial)] += p
        if outcome == "win":
            extra[hit(n).dealt if hit else n - difficulty] += p
    out["success"] = sum((out[k] for k in WINS), Fraction(0))
    out.update({f"{'damage' if hit else 'margin'}_{k}": extra[k] for k in sorted(extra)})
    return out


def contest_odds(a: tuple[int, int], d: tuple[int, int], hits=None) -> dict[str, Fraction]:
    """The attacker's degree, success (a win), its margin, and with ``hits`` the damage
    each side deals: ``hits(outcome, margin)`` gives the Hits of 003-R4/R5."""
    out: dict[str, Fraction] = {k: Fraction(0) for k in KEYS}
    extra: dict[str, Fraction] = defaultdict(Fraction)
    mine, theirs = results(*a), results(*d)
    for (n, critical, messy, bestial), p in mine.items():
        for (m, *_), q in theirs.items():
            outcome = contest_outcome(n, m)
            out[degree(outcome, n, critical, messy, bestial)] += p * q
            if hits is None:
                if outcome == "win":
                    extra[f"margin_{n - m}"] += p * q
                continue
            for hit in hits(outcome, n - m):
                extra[f"{'damage' if hit.by == 'attacker' else 'damage_taken'}_{hit.dealt}"] += p * q
    out["success"] = sum((out[k] for k in WINS), Fraction(0))
    out.update({k: extra[k] for k in sorted(extra, key=lambda k: (k.rsplit("_", 1)[0], int(k.rsplit("_", 1)[1])))})
    return out


def labels(outcomes: dict[str, Fraction]) -> dict[str, Label]:
    known = {**L.DEGREES, "success": Label("éxito", "success")}
    out = {}
    for key in outcomes:
        what, _, k = key.rpartition("_")
        out[key] = known.get(key) or {
            "margin": Label(f"gana con margen {k}", f"wins with margin {k}"),
            "damage": Label(f"causa {k} de daño", f"deals {k} damage"),
            "damage_taken": Label(f"recibe {k} de daño", f"takes {k} damage")}[what]
    return out


def _dice(s) -> tuple[int, int]:
    return s.pool.size - s.pool.hunger_dice, s.pool.hunger_dice


def _no_contest_reroll(p: dict) -> None:
    for key in ("reroll", "target_reroll"):
        if str(p.get(key) or "none").strip().lower() == "failures":
            flag = f"--{key.replace('_', '-')}"
            raise Refused(Label(f"no se calculan las probabilidades de una contienda con {flag} failures; "
                                "son para pruebas (check, attack --difficulty).",
                                f"odds of a contest with {flag} failures are not computed; "
                                "they are for tests (check, attack --difficulty)."))


def odds(action, ctx) -> Odds:
    """The verb's odds with no character: its pools from the numbers given. A quick
    roll has no Willpower, so ``none`` (the default) and ``auto`` never reroll; rerolling fixed positions
    leaves the odds as they are; ``failures`` is computed for tests."""
    p = action.params
    from .verbs import check_attack, opponents, weapon_rating

    lang, work = ctx.lang, Work()
    attack = action.name == "attack"
    defence = check_attack(p, p.get("defence"), None) if attack else p.get("opposition")
    weapon = weapon_rating(None, p["weapon"]) if attack else 0
    audience = int(p["audience"]) if attack and p["social"] else 0
    if defence is None:  # a test: check, or an attack on a target that does not defend
        difficulty = int(p["difficulty"])
        a = side(work, ctx, None, p["pool"], "", p, split=p.get("split"))
        reroll = str(p.get("reroll") or "none").strip().lower() == "failures"
        outcomes = check_odds(*_dice(a), difficulty, reroll,
                              (lambda n: hit_against(n, difficulty, weapon, audience)) if attack else None)
        head = [a.pool.text(lang), L.tr(lang, f"dificultad {difficulty}", f"difficulty {difficulty}")]
    else:
        _no_contest_reroll(p)
        a, d = opponents(work, ctx, action, p, defence, attack and p["ranged"])
        hits = None
        if attack:
            target_weapon = weapon_rating(None, p["target_weapon"], "--target-weapon")

            def hits(outcome: str, margin: int) -> tuple[Hit, ...]:
                return contest_hits(outcome, margin, two_sided=p["two_sided"], dodge=p["dodge"], weapon=weapon,
                                    target_weapon=target_weapon, audience=audience,
                                    tie_weapon=bool(ctx.options["tie_weapon"]))

        outcomes = contest_odds(_dice(a), _dice(d), hits)
        head = [a.pool.text(lang), d.pool.text(lang)]
    return Odds(outcomes=outcomes, labels=labels(outcomes), lines=[L.tr(lang, " contra ", " against ").join(head)])
