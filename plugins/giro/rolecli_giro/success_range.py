"""The Rango de Éxito (001-R4, 001-R5): a die succeeds when it is at least the
difficulty and at most the limit; below the difficulty or above the limit, it fails."""

from __future__ import annotations

from dataclasses import dataclass

# 001-R4: routine is 1 (only the limit matters), 6 or more is extremely hard.
ROUTINE = 1


@dataclass(frozen=True)
class SuccessRange:
    difficulty: int
    limit: int

    def holds(self, value: int) -> bool:
        return self.difficulty <= value <= self.limit

    def empty(self) -> bool:
        return self.difficulty > self.limit

    def distance(self, value: int) -> int:
        """How many points ``value`` lies outside the range (0 inside it)."""
        return max(self.difficulty - value, value - self.limit, 0)

    def reach(self, value: int, points: int) -> int | None:
        """The best in-range value ``value`` can be adjusted to with at most
        ``points`` (001-R14: never below 1), or None. Best is the one nearest the
        limit: the highest Success Factor, and the highest result in a contest."""
        low = max(self.difficulty, value - points, 1)
        high = min(self.limit, value + points)
        return high if low <= high else None

    def text(self) -> str:
        return f"{self.difficulty}–{self.limit}"
