"""The character sheet of the chapter: its capabilities, life and vigor,
protections, weapon and mount; and the state the tool keeps while playing."""

from __future__ import annotations

from rolecli.contract import Field, Label

from .states import ORDER
from .words import KINDS, SIZES, TEMPERAMENTS

L = Label

DEATHS = ("", "vida", "decapitado", "ojo", "rematado", "narrador")
INJURIES = ("pierna_cercenada", "mano_cercenada", "media_velocidad", "ojo_perdido")
MORALE = ("", "huyendo", "rendido")

TEMPLATE = (
    Field("capacidades", "table", L("capacidades, 0 a 3 marcas", "capabilities, 0 to 3 marks"), default={},
          minimum=0, maximum=3),
    Field("innatas", "list", L("capacidades innatas", "innate capabilities"), default=[]),
    Field("vida", "int", L("vida máxima", "maximum life"), default=10, minimum=1, maximum=1000),
    Field("vigor", "int", L("capacidad de vigor", "vigor"), default=3, minimum=0, maximum=1000),
    Field("recuperacion", "int", L("vida que devuelve un descanso", "life a rest restores"), default=2,
          minimum=0, maximum=1000),
    Field("armadura", "int", L("ND que da la armadura", "ND the armour gives"), default=0, minimum=-4, maximum=0),
    Field("escudo", "int", L("ND de las protecciones que no son armadura (escudo...)",
                             "ND of the protections that are not armour (shield...)"), default=0, minimum=-4, maximum=0),
    Field("arma", "str", L("tamaño del arma", "weapon size"), default="ninguna", choices=tuple(SIZES)),
    Field("arma_tipo", "list", L("tipo de arma: filo, punzante, contundente", "weapon kind: edged, piercing, blunt"),
          default=[], choices=tuple(KINDS)),
    Field("arma_bonus", "int", L("bonificador de daño del arma", "weapon's damage bonus"), default=0,
          minimum=0, maximum=100),
    Field("bando", "str", L("bando", "side"), default=""),
    Field("bestia", "bool", L("es una bestia (moral solo si muere su líder)", "is a beast (morale only when its leader dies)"),
          default=False),
    Field("lider", "str", L("líder de la manada", "leader of the pack"), default=""),
    Field("montura", "str", L("su montura (un personaje)", "its mount (a character)"), default=""),
    Field("temperamento", "str", L("temperamento de la bestia", "the beast's temperament"), default="normal",
          choices=tuple(TEMPERAMENTS)),
    Field("lazo", "bool", L("la montura tiene un lazo con su jinete", "the mount has a bond with its rider"), default=False),
    # kept by the tool
    Field("vida_perdida", "int", L("vida perdida", "life lost"), default=0, minimum=0, state=True),
    Field("estados", "list", L("estados de batalla", "battle states"), default=[], choices=ORDER, state=True),
    Field("cegado_rondas", "int", L("rondas de Cegado que quedan (0: hasta el fin de escena)",
                                    "rounds of Blinded left (0: until the scene ends)"), default=0, minimum=0, state=True),
    Field("irritado_por", "str", L("quién lo irritó (vengarse lo calma)", "who enraged it (revenge calms it)"),
          default="", state=True),
    Field("irritado_duradero", "bool", L("Irritado aun después del combate", "Enraged even after the combat"),
          default=False, state=True),
    Field("muerte", "str", L("muerto, y cómo", "dead, and how"), default="", choices=DEATHS, state=True),
    Field("lesiones", "list", L("lesiones", "injuries"), default=[], choices=INJURIES, state=True),
    Field("desarmado", "bool", L("ha soltado el arma", "has dropped the weapon"), default=False, state=True),
    Field("montado", "bool", L("va montado", "is mounted"), default=False, state=True),
    Field("parando", "bool", L("ha declarado paradas", "has declared parries"), default=False, state=True),
    Field("paradas", "int", L("paradas hechas esta ronda", "parries made this round"), default=0, minimum=0, state=True),
    Field("accion", "bool", L("ya hizo su acción de combate esta ronda", "has made its combat action this round"),
          default=False, state=True),
    Field("duelo", "str", L("rival en un duelo de desarme", "rival in a disarm duel"), default="", state=True),
    Field("duelo_nd", "int", L("ND acumulado en el duelo", "ND accumulated in the duel"), default=0,
          minimum=-20, maximum=0, state=True),
    Field("cubre", "str", L("aliado al que cubre", "ally it covers"), default="", state=True),
    Field("finta_de", "str", L("quién le hizo una finta efectiva", "who made an effective feint on it"),
          default="", state=True),
    Field("finta_rondas", "int", L("rondas que dura la finta", "rounds the feint lasts"), default=0, minimum=0, state=True),
    Field("moral", "str", L("huyendo o rendido", "fleeing or surrendered"), default="", choices=MORALE, state=True),
)

DEFAULTS = {f.key: f.default for f in TEMPLATE}
# The fields the tool keeps: a fighter lays them apart from the sheet's (:class:`~.sheet.Fighter`).
STATE_FIELDS = frozenset(f.key for f in TEMPLATE if f.state)
