"""Exact odds: 4dF has 81 equally likely outcomes (−4…+4 with weights
1, 4, 10, 16, 19, 16, 10, 4, 1). A contest subtracts two 4dF (8dF, 6561)."""

from __future__ import annotations

from fractions import Fraction

from rolecli.contract import Label, Odds

from .words import FAILURE, SUCCESS


def fudge_distribution(n: int = 4) -> dict[int, Fraction]:
    """Exact distribution of the sum of ``n`` fudge dice, by convolution."""
    counts = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for total, c in counts.items():
            for face in (-1, 0, 1):
                nxt[total + face] = nxt.get(total + face, 0) + c
        counts = nxt
    den = 3 ** n
    return {k: Fraction(v, den) for k, v in sorted(counts.items())}


def check_odds(net: int, difficulty: int) -> dict[str, Fraction]:
    """P(success) and P(exactly k shifts) for skill+modifiers ``net`` against ``difficulty``."""
    out: dict[str, Fraction] = {"success": Fraction(0), "failure": Fraction(0)}
    shifts: dict[int, Fraction] = {}
    for d, pr in fudge_distribution(4).items():
        effort = net + d
        if effort >= difficulty:
            out["success"] += pr
            k = effort - difficulty
            shifts[k] = shifts.get(k, Fraction(0)) + pr
        else:
            out["failure"] += pr
    for k in sorted(shifts):
        out[f"shifts_{k}"] = shifts[k]
    return out


def contest_odds(net_a: int, net_d: int, attack: bool = False) -> dict[str, Fraction]:
    """P(actor wins), P(tie), P(opposition wins) and P(actor wins with k shifts);
    for an attack also P(Spin: the defence wins by 3+)."""
    diff = fudge_distribution(8)  # 4dF − 4dF has the distribution of 8dF
    out = {"win": Fraction(0), "tie": Fraction(0), "lose": Fraction(0)}
    shifts: dict[int, Fraction] = {}
    spin = Fraction(0)
    for d, pr in diff.items():
        margin = net_a - net_d + d
        if margin > 0:
            out["win"] += pr
            shifts[margin] = shifts.get(margin, Fraction(0)) + pr
        elif margin == 0:
            out["tie"] += pr
        else:
            out["lose"] += pr
            if -margin >= 3:
                spin += pr
    out["success"] = out["win"] + (Fraction(0) if attack else out["tie"])
    for k in sorted(shifts):
        out[f"shifts_{k}"] = shifts[k]
    if attack:
        out["spin"] = spin
    return out


def labels_for(outcomes: dict[str, Fraction]) -> dict[str, Label]:
    base = {"success": SUCCESS, "failure": FAILURE,
            "win": Label("gana", "wins"), "tie": Label("empate", "tie"), "lose": Label("pierde", "loses"),
            "spin": Label("Giro del defensor", "defender's Spin")}
    out = {}
    for key in outcomes:
        if key.startswith("shifts_"):
            k = key.split("_", 1)[1]
            out[key] = Label(f"{k} excedente(s) exactos", f"exactly {k} shift(s)")
        else:
            out[key] = base[key]
    return out


def as_odds(outcomes: dict[str, Fraction], head: str, lang: str) -> Odds:
    labels = labels_for(outcomes)
    return Odds(outcomes=outcomes, labels=labels, lines=[head])
