"""A check: control die (d20) plus the situation die, total ≤ score (002-R1..R6),
and the grade shifts of last resort points (002-R44)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Mapping

from rolecli.contract import Context, Label, Refused, check_range

from . import labels as L
from .steps import D20_RUNG, dice, rung_text

RANK = {"critical_failure": 0, "failure": 1, "ordinary": 2, "good": 3, "amazing": 4}
BY_RANK = {v: k for k, v in RANK.items()}
SCORE_MIN, SCORE_MAX = 0, 40


def raw_degree(total: int, score: int) -> str:
    """The rulings: Amazing ≤ score÷4, Good ≤ score÷2, Ordinary ≤ score (rounded down)."""
    if total <= score // 4:
        return "amazing"
    if total <= score // 2:
        return "good"
    if total <= score:
        return "ordinary"
    return "failure"


@functools.lru_cache(maxsize=4096)  # a simulation meets the same few scores, dice and totals at every check
def degree_of(control: int, total: int, score: int, rung: int, cannot_fail: bool = False,
              too_hard: bool = False) -> tuple[str, tuple[str, ...]]:
    """The degree of a roll and the rules that decided it (``notes``: ``crit20``,
    ``bad_luck``, ``auto1``, ``no_auto_d20``, ``no_auto_gm``, ``cannot_fail``), the
    same for the same roll: worked out once for each (the notes a tuple, shared).

    - control 20: Critical Failure; when the action cannot fail, a success with bad luck
      (at least Ordinary) instead (002-R6).
    - control 1 turns a Failure into an Ordinary success unless the situation die is +d20
      or worse or the GM declared the task too hard (002-R5).
    - an action that cannot fail never yields a Failure: at worst Ordinary.
    """
    notes: list[str] = []
    key = raw_degree(total, score)
    if control == 20:
        if not cannot_fail:
            return "critical_failure", ("crit20",)
        notes.append("bad_luck")
    if key == "failure" and control == 1:
        if rung >= D20_RUNG:
            notes.append("no_auto_d20")
        elif too_hard:
            notes.append("no_auto_gm")
        else:
            notes.append("auto1")
            key = "ordinary"
    if key == "failure" and cannot_fail:
        notes.append("cannot_fail")
        key = "ordinary"
    return key, tuple(notes)


# The rule itself, not its cache: for a table of every roll of a check (_rolls), which meets each
# once (kept through the cache as well, each would cost a key made, hashed and kept in vain).
_degree_rule = degree_of.__wrapped__

SUCCEEDS = {key: rank >= RANK["ordinary"] for key, rank in RANK.items()}  # (a degree's success, read in one look-up)
# An action check's degree: a Failure is read as Marginal (002-R2's table); the others as they are.
AS_ACTION_CHECK = {"failure": "marginal"}


def succeeds(degree: str) -> bool:
    """Ordinary, Good and Amazing are successes (002-R2)."""
    return SUCCEEDS[degree]


def check_head(under: Mapping[str, Any] | None, score: int, rung: int) -> dict[str, Any]:
    """The JSON fields a check of ``score`` at ``rung`` writes before its roll's, over
    ``under`` (the fields of the roll made ready, a ``Prepared.json``), in a new table
    (:meth:`CheckResult.json_over` copies it)."""
    data = dict(under) if under else {}
    data["score"], data["situation_die"], data["rung"] = score, rung_text(rung), rung
    return data


@dataclass(slots=True)  # (made at every check: its fields set and read for less)
class CheckResult:
    score: int
    rung: int
    control: int
    situation: list[int]
    total: int
    degree: str
    notes: tuple[str, ...] = ()
    marginal: bool = False   # an action check: a failure is Marginal

    @property
    def success(self) -> bool:
        return succeeds(self.degree)

    @property
    def bad_luck(self) -> bool:
        return "bad_luck" in self.notes

    def degree_key(self) -> str:
        return AS_ACTION_CHECK.get(self.degree, self.degree) if self.marginal else self.degree

    def as_json(self, under: Mapping[str, Any] | None = None) -> dict:
        """Its JSON fields; given ``under`` (the fields of the roll made ready, a
        ``Prepared.json``), over those in one new table, as ``under | as_json()`` makes
        it without the table in between."""
        return self.json_over(check_head(under, self.score, self.rung))

    def json_over(self, head: dict[str, Any]) -> dict:
        """:meth:`as_json` over ``head``, the fields of its check made ready
        (:func:`check_head`), in a copy (:func:`json_over`)."""
        return json_over(head, self.control, self.situation, self.total, self.degree, self.notes, self.marginal)

    def line(self, lang: str, what: str = "") -> str:
        """"Dado de control 7 + dado de situación +d4 (3) = 10 ≤ 13: éxito Ordinario"."""
        sd = dice(self.rung)
        head = f"{what}: " if what else ""
        text = f"{head}{L.CONTROL(lang)} {self.control}"
        if sd.count == 0:
            text += f" ({L.SITUATION(lang)} +d0)"
        else:
            values = "+".join(str(v) for v in self.situation)
            shown = f"{values}={sum(self.situation)}" if len(self.situation) > 1 else values
            op = "−" if sd.sign < 0 else "+"
            text += f" {op} {L.SITUATION(lang)} {sd.text} ({shown})"
        text += f" = {self.total}"
        raw = raw_degree(self.total, self.score)
        if raw == "amazing":
            text += f" ≤ {self.score // 4} ({self.score}÷4)"
        elif raw == "good":
            text += f" ≤ {self.score // 2} ({self.score}÷2)"
        elif raw == "ordinary":
            text += f" ≤ {self.score}"
        else:
            text += f" > {self.score}"
        key = self.degree_key()
        name = L.degree(key, lang)
        if RANK[self.degree] >= RANK["ordinary"]:
            text += ": " + Label(f"éxito {name}", f"{name} success")(lang)
        else:
            text += f": {name}"
        why = {
            "crit20": L.CRIT_20, "bad_luck": L.BAD_LUCK, "auto1": L.AUTO_SUCCESS, "no_auto_d20": L.NO_AUTO,
            "no_auto_gm": L.NO_AUTO_GM, "cannot_fail": L.CANNOT_FAIL,
        }
        extra = [why[n](lang) for n in self.notes if n in why]
        if extra:
            text += " (" + "; ".join(extra) + ")"
        return text


def json_over(head: dict[str, Any], control: int, situation: list[int], total: int, degree: str,
              notes: tuple[str, ...], marginal: bool = False) -> dict:
    """The JSON fields of a check's roll (:func:`rolled`: its control die, situation dice,
    total, degree and notes) over ``head``, the fields of its check made ready
    (:func:`check_head`), in a copy: the same for every roll of that check, so a rule
    that rolls it again and again keeps it (an attack's plan) and writes only the roll's
    own fields at each. The table is a copy of ``head`` with each field set in turn: a
    display merging ``head`` builds a second table of the fields and inserts them again."""
    data = head.copy()  # (a method's call: dict(head) is a type's call, its arguments parsed)
    data["control"], data["situation"], data["total"] = control, situation, total
    # (the degree key, the success and the bad luck as CheckResult's degree_key, success and
    # bad_luck give them)
    data["degree"] = AS_ACTION_CHECK.get(degree, degree) if marginal else degree
    data["success"], data["bad_luck"] = SUCCEEDS[degree], "bad_luck" in notes
    data["rules"] = [*notes]  # (a list made in place: list(notes) is a type's call)
    return data


SCORE = Label("puntuación", "score")  # made once: every check checks its score


def check_score(score: int) -> None:
    check_range(SCORE, score, SCORE_MIN, SCORE_MAX)


def roll_check(ctx: Context, score: int, rung: int, what: str, *, cannot_fail: bool = False,
               too_hard: bool = False, marginal: bool = False) -> CheckResult:
    """Roll the control die, then the situation dice, through ``ctx.dice`` (in that order)."""
    return roll_ready(ctx, ready_check(score, rung, what, ctx.lang, cannot_fail, too_hard), marginal)


# A check's roll (:func:`rolled`): its control die, situation dice, total, degree and notes.
Rolled = tuple[int, list[int], int, str, tuple[str, ...]]

# Every roll a check can make (:func:`rolled`'s), by control die, then the situation die's value
# (0 with none): for a check of at most one situation die that can fail and is not too hard.
Rolls = tuple[tuple[Rolled, ...], ...]


@dataclass(frozen=True, slots=True)
class Ready:
    """A check made ready (:func:`ready_check`): its score and rung, its situation dice's sign
    and sides, why it reads its control die and each situation die, why it reads its one
    situation die where it reads one (the commonest; else None), whether it cannot fail or is
    too hard (002-R5, R6), and its rolls (:func:`_rolls`) where it reads at most one situation
    die, can fail and is not too hard (else None). Read by name, not a tuple unpacked, and the
    flags asked once as it is made, not given and asked at every roll (icount N=400 2.6342M ->
    2.6224M, -0.45%)."""

    score: int
    rung: int
    sign: int
    sides: int
    control_why: str
    situation_whys: tuple[str, ...]
    one_why: str | None
    cannot_fail: bool
    too_hard: bool
    rolls: Rolls | None


@functools.lru_cache(maxsize=1024)  # a simulation rolls the same few checks at every exchange
def ready_check(score: int, rung: int, what: str, lang: str, cannot_fail: bool = False,
                too_hard: bool = False) -> Ready:
    """A check of ``score`` at ``rung`` checked, its situation dice, why it reads its
    control die and each situation die, in ``lang``, whether it cannot fail or is too hard,
    and its rolls: the same for the same check, so a rule that rolls it again and again
    keeps it (an attack's plan, an entrant's)."""
    check_score(score)
    sd = dice(rung)
    text = rung_text(rung)
    whys = (Label(f"dado de situación {text} ({what})", f"situation die {text} ({what})")(lang),) * sd.count
    plain = sd.count <= 1 and not cannot_fail and not too_hard  # (the table is of a check that can fail, not too hard)
    return Ready(score, rung, sd.sign, sd.sides, Label(f"dado de control ({what})", f"control die ({what})")(lang),
                 whys, whys[0] if sd.count == 1 else None, cannot_fail, too_hard, _rolls(score, rung) if plain else None)


@functools.lru_cache(maxsize=256)  # shared by the checks of one score and rung (each entrant's, each attack's)
def _rolls(score: int, rung: int) -> Rolls:
    """Every roll of a check of ``score`` at ``rung`` (at most one situation die) as
    :func:`rolled` gives it, with its degree (:func:`degree_of`), by control die, then
    the situation die's value (0 with none), worked out at once: a roll then is two
    look-ups, with no cached call of six arguments for its degree and no list or tuple
    made (its list shared by the rolls alike: read it, do not change it; a list and a
    tuple made at every roll, and the degree looked up by its total, cost 0.85% of a
    trial: icount 3.4848M -> 3.4552M)."""
    sd = dice(rung)
    table: list[tuple] = [()]  # (by control die, 1 to 20: the first unread)
    for control in range(1, 21):
        if sd.count:  # (by the die's value, 1 up: the first unread)
            row: list[Rolled | None] = [None]
            for face in range(1, sd.sides + 1):
                total = control + sd.sign * face
                row.append((control, [face], total, *_degree_rule(control, total, score, rung)))
        else:
            row = [(control, [], control, *_degree_rule(control, control, score, rung))]
        table.append(tuple(row))
    return tuple(table)


def rolled(ctx: Context, ready: Ready) -> Rolled:
    """A check made ready rolled: the fields of its :class:`CheckResult` that the roll
    decides, with no result made (a rule that only writes them, as an attack or an
    initiative that explains nothing does, makes none: a dataclass made is a call). Its
    list of situation dice may be shared by the rolls alike: read it, do not change it."""
    source = ctx.dice
    control = source.roll(20, ready.control_why)
    rolls, one_why = ready.rolls, ready.one_why
    if rolls is not None:
        # at most one situation die, read alone (as a pool of one is read): the roll as the table holds it
        return rolls[control][source.roll(ready.sides, one_why) if one_why is not None else 0]
    if one_why is not None:  # one situation die: read alone, and added
        value = source.roll(ready.sides, one_why)
        values, total = [value], control + ready.sign * value
    elif ready.situation_whys:
        values = source.roll_many(ready.sides, ready.situation_whys)
        total = control + ready.sign * sum(values)
    else:
        values, total = [], control
    key, notes = degree_of(control, total, ready.score, ready.rung, ready.cannot_fail, ready.too_hard)
    return control, values, total, key, notes


def roll_ready(ctx: Context, ready: Ready, marginal: bool = False) -> CheckResult:
    """:func:`roll_check` of a check made ready."""
    control, values, total, key, notes = rolled(ctx, ready)
    return CheckResult(ready.score, ready.rung, control, values, total, key, notes, marginal)


# --- last resort points (002-R44) ------------------------------------------------


def shift_own(key: str, points: int) -> str:
    """Spend ``points`` to raise your own degree: one grade per point (Critical Failure
    → Failure: bad luck avoided; a Free Agent's two points → Ordinary)."""
    rank = RANK[key] + points
    if rank > RANK["amazing"]:
        result = L.a_degree_result(key)
        raise Refused(Label(f"{result.es} no se puede mejorar con {points} punto(s) de último recurso: Asombroso es "
                            "el mejor grado.",
                            f"{result.en} cannot be raised by {points} last resort point(s): Amazing is the best degree."))
    return BY_RANK[rank]


def shift_against(key: str, points: int) -> str:
    """Spend ``points`` to lower an opponent's degree that affects you; it cannot go
    below Failure (a lowered roll does not become a Critical Failure)."""
    if RANK[key] <= RANK["failure"]:
        raise Refused(Label("una tirada fallida no puede empeorar más con puntos de último recurso.",
                            "a failed roll cannot be lowered further with last resort points."))
    return BY_RANK[max(RANK["failure"], RANK[key] - points)]
