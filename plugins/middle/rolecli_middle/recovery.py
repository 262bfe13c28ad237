"""Recovery. The text has none (GAP-20); what follows is the toolkit's default
from the rulings, not the book's rules.

- ``end_of_round``: the round's combat action and parries are spent anew
  (004-R5, R11); a trick's Cegado counts one round down (004-R12) and a feint's
  advantage fades after the round that follows it.
- ``end_of_scene``: the battle states end (the rulings), and with them what only
  lasts a combat: duels, covers, parries declared, half movement, a dropped
  weapon (picked up), fleeing and surrender. A mount's or rider's loss keeps
  its rage "even after the combat" (004-R10).
- ``rest``: as a scene's end, and ``vida`` comes back by ``recuperacion``
  (default 2); a lasting rage calms down.
- ``start_of_session``: nothing changes."""

from __future__ import annotations

from . import states as S
from .sheet import Fighter, Scene

SCENE_CLEARS = {"duelo": "", "duelo_nd": 0, "cubre": "", "parando": False, "paradas": 0, "accion": False,
                "finta_de": "", "finta_rondas": 0, "moral": "", "desarmado": False}
# what the end of a scene says it ended, when it had
SCENE_ENDS = {"moral": ("deja de huir o rendirse", "no longer flees or surrenders"),
              "desarmado": ("recoge su arma", "picks up its weapon"), "duelo": ("el duelo termina", "the duel ends"),
              "parando": ("deja de parar", "stops parrying"), "cubre": ("deja de cubrir", "stops covering")}


def end_of_round(scene: Scene, f: Fighter) -> list[str]:
    said = []
    if f.now["accion"] or f.now["paradas"]:
        said.append(scene.t("una ronda nueva: acción de combate y paradas de nuevo",
                            "a new round: its combat action and parries again"))
        f.set("accion", False)
        f.set("paradas", 0)
    rounds = int(f.now["cegado_rondas"] or 0)
    if "cegado" in f.states and rounds:
        f.set("cegado_rondas", rounds - 1)
        if rounds == 1:
            S.lose(f, "cegado")
            said.append(scene.t("ya no está Cegado", "no longer Blinded"))
        else:
            said.append(scene.t(f"Cegado {rounds - 1} ronda(s) más", f"Blinded {rounds - 1} more round(s)"))
    feint = int(f.now["finta_rondas"] or 0)
    if feint:
        f.set("finta_rondas", feint - 1)
        if feint == 1:
            f.set("finta_de", "")
            said.append(scene.t("la finta ya no cuenta", "the feint no longer counts"))
    return said


def end_of_scene(scene: Scene, f: Fighter) -> list[str]:
    said = []
    for state in sorted(f.states):
        if state == "irritado" and f.now["irritado_duradero"]:
            continue
        S.lose(f, state)
        said.append(scene.t(f"ya no está {S.NAMES[state].es}", f"no longer {S.NAMES[state].en}"))
    said += [scene.t(*words) for key, words in SCENE_ENDS.items() if f.now[key]]
    for key, value in SCENE_CLEARS.items():
        f.set(key, value)
    injuries = list(f.now["lesiones"] or [])
    if "media_velocidad" in injuries:
        f.set("lesiones", [i for i in injuries if i != "media_velocidad"])
        said.append(scene.t("vuelve a moverse con normalidad", "moves normally again"))
    return said


def rest(scene: Scene, f: Fighter) -> list[str]:
    said = end_of_scene(scene, f)
    if "irritado" in f.states:
        S.lose(f, "irritado")
        said.append(scene.t("se calma", "calms down"))
    lost = min(int(f.now["vida_perdida"] or 0), f.life())  # a state kept from before life stopped at 0
    back = min(lost, int(f.sheet["recuperacion"]))
    f.set("vida_perdida", lost - back)
    said.append(scene.t(f"recupera {back} de vida: {f.left()}/{f.life()}", f"recovers {back} life: {f.left()}/{f.life()}"))
    return said


EVENTS = {"end_of_round": end_of_round, "end_of_scene": end_of_scene, "rest": rest,
          "start_of_session": lambda scene, f: []}


def recover(scene: Scene, f: Fighter, event: str) -> tuple[list[str], dict]:
    dead = f.dead()
    said = [] if dead else EVENTS[event](scene, f)
    lines = []
    if scene.explain:  # (most recoveries of a simulation find nothing to say, and nobody reads it)
        said = said or [scene.t("está muerto: no se recupera", "is dead: it does not recover") if dead
                        else scene.t("nada cambia", "nothing changes")]
        lines = [f"{f.name}: " + "; ".join(said) + "."]
    return lines, {"character": f.name, "event": event, "life_left": f.left(), "states": sorted(f.states)}
