"""Last resort points (002-R44): one shifts a degree by one, a Free Agent may spend two,
and what is spent is kept until the next Act."""

from __future__ import annotations

import functools
from typing import Any

from rolecli.contract import Character, Context, Label, Refused

from . import labels as L
from .check import RANK, shift_against, shift_own
from .sheet import is_free_agent, kept_value, last_resorts_left


_NONE: frozenset[str] = frozenset()
_FAILED = frozenset(key for key, rank in RANK.items() if rank <= RANK["failure"])
_ANY = frozenset(RANK)


@functools.cache  # a few policies, asked at every roll that has one
def spent_on(policy: str, own: bool = True, holds: bool = True) -> frozenset[str]:
    """The degrees on which ``policy`` spends points (002-R44): ``no`` on none, ``if-failed``
    only on one's own failed roll (a Failure or a Critical Failure), a number of points on any
    (where they cannot shift it, :func:`spend` refuses them). A roll of a degree not among them
    need not ask :func:`spend` (a call at every attack that spends nothing). ``holds``: whether
    the spender may hold a point at all (False: its sheet's most is 0), for ``if-failed`` spends
    only the points left, so none by one who holds none."""
    if policy == "no" or (policy == "if-failed" and not holds):
        return _NONE
    if policy == "if-failed":
        return _FAILED if own else _NONE
    return _ANY


def spend(policy: str, key: str, who: Character | None, ctx: Context, own: bool = True) -> tuple[str, int, str]:
    """Apply a last resort policy to a degree (002-R44). Returns (degree, points, line);
    the line is written only for someone to read it (Context.explain), else it is empty."""
    if key not in spent_on(policy, own):
        return key, 0, ""  # nothing to spend: ``if-failed`` spends only on one's own failed roll
    left = last_resorts_left(who) if who is not None else 2  # read once: it decides the points and bounds them
    # the points the policy spends on the degree (here, not in a function of its own: a call at every spend;
    # icount, with the Free Agent read once per sheet: 2.8484M -> 2.8423M over 400 trials)
    if policy == "if-failed":
        want = 2 if key == "critical_failure" and (who is None or is_free_agent(who)) else 1
        if who is None and want == 2:
            want = 1   # without a sheet we do not know the profession: one point
        pts = want if want < left else left  # (min's call costs more than the test)
    else:
        pts = int(policy)
    if pts == 0:
        return key, 0, ""
    if pts == 2 and who is not None and not is_free_agent(who):
        raise Refused(Label(f"{who.name} no es Agente Libre: solo 1 punto de último recurso por tirada.",
                            f"{who.name} is not a Free Agent: only 1 last resort point per roll."))
    if who is not None and left < pts:
        raise Refused(Label(f"{who.name} solo tiene {left} puntos de último recurso.",
                            f"{who.name} has only {left} last resort point(s) left."))
    new = shift_own(key, pts) if own else shift_against(key, pts)
    if not ctx.explain:
        return new, pts, ""
    lang = ctx.lang
    name = f"{who.name} " if who else ""
    line = Label(f"{name}gasta {pts} punto(s) de último recurso: {L.degree(key, lang)} → {L.degree(new, lang)}",
                 f"{name}spends {pts} last resort point(s): {L.degree(key, lang)} → {L.degree(new, lang)}")(lang)
    if key == "critical_failure":
        line += Label(" (se evita la mala suerte)", " (bad luck avoided)")(lang)
    return new, pts, line + "."


def spent_state(ch: Character, pts: int, bad_luck: bool = False) -> dict[str, Any]:
    """The fields of ``ch``'s state that spending ``pts`` points sets, and a success with
    bad luck (002-R6): a hook's change of those fields alone."""
    st = {"last_resorts_spent": int(kept_value(ch, "last_resorts_spent")) + pts}
    if bad_luck:
        st["bad_luck"] = int(kept_value(ch, "bad_luck")) + 1
    return st
