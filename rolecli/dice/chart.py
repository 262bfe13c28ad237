"""The odds as ``rolecli odds`` prints them: a table of exact distributions (a
column each when there are several), rows too unlikely to show a figure folded
into one, bars drawn to an eighth of a character, and single chances
(``1d20+5>=15: 11/20 (55%)``, ``--at-least``, ``--at-most``) as one line each."""

from __future__ import annotations

from fractions import Fraction

#: A row whose chance shows as 0.0000% in every column is folded (unless --all).
SHOWN = 5e-7
BAR_WIDTH = 30
_EIGHTHS = " ▏▎▍▌▋▊▉"


def percent(p: Fraction) -> str:
    """``55%``, ``41.6667%``; ``< 0.0001%`` for a chance too small to show but not nil."""
    if 0 < p < Fraction(1, 2_000_000):
        return "< 0.0001%"
    return f"{float(p) * 100:.4f}".rstrip("0").rstrip(".") + "%"


def bar(p: Fraction, peak: Fraction) -> str:
    """A bar of ``p`` against the tallest, ``peak``, in eighths of a character."""
    if not p:
        return ""
    eighths = max(1, round(8 * BAR_WIDTH * p / peak))
    return "█" * (eighths // 8) + _EIGHTHS[eighths % 8].strip()


def chances(dists, comparisons: list[bool], at_least: int | None, at_most: int | None):
    """``(json, line)`` for each distribution: the chance of a comparison
    succeeding, or of a total within the thresholds."""
    for dist, comparison in zip(dists, comparisons):
        lo, hi = (1, None) if at_least is None and at_most is None else (at_least, at_most)
        ways, total = dist.ways(lo, hi), dist.ways_total
        p = Fraction(ways, total)
        if at_least is None and at_most is None:
            said = dist.expression
        else:
            said = " ".join(filter(None, [f"{lo} <=" if lo is not None and hi is not None else "", dist.expression,
                                          f">= {lo}" if hi is None else f"<= {hi}"]))
        payload = {"expression": dist.expression, "p": str(p), "p_float": float(p), "ways": ways, "ways_total": total}
        if at_least is not None:
            payload["at_least"] = at_least
        if at_most is not None:
            payload["at_most"] = at_most
        yield payload, f"{said}: {p} ({percent(p)})"


def _rows(values: list, tiny, every_row: bool):
    """``values`` in runs: ``(first, last, folded)``, a run of tiny values folded into one."""
    run: list = []
    for value in values:
        if tiny(value) and not every_row:
            run.append(value)
            continue
        if run:
            yield run[0], run[-1], True
            run = []
        yield value, value, False
    if run:
        yield run[0], run[-1], True


def table(dists, lang: str, every_row: bool = False):
    """``(title, columns, rows, footer)`` for :meth:`rolecli.output.Printer.table`."""
    from rolecli.i18n import t

    values = sorted({v for dist in dists for v, _p in dist.outcomes})
    tiny = lambda v: all(dist.probability(v) < SHOWN for dist in dists)  # noqa: E731
    rows, folded = [], 0
    single = len(dists) == 1
    peak = max(p for _v, p in dists[0].outcomes)
    for first, last, fold in _rows(values, tiny, every_row):
        shown = str(first) if first == last else f"{first}..{last}"
        folded += fold
        ps = [Fraction(dist.ways(first, last), dist.ways_total) for dist in dists]
        if single:
            dist = dists[0]
            rows.append([shown, f"{float(ps[0]):.4%}", f"{float(dist.at_least(first)):.4%}",
                         f"{float(dist.at_most(last)):.4%}", "" if fold else bar(ps[0], peak)])
        else:
            rows.append([shown] + [f"{float(p):.4%}" if p else "-" for p in ps])
    if single:
        columns = [t("value", lang), t("probability", lang), t("at_least", lang), t("at_most", lang), ""]
    else:
        columns = [t("value", lang)] + [dist.expression for dist in dists]
    footer = []
    for dist in dists:
        said = f"{t('mean', lang)} {float(dist.mean):.4f}   {t('sd', lang)} {float(dist.sd):.4f}"
        footer.append(said if single else f"{dist.expression}: {said}")
        footer += dist.notes
    if folded:
        footer.append(f"los valores de menos del 0,00005 % cada uno van juntos en {folded} fila(s); --all los muestra"
                      if lang == "es" else
                      f"values under 0.00005% each are folded into {folded} row(s); --all shows every value")
    return ", ".join(dist.expression for dist in dists), columns, rows, footer
