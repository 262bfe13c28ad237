"""Willpower rerolls: up to three regular dice, never Hunger dice, for one
superficial Willpower marked without halving (the rulings, GAP-11; 003-R14).

Which dice is the player's choice (``--reroll``, a policy):

- ``none`` (the default): never; Willpower is the player's to spend, so the tool
  only says when a reroll could have changed the result.
- ``failures``: the failed regular dice, up to three, only when the roll falls short
  and rerolling them could still reach what it needs, whoever pays.
- ``auto``: the same, and only for a character who can pay without filling its
  Willpower with aggravated damage, on dice the tool rolls. A quick roll has no
  Willpower to pay with, and with ``--dice`` the player has already chosen at the
  table, so then it never rerolls.
- positions such as ``1,3``: exactly those regular dice (counted from 1), always.
"""

from __future__ import annotations

from rolecli.contract import Label, Refused

from . import labels as L
from .pool import TEN, Roll

MAX_REROLL = 3


def best_after(roll: Roll, positions: list[int]) -> int:
    """The successes if every rerolled die came up 10."""
    kept = [d for i, d in enumerate(roll.regular) if i not in positions]
    return Roll(kept + [TEN] * len(positions), roll.hunger).successes


def positions_of(policy: str, roll: Roll) -> list[int]:
    """The positions (from 0) an explicit ``1,3`` policy names, checked against the roll."""
    try:
        picked = [int(p) - 1 for p in policy.split(",") if p.strip()]
    except ValueError:
        raise Refused(Label(f"--reroll {policy!r}: usa auto, failures, none o las posiciones de hasta "
                            f"{MAX_REROLL} dados normales, como 1,3.",
                            f"--reroll {policy!r}: use auto, failures, none or the positions of up to "
                            f"{MAX_REROLL} regular dice, such as 1,3.")) from None
    if not picked or len(picked) > MAX_REROLL or len(set(picked)) != len(picked):
        raise Refused(Label(f"--reroll {policy!r}: indica de 1 a {MAX_REROLL} dados normales distintos, como 1,3.",
                            f"--reroll {policy!r}: name 1 to {MAX_REROLL} different regular dice, such as 1,3."))
    bad = [p + 1 for p in picked if not 0 <= p < len(roll.regular)]
    if bad:
        raise Refused(Label(f"--reroll {policy!r}: el dado {bad[0]} está fuera del rango 1..{len(roll.regular)} "
                            "(solo se vuelven a tirar dados normales, nunca dados de Ansia).",
                            f"--reroll {policy!r}: die {bad[0]} is out of range 1..{len(roll.regular)} "
                            "(only regular dice can be rerolled, never Hunger dice)."))
    return picked


def chosen(policy: str, roll: Roll, needed: int, automatic: bool) -> list[int]:
    """The regular dice the policy rerolls, given the successes the roll ``needed``;
    ``automatic``: whether ``auto`` may spend for the player. ``policy`` is
    written as a side keeps it (stripped, in lower case)."""
    if policy == "none":
        return []
    if policy not in ("auto", "failures"):
        return positions_of(policy, roll)
    failed = roll.failed_regular()[:MAX_REROLL]
    if policy == "auto" and not automatic:
        return []
    if roll.successes >= needed or not failed or best_after(roll, failed) < needed:
        return []  # it would change nothing: keep the Willpower
    return failed


def reroll(dice, roll: Roll, positions: list[int], who: str, lang: str) -> Roll:
    """The roll with the dice at ``positions`` rolled again, in order (its dice lists of its own:
    each roll's are its record's, :class:`~pool.Roll`)."""
    regular = list(roll.regular)
    prefix = f"{who}: " if who else ""
    for n, i in enumerate(positions, 1):
        regular[i] = dice.roll(10, prefix + L.tr(lang, f"repetición con Fuerza de Voluntad {n}/{len(positions)} "
                                                       f"(dado {i + 1})",
                                                 f"Willpower reroll {n}/{len(positions)} (die {i + 1})"))
    return Roll(regular, [*roll.hunger])
