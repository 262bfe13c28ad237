"""Running rolecli from tests: the shipped test kit (:mod:`rolecli.testing`)
under the names this suite has always used, and what only this repository needs.
A module of its own (not conftest) so any test can import it by a unique name."""

from __future__ import annotations

import ast
import importlib
import math
import textwrap
import zlib
from pathlib import Path
from typing import Mapping

from rolecli.testing import Result, run as run_inprocess  # noqa: F401  (re-exported)

REPO = Path(__file__).resolve().parent.parent
# What play leaves beside the bundled campaigns (the kept state, the log, a lock, the
# current-campaign mark, a write's temporary or refused file): a developer who tried the
# samples in the clone has them, and a test starts from the campaigns as the repository
# ships them (shutil.ignore_patterns(*NOT_SHIPPED) where a test copies them)
NOT_SHIPPED = (".lock", ".current", "state.toml", "log.jsonl", ".*.tmp", "*.rejected")


def in_quick_share(name: str, every: int) -> bool:
    """Whether the quick tier (`make check`) walks the case called ``name`` of a
    long walk: one case in ``every``, chosen by a hash of its name, so that a case
    added changes no other's lot; `make test` walks them all. A walk of the same
    cases under another test passes another ``name`` (say, the test's own prefix)
    to draw another share."""
    return zlib.crc32(name.encode("utf-8")) % every == 0


def quick_tier(config) -> bool:
    """Whether this run is the quick tier (`make check`'s ``-m "not slow"``)."""
    return config.getoption("markexpr") == "not slow"


def fake_distribution(site: Path, name: str, module_source: str | Mapping[str, str], entry_point: str | None = None,
                      dist: str | None = None) -> Path:
    """A plugin installed the way pip would: a module (or, given its files by
    name, a package) plus a .dist-info folder whose entry_points.txt names it in
    the rolecli group (put ``site`` on PYTHONPATH)."""
    if isinstance(module_source, str):
        files = {f"{name}.py": module_source}
    else:
        files = {f"{name}/{file}": text for file, text in module_source.items()}
    for path, text in files.items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(textwrap.dedent(text), encoding="utf-8")
    dist = dist or name
    info = site / f"{dist.replace('-', '_')}-0.1.dist-info"  # as pip names it: the name ends at the first '-'
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[rolecli]\n{entry_point or name} = {name}\n", encoding="utf-8")
    # RECORD: the files it ships, whose module rolecli checks is its own (rolecli.shadowing)
    (info / "RECORD").write_text("".join(f"{path},,\n" for path in (*files, *(
        f"{info.name}/{file}" for file in ("METADATA", "entry_points.txt", "RECORD")))), encoding="utf-8")
    return site


def chisquare_pvalue(observed, expected) -> float:
    """What ``scipy.stats.chisquare(observed, expected).pvalue`` gives (totals that
    differ refused too), worked out here: importing scipy costs each test process
    most of a second, and for whole degrees of freedom the chi-square tail is a
    finite sum (test_rolecli_testing checks it against scipy)."""
    assert abs(sum(observed) - sum(expected)) <= 1e-8 * sum(expected), "observed and expected totals differ"
    return _chi_square_tail(sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True)), len(observed) - 1)


def _chi_square_tail(x: float, k: int) -> float:
    """P(X >= x) for X chi-square with k degrees of freedom: a Poisson tail in x/2
    for even k; for odd k, erfc plus the half-integer terms. Each term is taken
    from its logarithm, so none underflows before the sum does."""
    if x <= 0:
        return 1.0
    half = x / 2
    if k % 2 == 0:
        terms = (i * math.log(half) - math.lgamma(i + 1) for i in range(k // 2))
        return math.fsum(math.exp(t - half) for t in terms)
    terms = ((i + 0.5) * math.log(half) - math.lgamma(i + 1.5) for i in range(k // 2))
    return math.erfc(math.sqrt(half)) + math.fsum(math.exp(t - half) for t in terms)


def only_the_lines_differ(told, told_dice, quiet, quiet_dice) -> None:
    """A verb played with explanations (``told``) and without (``quiet``,
    ``Context.explain`` False): everything but the lines is the same, and so
    are the dice read, each with its reason (Context.explain's promise)."""
    assert told.lines  # someone reads them: they are written
    assert (quiet.data, quiet.changes, quiet.success, quiet.effects, quiet.used) == \
        (told.data, told.changes, told.success, told.effects, told.used)
    assert quiet_dice == told_dice


def only_the_data_differs(full, full_dice, bare, bare_dice) -> None:
    """A verb played where its data is read (``full``) and where it is not
    (``bare``, ``Context.record`` False), alike but for that: everything but the
    data is the same, and so are the dice read (Context.record's promise)."""
    assert (bare.success, bare.changes, bare.effects, bare.used, bare.lines) == \
        (full.success, full.changes, full.effects, full.used, full.lines)
    assert bare_dice == full_dice


def recorded_and_not(play) -> tuple:
    """``play(record)``, an Outcome and the dice it read, played with its data read and
    not (``Context.record``): the two Outcomes, found alike but for their data
    (:func:`only_the_data_differs`)."""
    (full, full_dice), (bare, bare_dice) = play(True), play(False)
    only_the_data_differs(full, full_dice, bare, bare_dice)
    return full, bare


def explain_changes_only_the_lines(cases, play):
    """A system's test that Context.explain changes only the lines: each of
    ``cases`` played by ``play(case, seed, explain, lang)`` (an Outcome and the
    dice read) with and without explanations, over seeds and both languages.
    Bind it to a ``test_`` name in the system's explain tests."""
    import pytest
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @pytest.mark.parametrize("case", cases)
    @settings(max_examples=15, deadline=None, derandomize=True)
    @given(seed=st.integers(0, 2**32 - 1), lang=st.sampled_from(["en", "es"]))
    def test(case, seed, lang):
        told, told_dice = play(case, seed, True, lang)
        quiet, quiet_dice = play(case, seed, False, lang)
        only_the_lines_differ(told, told_dice, quiet, quiet_dice)

    return test


def played(plugin, verb: str, params: dict, actor, target, characters, seed: int, lang: str, explain: bool,
           in_conflict: bool = True, record: bool = True):
    """``verb`` of ``plugin`` played through its hook (``rolecli.testing.call``),
    seeded, in a conflict's first round unless ``in_conflict`` is False (an
    attack or a defence there leaves an effect), its data read unless ``record``
    is False (Context.record): its Outcome and the dice it read."""
    from rolecli.contract import Action, Turn
    from rolecli.testing import call, context

    ctx = context(plugin.INFO, seed=seed, lang=lang, characters=characters, explain=explain, record=record)
    if in_conflict:
        ctx.conflict = Turn(1, actor.name if actor else None)
    out = call(plugin, Action(verb, dict(params), actor, target), ctx, characters)
    return out, ctx.dice.reads


def case_played(plugin, case: tuple, seed: int, explain: bool, record: bool, characters=None):
    """An explain test's ``case`` (its verb, parameters, actor and target) of ``plugin``
    played as :func:`played` plays it, in English, on its actor and target alone, or on
    ``characters`` (an actor and a target) given instead: the same objects again meet what
    the verb keeps for them. Its Outcome and the dice it read."""
    verb, params, actor, target = case
    actor, target = characters or (actor, target)
    chars = [c for c in (actor, target) if c is not None]
    return played(plugin, verb, params, actor, target, chars, seed, "en", explain, record=record)


def anew(character):
    """A copy of ``character``, its sheet and state too (``None`` stays ``None``):
    nothing a verb keeps for a character's objects is kept for it yet."""
    return character and type(character)(character.name, dict(character.sheet), dict(character.state))


def recorded_after_unrecorded(play, case, seed: int, explain: bool, actor, target):
    """``case`` played by ``play(case, seed, explain, record, characters)`` with its data
    read, on fresh copies of ``actor`` and ``target``; and so again on other copies that
    played it unrecorded first: the two Outcomes, whose data must be the same (what a
    verb keeps from a call with ``Context.record`` false it gives to no call that records)."""
    fresh = play(case, seed, explain, True, (anew(actor), anew(target)))[0]
    again = anew(actor), anew(target)
    play(case, seed, explain, False, again)
    return fresh, play(case, seed, explain, True, again)[0]


# --- a rule system's refusals in both languages -------------------------------------------

_REFUSING = {"Refused", "RoleError", "DiceError", "CampaignError", "PluginError"}


def _called(node: ast.expr) -> str | None:
    """``Refused`` of ``Refused(...)`` and of ``contract.Refused(...)``."""
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def bilingual(call: ast.Call, module=None) -> bool:
    """Whether a refusal's call gives one Label of a Spanish and an English text
    (``L(es, en)``, ``Label(es, en)``): not a text, nor a Label said in one language
    already (``L(...)("es")``), nor one text twice. With ``module``, the name called
    must be the contract's Label there."""
    from rolecli.contract import Label

    if len(call.args) != 1 or call.keywords:
        return False
    label = call.args[0]
    if not isinstance(label, ast.Call) or _called(label.func) not in ("L", "Label"):
        return False
    texts = label.args + [k.value for k in label.keywords if k.arg in ("es", "en")]
    if len(texts) != 2 or ast.dump(texts[0]) == ast.dump(texts[1]):
        return False
    return module is None or not isinstance(label.func, ast.Name) or getattr(module, label.func.id, None) is Label


def english_only_refusals(package) -> tuple[int, list[str]]:
    """The refusals (``Refused(...)``, ``RoleError(...)``...) a plugin package's
    code raises, counted, and where each one not given in both languages is."""
    root = Path(package.__file__).parent
    found, english = 0, []
    for path in sorted(root.rglob("*.py")):
        name = ".".join((package.__name__, *path.relative_to(root).with_suffix("").parts)).removesuffix(".__init__")
        calls = [node for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path)))
                 if isinstance(node, ast.Call) and _called(node.func) in _REFUSING]
        module = importlib.import_module(name) if calls else None
        found += len(calls)
        english += [f"{name}:{call.lineno}" for call in calls if not bilingual(call, module)]
    return found, english


def refused_in_each_language(cli, args, es: str, en: str) -> None:
    """``args`` refused in one line on stderr, exit code 2, nothing on stdout:
    ``es`` under ``--lang es``, ``en`` under ``--lang en``."""
    for lang, text in (("es", es), ("en", en)):
        result = cli("--lang", lang, *args)
        assert (result.code, result.out, result.err) == (2, "", f"rolecli: {text}\n"), lang
