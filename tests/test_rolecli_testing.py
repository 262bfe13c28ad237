"""The suite's own helpers (rolecli_testing) do what they stand in for."""

from __future__ import annotations

import random

import pytest

from rolecli_testing import chisquare_pvalue


@pytest.mark.parametrize("observed, expected, pvalue", [
    ([10, 20, 30], [20, 20, 20], 0.006737946999085468),  # even degrees of freedom: exp(-5)
    ([48, 52], [50, 50], 0.6891565167793516),
    ([5, 9, 13, 21, 30, 22], [10, 10, 15, 20, 25, 20], 0.5327441302670812),  # odd: erfc and two terms
    ([0, 100], [50, 50], 1.5239706048320995e-23),
])
def test_chisquare_pvalue_gives_what_scipy_gave(observed, expected, pvalue):
    """Values scipy.stats.chisquare printed, for `make check`; the test below asks scipy itself."""
    assert chisquare_pvalue(observed, expected) == pytest.approx(pvalue, rel=1e-9)


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
