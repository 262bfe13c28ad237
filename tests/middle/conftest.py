"""Each middle test starts with no sheet's Standing kept (``sheet._STANDINGS``).

The table is bounded: emptied whole once it holds ``STANDINGS_LIMIT`` sheets. A test
that holds a kept result (an LD, a parry) and asks that the same blow gives it again
would otherwise fail wherever the sheets that other tests of its worker made fill the
table in the middle of it: an order-dependent failure, seen once in a full run (as
tests/conftest.py empties the core's per-sheet memo for every test)."""

from __future__ import annotations

import pytest
from rolecli_middle import sheet


@pytest.fixture(autouse=True)
def no_standing_kept():
    sheet._STANDINGS.clear()
