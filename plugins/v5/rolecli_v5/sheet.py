"""What is worked out from a character's sheet once, not at every roll.

A sheet is the game master's: no hook changes it (a hook returns new state, never
a new sheet), so the dots of a trait or the size of a tracker read from one sheet
hold for as long as that sheet is in play. A simulation's thousands of exchanges
read each sheet once instead of at every pool, tracker and status."""

from __future__ import annotations

from typing import Any, Callable, TypeVar

T = TypeVar("T")

# id(sheet) -> (the sheet, what was worked out from it). Holding the sheet keeps its
# id from being reused by another; the whole memo is dropped when it is full.
_MEMO: dict[int, tuple[dict, dict]] = {}
LIMIT = 512


def worked_out(sheet: dict[str, Any], key: Any, work: Callable[[], T]) -> T:
    """``work()``, computed once for ``sheet`` under ``key``."""
    found = _MEMO.get(id(sheet))
    if found is None or found[0] is not sheet:
        if len(_MEMO) >= LIMIT:
            _MEMO.clear()
        found = _MEMO[id(sheet)] = (sheet, {})
    memo = found[1]
    if key not in memo:
        memo[key] = work()
    return memo[key]
