"""Recovery (002-R27, R30..R35): the end of a scene, rounds of unconsciousness, hours
of rest, the start of an Act."""

from __future__ import annotations

from typing import Any, Callable

from .check import CheckResult, RANK

# 002-R31: stun recovered by a knocked-out character's Resolve roll
KO_RECOVERY = {"critical_failure": 0, "failure": 0, "ordinary": 2, "good": 4, "amazing": 6}
# 002-R34: fatigue recovered per hour of complete rest (Failure read as Marginal, GAP-5)
FATIGUE_RECOVERY = {"critical_failure": 0, "failure": 1, "ordinary": 2, "good": 3, "amazing": 4}
# 002-R27: mortal points added by a dying character's Stamina-endurance roll
DYING = {"critical_failure": 2, "failure": 1, "ordinary": 0, "good": 0, "amazing": 0}
# 002-R25: fatigue from a fatiguing activity's Stamina-endurance roll
FATIGUE_DAMAGE = {"critical_failure": 2, "failure": 1, "ordinary": 0, "good": 0, "amazing": 0}
# 002-R28: stun lost by a Stamina-endurance roll while holding breath (Amazing: 0, GAP-13)
BREATH = {"critical_failure": 4, "failure": 3, "ordinary": 2, "good": 1, "amazing": 0}


def dying_roll(st: dict[str, Any], sizes: dict[str, int], roll: Callable[[], CheckResult]) -> tuple[CheckResult, int]:
    """One dying roll: Critical Failure +2 mortal, Failure +1 (marked directly, no
    secondary damage: it is a worsening, not an attack). All mortal boxes → dead."""
    res = roll()
    worse = DYING[res.degree]
    st["mortal"] = min(sizes["mortal"], st["mortal"] + worse)
    if st["mortal"] >= sizes["mortal"]:
        st["status"] = "dead"
    return res, worse


def ko_round(st: dict[str, Any], sizes: dict[str, int], roll: Callable[[], CheckResult]) -> tuple[str, CheckResult | None, int]:
    """One round for a character knocked out by stun (002-R31): out for the rest of the
    KO round and the whole next one, then a Resolve-physical resolve roll each round.
    Returns (what happened, the roll, stun recovered)."""
    if st["ko_wait"] > 0:
        st["ko_wait"] -= 1
        return "waiting", None, 0
    res = roll()
    back = KO_RECOVERY[res.degree]
    if RANK[res.degree] < RANK["ordinary"]:
        return "still_out", res, 0
    back = min(back, st["stun"])
    st["stun"] -= back
    if st["wound"] >= sizes["wound"]:
        return "still_out", res, back     # a wound KO needs a healed wound first (002-R32)
    st["status"], st["ko_cause"], st["ko_wait"] = "ok", "", 0
    st["out_rounds"] = 2                  # wakes now, cannot act this round nor the next
    return "woke", res, back
