"""Recovery (002-R27, R30..R35): the end of a scene, rounds of unconsciousness, hours
of rest, the start of an Act, and healing; the ``recover`` and ``heal`` verbs.

The round events: ``end_of_phase`` lands the damage pending (002-R9); ``round``, at the
start of a round, counts a knocked-out character's rounds down and rolls its wake-up
(002-R31); ``end_of_round`` is both, in that order: the round's last phase ends, then
the next round begins (what a conflict tracker calls at the end of every round)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from rolecli.contract import Action, Character, Context, Label, Outcome, Refused

from . import damage as D
from . import labels as L
from .check import RANK, CheckResult, roll_check
from .hits import take_hit
from .sheet import RESOLVE, STAMINA, find_skill, kept_state, own_state, state, track_sizes
from .situation import prepare

# 002-R31: stun recovered by a knocked-out character's Resolve roll
KO_RECOVERY = {"critical_failure": 0, "failure": 0, "ordinary": 2, "good": 4, "amazing": 6}
# 002-R34: fatigue recovered per hour of complete rest (Failure read as Marginal, GAP-5)
FATIGUE_RECOVERY = {"critical_failure": 0, "failure": 1, "ordinary": 2, "good": 3, "amazing": 4}
# 002-R27: mortal points added by a dying character's Stamina-endurance roll
DYING = {"critical_failure": 2, "failure": 1, "ordinary": 0, "good": 0, "amazing": 0}
# 002-R25: fatigue from a fatiguing activity's Stamina-endurance roll
FATIGUE_DAMAGE = {"critical_failure": 2, "failure": 1, "ordinary": 0, "good": 0, "amazing": 0}
# 002-R28: stun lost by a Stamina-endurance roll while holding breath (Amazing: 0, GAP-13)
BREATH = {"critical_failure": 4, "failure": 3, "ordinary": 2, "good": 1, "amazing": 0}


def dying_roll(st: dict[str, Any], sizes: dict[str, int], roll: Callable[[], CheckResult]) -> tuple[CheckResult, int]:
    """One dying roll: Critical Failure +2 mortal, Failure +1 (marked directly, no
    secondary damage: it is a worsening, not an attack). All mortal boxes → dead."""
    res = roll()
    worse = DYING[res.degree]
    st["mortal"] = min(sizes["mortal"], st["mortal"] + worse)
    if st["mortal"] >= sizes["mortal"]:
        st["status"] = "dead"
    return res, worse


def ko_round(st: dict[str, Any], sizes: dict[str, int], roll: Callable[[], CheckResult]) -> tuple[str, CheckResult | None, int]:
    """One round for a character knocked out by stun (002-R31): out for the rest of the
    KO round and the whole next one, then a Resolve-physical resolve roll each round.
    Returns (what happened, the roll, stun recovered)."""
    if st["ko_wait"] > 0:
        st["ko_wait"] -= 1
        return "waiting", None, 0
    res = roll()
    back = KO_RECOVERY[res.degree]
    if RANK[res.degree] < RANK["ordinary"]:
        return "still_out", res, 0
    back = min(back, st["stun"])
    st["stun"] -= back
    if st["wound"] >= sizes["wound"]:
        return "still_out", res, back     # a wound KO needs a healed wound first (002-R32)
    st["status"], st["ko_cause"], st["ko_wait"] = "ok", "", 0
    st["out_rounds"] = 2                  # wakes now, cannot act this round nor the next
    return "woke", res, back


def do_heal(ch: Character, action: Action, ctx: Context) -> Outcome:
    p = action.params
    lang = ctx.lang
    track, amount, method = p.get("track", "wound"), int(p["amount"]), p.get("method", "first_aid")
    st = state(ch)
    sizes = track_sizes(ch)
    if st["status"] == "dead":
        raise Refused(Label(f"{ch.name} está muerto.", f"{ch.name} is dead."))
    if track == "mortal" and method != "surgery":
        raise Refused(Label("el daño mortal solo se repara con Ciencia Médica-cirugía (--method surgery, 002-R33).",
                            "mortal damage is repaired only by Medical Science-surgery (--method surgery, 002-R33)."))
    healed = min(amount, st[track])
    st[track] -= healed
    lines = [Label(f"{ch.name} cura {healed} de {L.track(track, lang)} ({method}): {st[track]}/{sizes[track]}.",
                   f"{ch.name} heals {healed} {L.track(track, lang)} ({method}): {st[track]}/{sizes[track]}.")(lang)]
    if method in ("first_aid", "treatment") and st["mortal"] > 0 and not st["treated"]:
        st["treated"] = True
        lines.append(Label("Moribundo tratado: las tiradas de Resistencia-resistencia pasan a ser diarias.",
                           "Dying and treated: the Stamina-endurance rolls are now daily.")(lang))
    if st["mortal"] == 0:
        st["treated"] = False
    if D.wake_if_possible(st, sizes):
        lines.append(Label(f"{ch.name} recupera la conciencia.", f"{ch.name} regains consciousness.")(lang))
    return Outcome({"character": ch.name, "track": track, "healed": healed, "state": st}, lines, changes={ch.name: st})


def _round_words(ch: Character, st: dict[str, Any], lang: str) -> str:
    """What a new round that rolls nothing for ``ch`` says of it."""
    if st["status"] == "ko":
        return Label(f"{ch.name} sigue inconsciente ({st['ko_cause']}).",
                     f"{ch.name} stays unconscious ({st['ko_cause']}).")(lang)
    if st["out_rounds"] > 0:
        return Label(f"{ch.name} no puede actuar este asalto.", f"{ch.name} cannot act this round.")(lang)
    return Label(f"{ch.name} puede actuar.", f"{ch.name} can act.")(lang)


def do_recover(ch: Character, event: str, action: Action, ctx: Context) -> Outcome:
    lang = ctx.lang
    explain = ctx.explain  # the lines are written only for someone to read (Context.explain)
    kept = kept_state(ch)
    # a recovery that changes nothing gives no data where no one records it (Context.record): its
    # state copied only to be recorded (icount, with its closures apart: 2.8584M -> 2.8484M over 400 trials)
    if kept["status"] == "dead" and event != "act":
        return Outcome({"character": ch.name, "event": event, "state": own_state(kept)} if ctx.record else {},
                       [Label(f"{ch.name} está muerto.", f"{ch.name} is dead.")(lang)] if explain else [])
    if event == "end_of_round" and not (kept["pending"] or kept["out_rounds"] or kept["status"] == "ko"):
        # most fighters' every round: nothing lands, no one counts down or rolls to wake
        return Outcome({"character": ch.name, "event": event, "applied": [], "state": own_state(kept)} if ctx.record
                       else {}, [_round_words(ch, kept, lang)] if explain else [])
    return _recovered(ch, event, action.params, ctx, kept)


def _recovered(ch: Character, event: str, p: dict[str, Any], ctx: Context, kept: Mapping[str, Any]) -> Outcome:
    """:func:`do_recover` of a recovery that may change something (a function of its own: its
    closures made its names cells at every call of do_recover, most of which change nothing)."""
    lang = ctx.lang
    explain = ctx.explain
    data: dict[str, Any] = {"character": ch.name, "event": event}
    st = own_state(kept)
    sizes = track_sizes(ch)
    lines: list[str] = []

    def roll_with(names: tuple[str, ...], fallback: str, given: Any, what: str, extra=()) -> CheckResult:
        if given is not None:
            prep = prepare({}, ctx, ch, given, modifiers=False, extra=list(extra), st=st)
        else:
            score, kind, name = find_skill(ch, names, fallback)
            prep = prepare({}, ctx, ch, str(score), kind=kind, name=name, modifiers=False, extra=list(extra), st=st)
        res = roll_check(ctx, prep.score, prep.rung, what)
        if explain:
            lines.extend([f"{ch.name}: {prep.line(lang)}", res.line(lang)])
        return res

    stamina = lambda: roll_with(STAMINA, "CON", p.get("stamina"), Label("moribundo", "dying")(lang))  # noqa: E731
    resolve = lambda what: roll_with(RESOLVE, "VOL", p.get("resolve"), what)  # noqa: E731

    if event in ("end_of_phase", "end_of_round"):
        # a round ends with its Marginal phase: what is pending lands (002-R9)
        pending = list(st.get("pending") or [])
        st["pending"] = []
        for item in pending:
            track, _, amount = str(item).partition(":")
            st, _, more = take_hit(ch, st, track, int(amount), ctx, resolve=p.get("resolve"))
            lines.extend(more)
        if not pending and event == "end_of_phase" and explain:
            lines.append(Label(f"{ch.name}: sin daño pendiente.", f"{ch.name}: no pending damage.")(lang))
        data["applied"] = pending
    if event in ("round", "end_of_round") and st["status"] != "dead":
        # the next round begins: the knocked out's countdown and wake-up roll (002-R31)
        if st["out_rounds"] > 0:
            st["out_rounds"] -= 1
        if st["status"] == "ko" and st["ko_cause"] == "stun":
            what, res, back = ko_round(st, sizes, lambda: resolve(Label("despertar", "wake up")(lang)))
            data["ko"] = {"result": what, "stun_recovered": back}
            if explain:
                msg = {"waiting": ("sigue inconsciente (aún no puede tirar)", "stays unconscious (no roll yet)"),
                       "still_out": ("sigue inconsciente", "stays unconscious"),
                       "woke": (f"recupera {back} de aturdimiento y despierta, pero no actúa este asalto ni el siguiente",
                                f"recovers {back} stun and wakes, but cannot act this round nor the next")}[what]
                lines.append(f"{ch.name} " + Label(*msg)(lang) + ".")
        elif explain:  # a round that rolls nothing: only its words
            lines.append(_round_words(ch, st, lang))
    if event == "end_of_scene":
        # GAP-15 order: stun clears, then the dying roll, then the fatigue roll for wounds.
        if st["stun"]:
            lines.append(Label(f"{ch.name}: fin de escena, desaparece todo el aturdimiento ({st['stun']}).",
                               f"{ch.name}: end of scene, all stun vanishes ({st['stun']}).")(lang))
        st["stun"] = 0
        if D.wake_if_possible(st, sizes):
            lines.append(Label(f"{ch.name} recupera la conciencia.", f"{ch.name} regains consciousness.")(lang))
        if st["mortal"] > 0:
            res, worse = dying_roll(st, sizes, stamina)
            data["dying_roll"] = {"degree": res.degree, "mortal": worse}
            lines.append(Label(f"{ch.name}, moribundo: +{worse} mortal ({st['mortal']}/{sizes['mortal']}).",
                               f"{ch.name}, dying: +{worse} mortal ({st['mortal']}/{sizes['mortal']}).")(lang))
            if st["status"] == "dead":
                lines.append(Label(f"{ch.name} muere.", f"{ch.name} dies.")(lang))
        if st["status"] != "dead" and st["hurt_this_scene"] and ctx.options["scene_fatigue"]:
            res = roll_with(STAMINA, "CON", p.get("stamina"), Label("fatiga por heridas", "fatigue from wounds")(lang))
            pts = FATIGUE_DAMAGE[res.degree]
            data["fatigue_roll"] = {"degree": res.degree, "fatigue": pts}
            if pts:
                st, _, more = take_hit(ch, st, "fatigue", pts, ctx, resolve=p.get("resolve"))
                lines.extend(more)
            else:
                lines.append(Label(f"{ch.name}: sin fatiga.", f"{ch.name}: no fatigue.")(lang))
        st["hurt_this_scene"] = st["mortal_this_scene"] = False
    elif event == "rest":
        hours = int(p.get("hours") or 1)
        recovered = 0
        worse_total = 0
        for h in range(1, hours + 1):
            if st["fatigue"] > 0:
                res = resolve(Label(f"descanso, hora {h}", f"rest, hour {h}")(lang))
                got = min(st["fatigue"], FATIGUE_RECOVERY[res.degree])
                st["fatigue"] -= got
                recovered += got
            if st["mortal"] > 0 and (not st["treated"] or h % 24 == 0):
                _, worse = dying_roll(st, sizes, stamina)
                worse_total += worse
                if st["status"] == "dead":
                    lines.append(Label(f"{ch.name} muere.", f"{ch.name} dies.")(lang))
                    break
        if st["fatigue"] < sizes["fatigue"]:
            st["fatigue_hold"] = False
            if st["status"] == "ko" and st["ko_cause"] == "fatigue":
                st["status"], st["ko_cause"] = "ok", ""
        data.update(hours=hours, fatigue_recovered=recovered, mortal_added=worse_total)
        lines.append(Label(f"{ch.name}, {hours} h de descanso: recupera {recovered} de fatiga ({st['fatigue']}/{sizes['fatigue']}).",
                           f"{ch.name}, {hours} h of rest: recovers {recovered} fatigue ({st['fatigue']}/{sizes['fatigue']}).")(lang))
    elif event == "act":
        lines.append(Label(f"Nuevo Acto: {ch.name} recupera sus puntos de último recurso ({st['last_resorts_spent']} gastados → 0).",
                           f"New Act: {ch.name} regains the last resort points ({st['last_resorts_spent']} spent → 0).")(lang))
        st["last_resorts_spent"] = 0
    elif event == "start_of_session":
        lines.append(Label(f"{ch.name}: AAA no recupera nada al inicio de sesión (la recuperación va por escenas, horas y Actos).",
                           f"{ch.name}: AAA recovers nothing at the start of a session (recovery goes by scene, hour and Act).")(lang))
    if not lines and explain:
        lines.append(Label(f"{ch.name}: nada que recuperar.", f"{ch.name}: nothing to recover.")(lang))
    data["state"] = st
    # its change the fields it moved alone (a field given at its kept value is walked and kept all
    # the same: icount 3.0222M -> 3.0167M and 3.0100M over 400 trials); a recovery that changes
    # nothing (most fighters' every round) changes no one (success None, by place: an Outcome made
    # with keywords gets a table made of them)
    return Outcome(data, lines, None, {ch.name: _moved(st, ch.state)} if st != kept else {})


def _moved(st: dict[str, Any], stored: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of the new state ``st`` that the state ``stored`` (the character's as it
    stands) does not hold as they are: those set to another value, and those it lacks."""
    moved = {}
    for key in st:
        value = st[key]
        if key not in stored or stored[key] != value:
            moved[key] = value
    return moved
