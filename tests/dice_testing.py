"""Helpers of the dice tests, under a name of their own (not conftest), so any
test can import them."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from rolecli.dice import DiceError, parse
from rolecli.dice.odds import distribution
from rolecli.dice.source import DiceSource
from rolecli_testing import chisquare_pvalue


def roll(text: str, *given, refs=None):
    """Roll ``text`` reading exactly the dice ``given`` (no leftovers)."""
    src = DiceSource(given=[str(g) for g in given])
    result = parse(text, refs).roll(src)
    src.finish()
    return result


def refused(text: str, *words: str, refs=None) -> str:
    """The one-line message refusing ``text``, given in under a second and holding ``words``."""
    start = time.process_time()  # this process's CPU: a busy machine does not count
    with pytest.raises(DiceError) as info:
        parse(text, refs)
    assert time.process_time() - start < 1.0
    message = str(info.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message
    return message


def assert_sampler_matches(text: str, n: int, seed: int) -> None:
    """``n`` seeded rolls of ``text`` pass a chi-square test against its exact odds."""
    dist = distribution(text)
    expr, src = parse(text), DiceSource(seed=seed)
    seen = Counter(expr.roll(src).total for _ in range(n))
    assert all(dist.probability(v) > 0 for v in seen)  # nothing impossible was rolled
    # Chi-square over bins with at least 5 expected rolls (tails merged into their neighbours).
    observed, expected = [], []
    count, mass = 0, 0.0
    for value, p in dist.outcomes:
        count += seen.get(value, 0)
        mass += float(p) * n
        if mass >= 5:
            observed.append(count)
            expected.append(mass)
            count, mass = 0, 0.0
    observed[-1] += count
    expected[-1] += mass
    scale = sum(observed) / sum(expected)  # remove float rounding of the masses
    pvalue = chisquare_pvalue(observed, [e * scale for e in expected])
    assert pvalue > 0.001, (text, pvalue)
