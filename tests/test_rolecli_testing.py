"""The suite's own helpers (rolecli_testing) do what they stand in for."""

from __future__ import annotations

import random

import pytest

from rolecli_testing import chisquare_pvalue


@pytest.mark.slow  # imports scipy.stats (a second), which the helper exists to spare the other tests
def test_chisquare_pvalue_is_scipys():
    from scipy.stats import chisquare

    rng = random.Random(19)
    for _ in range(50):
        observed = [rng.randint(0, 500) for _ in range(rng.randint(2, 12))]
        weights = [rng.random() + 0.01 for _ in observed]
        expected = [w * sum(observed) / sum(weights) for w in weights]
        assert chisquare_pvalue(observed, expected) == pytest.approx(chisquare(observed, expected).pvalue, rel=1e-9)
    with pytest.raises(AssertionError, match="totals differ"):
        chisquare_pvalue([10, 10], [10, 11])
