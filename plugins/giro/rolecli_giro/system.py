"""What the Giro de Reloj system declares: its sheet, rule options, verbs and
events. Only declarations: the rules load when a verb runs."""

from __future__ import annotations

import sys

from rolecli.contract import ActionSpec, Field, Label, Param, RuleOption, SystemInfo

L = Label

# Ranges (the book gives none, GAP-7): the toolkit's, written here once.
ATTRIBUTE = (1, 12)
SKILL = (0, 12)
LIMIT = (0, 24)  # a limit typed as one number: the most attribute + skill can add up to
EXTRA = (0, 6)  # extra dice of one kind: more than a Cronista would grant
POINTS = (0, 12)
SALUD = 10  # The rulings: a character's salud unless its sheet says otherwise

TEMPLATE = (
    Field("atributos", "table", L("Atributos (Ímpetu, Precisión, Genio, Gracia, Perspicacia)",
                                  "Attributes (Ímpetu, Precisión, Genio, Gracia, Perspicacia)"),
          default={}, minimum=ATTRIBUTE[0], maximum=ATTRIBUTE[1]),
    Field("habilidades", "table", L("Habilidades (0: sin puntos)", "Skills (0: no points)"), default={},
          minimum=SKILL[0], maximum=SKILL[1]),
    Field("avanzadas", "list", L("Habilidades avanzadas de la ficha", "The sheet's advanced skills"), default=[]),
    Field("entrenadas", "list", L("Habilidades avanzadas en las que está entrenado", "Advanced skills it is trained in"),
          default=[]),
    Field("salud", "int", L("Salud (valor por defecto del toolkit)", "Health (the toolkit's default)"), default=SALUD,
          minimum=1, maximum=99),
    Field("heridas", "int", L("Salud perdida", "Health lost"), default=0, minimum=0, state=True),
    Field("consecuencias", "list", L("Consecuencias del Dado Nocturno narradas por el Cronista",
                                     "The Night Die's consequences the Cronista narrated"), default=[], state=True),
)

OPTIONS = (
    RuleOption("contest_tie", "stalemate", L("Empate en un enfrentamiento: stalemate (nadie gana), defender (gana "
                                             "quien se defiende) o reroll (se repite)",
                                             "A tie in a contest: stalemate (nobody wins), defender (the target "
                                             "wins) or reroll (roll the contest again)"),
               choices=("stalemate", "defender", "reroll")),
    RuleOption("initiative", "roll", L("Iniciativa: roll (un Dado Diurno contra el límite, como un enfrentamiento) "
                                       "o limit (el límite, sin dados)",
                                       "Initiative: roll (a Day Die against the limit, as in a contest) or limit "
                                       "(the limit, no dice)"), choices=("roll", "limit")),
)


def side_params(night_default: str, night_choices: tuple[str, ...], prefix: str = "", owner: str = "actor"):
    """The parameters of one side's Giro de Reloj; ``prefix="target_"`` for the
    other side of a contest. Declared once for every verb that rolls one."""
    whose = L("", "") if not prefix else L(" (oposición)", " (opposition)")

    def p(name: str, kind: str, es: str, en: str, **kw) -> Param:
        # its name interned, as the verbs' readers of it are: a look-up by the very key object
        return Param(sys.intern(prefix + name), kind, L(es + whose.es, en + whose.en), owner=owner, **kw)

    return (
        p("difficulty", "int", "Dificultad: 1 rutinaria … 6 o más, en extremo ardua",
          "Difficulty: 1 routine … 6 or more, extremely hard", default=1, minimum=1, maximum=12),
        p("quality", "int", "Calidad de la herramienta u otro factor que cambia el límite",
          "A tool's Quality or another factor that changes the limit", default=0, minimum=-6, maximum=6),
        p("extra_day", "int", "Dados Diurnos adicionales (inspirado por una motivación...)",
          "Extra Day Dice (inspired by a motivation...)", default=0, minimum=EXTRA[0], maximum=EXTRA[1]),
        p("assist", "list", "Quienes asisten: nombres de la campaña o un número; +1 Dado Diurno cada uno",
          "Who assists: campaign names or a number; +1 Day Die each", default=()),
        p("extra_night", "int", "Dados Nocturnos adicionales (se toma el más alto)",
          "Extra Night Dice (the highest is taken)", default=0, minimum=EXTRA[0], maximum=EXTRA[1]),
        p("tempt", "bool", "Tentar al destino: +1 Dado Nocturno y todos los dados son Nocturnos",
          "Tempt fate: +1 Night Die and every die becomes a Night Die", default=False),
        p("night_turn", "bool", "Giro Nocturno impuesto por el Cronista: solo el Dado Nocturno, una vez",
          "Night Turn imposed by the Cronista: the Night Die alone, once", default=False),
        p("advanced", "bool", "El desafío es de una habilidad avanzada", "The challenge is of an advanced skill",
          default=False),
        p("untrained", "bool", "Sin entrenamiento en esa habilidad avanzada (fuerza un Giro Nocturno)",
          "Untrained in that advanced skill (forces a Night Turn)", default=False),
        p("adjust", "int", "Ajuste: puntos a repartir entre los dados propios", "Adjustment: points to split across "
          "one's own dice", default=0, minimum=POINTS[0], maximum=POINTS[1]),
        p("adjust_day", "str", "Puntos de ajuste al Dado Diurno (+N/-N), o auto",
          "Adjustment points put on the Day Die (+N/-N), or auto", default="auto", policy=True),
        p("adjust_night", "str", "Puntos de ajuste al Dado Nocturno (+N/-N), o auto",
          "Adjustment points put on the Night Die (+N/-N), or auto", default="auto", policy=True),
        p("night", "choice", "Cuándo tirar el Dado Nocturno (on-failure/on-loss: solo si aún puede lograrlo; "
          "always: aunque no pueda)", "When to roll the Night Die (on-failure/on-loss: only when it can still "
          "succeed or win; always: even when it cannot)", default=night_default,
          choices=night_choices, policy=True),
        p("keep_day", "str", "Qué Dado Diurno conservar: best o su valor", "Which Day Die to keep: best, or its value",
          default="best", policy=True),
        p("pick", "list", "Opciones elegidas de un Desafío Flexible (por defecto la mejor)",
          "Options chosen in a flexible challenge (the best by default)", default=(), policy=True),
        p("success_factor_mod", "int", "Modificador del Factor de Éxito (nunca baja de 1)",
          "Success Factor modifier (never below 1)", default=0, minimum=-12, maximum=12),
        p("failure_factor_mod", "int", "Modificador del Factor de Fracaso (nunca baja de 1)",
          "Failure Factor modifier (never below 1)", default=0, minimum=-12, maximum=12),
        p("consequence", "str", "Consecuencia del Dado Nocturno que narra el Cronista (se anota en el personaje)",
          "The Night Die's consequence the Cronista narrates (noted on the character)", default=""),
    )


def _challenge(name: str, es: str, en: str, owner: str = "actor", required: bool = True) -> Param:
    return Param(name, "rating", L(es, en), default=None, required=required, positional=True, owner=owner)


CHALLENGE = _challenge("challenge", "Desafío: Atributo + Habilidad (y/e: encadenado, o/u: flexible), o números "
                       "(4+3, o el límite 7)", "Challenge: Attribute + Skill (y/e: chained, o/u: flexible), or "
                       "numbers (4+3, or the limit 7)")
TEST_SIDE = side_params("on-failure", ("never", "on-failure", "always"))
CONTEST = ("never", "on-failure", "on-loss", "always")
CONTEST_SIDES = side_params("on-loss", CONTEST) + side_params("on-loss", CONTEST, "target_", "target")
WEAPON = (Param("weapon", "int", L("Bonificación del arma al daño", "The weapon's damage bonus"), default=0,
                minimum=0, maximum=12),
          Param("target_weapon", "int", L("Bonificación del arma de la oposición (con --mutual)",
                                          "The opposition's weapon bonus (with --mutual)"), default=0,
                minimum=0, maximum=12),
          Param("mutual", "bool", L("Ambos atacan en el mismo turno: quien gana golpea",
                                    "Both attack in the same turn: the winner hits"), default=False))
EVENTS = (
    ("end_of_scene", L("fin de escena", "end of scene")),
    ("start_of_session", L("inicio de sesión", "start of session")),
    ("rest", L("descanso (tirada de curación)", "rest (a healing roll)")),
)
_POINTS = Param("points", "int", L("Puntos de salud", "Health points"), required=True, positional=True,
                minimum=0, maximum=99, dice=True)

ACTIONS = (
    ActionSpec("roll", "roll", L("Tira Dados Diurnos y Nocturnos sin reglas", "Roll Day and Night Dice, no rules"),
               (Param("day_dice", "int", L("Dados Diurnos", "Day Dice"), default=1, minimum=1, maximum=12),
                Param("night_dice", "int", L("Dados Nocturnos", "Night Dice"), default=1, minimum=1, maximum=12)),
               actor="none", run="rolecli_giro.verbs:roll"),
    ActionSpec("check", "resolve", L("Prueba: un Giro de Reloj contra la dificultad del Cronista",
                                     "Test: a Giro de Reloj against the Cronista's difficulty"),
               (CHALLENGE,) + TEST_SIDE, odds="rolecli_giro.verbs:odds", run="rolecli_giro.verbs:check"),
    ActionSpec("contest", "resolve", L("Enfrentamiento: gana el resultado más alto sin pasarse del límite",
                                       "Contest: the highest result within its own limit wins"),
               (CHALLENGE, _challenge("opposition", "Desafío de la oposición", "The opposition's challenge",
                                      "target")) + CONTEST_SIDES, target=True, odds="rolecli_giro.verbs:odds", run="rolecli_giro.verbs:contest"),
    ActionSpec("attack", "resolve", L("Ataque: enfrentamiento (o prueba sin defensa); el daño es el Factor de Éxito "
                                      "más el arma", "Attack: a contest (or a test with no defence); the damage is "
                                      "the Success Factor plus the weapon"),
               (CHALLENGE, _challenge("defence", "Desafío de defensa del blanco (sin él: prueba)",
                                      "The target's defence (without it: a test)", "target", required=False))
               + CONTEST_SIDES + WEAPON, target=True, odds="rolecli_giro.verbs:odds", run="rolecli_giro.verbs:contest"),
    ActionSpec("automatic", "resolve", L("Éxito o fallo automático: el factor es 1d12",
                                         "Automatic success or failure: the factor is 1d12"),
               (Param("result", "choice", L("success o failure", "success or failure"), required=True,
                      positional=True, choices=("success", "failure")),
                *(p for p in TEST_SIDE if p.name.endswith("factor_mod"))), run="rolecli_giro.verbs:automatic"),
    ActionSpec("damage", "damage", L("Daño a la salud (valor por defecto del toolkit)",
                                     "Damage to health (the toolkit's default)"), (_POINTS,), actor="required",
               run="rolecli_giro.verbs:damage"),
    ActionSpec("heal", "damage", L("Cura puntos de salud", "Heal health points"), (_POINTS,), actor="required",
               run="rolecli_giro.verbs:heal"),
    ActionSpec("recover", "recover", L("Recuperación: el descanso cura el Factor de Éxito de una tirada de curación",
                                       "Recovery: a rest heals the Success Factor of a healing roll"),
               (Param("event", "choice", L("Evento", "Event"), required=True, positional=True,
                      choices=tuple(e for e, _ in EVENTS)),
                Param("healing", "rating", L("Desafío de la tirada de curación al descansar (sin él: éxito "
                                             "automático, 1d12)", "The healing roll's challenge on a rest "
                                             "(without it: an automatic success, 1d12)"), default=""),
                *(p for p in TEST_SIDE if p.name in ("difficulty", "night"))), run="rolecli_giro.verbs:recover"),
    ActionSpec("initiative", "initiative", L("Orden de iniciativa", "Initiative order"),
               (Param("traits", "rating", L("Desafío de iniciativa", "The initiative challenge"),
                      default="Gracia + Percepción"),
                Param("entrants", "list", L("Sin campaña: Nombre=límite, ...", "Without a campaign: Name=limit, ..."),
                      default=())),
               actor="none", run="rolecli_giro.initiative:order"),
)

INFO = SystemInfo(name="giro", names=L("Giro de Reloj (Dado Diurno y Dado Nocturno)",
                                       "Giro de Reloj (Day Die and Night Die)"),
                  template=TEMPLATE, options=OPTIONS, actions=ACTIONS, events=EVENTS,
                  status_from_state=True, recovery_from_state=True,
                  reads_dice_records=False)
