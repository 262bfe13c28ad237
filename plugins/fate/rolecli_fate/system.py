"""What the Caminantes system declares: template, rule options, verbs, events."""

from __future__ import annotations

from rolecli.contract import ActionSpec, Field, Label, Param, RuleOption, SystemInfo

from . import ladder

L = Label

SKILL = Param("skill", "rating", L("habilidad (número, adjetivo o nombre de habilidad)",
                                   "skill (number, adjective or skill name)"), required=True, positional=True)

ROLL_MODS: tuple[Param, ...] = (
    # ±20 is far beyond the ladder (−2..+8); the bounds keep a push's or a throw's reach computable.
    Param("modifier", "int", L("modificador del Guionista", "GM's modifier"), default=0, minimum=-20, maximum=20),
    Param("complement", "list", L("habilidades que complementan (solo +1)", "complementing skills (+1 only)"), default=()),
    Param("restrict", "list", L("habilidades que restringen (solo −1)", "restricting skills (−1 only)"), default=()),
    Param("modify", "list", L("habilidades que modifican (+1 o −1)", "modifying skills (+1 or −1)"), default=()),
    Param("extended", "bool", L("conflicto prolongado: Resistencia restringe", "extended conflict: Endurance restricts"), default=False),
    Param("supplemental", "int", L("acciones suplementarias (−1 cada una)", "supplemental actions (−1 each)"), default=0, minimum=0),
    Param("move", "int", L("zonas movidas como acción suplementaria (0 o 1)", "zones moved as a supplemental action (0 or 1)"),
          default=0, minimum=0, maximum=1),
    Param("border", "int", L("borde cruzado al moverse (suma al penalizador)", "border crossed when moving (adds to the penalty)"),
          default=0, minimum=0),
    Param("carry", "int", L("factor de peso de lo que se carga al moverse", "weight factor carried while moving"), default=0, minimum=0),
    Param("rearm", "int", L("recoger el arma tras un desarme de N excedentes: −(1+N)", "pick up the weapon after a disarm of N shifts: −(1+N)"),
          default=0, minimum=0),
    Param("invoke", "list", L("aspectos invocados o etiquetados (+2 cada uno)", "aspects invoked or tagged (+2 each)"), default=()),
    Param("reroll", "str", L("aspecto a invocar para repetir la tirada si falla", "aspect to invoke to reroll if the roll fails"),
          default="", policy=True),
    Param("spin", "int", L("Giro aplicado a esta tirada (+1 o −1)", "Spin applied to this roll (+1 or −1)"), default=0, minimum=-1, maximum=1),
    Param("companion", "bool", L("un compañero ayuda (+1)", "a companion helps (+1)"), default=False),
    Param("group", "int", L("tamaño del grupo que actúa, con el líder (0 = automático)", "size of the acting group, leader included (0 = automatic)"),
          default=0, minimum=0),
)

OPP_MODS: tuple[Param, ...] = (
    Param("target_modifier", "int", L("modificador de la oposición", "opposition's modifier"), default=0,
          minimum=-20, maximum=20),
    Param("target_invoke", "list", L("aspectos que invoca la oposición (+2 cada uno)", "aspects the opposition invokes (+2 each)"), default=()),
    Param("full_defence", "bool", L("la defensa está en Defensa Total (+2)", "the defence is in full defence (+2)"), default=False),
)

DAMAGE: tuple[Param, ...] = (
    Param("track", "choice", L("barra de estrés", "stress track"), default="salud", choices=("salud", "compostura")),
    Param("consequences", "str", L("consecuencias: auto, none o una lista (menor,mayor,severa,extrema,companero)",
                                   "consequences: auto, none or a list (menor,mayor,severa,extrema,companero)"),
          default="auto", policy=True),
    Param("describe", "list", L("texto de cada consecuencia tomada", "text of each consequence taken"), default=()),
    Param("concede", "choice", L("ofrecer concesión al tomar consecuencia (auto: por Aspereza)",
                                 "offer a concession when taking a consequence (auto: by Aspereza)"),
          default="auto", choices=("auto", "yes", "no"), policy=True),
    Param("reply", "choice", L("respuesta a la concesión", "reply to the concession"), default="accept",
          choices=("accept", "refuse"), policy=True),
    Param("bargain", "bool", L("si cae Fuera de Combate, gastar todos los PD para negociar el resultado",
                               "if Taken Out, spend all Fate points to bargain the outcome"), default=False, policy=True),
    Param("caminante", "bool", L("el golpe es de un Caminante", "the hit comes from a Caminante"), default=False),
)

DIFFICULTY = Param("difficulty", "str", L("dificultad (número o adjetivo de la escalera)", "difficulty (number or ladder adjective)"),
                   default="Promedio")

ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("roll", "roll", L("tira 4dF sin reglas", "roll 4dF, no rules applied"), actor="none"),
    ActionSpec("check", "resolve", L("acción simple: habilidad + 4dF contra una dificultad", "simple action: skill + 4dF against a difficulty"),
               params=(SKILL, DIFFICULTY, Param("full_defence", "bool", L("Defensa Total (+2) en esta tirada de defensa", "full defence (+2) on this defence roll"), default=False)) + ROLL_MODS,
               odds=True),
    ActionSpec("contest", "resolve", L("competencia: el más alto vence a una dificultad igual al más bajo",
                                       "contest: the higher beats a difficulty equal to the lower"),
               params=(SKILL, Param("opposition", "rating", L("habilidad de la oposición", "opposition's skill"), required=True,
                                    positional=True, owner="target")) + ROLL_MODS + OPP_MODS, target=True, odds=True),
    ActionSpec("attack", "resolve", L("ataque: los excedentes son estrés sobre el blanco", "attack: shifts become stress on the target"),
               params=(SKILL, Param("defence", "rating", L("habilidad de defensa del blanco", "target's defence skill"), required=True,
                                    positional=True, owner="target"),
                       Param("block", "int", L("fuerza de un bloqueo que protege al blanco", "strength of a block protecting the target"),
                             default=None)) + ROLL_MODS + OPP_MODS + DAMAGE, target=True, odds=True),
    ActionSpec("maneuver", "resolve", L("maniobra: coloca un aspecto temporal", "maneuver: place a temporary aspect"),
               params=(SKILL, Param("aspect", "str", L("aspecto temporal a colocar", "temporary aspect to place"), required=True),
                       Param("opposition", "rating", L("habilidad de la oposición (sin ella: acción simple)",
                                                       "opposition's skill (without it: a simple action)"), default=None, owner="target"),
                       DIFFICULTY,
                       Param("sticky", "bool", L("aspecto pegado (si no, frágil)", "sticky aspect (else fragile)"), default=False),
                       Param("avoid", "choice", L("el blanco acepta el aspecto o paga 1 PD para evitarlo",
                                                  "the target accepts the aspect or pays 1 FP to avoid it"),
                             default="accept", choices=("accept", "pay"), policy=True)) + ROLL_MODS + OPP_MODS, target=True),
    ActionSpec("block", "resolve", L("bloqueo: la tirada es la fuerza del bloqueo", "block: the roll is the block strength"),
               params=(SKILL,) + ROLL_MODS, target=True),
    ActionSpec("defend", "resolve", L("Defensa Total: +2 a toda defensa y reacción durante el asalto, en lugar de actuar",
                                      "full defence: +2 to every defence and reaction for the round, instead of acting"),
               actor="required"),
    ActionSpec("overcome", "resolve", L("superar un bloqueo: hace falta al menos 1 excedente", "overcome a block: at least 1 shift needed"),
               params=(SKILL, Param("block", "int", L("fuerza del bloqueo", "block strength"), required=True)) + ROLL_MODS),
    ActionSpec("sprint", "resolve", L("carrera: zonas = excedentes − borde", "sprint: zones = shifts − border"),
               params=(SKILL, Param("difficulty", "str", L("dificultad", "difficulty"), default="Mediocre"),
                       Param("border_total", "int", L("suma de los bordes del camino", "sum of the borders on the way"), default=0,
                             minimum=0)) + ROLL_MODS),
    ActionSpec("push", "resolve", L("empujar: excedentes ≥ peso + zonas", "push: shifts ≥ weight + zones"),
               params=(SKILL, Param("opposition", "rating", L("habilidad de la oposición", "opposition's skill"), default="0", owner="target"),
                       Param("weight", "int", L("factor de peso (persona normal 2)", "weight factor (normal person 2)"), default=2, minimum=0),
                       Param("zones", "int", L("zonas", "zones"), default=1, minimum=1, maximum=100)) + ROLL_MODS + OPP_MODS, target=True),
    ActionSpec("throw", "resolve", L("apartar/arrojar: Σ(peso + k) por k = 1..zonas", "throw: Σ(weight + k) for k = 1..zones"),
               params=(SKILL, Param("opposition", "rating", L("habilidad de la oposición", "opposition's skill"), default="0", owner="target"),
                       Param("weight", "int", L("factor de peso (persona normal 2)", "weight factor (normal person 2)"), default=2, minimum=0),
                       Param("zones", "int", L("zonas", "zones"), default=1, minimum=1, maximum=100)) + ROLL_MODS + OPP_MODS, target=True),
    ActionSpec("concede", "resolve", L("ofrecer una concesión", "offer a concession"),
               params=(Param("reply", "choice", L("respuesta del rival", "the opponent's reply"), default="accept",
                             choices=("accept", "refuse"), policy=True),
                       Param("reasonable", "bool", L("el Guionista la juzga razonable", "the GM rules it reasonable"), default=True)),
               actor="required", target=True),
    ActionSpec("compel", "resolve", L("forzar un aspecto: aceptar (+1 PD) o rechazar (−1 PD)", "compel an aspect: accept (+1 FP) or refuse (−1 FP)"),
               params=(Param("aspect", "str", L("aspecto forzado", "aspect compelled"), required=True, positional=True),
                       Param("reply", "choice", L("aceptar o rechazar", "accept or refuse"), default="accept",
                             choices=("accept", "refuse"), policy=True)),
               actor="required"),
    ActionSpec("damage", "damage", L("aplica estrés a un personaje o grupo de sicarios", "apply stress to a character or minion group"),
               params=(Param("stress", "int", L("estrés", "stress"), required=True, positional=True, minimum=0,
                             dice=True),
                       Param("by", "str", L("quién causa el daño (pierde 1 PD si rechaza una concesión)",
                                            "who deals the harm (loses 1 FP if refusing a concession)"), default="")) + DAMAGE,
               actor="required"),
    ActionSpec("recover", "recover", L("recuperación por un evento", "recovery on an event"),
               params=(Param("event", "choice", L("evento", "event"), required=True, positional=True,
                             choices=("end_of_scene", "start_of_session", "rest", "downtime", "treatment", "circumstances")),
                       Param("rested", "bool", L("hubo descanso entre escenas (si no, la Menor se conserva)",
                                                 "there was a rest between scenes (else the Minor stays)"), default=True)),
               actor="optional"),
    ActionSpec("initiative", "initiative", L("orden de iniciativa", "initiative order"),
               params=(Param("kind", "choice", L("tipo de conflicto", "kind of conflict"), default="physical",
                             choices=("physical", "social", "mental")),
                       Param("round", "int", L("asalto (iniciativa rotativa)", "round (rotating initiative)"), default=1, minimum=1),
                       Param("rotating", "bool", L("iniciativa rotativa", "rotating initiative"), default=False)),
               actor="none"),
)

OPTIONS = (
    RuleOption("stress", "points", L("llenado de la barra: points (N casillas) o sotc (casilla N y siguientes)",
                                     "track filling: points (N boxes) or sotc (box N, rolling up)"), choices=("points", "sotc")),
    RuleOption("max_consequences", 3, L("consecuencias a la vez", "consequences held at once"), minimum=1, maximum=4),
    RuleOption("refresh", 5, L("puntos de destino al inicio de sesión", "Fate points refreshed at session start"), minimum=0, maximum=20),
    RuleOption("contest_tie", "tie", L("empate en competencia: tie (ambos éxito) o reroll", "contest tie: tie (both succeed) or reroll"),
               choices=("tie", "reroll")),
    RuleOption("initiative", "skills", L("iniciativa: skills (Alerta/Empatía) o rotating", "initiative: skills (Alertness/Empathy) or rotating"),
               choices=("skills", "rotating")),
    RuleOption("combine", "procedure", L("combinar habilidades: procedure (+1 y −1 se cancelan) o literal (varias = 0)",
                                         "combining skills: procedure (+1 and −1 cancel) or literal (several = 0)"),
               choices=("procedure", "literal")),
    RuleOption("throw_cost", "sum", L("coste de apartar: sum (Σ peso+k) o threshold (peso+zonas)",
                                      "throw cost: sum (Σ weight+k) or threshold (weight+zones)"), choices=("sum", "threshold")),
)

BOXES = tuple(str(box) for box in range(1, 9))  # a stress track's boxes: 5, plus 3 at most (stress.track_size)

TEMPLATE = (
    Field("habilidades", "table", L("habilidades", "skills"), default={}, minimum=ladder.MIN, maximum=ladder.MAX,
          aliases=ladder.NAMES),
    Field("aspectos", "list", L("aspectos", "aspects"), default=[]),
    Field("puntos_destino", "int", L("puntos de destino", "Fate points"), default=None, minimum=0, state=True),
    Field("salud", "list", L("Salud: casillas marcadas", "Health: boxes marked"), default=[], state=True, choices=BOXES),
    Field("compostura", "list", L("Compostura: casillas marcadas", "Composure: boxes marked"), default=[], state=True,
          choices=BOXES),
    Field("consecuencias", "list", L("consecuencias", "consequences"), default=[], state=True),
    Field("aspectos_temporales", "list", L("aspectos temporales", "temporary aspects"), default=[], state=True),
    Field("fuera", "str", L("fuera del conflicto", "out of the conflict"), default="", choices=("", "taken_out", "conceded"), state=True),
    Field("consecuencia_tomada", "bool", L("tomó una consecuencia en este conflicto", "took a consequence in this conflict"),
          default=False, state=True),
    Field("concesion_ofrecida", "bool", L("ofreció su concesión de este conflicto", "offered its concession of this conflict"),
          default=False, state=True),
    Field("aspereza", "int", L("Aspereza (PNJ)", "Grit (NPC)"), default=None, minimum=0),
    Field("companeros", "int", L("compañeros unidos", "companions attached"), default=None, minimum=0),
    Field("calidad", "int", L("Calidad de los sicarios", "minions' Quality"), default=None, minimum=1, maximum=3),
    # A horde of 1,000 is far beyond any table (the group bonus stops growing at 10, 000-R45).
    Field("cantidad", "int", L("número de sicarios", "number of minions"), default=None, minimum=0, maximum=1000),
    Field("lider", "str", L("líder unido al grupo", "leader attached to the group"), default=""),
    Field("sicarios_fuera", "int", L("sicarios fuera de combate", "minions taken out"), default=None, minimum=0, state=True),
    Field("sicario_estres", "int", L("casillas marcadas del sicario de delante", "boxes marked on the front minion"),
          default=None, minimum=0, state=True),
    Field("escena", "bool", L("es la escena (sus aspectos son de escena)", "is the scene (its aspects are scene aspects)"), default=False),
)

EVENTS = (
    ("end_of_scene", L("fin de escena", "end of scene")),
    ("start_of_session", L("inicio de sesión", "start of session")),
    ("rest", L("descanso (una noche)", "rest (a night)")),
    ("downtime", L("descanso largo (días o semanas)", "downtime (days or weeks)")),
    ("treatment", L("tratamiento médico", "medical treatment")),
    ("circumstances", L("cambio de circunstancias", "change of circumstances")),
)

INFO = SystemInfo(name="fate", names=L("Caminantes (estilo Fate)", "Caminantes (Fate style)"), template=TEMPLATE,
                  options=OPTIONS, actions=ACTIONS, events=EVENTS)
