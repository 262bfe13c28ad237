"""Healing (003-R20…R24, the rulings), by event:

- ``start_of_session``: a mortal removes superficial Health up to its Stamina
  (003-R20); everyone removes superficial Willpower up to the higher of Composure
  and Resolve (003-R22), and one aggravated Willpower with ``--ambition`` (003-R23).
- ``end_of_turn``: a vampire Rouses the Blood to mend superficial Health, by its
  Blood Potency (003-R21; the amount is the rulings').
- ``rest`` (a vampire's day of sleep): a vampire mends aggravated Health at three
  Rouse checks per point (the rulings; the book's heading is empty, 003-R24).
- ``treatment``: a mortal's aggravated Health healed by explicit medical care (the rulings).
- ``end_of_scene``: the conflict is over, so a character ruined in it is out of it no more.
- ``feed``: a vampire slakes Hunger; only killing the vessel takes it below 1
  (the published game: the book does not cover feeding).
"""

from __future__ import annotations

from rolecli.contract import Character, Label, Outcome, Refused, worked_out

from . import hunger as H
from . import labels as L
from . import trackers as T
from .conditions import state_values, status
from .labels import tr
from .state import Work
from .traits import attribute


def _healed(name: str, before: T.Tracker, after: T.Tracker, why: str, lang: str) -> list[str]:
    """The line for a tracker that healed; none for one that did not change."""
    if before == after:
        return []
    sup, agg = before.superficial - after.superficial, before.aggravated - after.aggravated
    removed = ", ".join(part for part in (f"{sup} superficial" if sup else "",
                                          tr(lang, f"{agg} agravado", f"{agg} aggravated") if agg else "") if part)
    return [f"{name}: {L.tracker(before.key, lang)} {before.draw()} → {after.draw()}: "
            + tr(lang, f"quita {removed} ({why})", f"removes {removed} ({why})")]


def _hunger(before: int, after: int, lang: str) -> str:
    """``Hunger 1 → 2``, or ``Hunger stays at 1`` when the Rouse checks all came up 6+."""
    if before == after:
        return tr(lang, f"el Ansia se queda en {after}", f"Hunger stays at {after}")
    return tr(lang, f"Ansia {before} → {after}", f"Hunger {before} → {after}")


def start_of_session(character: Character, work: Work, p: dict, ctx) -> list[str]:
    lang = ctx.lang
    state = work.state(character)
    lines = []
    if not H.is_vampire(character):  # 003-R20
        stamina = attribute(character, "stamina")
        before = T.read(character, "health", state)
        after = T.heal(before, superficial=stamina)
        T.store(state, after)
        if ctx.explain:
            lines += _healed(character.name, before, after, tr(lang, f"mortal: hasta su Resistencia {stamina}",
                                                               f"mortal: up to its Stamina {stamina}"), lang)
    composure, resolve = attribute(character, "composure"), attribute(character, "resolve")
    best = max(composure, resolve)  # 003-R22
    before = T.read(character, "willpower", state)
    after = T.heal(before, superficial=best)
    if p.get("ambition"):  # 003-R23
        after = T.heal(after, aggravated=1)
    T.store(state, after)
    if not ctx.explain:
        return lines
    why = tr(lang, f"la mayor de Compostura {composure} y Resolución {resolve}",
             f"the higher of Composure {composure} and Resolve {resolve}")
    if p.get("ambition"):
        why += tr(lang, "; actuó según su Ambición: 1 agravado", "; acted on its Ambition: 1 aggravated")
    return lines + _healed(character.name, before, after, why, lang)


def end_of_turn(character: Character, work: Work, p: dict, ctx) -> list[str]:
    """003-R21: one Rouse check a turn mends superficial Health, by Blood Potency."""
    if not H.is_vampire(character) or p.get("mend", "auto") == "no":  # (asked at every turn's end: the sheet first)
        return []
    lang = ctx.lang
    before = T.read(character, "health", character.state)
    if before.superficial == 0:
        return []
    hunger = H.level(character)
    if hunger >= H.MAX:
        return [tr(lang, f"{character.name}: con Ansia {H.MAX} no puede Enardecer la Sangre para curarse",
                   f"{character.name}: at Hunger {H.MAX} it cannot Rouse the Blood to mend")] if ctx.explain else []
    potency = H.blood_potency(character)
    state = work.state(character)
    die, state["hunger"] = H.rouse(ctx.dice, hunger, tr(lang, f"{character.name} se cura", f"{character.name} mends"),
                                   lang)
    after = T.heal(before, superficial=H.mend_amount(potency))
    T.store(state, after)
    if not ctx.explain:
        return []
    rose = _hunger(hunger, state["hunger"], lang)
    why = tr(lang, f"Potencia de Sangre {potency}; {L.ROUSE('es')} d10 = {die}: {rose}",
             f"Blood Potency {potency}; {L.ROUSE('en')} d10 = {die}: {rose}")
    return _healed(character.name, before, after, why, lang)


def rest(character: Character, work: Work, p: dict, ctx) -> list[str]:
    """The rulings: a vampire mends aggravated Health at three Rouse checks a point,
    stopping at Hunger 5 (it cannot Rouse the Blood on purpose any more)."""
    lang = ctx.lang
    before = T.read(character, "health", character.state)
    wanted = min(int(p.get("aggravated", 1)), before.aggravated)
    if not H.is_vampire(character) or wanted == 0:
        return []
    start = hunger = H.level(character)
    mended, rolled, stopped = 0, [], False
    for point in range(wanted):
        for n in range(H.AGGRAVATED_COST):
            if hunger >= H.MAX:
                stopped = True
                break
            die, hunger = H.rouse(ctx.dice, hunger, tr(lang, f"agravado {point + 1}, {n + 1}/3",
                                                       f"aggravated {point + 1}, {n + 1}/3"), lang)
            rolled.append(die)
        if stopped:
            break
        mended += 1
    state = work.state(character)
    state["hunger"] = hunger
    after = T.heal(before, aggravated=mended)
    T.store(state, after)
    if not ctx.explain:
        return []
    why = tr(lang, f"{len(rolled)} controles de Enardecimiento {rolled}: {_hunger(start, hunger, 'es')}",
             f"{len(rolled)} Rouse checks {rolled}: {_hunger(start, hunger, 'en')}")
    if stopped:
        why += tr(lang, f"; se detiene con Ansia {H.MAX}", f"; stops at Hunger {H.MAX}")
    return _healed(character.name, before, after, why, lang) or [f"{character.name}: {why}"]


def treatment(character: Character, work: Work, p: dict, ctx) -> list[str]:
    """The rulings: only explicit treatment heals a mortal's aggravated Health."""
    lang = ctx.lang
    if H.is_vampire(character):
        return [tr(lang, f"{character.name}: la medicina no cura a los muertos (un vampiro descansa: rest)",
                   f"{character.name}: medicine does not heal the dead (a vampire mends in its rest)")]
    state = work.state(character)
    before = T.read(character, "health", state)
    after = T.heal(before, aggravated=int(p.get("points", 1)))
    T.store(state, after)
    if not ctx.explain:
        return []
    return _healed(character.name, before, after, tr(lang, "tratamiento", "treatment"), lang)


def feed(character: Character, work: Work, p: dict, ctx) -> list[str]:
    lang = ctx.lang
    if not H.is_vampire(character):
        return []
    state = work.state(character)
    before = H.level(character, state)
    state["hunger"] = max(0 if p.get("kill") else min(before, H.SLAKE_FLOOR), before - int(p.get("slake", 1)))
    if not ctx.explain:
        return []
    why = tr(lang, "mata a la presa", "kills the vessel") if p.get("kill") else tr(
        lang, f"sin matar, no baja de {H.SLAKE_FLOOR}", f"without a kill, not below {H.SLAKE_FLOOR}")
    return [tr(lang, f"{character.name} se alimenta: Ansia {before} → {state['hunger']} ({why})",
               f"{character.name} feeds: Hunger {before} → {state['hunger']} ({why})")]


def end_of_scene(character: Character, work: Work, p: dict, ctx) -> list[str]:
    if not character.state.get("ruined"):
        return []
    work.state(character)["ruined"] = False
    if not ctx.explain:
        return []
    return [tr(ctx.lang, f"{character.name}: termina el conflicto social; lo que pierde (Estatus, Méritos, la corte) "
                         "lo decide el Narrador", f"{character.name}: the social conflict is over; what it loses "
                         "(Status, Merits, the court) is the Storyteller's to decide")]


EVENTS = {"end_of_scene": end_of_scene, "start_of_session": start_of_session, "rest": rest,
          "end_of_turn": end_of_turn, "treatment": treatment, "feed": feed}


def recover(character: Character, event: str, action, ctx) -> Outcome:
    p = action.params
    lang = ctx.lang
    if event not in EVENTS:
        raise Refused(Label(f"el suceso {event!r} no existe; sucesos: {', '.join(EVENTS)}.",
                            f"event {event!r} is unknown; events: {', '.join(EVENTS)}."))
    dead = status(character, ctx.options).key == "dead"  # (worked out once for each state)
    work = Work()  # each event copies the state only to change it (a turn's end mostly finds nothing to do)
    lines = [] if dead else EVENTS[event](character, work, p, ctx)
    if dead and ctx.explain:
        lines = [tr(lang, f"{character.name}: {L.OUT['dead']('es')}: nada lo cura",
                    f"{character.name}: {L.OUT['dead']('en')}: nothing heals it")]
    elif not lines and ctx.explain:
        lines = [tr(lang, f"{character.name}: nada que curar", f"{character.name}: nothing to heal")]
    # its record only where someone reads it (Context.record: icount v5 N=400 2.7520M -> 2.7444M a trial)
    return Outcome(data=recovered(character, event, work.seen(character)) if ctx.record else {}, lines=lines,
                   changes=work.changes())


def recovered(character: Character, event: str, state: dict) -> dict:
    """A recovery's record, for scripts: the trackers and Hunger it leaves. Worked
    out once for each state it leaves (a fight ends its turns in a few dozen), as
    it reads nothing else; each call gets a copy of its own."""
    key = ("recovered", character.name, event, state_values(state))
    return dict(worked_out(character.sheet, key, lambda: {
        "character": character.name, "event": event, "health": T.read(character, "health", state).as_json(),
        "willpower": T.read(character, "willpower", state).as_json(),
        "hunger": H.level(character, state) if H.is_vampire(character) else None}))
