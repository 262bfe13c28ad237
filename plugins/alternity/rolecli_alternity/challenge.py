"""The ``challenge`` verb: a challenge path played check by check (002-R48)."""

from __future__ import annotations

from typing import Any

from rolecli.contract import Action, Character, Context, Label, Outcome, Refused
from rolecli.errors import RoleError

from .check import roll_check
from .combat import CRITICAL_EFFECTS, ChallengePath
from .situation import Prepared, prepare
from .system import TIME_UNITS


CHALLENGE_SAFETY = 1000   # time units played when no --limit is given


def _challenge_step(p: dict[str, Any], ctx: Context, actor: Character | None, text: str) -> tuple[Prepared, list[str]]:
    """One step's score: a rating as ``check`` reads it; ``A|B`` picks the alternative with
    the best chance of success (those the character lacks are skipped). Returns the step and
    the alternatives weighed (empty for a single score)."""
    options = [t.strip() for t in text.split("|") if t.strip()]
    if not options:
        raise Refused(Label(f"paso vacío en {text!r}.", f"empty step in {text!r}."))
    if len(options) == 1:
        return prepare(p, ctx, actor, options[0]), []
    from .odds import check_odds

    found, errors = [], []
    for option in options:
        try:
            found.append((option, prepare(p, ctx, actor, option)))
        except RoleError as exc:
            errors.append(exc)
    if not found:
        raise errors[0]
    chance = [check_odds(x.score, x.rung, too_hard=bool(p.get("too_hard")))["success"] for _, x in found]
    return found[chance.index(max(chance))][1], [f"{o} {float(c):.0%}" for (o, _), c in zip(found, chance)]


def do_challenge(action: Action, ctx: Context) -> Outcome:
    """002-R48: play a challenge path, one check per time unit, until every step has its
    successes or the time limit runs out (see ``combat.ChallengePath``)."""
    p = action.params
    lang = ctx.lang
    actor = action.actor
    texts = [str(t) for t in p.get("scores") or ()]
    if not texts:
        raise Refused(Label("hace falta al menos un paso (puntuaciones separadas por comas).",
                            "at least one step is needed (comma-separated scores)."))
    if len(texts) > 40:
        raise Refused(Label(f"{len(texts)} pasos son demasiados: como mucho 40.",
                            f"{len(texts)} steps are too many: 40 at most."))
    given = list(p.get("successes") or ())
    if not given:
        needs = [1] * len(texts)
    else:
        if len(given) != len(texts):
            raise Refused(Label(f"--successes da {len(given)} valores para {len(texts)} pasos.",
                                f"--successes gives {len(given)} values for {len(texts)} steps."))
        try:
            needs = [int(v) for v in given]
        except ValueError:
            raise Refused(Label("--successes: números enteros separados por comas.",
                                "--successes: whole numbers separated by commas.")) from None
        if any(n < 1 or n > 40 for n in needs):
            raise Refused(Label("--successes: cada paso necesita de 1 a 40 éxitos.",
                                "--successes: each step needs 1 to 40 successes."))
    critical = ctx.options["challenge_critical"]
    if critical not in CRITICAL_EFFECTS:
        critical = "step"
    path = ChallengePath(needs, critical)
    chosen = [_challenge_step(p, ctx, actor, t) for t in texts]
    steps = [prep for prep, _ in chosen]
    limit = p.get("limit")
    unit = p.get("unit") or "phase"
    one, many = (lab(lang) for lab in TIME_UNITS[unit])

    def units(n: int) -> str:
        return f"{n} {one if n == 1 else many}"

    def successes(n: int) -> str:
        return Label(f"{n} éxito{'s' if n != 1 else ''}", f"{n} success{'es' if n != 1 else ''}")(lang)

    least = path.minimum
    n = least["steps"]
    plural = "s" if n != 1 else ""
    acciones = "acción" if n == 1 else "acciones"
    head = Label(f"Camino de desafío: {n} paso{plural}; mínimo {n} {acciones} y "
                    f"{successes(least['successes'])} ({units(least['units'])}, una tirada por {one})",
                 f"Challenge path: {n} step{plural}; at least {n} action{plural} and "
              f"{successes(least['successes'])} ({units(least['units'])}, one check per {one})")(lang)
    head += (Label(f"; límite {units(limit)}.", f"; limit {units(limit)}.")(lang) if limit else ".")
    lines = [head]
    if limit and limit < least["units"]:
        lines.append(Label(f"El límite ({units(limit)}) no alcanza el mínimo: no se puede superar a tiempo.",
                           f"The limit ({units(limit)}) is below the minimum: it cannot be completed in time.")(lang))
    for i, ((prep, weighed), need) in enumerate(zip(chosen, needs), 1):
        line = Label(f"Paso {i} ({successes(need)}): ", f"Step {i} ({successes(need)}): ")(lang) + prep.line(lang)
        if weighed:
            line += Label(" (la mejor probabilidad de: ", " (the best chance of: ")(lang) + ", ".join(weighed) + ")"
        lines.append(line)
    cap = limit or CHALLENGE_SAFETY
    checks: list[dict[str, Any]] = []
    used = 0
    while not path.over and used < cap:
        used += 1
        i = path.step
        prep = steps[i]
        what = Label(f"{one} {used}, paso {i + 1}", f"{one} {used}, step {i + 1}")(lang)
        res = roll_check(ctx, prep.score, prep.rung, what, too_hard=bool(p.get("too_hard")))
        event = path.record(res.degree)
        tail = f"{path.got[i]}/{needs[i]}"
        if event == "step_done":
            tail += Label(f", paso {i + 1} superado", f", step {i + 1} done")(lang)
        elif event == "lost":
            tail = Label(f"se pierden los éxitos del paso {i + 1}: 0/{needs[i]}",
                         f"the successes of step {i + 1} are lost: 0/{needs[i]}")(lang)
        elif event == "fail":
            tail = Label("el desafío fracasa", "the challenge fails")(lang)
        label = what[0].upper() + what[1:]
        lines.append(f"{res.line(lang, label)} → {tail}")
        checks.append({"unit": used, "step": i + 1, "event": event, **res.as_json()})
    complete = path.complete
    bounds = [Label(f"límite {limit}", f"limit {limit}")(lang)] if limit else []
    if complete:
        bounds.append(Label(f"mínimo {least['units']}", f"minimum {least['units']}")(lang))
        end = Label(f"Desafío superado en {units(used)}", f"Challenge complete in {units(used)}")(lang)
        end += f" ({', '.join(bounds)})."
    elif path.failed:
        end = Label(f"Desafío fallido: Fallo Crítico en {one} {used} (challenge_critical = fail).",
                    f"Challenge failed: Critical Failure in {one} {used} (challenge_critical = fail).")(lang)
    else:
        i = path.step
        if not limit:
            bounds.append(Label(f"tope sin --limit: {CHALLENGE_SAFETY}",
                                f"cap without --limit: {CHALLENGE_SAFETY}")(lang))
        end = Label(f"Desafío no superado en {units(used)}", f"Challenge not complete in {units(used)}")(lang)
        end += f" ({', '.join(bounds)})"
        end += Label(f"; paso {i + 1} en {path.got[i]}/{needs[i]}.",
                     f"; step {i + 1} at {path.got[i]}/{needs[i]}.")(lang)
    lines.append(end)
    data = {
        "unit": unit, "limit": limit, "units_used": used, "minimum": least, "complete": complete,
        "critical_failure_effect": critical,
        "steps": [prep.json | {"step": i, "needs": need, "successes": got, "done": i <= path.step}
                  for i, (prep, need, got) in enumerate(zip(steps, needs, path.got), 1)],
        "checks": checks,
    }
    return Outcome(data, lines, success=complete)
