"""Exact odds of a dice expression, computed with icepool.

``icepool`` is imported inside :func:`distribution` only, so commands that do
not ask for odds never load it.

How each construct maps onto icepool (see also ``docs/dice.md``):

- ``NdM`` / ``NdF``: the sum of N dice; keep/drop: ``die.pool(N).highest/lowest(...)``.
- ``r`` (reroll until): ``die.reroll(faces, depth="inf")`` — the rule exactly;
  ``ro``: ``depth=1``.
- ``!!`` (compound): ``die.explode(faces, depth=k)``; ``!`` (each explosion a
  new die in the pool): ``die.explode_to_pool(N, faces, depth=k)`` when the
  pool is kept/dropped or counted, else the sum of N ``die.explode(...)``. The depth
  ``k`` follows chains until a longer one is rarer than
  :data:`~rolecli.dice.limits.ODDS_EXPLOSION_TAIL` per die (at most the
  roller's own cap of :data:`~rolecli.dice.limits.MAX_EXPLOSIONS`); a longer
  chain is counted as if it stopped there, and the distribution says so in
  ``notes``.
- ``xo`` (each die explodes once): the same with depth 1; ``ra`` (the first
  matching die of the term adds one die): a mixture over how many dice match;
  ``!p`` (penetrating): each chain built die by die, its explosion dice one
  less. ``ra`` and ``!p`` are computed for sums; kept or counted, refused.
- ``s``/``sd``, ``cs``/``cf``: only shown, no change to the odds.
- success counting: ``.sum(map=score)`` with each face's score (+1, +2 for
  ``dbl``, -1 for ``f``).
- ``+ - * /``: icepool's operators; ``/`` is floor division as when rolling,
  exact (a Fraction) inside ``floor()``/``ceil()``/``round()``, which map it.
- custom faces ``d{1,1,2,3}``: ``icepool.Die([1, 1, 2, 3])``; ``mi``/``ma``:
  the die mapped through the clamp after its rerolls.
- a count or size given by a roll (``(1d4)d6``): ``icepool.map`` over the
  count and the size, each outcome the term of that size.
- groups ``{a, b}kh1``: an ``icepool.Pool`` of the members' dice, kept and
  counted like dice; comparisons ``a >= b``: ``icepool.map`` to 1 or 0.

Before computing, the work is estimated; an expression over
:data:`~rolecli.dice.limits.MAX_ODDS_WORK` is refused with a DiceError.
"""

from __future__ import annotations

import bisect
import math
from fractions import Fraction

from rolecli.dice.bounds import ROUNDING, bounds
from rolecli.dice.expr import Expression, parse
from rolecli.dice.limits import MAX_EXPLOSIONS, MAX_ODDS_VALUE, MAX_ODDS_WORK, ODDS_EXPLOSION_TAIL
from rolecli.dice.parser import sized_term
from rolecli.dice.roller import _score_flags, score_of, unparse
from rolecli.dice.words import quoted, say
from rolecli.dice.tree import (WRAPPERS, Compare, Cond, Dice, Func, Group, Neg, Node, Num, Trait, compare,
                               kept_count)
from rolecli.errors import DiceError

__all__ = ["Distribution", "distribution"]


class Distribution:
    """The exact distribution of an expression's total.

    ``outcomes``: ``[(value, Fraction), ...]`` sorted by value (values that
    cannot happen are left out). ``mean`` is a Fraction, ``sd`` a float.
    ``notes`` lists the truncations made (deep explosion chains), if any.
    """

    __slots__ = ("expression", "outcomes", "mean", "sd", "notes", "_values", "_cum", "_den")

    def __init__(self, expression: str, items: list[tuple[int, int]], denominator: int, notes: list[str]):
        """``items``: ``(value, weight)`` pairs sorted by value, the weights summing to ``denominator``."""
        self.expression = expression
        self.notes = notes
        den = denominator
        self._den = den
        self._values = [v for v, _q in items]
        self.outcomes = [(v, Fraction(q, den)) for v, q in items]
        cum = [0]  # cum[i] = weight of the values below values[i]
        s1 = s2 = 0
        for v, q in items:
            cum.append(cum[-1] + q)
            s1 += v * q
            s2 += v * v * q
        self._cum = cum
        self.mean = Fraction(s1, den)
        variance = Fraction(s2 * den - s1 * s1, den * den)
        self.sd = _sqrt(variance)

    def probability(self, value: int) -> Fraction:
        """P(total == value)."""
        i = bisect.bisect_left(self._values, value)
        if i < len(self._values) and self._values[i] == value:
            return self.outcomes[i][1]
        return Fraction(0)

    def at_least(self, value: int) -> Fraction:
        """P(total >= value)."""
        return Fraction(self._den - self._cum[bisect.bisect_left(self._values, value)], self._den)

    def at_most(self, value: int) -> Fraction:
        """P(total <= value)."""
        return Fraction(self._cum[bisect.bisect_right(self._values, value)], self._den)

    @property
    def ways_total(self) -> int:
        """How many equally likely ways there are in all (the common denominator)."""
        return self._den

    def ways(self, lo: int | None = None, hi: int | None = None) -> int:
        """How many of the :attr:`ways_total` ways give a total in ``lo..hi`` (an end left out: no limit)."""
        start = 0 if lo is None else bisect.bisect_left(self._values, lo)
        end = len(self._values) if hi is None else bisect.bisect_right(self._values, hi)
        return self._cum[end] - self._cum[start] if end > start else 0

    def as_json(self) -> dict:
        """``p`` is reduced (27/216 prints as 1/8); ``ways`` out of ``ways_total``
        keeps the count of equally likely outcomes (27 of 216)."""
        den, cum = self._den, self._cum
        rows = []
        for i, (value, p) in enumerate(self.outcomes):
            rows.append(
                {
                    "value": value,
                    "p": str(p),
                    "p_float": float(p),
                    "ways": cum[i + 1] - cum[i],
                    "at_least": str(Fraction(den - cum[i], den)),
                    "at_most": str(Fraction(cum[i + 1], den)),
                }
            )
        return {
            "expression": self.expression,
            "mean": float(self.mean),
            "mean_exact": str(self.mean),
            "sd": self.sd,
            "notes": list(self.notes),
            "ways_total": den,
            "outcomes": rows,
        }

    def __repr__(self) -> str:
        return f"Distribution({self.expression!r}, mean={float(self.mean):.4g}, sd={self.sd:.4g})"


def distribution(expression: "str | Expression") -> Distribution:
    """The exact distribution of ``expression``'s total (a string or a parsed
    :class:`Expression`). Raises DiceError for an expression that cannot be
    computed exactly or would take too long."""
    expr = expression if isinstance(expression, Expression) else parse(expression)
    text = expr.text.strip()
    planner = _Planner(text)
    _lo, _hi, size, work = planner.plan(expr.tree)
    work += 4.0 * size  # the distribution's own rows
    if work > MAX_ODDS_WORK:
        part_work, part = planner.costliest
        costliest = f", most of it for {part}" if part != text and part_work > work / 2 else ""
        raise DiceError(say(
            f"no se pueden calcular las probabilidades de {quoted(text)}: es demasiado grande para calcularla "
            f"exactamente ({work:,.0f} unidades de trabajo estimadas, límite {MAX_ODDS_WORK:,}, unos 2 segundos"
            f"{costliest.replace('most of it for', 'la mayor parte para')}); usa menos dados, dados más pequeños, "
            "menos dados conservados o explosiones más raras, o tírala muchas veces.",
            f"odds cannot be computed for {quoted(text)}: too large to compute exactly "
            f"(estimated {work:,.0f} work units, limit {MAX_ODDS_WORK:,}, about 2 seconds{costliest}); "
            "use fewer dice, smaller dice, fewer kept dice or rarer explosions — or roll it many times instead."))
    import icepool

    try:
        result = _Builder(icepool, planner, text).build(expr.tree)
    except RecursionError:  # icepool recurses once per outcome of a pool: a die of many faces exploding
        raise DiceError(say(
            f"no se pueden calcular las probabilidades de {quoted(text)}: demasiado profundo para un cálculo exacto "
            "(un grupo de dados de muchas caras que explotan); usa dados más pequeños o sin explosión, o tírala "
            "muchas veces.",
            f"odds cannot be computed for {quoted(text)}: too deep for an exact computation (a pool of dice with "
            "many faces, exploding); use smaller dice or no explosion — or roll it many times instead.")) from None
    if not isinstance(result, icepool.Die):
        result = icepool.Die([result])
    items = sorted((int(v), q) for v, q in result.items() if q)
    largest = max(-items[0][0], items[-1][0])
    if largest >= MAX_ODDS_VALUE:
        raise DiceError(say(
            f"no se pueden calcular las probabilidades de {quoted(text)}: sus valores llegan a {len(str(largest))} "
            f"cifras, demasiadas para la media y la dispersión (límite {len(str(MAX_ODDS_VALUE)) - 1} cifras); "
            "usa números más pequeños.",
            f"odds cannot be computed for {quoted(text)}: its values reach {len(str(largest))} digits, too large for "
            f"the mean and the spread (limit {len(str(MAX_ODDS_VALUE)) - 1} digits); make the numbers smaller."))
    return Distribution(text, items, result.denominator(), planner.notes)


def _sqrt(value: Fraction) -> float:
    """√value as a float, even when ``value`` itself is too large for one."""
    try:
        return math.sqrt(value)
    except OverflowError:
        from decimal import Context, Decimal

    context = Context(prec=30)
    return float(context.divide(Decimal(value.numerator), Decimal(value.denominator)).sqrt(context))


# --- planning: explosion depths and a work estimate --------------------------------

#: A count or a size given by a roll is planned at each value it can take, up to this many
#: (else the size at both ends, and the count at its highest for every count).
_SIZES = 64


class _Planner:
    """Decides the explosion depth of each term and estimates the work.

    :meth:`plan` gives ``(lowest, highest, outcomes, work)``: ``outcomes`` is
    at most how many distinct values the node can take (``1d6 * 10**300`` has
    6, however far apart), which is what icepool's work grows with."""

    def __init__(self, text: str):
        self.text = text
        self.depths: dict[tuple, int] = {}
        self.notes: list[str] = []
        self.costliest = (0.0, "")  # the work of the costliest dice term and its text

    def depth(self, term: Dice) -> int:
        # By what the term is, not which object: a term sized by a roll is built anew for each size.
        key = (term.text, term.label)
        if term.explode_once:
            return 1
        if key not in self.depths:
            p = float(term.explode_chance())
            k, tail = 0, p
            while tail > ODDS_EXPLOSION_TAIL and k < MAX_EXPLOSIONS:
                k += 1
                tail *= p
            self.depths[key] = k
            if k < MAX_EXPLOSIONS:
                self.notes.append(
                    f"{term.text}: explosion chains of a d{term.label} followed {k} deep per die; a longer chain "
                    f"(chance below 1 in {round(1 / ODDS_EXPLOSION_TAIL):,} per die) is counted as stopping there."
                )
        return self.depths[key]

    def plan(self, node: Node, exact: bool = False) -> tuple:
        if isinstance(node, (Num, Trait)):
            return node.value, node.value, 1, 0.0
        if isinstance(node, WRAPPERS):
            return self.plan(node.inner, exact)
        if isinstance(node, Neg):
            lo, hi, size, w = self.plan(node.operand, exact)
            return -hi, -lo, size, w
        if isinstance(node, Func):
            lo, hi, size, w = self.plan(node.inner, True)
            rounding = ROUNDING[node.name]
            lo, hi = rounding(lo), rounding(hi)
            return lo, hi, min(size, hi - lo + 1), w + 2.0 * size
        if isinstance(node, Compare):
            _a, _b, left, wl = self.plan(node.left, exact)
            _c, _d, right, wr = self.plan(node.right, exact)
            return 0, 1, 2, wl + wr + 1.2 * left * right
        if isinstance(node, Group):
            return self.plan_group(node, exact)
        if isinstance(node, Dice):
            return self.plan_sized(node) if node.sized_later else self.plan_dice(node)
        lo, hi, size, work = self.plan(node.first, exact)
        for op, operand in node.rest:
            a, b, other, w = self.plan(operand, exact and op != "/")
            work += w + 1.2 * size * other
            if op == "+":
                lo, hi = lo + a, hi + b
            elif op == "-":
                lo, hi = lo - b, hi - a
            else:
                if op == "*":
                    corners = [lo * a, lo * b, hi * a, hi * b]
                else:
                    ds = [d for d in (a, b, -1, 1) if a <= d <= b and d != 0] or [1]
                    corners = [Fraction(x, d) if exact else x // d for x in (lo, hi) for d in ds]
                lo, hi = min(corners), max(corners)
            size = size * other if exact else min(size * other, hi - lo + 1)
        return lo, hi, size, work

    def plan_group(self, group: Group, exact: bool) -> tuple:
        plans = [self.plan(m, exact) for m in group.members]
        lo, hi = bounds(group, exact)
        sizes = [size for _lo, _hi, size, _w in plans]
        product = math.prod(sizes)
        size = product if exact else min(product, hi - lo + 1)
        # Summed, or a pool of mixed dice: each member's outcomes met with the partial results.
        return lo, hi, size, sum(w for *_ends, w in plans) + 3.0 * len(sizes) * max(sizes) * size

    def plan_sized(self, term: Dice) -> tuple:
        counts = self.plan(term.count_node) if term.count_node is not None else (term.count, term.count, 1, 0.0)
        sides = self.plan(term.sides_node) if term.sides_node is not None else (term.sides, term.sides, 1, 0.0)
        lo, hi = bounds(term)
        # Every count and size the rolls give is a term of its own, built as the roller builds it
        # (a bare "!" explodes on that size's top face). Fewer sides explode more often but add
        # less, so the costliest size is looked for (among at most _SIZES sizes, else at both ends);
        # the work then grows with the count, and is added up over each count it can take.
        low, high = sides[0], sides[1]
        sizes = (low,) if term.sides_node is None else range(low, high + 1) if high - low < _SIZES else (low, high)

        def work(count: int, size) -> float:
            return self.plan_dice(sized_term(term, count, size))[3] if count else 0.0

        size = max(sizes, key=lambda s: work(counts[1], s))
        if counts[1] - counts[0] < _SIZES:
            terms = sum(work(c, size) for c in range(counts[0], counts[1] + 1))
        else:
            terms = counts[2] * work(counts[1], size)
        return lo, hi, hi - lo + 1, self.part(term, counts[3] + sides[3] + sides[2] * terms)

    def plan_dice(self, term: Dice) -> tuple:
        n = term.count
        lo, hi = term.clamp(term.lo), term.clamp(term.hi)
        faces = term.face_count
        work = 3.0 * faces * (2 if term.reroll is not None else 1)  # building the die
        # "!" on a term that is neither kept nor counted is summed per chain, like "!!".
        chained = term.explode is not None and (term.compound or (term.keep is None and term.success is None))
        pooled = term.explode is not None and not chained  # explode_to_pool
        size = n
        rolls = 1  # dice read per die: what the weights' size grows with
        if term.explode is not None:
            k = self.depth(term)
            rolls = k + 1
            if chained:
                lo, hi = min(lo, lo * (k + 1)), max(hi, hi * (k + 1))
                work += 0.5 * faces * (hi - lo + 1) * k
            else:
                size = n * (k + 1)
        span = hi - lo + 1
        if term.success is not None:
            lo, hi = (-1 if term.fail is not None else 0), (2 if term.double is not None else 1)
        elem = hi - lo + 1
        # How many elements count: at least ``fewest``, at most ``most``.
        fewest, most = n, size
        if term.keep is not None:
            fewest, most = kept_count(term.keep, n), kept_count(term.keep, size)
        if pooled and term.keep is None:
            # Counted: every number of explosion dice, up to ``size`` in all, is a pool of its own,
            # with a running count of few values (fitted on pools of d4 to d100, 6 to 12 dice).
            work += 0.05 * size ** 3 * faces
        elif pooled:
            # Keeping the lowest dice of a pool that explodes upwards grows with the dice once more.
            lowest = term.keep[0] in ("kl", "dh")
            work += 0.1 * faces * faces * n * n * (size // n) ** 3 * (1 + 0.12 * n if lowest else 1)
        elif term.keep is not None:
            work += 1.5 * span * (most * span) * n
        else:
            # Convolutions by doubling; the weights grow to numbers of n digits (of n * rolls digits
            # when each die is an explosion chain), hence (1 + n * rolls / 400).
            total_span = n * (elem - 1) + 1
            work += 0.15 * total_span * total_span * (1 + n * rolls / 400) + n if n > 1 else 0
        lo, hi = min(fewest * lo, most * lo), max(fewest * hi, most * hi)
        return lo, hi, hi - lo + 1, self.part(term, work)

    def part(self, term: Dice, work: float) -> float:
        """``work``, noted as the costliest dice term's so far if it is (named when refusing)."""
        if work > self.costliest[0]:
            self.costliest = (work, term.text)
        return work


# --- building the icepool die -------------------------------------------------------


def _apply(ip, function, *values):
    """``function`` of constants, or mapped over the dice among ``values``."""
    if not any(isinstance(v, ip.Die) for v in values):
        return function(*values)
    return ip.map(function, *values)


class _Builder:
    def __init__(self, icepool, planner: _Planner, text: str):
        self.ip = icepool
        self.planner = planner
        self.text = text

    def build(self, node: Node, exact: bool = False):
        """An icepool Die, or a plain number for constant subexpressions."""
        if isinstance(node, (Num, Trait)):
            return node.value
        if isinstance(node, WRAPPERS):
            return self.build(node.inner, exact)
        if isinstance(node, Neg):
            return -self.build(node.operand, exact)
        if isinstance(node, Func):
            return _apply(self.ip, ROUNDING[node.name], self.build(node.inner, True))
        if isinstance(node, Compare):
            op = node.op
            return _apply(self.ip, lambda a, b: int(compare(op, a, b)), self.build(node.left, exact),
                          self.build(node.right, exact))
        if isinstance(node, Group):
            return self.group(node, exact)
        if isinstance(node, Dice):
            return self.sized(node) if node.sized_later else self.dice(node)
        total = self.build(node.first, exact)
        for op, operand in node.rest:
            value = self.build(operand, exact and op != "/")
            if op == "+":
                total = total + value
            elif op == "-":
                total = total - value
            elif op == "*":
                total = total * value
            else:
                can_be_zero = value == 0 if not isinstance(value, self.ip.Die) else 0 in value.outcomes()
                if can_be_zero:
                    raise DiceError(say(
                        f"no se pueden calcular las probabilidades de {quoted(self.text)}: el divisor "
                        f"{unparse(operand)} puede ser 0, y dividir entre 0 es un error; asegúrate de que no pueda "
                        "serlo.",
                        f"odds cannot be computed for {quoted(self.text)}: the divisor {unparse(operand)} can be 0, "
                        "and dividing by 0 is an error; make sure the divisor cannot be 0."))
                total = _apply(self.ip, lambda a, b: Fraction(a) / b, total, value) if exact else total // value
        return total

    def group(self, group: Group, exact: bool):
        ip = self.ip
        members = [self.build(m, exact) for m in group.members]
        if group.keep is None and group.success is None:
            return sum(members[1:], members[0])
        pool = ip.Pool([m if isinstance(m, ip.Die) else ip.Die([m]) for m in members])
        score = None
        if group.success is not None:
            flags = _score_flags(group)
            score = lambda v: score_of(flags(v))  # noqa: E731
        return self.finish(self.keep(pool, group), score)

    def sized(self, term: Dice):
        count = self.build(term.count_node) if term.count_node is not None else term.count
        sides = self.build(term.sides_node) if term.sides_node is not None else term.sides
        return _apply(self.ip, lambda n, s: self.dice(sized_term(term, n, s)), count, sides)

    def dice(self, term: Dice):
        ip = self.ip
        n = term.count
        if n == 0:
            return 0
        if term.faces is not None:
            base = ip.Die(list(term.faces))
        else:
            base = ip.d(term.sides) if not term.fudge else ip.Die([-1, 0, 1])

        def faces_of(cond: Cond, die) -> list[int]:
            return [f for f in die.outcomes() if cond.matches(f)]

        if term.reroll is not None:
            rerolled = faces_of(term.reroll, base)
            # "ro" on every face is just a fresh roll (and icepool divides by zero on it).
            if len(rerolled) < len(base):
                base = base.reroll(rerolled, depth=1 if term.reroll_once else "inf")
        if term.floor is not None or term.ceiling is not None:
            base = base.map(term.clamp)  # the parser keeps mi/ma away from explosions
        score = None
        if term.success is not None:
            flags = _score_flags(term)
            score = lambda v: score_of(flags(v))  # noqa: E731
        separate = term.explode is not None and not term.compound
        elem = base
        if term.explode is not None and (term.penetrate or term.explode_once == "term"):
            if term.keep is not None or score is not None:
                raise DiceError(say(
                    f"no se pueden calcular las probabilidades de {quoted(self.text)}: {term.text} conserva o cuenta "
                    "dados de una explosión !p o ra; tírala muchas veces en su lugar.",
                    f"odds cannot be computed for {quoted(self.text)}: {term.text} keeps or counts the dice of a !p "
                    "or ra explosion; roll it many times instead."))
            exploding = faces_of(term.explode, base)
            if term.penetrate:
                return _sum_n(_penetrating(base, exploding, self.planner.depth(term)), n)
            return _one_added(ip, base, exploding, n)
        if term.explode is not None:
            k = self.planner.depth(term)
            exploding = faces_of(term.explode, base)
            if separate:
                if term.keep is None and score is None:
                    return _sum_n(base.explode(exploding, depth=k), n)
                pool = base.explode_to_pool(n, exploding, depth=k)
                return self.finish(self.keep(pool, term), score)
            elem = base.explode(exploding, depth=k)
        if term.keep is None:
            if score is not None:
                elem = elem.map(score)
            return _sum_n(elem, n)
        return self.finish(self.keep(elem.pool(n), term), score)

    @staticmethod
    def keep(pool, term: "Dice | Group"):
        if term.keep is None:
            return pool
        kind, k = term.keep
        if kind == "kh":
            return pool.highest(k)
        if kind == "kl":
            return pool.lowest(k)
        if kind == "dh":
            return pool.highest(drop=k)
        return pool.lowest(drop=k)

    def finish(self, pool, score):
        die = pool.sum(map=score) if score is not None else pool.sum()
        return die if isinstance(die, self.ip.Die) else self.ip.Die([die])


def _penetrating(base, exploding: list[int], depth: int):
    """One die of ``!p``: each explosion die counts one less, ``depth`` explosions at most."""
    chain = 0
    for _ in range(depth):  # from the deepest explosion die up
        below = chain
        chain = base.map(lambda f: f - 1 + (below if f in exploding else 0))
    return base.map(lambda f: f + (chain if f in exploding else 0))


def _one_added(ip, base, exploding: list[int], n: int):
    """``n`` dice of d20's ``ra``: when any shows a face of ``exploding``, one
    more die is rolled and added (once for the term). A mixture over ``m``, how
    many of the ``n`` dice match, each weighted by its chance."""
    hits = sum(q for f, q in base.items() if f in exploding)
    misses = base.denominator() - hits
    parts, weights = [], []
    for m in range(n + 1):
        weight = math.comb(n, m) * hits ** m * misses ** (n - m)
        if not weight:
            continue
        total = 0
        if m:
            matched = base.reroll([f for f in base.outcomes() if f not in exploding], depth="inf")
            total = _sum_n(matched, m) + base
        if n - m:
            missed = base.reroll(exploding, depth="inf")
            total = total + _sum_n(missed, n - m)
        parts.append(total if isinstance(total, ip.Die) else ip.Die([total]))
        weights.append(weight)
    return ip.Die(parts, times=weights)


def _sum_n(die, n: int):
    """The sum of ``n`` independent copies of ``die`` (n >= 1), by doubling:
    faster than ``n @ die``, and without its deep recursion."""
    result = None
    power = die
    while True:
        if n & 1:
            result = power if result is None else result + power
        n >>= 1
        if not n:
            return result
        power = power + power
