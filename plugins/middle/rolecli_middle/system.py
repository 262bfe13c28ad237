"""What the middle-of-three system declares: rule options, verbs, events
(the character template is in :mod:`template`)."""

from __future__ import annotations

from rolecli.contract import ActionSpec, Label, Param, RuleOption, SystemInfo

from . import capability as C
from .states import ORDER
from .template import TEMPLATE
from .words import LOCATIONS

L = Label


def capability(default: str | None) -> Param:
    """The capability an LD throws; ``default`` is the verb's own (none: it must be given)."""
    return Param("capability", "rating", L("capacidad: marcas (0..3) o su nombre en la ficha",
                                           "capability: marks (0..3) or its name on the sheet"),
                 default=default, required=default is None, positional=True)


def blow_capability() -> Param:
    """The capability a blow throws: uso de armas, or a beast's habilidad de batalla (004-R10)."""
    return Param("capability", "rating", L("capacidad: marcas (0..3) o su nombre en la ficha (por omisión uso de armas; "
                                           "una bestia, su habilidad de batalla)",
                                           "capability: marks (0..3) or its name on the sheet (default uso de armas; "
                                           "a beast's habilidad de batalla)"),
                 default=None, positional=True)


INNATE = Param("innate", "bool", L("la capacidad es innata (lee un dado mejor)", "the capability is innate (reads one die better)"),
               default=False)
# The table runs from ND +2 to ND −4; a Narrator's ND beyond it reads as +2 or fails (the rulings).
ND = Param("nd", "int", L("ND que añade el Narrador (la tabla va de +2 a −4; por encima se lee +2, por debajo fallo automático)",
                          "ND the Narrator adds (the table runs +2..−4; above reads as +2, below fails)"),
           default=0, minimum=-10, maximum=10)
GOAL = Param("goal", "int", L("objetivo del LD que da el Narrador (sin él, basta 1)", "the LD's goal the Narrator gives (without one, 1 will do)"),
             default=None, minimum=-19, maximum=40)
STATES = Param("states", "list", L(f"estados de quien actúa en una tirada rápida ({', '.join(ORDER)})",
                                   f"states of the one acting, for a quick roll ({', '.join(ORDER)})"), default=())
LD_PARAMS = (INNATE, ND, GOAL, STATES)

# The weapon that strikes, and the target's numbers, for a quick roll (a campaign takes them from the sheets).
WEAPON = (
    Param("weapon", "choice", L("tamaño del arma", "weapon size"), default=None, choices=("none", "small", "medium", "large")),
    Param("weapon_kind", "list", L("tipo de arma: edged, piercing, blunt", "weapon kind: edged, piercing, blunt"), default=()),
    Param("bonus", "int", L("bonificador de daño del arma", "the weapon's damage bonus"), default=None, minimum=0, maximum=100),
)
TARGET = (
    Param("armour", "int", L("ND de la armadura del blanco", "ND of the target's armour"), default=None, minimum=-4, maximum=0),
    Param("shield", "int", L("ND de las otras protecciones del blanco (escudo...)", "ND of the target's other protections (shield...)"),
          default=None, minimum=-4, maximum=0),
    Param("life", "int", L("vida máxima del blanco", "the target's maximum life"), default=None, minimum=1, maximum=1000),
    Param("vigor", "int", L("vigor del blanco", "the target's vigor"), default=None, minimum=0, maximum=1000),
    Param("target_states", "list", L("estados del blanco en una tirada rápida", "the target's states, for a quick roll"), default=()),
)
SITUATION = (
    Param("covered", "int", L("aliados que cubren al blanco (004-R13)", "allies covering the target (004-R13)"), default=0,
          minimum=0, maximum=10),
    Param("covering", "bool", L("el blanco cubre a un aliado (004-R13)", "the target is covering an ally (004-R13)"), default=False),
    Param("feinted", "choice", L("el blanco sufrió una finta efectiva de quien golpea o de un aliado (004-R12)",
                                 "the target suffered an effective feint by the striker or by an ally (004-R12)"),
          default="none", choices=("none", "by-you", "by-ally")),
    Param("interrupt", "bool", L("el blanco está en un duelo de desarme con otro (004-R9)",
                                 "the target is in a disarm duel with someone else (004-R9)"), default=False),
    Param("parry", "int", L("el blanco para con este uso de armas (004-R11)", "the target parries with this weapon use (004-R11)"),
          default=None, minimum=0, maximum=3),
    Param("temperament", "choice", L("temperamento de la bestia que golpea (004-R10)", "temperament of the striking beast (004-R10)"),
          default=None, choices=("normal", "combative", "peaceful")),
)
BLOW = (
    Param("location", "choice", L("dónde se golpea (004-R7)", "where the blow is aimed (004-R7)"), default="body",
          choices=tuple(LOCATIONS)),
    Param("charge", "bool", L("carga: ND un nivel más difícil salvo montado, daño +1 dado (004-R14)",
                              "charge: ND one level harder unless mounted, damage +1 die (004-R14)"), default=False),
    Param("mounted", "bool", L("quien golpea va montado (tirada rápida)", "the striker is mounted (quick roll)"), default=False),
    Param("free", "bool", L("ataque simple gratis: solo cuenta la armadura (004-R9)", "free simple strike: only armour counts (004-R9)"),
          default=False),
) + WEAPON + TARGET + SITUATION
MOUNT_BONUS = Param("mount_bonus", "int", L("bonificador de daño de la montura (tirada rápida)", "the mount's damage bonus (quick roll)"),
                    default=None, minimum=0, maximum=100)
RIVAL_USE = Param("rival_use", "int", L("uso de armas del rival (tirada rápida)", "the rival's weapon use (quick roll)"),
                  default=None, minimum=0, maximum=3)


def rivals(what: Label) -> Param:
    return Param("rivals", "list", L(f"rivales: nombres, o en una tirada rápida su {what.es}", f"rivals: names, or for a quick roll their {what.en}"),
                 default=())


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("roll", "roll", L("lanza los tres dados de una capacidad y lee el que toca", "throw a capability's three dice and read the one it reads"),
               params=(capability(None), INNATE, ND), actor="none", run="rolecli_middle.verbs:do_roll"),
    ActionSpec("check", "resolve", L("LD de una capacidad contra el objetivo del Narrador (004-R1…R4)",
                                     "an LD of a capability against the Narrator's goal (004-R1…R4)"),
               params=(capability(None),) + LD_PARAMS + (
                   Param("combat", "bool", L("se hace combatiendo (cuenta Acobardado)", "made while fighting (Cowed counts)"), default=False),
                   Param("routine", "bool", L("tarea rutinaria: no hace falta LD (004-R1)", "a routine task: no LD needed (004-R1)"), default=False)),
               odds="rolecli_middle.odds:check_odds", run="rolecli_middle.verbs:do_check"),
    ActionSpec("contest", "resolve", L("LD enfrentados: gana el mayor, el empate es del defensor", "opposed LDs: the higher wins, a tie goes to the defender"),
               params=(capability(None), Param("opposition", "rating", L("capacidad del defensor", "the defender's capability"),
                                               required=True, positional=True, owner="target"),
                       INNATE, ND, STATES,
                       Param("target_innate", "bool", L("la del defensor es innata", "the defender's is innate"), default=False),
                       Param("target_nd", "int", L("ND del defensor", "the defender's ND"), default=0, minimum=-10, maximum=10),
                       TARGET[-1]),
               target=True, odds="rolecli_middle.odds:contest_odds", run="rolecli_middle.verbs:do_contest"),
    ActionSpec("strike", "resolve", L("golpear a un rival: uso de armas contra sus protecciones (004-R6, R7)",
                                      "strike a rival: weapon use against its protections (004-R6, R7)"),
               params=(blow_capability(),) + LD_PARAMS + BLOW + (
                   Param("with_mount", "bool", L("la montura entrenada golpea con el mismo LD (004-R10)",
                                                 "the trained mount strikes with the same LD (004-R10)"), default=False),
                   MOUNT_BONUS),
               target=True, odds="rolecli_middle.odds:strike_odds", run="rolecli_middle.verbs:do_strike"),
    ActionSpec("feint", "resolve", L("fintar: ataque a ND −2 sin daño; la próxima ronda ND +2 (004-R12)",
                                     "feint: an attack at ND −2 with no damage; next round ND +2 (004-R12)"),
               params=(blow_capability(),) + LD_PARAMS + TARGET[:2] + TARGET[-1:] + SITUATION, target=True, odds="rolecli_middle.odds:feint_odds", run="rolecli_middle.verbs:do_feint"),
    ActionSpec("mount-attack", "resolve", L("la montura golpea con el LD de domar bestias del jinete (004-R10)",
                                            "the mount strikes with the rider's beast-taming LD (004-R10)"),
               params=(capability(C.BEAST_TAMING),) + LD_PARAMS + BLOW, target=True, odds="rolecli_middle.odds:mount_attack_odds", run="rolecli_middle.verbs:do_mount_attack"),
    ActionSpec("blind", "resolve", L("cegar: bribonerías a ND −Vigilancia; Cegado tantas rondas como bribonerías (004-R12)",
                                     "blind: roguery at ND −Vigilance; Blinded as many rounds as roguery (004-R12)"),
               params=(capability(C.ROGUERY),) + LD_PARAMS + (
                   Param("vigilance", "int", L("Vigilancia del blanco (tirada rápida)", "the target's Vigilance (quick roll)"),
                         default=None, minimum=0, maximum=3), TARGET[-1]),
               target=True, odds="rolecli_middle.odds:blind_odds", run="rolecli_middle.verbs:do_blind"),
    ActionSpec("strike-weapon", "resolve", L("golpear el arma del rival, con arma grande (004-R8)",
                                             "strike the rival's weapon, with a large weapon (004-R8)"),
               params=(capability(C.WEAPON_USE),) + LD_PARAMS + WEAPON + (RIVAL_USE,), target=True, odds="rolecli_middle.odds:strike_weapon_odds", run="rolecli_middle.verbs:do_strike_weapon"),
    ActionSpec("duel", "resolve", L("un turno del duelo de desarme, o huir de él (004-R9)", "a turn of the disarm duel, or flee it (004-R9)"),
               params=(capability(C.WEAPON_USE), ND, STATES, TARGET[-1], RIVAL_USE,
                       Param("duel_nd", "int", L("ND acumulado en el duelo (tirada rápida)", "ND accumulated in the duel (quick roll)"),
                             default=None, minimum=-20, maximum=0),
                       Param("rival_duel_nd", "int", L("ND acumulado del rival (tirada rápida)", "the rival's accumulated ND (quick roll)"),
                             default=None, minimum=-20, maximum=0),
                       Param("flee", "bool", L("huir del duelo: el rival tiene un ataque gratis", "flee the duel: the rival gets a free strike"),
                             default=False)),
               target=True, odds="rolecli_middle.odds:duel_odds", run="rolecli_middle.verbs:do_duel"),
    ActionSpec("parry", "resolve", L("declarar paradas: uso de armas + 1 por ronda, en vez de protecciones (004-R11)",
                                     "declare parries: weapon use + 1 a round, instead of protections (004-R11)"),
               params=(Param("stop", "bool", L("dejar de parar", "stop parrying"), default=False),), actor="required", run="rolecli_middle.verbs:do_parry",
               # (it reads its parrier alone, sheet and state: a simulation's trials keep what a parry changed
               # by the parrier's state, not calling the hook at every hurt fighter's turn; icount 4.822M ->
               # 4.592M a middle trial, -4.8%)
               from_state=True),
    ActionSpec("cover", "resolve", L("cubrir a un aliado: golpearle es un nivel más difícil, al defensor uno más fácil (004-R13)",
                                     "cover an ally: hitting it is one level harder, the defender one level easier (004-R13)"),
               actor="required", target=True, run="rolecli_middle.verbs:do_cover"),
    ActionSpec("mount", "resolve", L("montar (acción especial; LD solo a toda velocidad, 004-R14)",
                                     "mount (a special action; an LD only at full speed, 004-R14)"),
               params=(capability(C.BEAST_TAMING), INNATE, ND, GOAL,
                       Param("full_speed", "bool", L("a toda velocidad", "at full speed"), default=False)), actor="required", run="rolecli_middle.verbs:do_mount"),
    ActionSpec("dismount", "resolve", L("desmontar (acción especial; LD solo a toda velocidad, 004-R14)",
                                        "dismount (a special action; an LD only at full speed, 004-R14)"),
               params=(capability(C.BEAST_TAMING), INNATE, ND, GOAL,
                       Param("full_speed", "bool", L("a toda velocidad", "at full speed"), default=False)), actor="required", run="rolecli_middle.verbs:do_dismount"),
    ActionSpec("insult", "resolve", L("vociferar improperios: charlatanerías > calma → Irritado (004-R14)",
                                      "hurl insults: charlatanry > calm → Enraged (004-R14)"),
               params=(capability(C.CHARLATANRY), INNATE, ND, STATES, rivals(L("calma", "calm"))), odds="rolecli_middle.odds:insult_odds", run="rolecli_middle.verbs:do_insult"),
    ActionSpec("threaten", "resolve", L("vociferar amenazas: ferocidad > 3 × valentía → huyen; si no, Acobardados (004-R14)",
                                        "shout threats: ferocity > 3 × valor → they flee; otherwise Cowed (004-R14)"),
               params=(capability(C.FEROCITY), INNATE, ND, STATES, rivals(L("valentía", "valor"))), odds="rolecli_middle.odds:threaten_odds", run="rolecli_middle.verbs:do_threaten"),
    ActionSpec("ambush", "resolve", L("emboscar: Sigilo a ND −Vigilancia de las víctimas (004-R15, paso 1)",
                                      "ambush: Stealth at ND −the victims' Vigilance (004-R15, step 1)"),
               params=(capability(C.STEALTH),) + LD_PARAMS + (
                   Param("victims", "list", L("víctimas: nombres, o en una tirada rápida su Vigilancia", "victims: names, or for a quick roll their Vigilance"),
                         default=()),), odds="rolecli_middle.odds:ambush_odds", run="rolecli_middle.verbs:do_ambush"),
    ActionSpec("morale", "resolve", L("fin del turno: LD de valentía si el bando perdió la mitad (004-R15, paso 4)",
                                      "end of the turn: valor LDs if the side lost half its number (004-R15, step 4)"),
               params=(Param("members", "list", L("miembros del bando: nombres, o en una tirada rápida la valentía de los que siguen en pie",
                                                  "the side's members: names, or for a quick roll the valor of those still standing"), default=()),
                       Param("fallen", "int", L("bajas que no están en la lista", "casualties not in the list"), default=0, minimum=0, maximum=1000),
                       Param("beasts", "bool", L("el bando son bestias: solo si muere su líder", "the side are beasts: only when their leader dies"),
                             default=False),
                       Param("leader", "str", L("el líder de las bestias", "the beasts' leader"), default=""),
                       Param("leader_dead", "bool", L("su líder ha muerto (tirada rápida)", "their leader is dead (quick roll)"), default=False),
                       Param("on_failure", "choice", L("quien falla huye o se rinde", "who fails flees or surrenders"), default="flee",
                             choices=("flee", "surrender"), policy=True),
                       ND, GOAL),
               actor="none", run="rolecli_middle.verbs:do_morale"),
    ActionSpec("mount-lost", "resolve", L("muere la montura: LD de calma o Irritado aun después del combate (004-R10)",
                                          "the mount died: a calm LD or Enraged even after the combat (004-R10)"),
               params=(capability(C.CALM), INNATE, ND, GOAL), actor="required", run="rolecli_middle.verbs:do_mount_lost"),
    ActionSpec("damage", "damage", L("aplica daño, con los efectos del lugar golpeado (004-R7)",
                                     "apply damage, with the effects of where it lands (004-R7)"),
               params=(Param("amount", "int", L("daño", "damage"), required=True, positional=True, minimum=0, maximum=10_000,
                             dice=True),
                       BLOW[0]) + WEAPON[:2] + (
                   Param("by", "str", L("quién lo causa (su arma cuenta para cercenar)", "who deals it (its weapon counts to sever)"), default=""),),
               actor="required", run="rolecli_middle.verbs:do_damage"),
    ActionSpec("state", "damage", L("pone o quita estados de batalla (o la muerte, a voluntad del Narrador)",
                                    "put or take battle states (or death, at the Narrator's will)"),
               params=(Param("add", "list", L(f"estados que pone ({', '.join(ORDER)}, muerto)", f"states to put ({', '.join(ORDER)}, muerto)"), default=()),
                       Param("remove", "list", L("estados que quita", "states to take away"), default=()),
                       Param("rounds", "int", L("rondas de Cegado (0: hasta el fin de escena)", "rounds of Blinded (0: until the scene ends)"),
                             default=0, minimum=0, maximum=100)),
               actor="required", run="rolecli_middle.verbs:do_state"),
    ActionSpec("recover", "recover", L("recuperación por un evento (valores por omisión del kit, no del libro)",
                                       "recovery on an event (the toolkit's defaults, not the book's)"),
               params=(Param("event", "choice", L("evento", "event"), required=True, positional=True,
                             choices=("end_of_round", "end_of_scene", "start_of_session", "rest")),), run="rolecli_middle.verbs:do_recover"),
    ActionSpec("initiative", "initiative", L("impulso: cada uno lanza un LD de impulso, el mayor primero (004-R15, paso 2)",
                                             "impulse: everyone throws an impulse LD, highest first (004-R15, step 2)"),
               params=(Param("impulses", "list", L("impulso de cada participante (tirada rápida)", "each participant's impulse (quick roll)"),
                             default=()),), actor="none", run="rolecli_middle.verbs:do_initiative"),
)

OPTIONS = (
    RuleOption("nd_minus2", "literal", L("ND −2: literal (el más bajo − el segundo, nunca pasa de 0) o difference (el segundo − el más bajo)",
                                         "ND −2: literal (lowest − second-lowest, never above 0) or difference (second-lowest − lowest)"),
               choices=("literal", "difference")),
    RuleOption("reading", "table", L("innata y capacidad 0: table (solo cambian la lectura normal) o shift (un nivel a cualquier ND)",
                                     "innate and rating 0: table (they change only the normal reading) or shift (one level at any ND)"),
               choices=("table", "shift")),
    RuleOption("weak_point_nd", -2, L("ND de golpear el punto débil (el texto no lo da)", "ND of striking the weak point (not in the text)"),
               minimum=-4, maximum=0),
    RuleOption("parry_tie", "defender", L("empate en una parada: defender (para) o attacker (el texto pide un LD mayor)",
                                          "a tied parry: defender (it parries) or attacker (the text asks for a higher LD)"),
               choices=("defender", "attacker")),
    RuleOption("threats", "literal", L("amenazas que no hacen huir: literal (Acobardados) o valor (solo si superan la valentía)",
                                       "threats that do not rout: literal (Cowed) or valor (only when above the valor)"),
               choices=("literal", "valor")),
)

EVENTS = (
    ("end_of_round", L("fin de la ronda", "end of the round")),
    ("end_of_scene", L("fin de escena", "end of scene")),
    ("start_of_session", L("inicio de sesión", "start of session")),
    ("rest", L("descanso", "rest")),
)

INFO = SystemInfo(name="middle", names=L("El del medio (d6 / d12 / d20)", "Middle of three (d6 / d12 / d20)"),
                  template=TEMPLATE, options=OPTIONS, actions=ACTIONS, events=EVENTS,
                  status_from_state=True, recovery_from_state=True,
                  reads_dice_records=False)
