"""What the AAA system declares: its sheet template, rule options, verbs and events."""

from __future__ import annotations

from rolecli.contract import ActionSpec, Field, Label, Param, RuleOption, SystemInfo

from .combat import MOVE_MODES, PHASES
from .steps import SITUATIONS

NAME = "alternity"
NAMES = Label("AAA (estilo Alternity)", "AAA (Alternity style)")

EVENTS = (
    ("end_of_scene", Label("fin de escena", "end of scene")),
    ("start_of_session", Label("inicio de sesión", "start of session")),
    ("rest", Label("descanso completo (por horas)", "complete rest (by the hour)")),
    ("act", Label("inicio de un Acto", "start of an Act")),
    ("round", Label("nuevo asalto (noqueados)", "new round (knocked out characters)")),
    ("end_of_phase", Label("fin de fase (daño pendiente)", "end of phase (pending damage)")),
    ("end_of_round", Label("fin de asalto (daño pendiente, y noqueados del asalto siguiente)",
                           "end of round (pending damage, then the next round's knocked out characters)")),
)

_ABILITY = dict(kind="int", default=10, minimum=1, maximum=25)
TEMPLATE = (
    Field("FUE", label=Label("Fuerza", "Strength"), **_ABILITY),
    Field("DES", label=Label("Destreza", "Dexterity"), **_ABILITY),
    Field("CON", label=Label("Constitución", "Constitution"), **_ABILITY),
    Field("INT", label=Label("Inteligencia", "Intelligence"), **_ABILITY),
    Field("VOL", label=Label("Voluntad", "Will"), **_ABILITY),
    Field("PER", label=Label("Personalidad", "Personality"), **_ABILITY),
    Field("skills", "table", Label("Habilidades (General-especialidad = puntuación)", "Skills (Broad-specialty = score)"),
          default={}, minimum=0, maximum=40),
    Field("profession", "str", Label("Profesión", "Profession"), default=""),
    Field("profession_bonus", "int", Label("Bonificación de profesión a la tirada de acción",
                                           "Profession bonus to the action check"), default=0, minimum=0, maximum=5),
    Field("action_check", "int", Label("Puntuación de tirada de acción (si no: ⌊(DES+INT)/2⌋ + profesión)",
                                       "Action check score (else ⌊(DEX+INT)/2⌋ + profession)"), minimum=0, maximum=40),
    Field("actions", "int", Label("Acciones por asalto (si no: por CON+VOL)", "Actions per round (else from CON+WIL)"),
          minimum=1, maximum=4),
    Field("stun_max", "int", Label("Casillas de aturdimiento (si no: CON)", "Stun boxes (else CON)"), minimum=1, maximum=50),
    Field("wound_max", "int", Label("Casillas de herida (si no: CON)", "Wound boxes (else CON)"), minimum=1, maximum=50),
    Field("mortal_max", "int", Label("Casillas mortales (si no: ⌈CON/2⌉)", "Mortal boxes (else ⌈CON/2⌉)"), minimum=1, maximum=50),
    Field("fatigue_max", "int", Label("Casillas de fatiga (si no: ⌈CON/2⌉)", "Fatigue boxes (else ⌈CON/2⌉)"), minimum=1, maximum=50),
    Field("last_resorts", "int", Label("Puntos de último recurso (si no: por PER)", "Last resort points (else from PER)"),
          minimum=0, maximum=10),
    Field("res_fue", "int", Label("Modificador de resistencia de FUE", "STR resistance modifier"), default=0, minimum=-5, maximum=5),
    Field("res_des", "int", Label("Modificador de resistencia de DES", "DEX resistance modifier"), default=0, minimum=-5, maximum=5),
    Field("ambidextrous", "bool", Label("Ambidiestro", "Ambidextrous"), default=False),
    Field("free_agent", "bool", Label("Agente Libre (2 últimos recursos a la vez)", "Free Agent (2 last resorts at once)"),
          default=False),
    # movement speeds in metres per phase (002-R40/R41): optional, read by `move`
    *(Field(f"speed_{mode}", "int", Label(f"Velocidad {es} (m por fase)", f"{en} speed (m per phase)"),
            minimum=0, maximum=500)
      for mode, es, en in (("walk", "a pie", "Walk"), ("run", "corriendo", "Run"), ("sprint", "de sprint", "Sprint"),
                           ("swim", "de nado", "Swim"), ("easy_swim", "de nado fácil", "Easy swim"),
                           ("fly", "de vuelo", "Fly"), ("glide", "de planeo", "Glide"))),
    # the state the tool keeps
    Field("stun", "int", Label("Aturdimiento marcado", "Stun marked"), default=0, minimum=0, state=True),
    Field("wound", "int", Label("Heridas marcadas", "Wounds marked"), default=0, minimum=0, state=True),
    Field("mortal", "int", Label("Daño mortal marcado", "Mortal marked"), default=0, minimum=0, state=True),
    Field("fatigue", "int", Label("Fatiga marcada", "Fatigue marked"), default=0, minimum=0, state=True),
    Field("last_resorts_spent", "int", Label("Últimos recursos gastados en este Acto", "Last resorts spent this Act"),
          default=0, minimum=0, state=True),
    Field("status", "str", Label("Estado", "Status"), default="ok", choices=("ok", "ko", "dead"), state=True),
    Field("ko_cause", "str", Label("Causa del noqueo", "Knockout cause"), default="",
          choices=("", "stun", "wound", "fatigue", "drowning"), state=True),
    Field("ko_wait", "int", Label("Asaltos antes de tirar para despertar", "Rounds before the wake-up roll"),
          default=0, minimum=0, state=True),
    Field("out_rounds", "int", Label("Asaltos sin poder actuar tras despertar", "Rounds unable to act after waking"),
          default=0, minimum=0, state=True),
    Field("fatigue_hold", "bool", Label("Fatiga completa, aguantando", "Fatigue full, holding on"), default=False, state=True),
    Field("hurt_this_scene", "bool", Label("Herida o daño mortal en esta escena", "Wound or mortal damage this scene"),
          default=False, state=True),
    Field("mortal_this_scene", "bool", Label("Daño mortal en esta escena", "Mortal damage this scene"),
          default=False, state=True),
    Field("treated", "bool", Label("Moribundo tratado (tiradas diarias)", "Dying and treated (daily rolls)"),
          default=False, state=True),
    Field("bad_luck", "int", Label("Mala suerte pendiente", "Pending bad luck"), default=0, minimum=0, state=True),
    Field("delayed", "bool", Label("Esperó todo el asalto: cuenta como Asombroso", "Waited the whole round: counts as Amazing"),
          default=False, state=True),
    Field("pending", "list", Label("Daño pendiente hasta el fin de fase", "Damage pending until the end of the phase"),
          default=[], state=True),
)

OPTIONS = (
    RuleOption("dazed_stun", True, Label("Regla opcional Aturdido por aturdimiento: +1 paso con más de la mitad marcado",
                                         "Optional Dazed rule for stun: +1 step with over half the boxes marked"),
               choices=(True, False)),
    RuleOption("dazed_wound", True, Label("Regla opcional Aturdido por heridas: +1 paso con más de la mitad marcado",
                                          "Optional Dazed rule for wounds: +1 step with over half the boxes marked"),
               choices=(True, False)),
    RuleOption("help_stack", "sum", Label("Varios ayudantes: sumar sus pasos o quedarse con el mejor",
                                          "Several helpers: add their steps up or keep the best"),
               choices=("sum", "best")),
    RuleOption("clamp_bonus", False, Label("Bonificaciones más allá de −d20: quedarse en −d20 en vez de rechazar",
                                           "Bonuses beyond −d20: stay at −d20 instead of refusing"),
               choices=(True, False)),
    RuleOption("scene_fatigue", True, Label("Tirada de fatiga al final de una escena con heridas o daño mortal",
                                            "Fatigue roll at the end of a scene with wound or mortal damage"),
               choices=(True, False)),
    RuleOption("breath_knockout", "failure",
               Label("Contener la respiración: inconsciente con un Fracaso o Fallo Crítico (texto) o solo al perder el último aturdimiento (ejemplo de Jack)",
                     "Holding breath: unconscious on a Failure or Critical Failure (rule text) or only with the last stun box (Jack's example)"),
               choices=("failure", "stun")),
    RuleOption("phase_damage", "immediate",
               Label("Daño de un ataque en campaña: al momento, o pendiente hasta el evento end_of_phase",
                     "Damage of a campaign attack: at once, or pending until the end_of_phase event"),
               choices=("immediate", "end_of_phase")),
    RuleOption("challenge_critical", "step",
               Label("Fallo Crítico en un camino de desafío: pierde la unidad de tiempo (unit), además los éxitos del paso en curso (step) o el desafío entero (fail)",
                     "Critical Failure on a challenge path: costs the time unit (unit), also the current step's successes (step) or the whole challenge (fail)"),
               choices=("unit", "step", "fail")),
)


_l = Label  # short: the verbs' texts below are many


_SCORE = Param("score", "rating", _l("Puntuación: número, habilidad (Atletismo, Atletismo-saltar) o característica (DES)",
                                     "Score: a number, a skill (Athletics, Athletics-jump) or an ability (DEX)"),
               required=True, positional=True)
_SITUATION_HELP = ", ".join(f"{lab.es} {s:+d}" for s, lab in SITUATIONS)
_MODIFIERS = (
    Param("steps", "int", _l("Pasos de modificadores: penalizaciones +, bonificaciones −",
                             "Steps of modifiers: penalties +, bonuses −"), default=0, minimum=-30, maximum=30),
    Param("situation", "str", _l(f"Enfoque a ojo, en pasos: {_SITUATION_HELP}",
                                 "Eyeball approach, as steps: No Sweat −5 … Nearly Impossible +7"), default=""),
    Param("kind", "choice", _l("Tipo de tirada (dado base): auto, especialidad +d0, general +d4, proeza +d4, sin entrenar ½ a +d4",
                               "Kind of check (base die): auto, specialty +d0, broad +d4, feat +d4, untrained ½ at +d4"),
          default="auto", choices=("auto", "specialty", "broad", "feat", "untrained")),
    Param("base", "str", _l("Dado de situación base explícito (+d4…)", "Explicit base situation die (+d4…)"), default=""),
    Param("helpers", "list", _l("Grados de los ayudantes (cf,f,o,g,a)", "Helpers' degrees (cf,f,o,g,a)"), default=()),
    Param("two_actions", "choice", _l("Dos acciones a la vez: principal +2, secundaria +4",
                                      "Two actions at once: primary +2, secondary +4"),
          default="none", choices=("none", "primary", "secondary")),
    Param("two_weapons", "choice", _l("Dos armas: mano hábil +2, mano torpe +4", "Two weapons: main hand +2, off hand +4"),
          default="none", choices=("none", "main", "off")),
    Param("ambidextrous", "bool", _l("Ambidiestro (la mano torpe cuenta como hábil)", "Ambidextrous (off hand counts as main)"),
          default=False),
    Param("aim", "bool", _l("Apuntó en su fase anterior: −1 paso", "Aimed in the previous phase: −1 step"), default=False),
    Param("gravity", "choice", _l("Gravedad: ligera +1, cero +3 (acciones físicas)", "Gravity: light +1, zero +3 (physical actions)"),
          default="normal", choices=("normal", "light", "zero")),
    Param("moving", "choice", _l("Moverse y actuar en la misma fase", "Moving and acting in the same phase"),
          default="none", choices=("none", "walk", "run", "fly", "sprint", "swim")),
    Param("load", "float", _l("Carga en kg (habilidades de FUE y DES)", "Load in kg (STR- and DEX-based skills)"),
          default=None, minimum=0),
    Param("strength", "int", _l("FUE para la carga (si no, la del personaje)", "STR for the load (else the character's)"),
          default=None, minimum=1, maximum=25),
    Param("cannot_fail", "bool", _l("La acción no puede fallar: un 20 es mala suerte",
                                    "The action cannot fail: a 20 is bad luck"), default=False),
    Param("too_hard", "bool", _l("El DJ declara la tarea demasiado difícil para el éxito automático",
                                 "The GM declares the task too hard for the automatic success"), default=False),
    Param("last_resort", "choice", _l("Gastar últimos recursos en la propia tirada: no, 1, 2 (Agente Libre), if-failed",
                                      "Spend last resorts on your own roll: no, 1, 2 (Free Agent), if-failed"),
          default="no", choices=("no", "1", "2", "if-failed"), policy=True),
)

_ROLL = ActionSpec("roll", "roll", _l("Tirar el dado de control y un dado de situación", "Roll the control die and a situation die"),
                   params=(Param("die", "str", _l("Dado de situación (+d4, −d6, +4d20…)", "Situation die (+d4, −d6, +4d20…)"),
                                 default="+d0", positional=True),),
                   actor="none", run="rolecli_alternity.rolls:do_roll")
_SCATTER = ActionSpec("scatter", "roll", _l("Dirección del fallo de una granada (d4)", "Direction a grenade misses (d4)"),
                      actor="none", run="rolecli_alternity.rolls:do_scatter")
_CHECK = ActionSpec("check", "resolve", _l("Tirada de habilidad o de proeza", "Skill or feat check"),
                    params=(_SCORE,) + _MODIFIERS, actor="optional", odds="rolecli_alternity.odds:check_odds_of",
                    run="rolecli_alternity.rolls:do_check")
_ACTION = ActionSpec(
    "action-check", "resolve", _l("Tirada de acción: fase en la que se empieza a actuar", "Action check: the phase you start acting in"),
    params=(Param("score", "rating", _l("Puntuación de tirada de acción (si no, la del personaje)",
                                        "Action check score (else the character's)"), default=None, positional=True),
            Param("steps", "int", _l("Pasos", "Steps"), default=0, minimum=-30, maximum=30),
            Param("actions", "int", _l("Acciones por asalto (si no, las del personaje)", "Actions per round (else the character's)"),
                  default=None, minimum=1, maximum=4),
            Param("delay", "choice", _l("Posponer la primera acción hasta una fase, o todo el asalto (next_round)",
                                        "Delay the first action to a phase, or the whole round (next_round)"),
                  default="none", choices=("none", "good", "ordinary", "marginal", "next_round")),
            Param("last_resort", "choice", _l("Últimos recursos", "Last resorts"), default="no",
                  choices=("no", "1", "2", "if-failed"), policy=True)),
    actor="optional", odds="rolecli_alternity.odds:action_check_odds_of",
    run="rolecli_alternity.action_checks:do_action_check")
_ATTACK = ActionSpec(
    "attack", "resolve", _l("Ataque: tirada y daño por grado (d4s/d6w/d4m) aplicado al objetivo",
                            "Attack: check and damage by degree (d4s/d6w/d4m) applied to the target"),
    params=(_SCORE, Param("damage", "str", _l("Clasificación de daño, p. ej. d4s/d6w/d4m", "Damage rating, e.g. d4s/d6w/d4m"),
                          required=True, positional=True),
            Param("resist", "choice", _l("Modificador de resistencia del objetivo que se suma", "Target's resistance modifier added"),
                  default="none", choices=("none", "str", "dex")),
            Param("target_last_resort", "choice", _l("El objetivo gasta últimos recursos para bajar el grado",
                                                     "The target spends last resorts to lower the degree"),
                  default="no", choices=("no", "1", "2"), policy=True),
            ) + _MODIFIERS,
    actor="optional", target=True, odds="rolecli_alternity.odds:check_odds_of",
    run="rolecli_alternity.attack:do_attack")
_SURPRISE = ActionSpec(
    "surprise", "resolve", _l("Tirada de sorpresa (Percepción-intuición, o -percepción si está preparado)",
                              "Surprise roll (Awareness-intuition, or -perception when prepared)"),
    params=(Param("score", "rating", _l("Puntuación (si no, la del personaje)", "Score (else the character's)"),
                  default=None, positional=True),
            Param("prepared", "int", _l("Calidad de la preparación: bonificación de 0 a −3 pasos",
                                        "Quality of preparation: a 0 to −3 step bonus"), default=0, minimum=0, maximum=3),
            Param("steps", "int", _l("Pasos (ocupado, con prisa, sensores…)", "Steps (busy, rushed, sensors…)"), default=0,
                  minimum=-30, maximum=30)),
    actor="optional", run="rolecli_alternity.action_checks:do_surprise")
# A full fatigue track calls for a Resolve-physical resolve roll (002-R25), on any verb that marks fatigue.
_FULL_FATIGUE_RESOLVE = Param("resolve", "rating", _l("Resolución-resolución física para la fatiga completa",
                                                      "Resolve-physical resolve for a full fatigue track"), default=None)
_DAMAGE = ActionSpec(
    "damage", "damage", _l("Aplicar daño: 5w, 3m, 4s, 2f, o una clasificación d4s/d6w/d4m y su grado",
                           "Apply damage: 5w, 3m, 4s, 2f, or a rating d4s/d6w/d4m and its degree"),
    params=(Param("damage", "str", _l("Daño: 5w, d6+1s, d4s/d6w/d4m", "Damage: 5w, d6+1s, d4s/d6w/d4m"),
                  required=True, positional=True),
            Param("degree", "choice", _l("Grado del ataque que elige la parte de la clasificación",
                                         "The attack's degree, which picks the rating's entry"),
                  default="ordinary", choices=("ordinary", "good", "amazing")),
            Param("spill", "choice", _l("overflow: 2:1 entre casillas; drowning: 1:1", "overflow: 2:1 between tracks; drowning: 1:1"),
                  default="overflow", choices=("overflow", "drowning")),
            _FULL_FATIGUE_RESOLVE),
    actor="required", run="rolecli_alternity.hits:do_damage")
_HEAL = ActionSpec(
    "heal", "damage", _l("Curar casillas (primeros auxilios, tratamiento, cirugía, natural)",
                         "Heal boxes (first aid, treatment, surgery, natural)"),
    params=(Param("amount", "int", _l("Casillas curadas", "Boxes healed"), required=True, positional=True, minimum=0, maximum=50,
                  dice=True),
            Param("track", "choice", _l("Línea curada", "Track healed"), default="wound", choices=("stun", "wound", "mortal")),
            Param("method", "choice", _l("Cómo: first_aid, treatment, surgery, natural, other", "How"),
                  default="first_aid", choices=("first_aid", "treatment", "surgery", "natural", "other"))),
    actor="required", run="rolecli_alternity.recovery:do_heal")
_FATIGUE = ActionSpec(
    "fatigue", "damage", _l("Tirada de fatiga tras una actividad agotadora (Resistencia-resistencia)",
                            "Fatigue roll after a fatiguing activity (Stamina-endurance)"),
    params=(Param("score", "rating", _l("Resistencia-resistencia (si no, la del personaje)", "Stamina-endurance (else the character's)"),
                  default=None, positional=True),
            Param("roll_number", "int", _l("Número de tirada de una actividad continua (+1 paso acumulativo desde la 2.ª)",
                                           "Roll number of a continuing activity (cumulative +1 step from the 2nd)"),
                  default=1, minimum=1, maximum=30),
            Param("steps", "int", _l("Pasos (carga, malas condiciones…)", "Steps (load, bad conditions…)"), default=0,
                  minimum=-30, maximum=30),
            _FULL_FATIGUE_RESOLVE),
    actor="required", run="rolecli_alternity.fatigue:do_fatigue")
_BREATH = ActionSpec(
    "breath", "damage", _l("Contener la respiración: un asalto (aturdimiento por grado, ahogamiento 1:1)",
                           "Hold breath: one round (stun by degree, drowning 1:1)"),
    params=(Param("round", "int", _l("Asalto conteniendo la respiración (1, 2, …)", "Round holding breath (1, 2, …)"),
                  required=True, positional=True, minimum=1, maximum=200),
            Param("score", "rating", _l("Resistencia-resistencia (si no, la del personaje)", "Stamina-endurance (else the character's)"),
                  default=None),
            Param("steps", "int", _l("Otros pasos", "Other steps"), default=0, minimum=-30, maximum=30)),
    actor="required", run="rolecli_alternity.fatigue:do_breath")
_RECOVER = ActionSpec(
    "recover", "recover", _l("Recuperación: fin de escena, asalto, descanso, Acto", "Recovery: end of scene, round, rest, Act"),
    params=(Param("event", "choice", _l("Evento", "Event"), required=True, positional=True,
                  choices=tuple(e for e, _ in EVENTS)),
            Param("hours", "int", _l("Horas de descanso completo", "Hours of complete rest"), default=1, minimum=1, maximum=720),
            Param("stamina", "rating", _l("Resistencia-resistencia (si no, la del personaje)", "Stamina-endurance (else the character's)"),
                  default=None),
            Param("resolve", "rating", _l("Resolución-resolución física (si no, la del personaje)",
                                          "Resolve-physical resolve (else the character's)"), default=None)),
    actor="required", run="rolecli_alternity.recovery:do_recover")
_INITIATIVE = ActionSpec(
    "initiative", "initiative", _l("Tiradas de acción del asalto: fases y orden", "The round's action checks: phases and order"),
    params=(Param("entrants", "list", _l("Sin campaña: Nombre=puntuación[:acciones]", "Without a campaign: Name=score[:actions]"),
                  default=()),
            Param("delayed", "list", _l("Quienes esperaron todo el asalto anterior (cuentan como Asombroso)",
                                        "Who waited the whole previous round (count as Amazing)"), default=()),
            Param("surprised", "list", _l("Sorprendidos: los demás actúan una vez en la fase de sorpresa",
                                          "Surprised: the others act once in the surprise phase"), default=())),
    actor="none", run="rolecli_alternity.action_checks:do_initiative")
_ENCUMBRANCE = ActionSpec(
    "encumbrance", "resolve", _l("Efectos de la carga: velocidad, pasos, resistencia", "Load effects: speed, steps, resistance"),
    params=(Param("load", "float", _l("Carga en kg", "Load in kg"), required=True, positional=True, minimum=0),
            Param("strength", "rating", _l("FUE (si no, la del personaje)", "STR (else the character's)"), default=None),
            Param("resistance", "int", _l("Modificador de resistencia de FUE o DES a ajustar", "A STR or DEX resistance modifier to adjust"),
                  default=None, minimum=-5, maximum=5)),
    actor="optional", run="rolecli_alternity.strength:do_encumbrance")
_THROW = ActionSpec(
    "throw", "resolve", _l("Alcances de lanzamiento y objetos pesados", "Throwing ranges and heavy objects"),
    params=(Param("weight", "float", _l("Peso del objeto en kg", "Weight of the object in kg"), default=0.5, positional=True,
                  minimum=0),
            Param("strength", "rating", _l("FUE (si no, la del personaje)", "STR (else the character's)"), default=None)),
    actor="optional", run="rolecli_alternity.strength:do_throw")
TIME_UNITS = {
    "phase": (Label("fase", "phase"), Label("fases", "phases")),
    "round": (Label("asalto", "round"), Label("asaltos", "rounds")),
    "minute": (Label("minuto", "minute"), Label("minutos", "minutes")),
    "hour": (Label("hora", "hour"), Label("horas", "hours")),
    "day": (Label("día", "day"), Label("días", "days")),
}
_BY_NAME = {p.name: p for p in _MODIFIERS}
_CHALLENGE = ActionSpec(
    "challenge", "resolve", _l("Camino de desafío: una tirada por unidad de tiempo, pasos con varios éxitos (002-R48)",
                               "Challenge path: one check per time unit, steps needing several successes (002-R48)"),
    params=(Param("scores", "list", _l("Puntuación de cada paso, separadas por comas: número, habilidad o característica; "
                                       "A|B: la mejor de varias habilidades",
                                       "Each step's score, comma-separated: a number, a skill or an ability; "
                                       "A|B: the best of several skills"),
                  required=True, positional=True),
            Param("successes", "list", _l("Éxitos que necesita cada paso (si no, 1 por paso)",
                                          "Successes each step needs (else 1 per step)"), default=()),
            Param("limit", "int", _l("Unidades de tiempo disponibles (p. ej. 16 fases)",
                                     "Time units available (e.g. 16 phases)"), default=None, minimum=1, maximum=1000),
            Param("unit", "choice", _l("Unidad de tiempo: una tirada por unidad", "Time unit: one check per unit"),
                  default="phase", choices=tuple(TIME_UNITS)),
            _BY_NAME["steps"], _BY_NAME["situation"], _BY_NAME["kind"], _BY_NAME["base"], _BY_NAME["helpers"],
            _BY_NAME["too_hard"]),
    actor="optional", run="rolecli_alternity.challenge:do_challenge")

_MOVE = ActionSpec(
    "move", "resolve", _l("Movimiento de combate o total en una fase o un asalto: fases, metros y qué más puede hacer (002-R40/R41)",
                          "Combat or all-out movement for a phase or a round: phases, metres and what else it may do (002-R40/R41)"),
    params=(Param("phase", "choice", _l("Fase en la que empieza a moverse, una con acción: amazing, good, ordinary, marginal",
                                        "The phase the move starts in, one with an action: amazing, good, ordinary, marginal"),
                  required=True, positional=True, choices=PHASES),
            Param("speed", "int", _l("Velocidad en metros por fase (si no, la de la hoja: speed_<modo>)",
                                     "Speed in metres per phase (else the sheet's speed_<mode>)"),
                  default=None, minimum=1, maximum=500),
            Param("mode", "choice", _l("Modo: auto (sprint en movimiento total, si no a pie), walk, run, sprint, swim, "
                                       "easy_swim, fly, glide",
                                       "Mode: auto (sprint when all-out, else walk), walk, run, sprint, swim, "
                                       "easy_swim, fly, glide"),
                  default="auto", choices=("auto",) + MOVE_MODES),
            Param("all_out", "bool", _l("Movimiento total: se mueve cada fase y no hace nada más (002-R41)",
                                        "All-out movement: moves every phase and does nothing else (002-R41)"),
                  default=False),
            Param("phases", "int", _l("Fases que se mueve (combate: una acción cada una; total: hasta detenerse)",
                                      "Phases it moves (combat: one action each; all-out: until it stops)"),
                  default=None, minimum=1, maximum=4),
            Param("round", "bool", _l("Todo el asalto: cada fase con acción (combate) o hasta la Marginal (total)",
                                      "The whole round: every phase with an action (combat) or through Marginal (all-out)"),
                  default=False),
            Param("actions", "int", _l("Acciones por asalto (si no, las del personaje; sin personaje 1)",
                                       "Actions per round (else the character's; 1 without one)"),
                  default=None, minimum=1, maximum=4)),
    actor="optional", run="rolecli_alternity.movement:do_move")
_IMPACT = ActionSpec(
    "impact", "resolve", _l("Caída o colisión: categoría, tirada de Acrobacias-caída (o proeza de DES) y daño del DJ (002-R29)",
                            "Fall or collision: category, Acrobatics-fall check (or DEX feat) and the GM's damage (002-R29)"),
    params=(Param("height", "float", _l("Caída: altura en metros", "Fall: height in metres"), default=None, minimum=0),
            Param("kmh", "float", _l("Colisión: velocidad en km/h (en vez de la altura)",
                                     "Collision: speed in km/h (instead of the height)"), default=None, minimum=0),
            Param("gravity", "choice", _l("Gravedad: ligera (caída una categoría más corta, +1 paso), pesada (una más larga), "
                                          "cero (sin caídas; colisión a +3 pasos)",
                                          "Gravity: light (fall one category shorter, +1 step), heavy (one longer), "
                                          "zero (no falls; a collision at +3 steps)"),
                  default="normal", choices=("normal", "light", "heavy", "zero")),
            Param("score", "rating", _l("Acrobacias-caída (si no, la del personaje, o proeza de DES sin la especialidad)",
                                        "Acrobatics-fall (else the character's, or a DEX feat without the specialty)"),
                  default=None),
            Param("damage", "str", _l("Daño del DJ (falta la Tabla P15): d6w, o uno por grado con el mejor al final: "
                                      "d6w/d4w/d6s (Ordinario/Bueno/Asombroso), d4m/d6w/d4w/d6s (Fracaso/…)",
                                      "The GM's damage (Table P15 is missing): d6w, or one per degree, best last: "
                                      "d6w/d4w/d6s (Ordinary/Good/Amazing), d4m/d6w/d4w/d6s (Failure/…)"),
                  default=None),
            _BY_NAME["steps"], _BY_NAME["situation"], _BY_NAME["kind"], _BY_NAME["base"], _BY_NAME["too_hard"],
            _BY_NAME["last_resort"]),
    actor="optional", run="rolecli_alternity.impact:do_impact")

ACTIONS = (_ROLL, _SCATTER, _CHECK, _ACTION, _ATTACK, _SURPRISE, _DAMAGE, _HEAL, _FATIGUE, _BREATH, _RECOVER,
           _INITIATIVE, _ENCUMBRANCE, _THROW, _CHALLENGE, _MOVE, _IMPACT)

INFO = SystemInfo(name=NAME, names=NAMES, template=TEMPLATE, options=OPTIONS, actions=ACTIONS, events=EVENTS,
                  status_from_state=True, recovery_from_state=True,
                  reads_dice_records=False)
