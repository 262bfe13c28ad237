"""Who can act (contract 2's ``rolecli_status``): a knocked-out character is
unconscious and takes no action until it wakes (002-R21, R22, R25, R28), one
that just woke cannot act that round nor the next (002-R31), and the dead are
dead (002-R23). A dying character still acts: the book only adds +1 step per
mortal point to everything it attempts (002-R23, R26). The conditions are the
penalties in force on every roll (002-R26) and the fatigue marked (002-R25)."""

from __future__ import annotations

from typing import Any, Mapping

from rolecli.contract import Character, Label, Status, worked_out

from .sheet import dazed, dazing, kept_state, track_sizes

KNOCKED_OUT = {
    "stun": Label("noqueado por aturdimiento", "knocked out by stun"),
    "wound": Label("noqueado por heridas: no despierta hasta curar una herida",
                   "knocked out by wounds: cannot wake until a wound is healed"),
    "fatigue": Label("inconsciente por agotamiento", "unconscious from exhaustion"),
    "drowning": Label("inconsciente y ahogándose", "unconscious and drowning"),
}
DEAD = Label("muerto", "dead")
WAKING = Label("acaba de despertar", "just woke up")


def conditions(ch: Character, options: Mapping[str, Any], st: Mapping[str, Any] | None = None) -> list[tuple[str, Label]]:
    """What can be invoked on ``ch`` (``st``: its kept state, if already read)."""
    if st is None:
        st = kept_state(ch)
    sizes = track_sizes(ch)
    found: list[tuple[str, Label]] = []
    steps, why = dazed(ch, options, st)
    if steps:
        es, en = [w("es") for w in why], [w("en") for w in why]
        found.append(("dazed", Label(f"Aturdido, +{steps} paso(s) en cada tirada: {', '.join(es)}",
                                     f"Dazed, +{steps} step(s) on every roll: {', '.join(en)}")))
    if st["mortal"] and st["status"] != "dead":
        m = f"{st['mortal']}/{sizes['mortal']}"
        found.append(("dying", Label(f"moribundo ({m} mortal): tirada de Resistencia-resistencia al final de la escena",
                                     f"dying ({m} mortal): Stamina-endurance roll at the end of the scene")))
    if st["fatigue"]:
        f = f"{st['fatigue']}/{sizes['fatigue']}"
        hold_es, hold_en = ((": completa, la próxima fatiga lo noquea", ": full, the next fatigue knocks it out")
                            if st["fatigue_hold"] else ("", ""))
        found.append(("fatigue", Label(f"fatiga {f}{hold_es}", f"fatigue {f}{hold_en}")))
    return found


def unable(st: Mapping[str, Any]) -> tuple[str, Label] | None:
    """Why a character with the kept state ``st`` cannot act (its key and words), or None."""
    condition = st["status"]  # (read once: a look-up costs more than a local)
    if condition == "dead":
        return "dead", DEAD
    if condition == "ko":
        return "knocked_out", KNOCKED_OUT.get(st["ko_cause"], KNOCKED_OUT["stun"])
    if st["out_rounds"] > 0:
        return "waking", WAKING
    return None


def status(ch: Character, options: Mapping[str, Any]) -> Status:
    """Who can act, the conditions and the fight left: the same for the same marks and
    condition (the fields of :data:`STATUS_FIELDS`) on the same sheet under the same Dazed
    rules, so each is worked out once (an encounter asks again whenever a state changes)."""
    st = kept_state(ch)
    key = ("status", options.get("dazed_stun", True), options.get("dazed_wound", True), *map(st.__getitem__, STATUS_FIELDS))
    return worked_out(ch.sheet, key, _status, ch, options, st)


# The kept state a status reads: the tracks marked, the fatigue held, unconsciousness and waking.
STATUS_FIELDS = ("stun", "wound", "mortal", "fatigue", "fatigue_hold", "status", "ko_cause", "out_rounds")


def _status(ch: Character, options: Mapping[str, Any], st: Mapping[str, Any]) -> Status:
    # its conditions, kept by all they read: the marks as they daze (sheet.dazing), whether it
    # is dead and whether it holds on to a full fatigue track (a status is met anew at every
    # stun or wound more, which most often changes none of them: their words are made once)
    key = ("conditions", options.get("dazed_stun", True), options.get("dazed_wound", True), dazing(ch, st),
           st["status"] == "dead", st["fatigue_hold"])
    held = worked_out(ch.sheet, key, _held, ch, options, st)
    out = unable(st)
    if out is not None:
        return Status(False, *out, held, vitality=0.0)
    sizes = track_sizes(ch)  # the fight left: the fullest of the stun, wound and mortal tracks
    left = min(1 - st[track] / sizes[track] for track in ("stun", "wound", "mortal"))
    return Status(conditions=held, vitality=max(left, 0.0))


def _held(ch: Character, options: Mapping[str, Any], st: Mapping[str, Any]) -> tuple[tuple[str, Label], ...]:
    """:func:`conditions`, as a status holds them."""
    return tuple(conditions(ch, options, st))
