"""What the v5 system declares: its sheet, its rule options, its verbs and its events.
Light on purpose: every command imports it to learn which systems exist."""

from __future__ import annotations

from rolecli.contract import ActionSpec, Field, Label, Param, RuleOption, SystemInfo

from .labels import COVER, CREATURES, SOURCES

L = Label

REROLL_HELP = ("repetir con Fuerza de Voluntad (la elección del jugador): none (por defecto: no repite), failures "
               "(los dados normales fallados, hasta 3, si puede cambiar el resultado), auto (igual, solo si el "
               "personaje puede pagarlo y nunca con --dice) o las posiciones de hasta 3 dados normales (1,3)",
               "Willpower reroll (the player's choice): none (the default: no reroll), failures (the failed regular "
               "dice, up to 3, when it can change the outcome), auto (the same, only when the character can pay and "
               "never with --dice), or the positions of up to 3 regular dice (1,3)")

POOL = Param("pool", "rating", L("reserva de dados: un número o Atributo+Habilidad (Fuerza+Pelea)",
                                 "dice pool: a number or Attribute+Skill (Strength+Brawl)"), required=True, positional=True)


def _side(prefix: str, whose: Label) -> tuple[Param, ...]:
    """The inputs of one side's pool: its Hunger dice, the Storyteller's modifier, its reroll."""
    return (
        Param(f"{prefix}hunger", "int", L(f"dados de Ansia de {whose.es} (si no: su Ansia; un mortal no tiene)",
                                          f"{whose.en}'s Hunger dice (else its Hunger; a mortal has none)"),
              minimum=0, maximum=5),
        Param(f"{prefix}modifier", "int", L(f"dados que el Narrador suma o resta a {whose.es}",
                                            f"dice the Storyteller adds to or takes from {whose.en}"),
              default=0, minimum=-30, maximum=30),
        Param(f"{prefix}reroll", "str", L(*(f"{whose.es}: {REROLL_HELP[0]}", f"{whose.en}: {REROLL_HELP[1]}")),
              default="none", policy=True),
    )


ACTOR = _side("", L("quien actúa", "the actor"))
TARGET = _side("target_", L("el oponente", "the opponent"))
SPLIT = Param("split", "int", L("dados de la reserva contra este objetivo al dividirla entre varios (003-R9)",
                                "dice of the pool used against this target when splitting it among several (003-R9)"),
              minimum=1, maximum=30)
EARLIER = Param("earlier", "int", L("oponentes que ya atacaron al defensor este turno: −1 dado cada uno (003-R9; si no: "
                                    "los ataques que ya recibió en este turno del conflicto en curso)",
                                    "opponents who already attacked the defender this turn: −1 die each (003-R9; else "
                                    "the attacks it took this turn of the conflict under way)"),
                minimum=0, maximum=30)
DIFFICULTY = L("dificultad: éxitos necesarios", "difficulty: successes needed")
SOURCE_CHOICES = ("auto", *SOURCES)
SOURCE_HELP = ("origen del daño (decide su tipo): auto, nonlethal (puños, táser), weapon (afilada, puntiaguda o de "
               "fuego), fire, sunlight, supernatural (garras, dientes); en la Fuerza de Voluntad social, secret "
               "(conocimiento secreto), trusted (un amigo o figura de confianza)",
               "where the damage comes from (it decides the type): auto, nonlethal (fists, taser), weapon (sharp, "
               "pointed or firearm), fire, sunlight, supernatural (claws, teeth); on Willpower social, secret "
               "(secret knowledge), trusted (a close friend or trusted figure)")
TRACKER = Param("tracker", "choice", L("registro dañado (elección del Narrador)", "tracker damaged (the Storyteller's choice)"),
                default="auto", choices=("auto", "health", "willpower"))
SOCIAL = Param("social", "bool", L("conflicto social: Fuerza de Voluntad, público, ruina al final del registro",
                                   "social conflict: Willpower, audience, ruin at the end of the tracker"), default=False)
UNHALVED = Param("unhalved", "bool", L("el daño superficial no se divide (\"a menos que se diga lo contrario\")",
                                       "superficial damage is not halved (\"unless stated otherwise\")"), default=False)
CREATURE_CHOICES = ("auto", *CREATURES)

ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("roll", "roll", L("tira una reserva de d10: éxitos con 6+, parejas de 10, dados de Ansia",
                                 "roll a pool of d10s: successes on 6+, pairs of 10s, Hunger dice"),
               params=(POOL, ACTOR[0]), actor="none", run="rolecli_v5.verbs:roll_verb"),
    ActionSpec("check", "resolve", L("prueba contra una dificultad (003-R6)", "test against a difficulty (003-R6)"),
               params=(POOL, Param("difficulty", "int", DIFFICULTY, required=True, minimum=1, maximum=30),
                       *ACTOR, SPLIT), actor="optional", odds="rolecli_v5.odds:odds", run="rolecli_v5.verbs:check"),
    ActionSpec("contest", "resolve", L("contienda: gana quien saque más éxitos, por el margen (003-R4)",
                                       "contest: more successes wins, by the margin (003-R4)"),
               params=(POOL, Param("opposition", "rating", L("reserva del oponente", "the opponent's pool"),
                                   required=True, positional=True, owner="target"),
                       *ACTOR, *TARGET, SPLIT, EARLIER), target=True, odds="rolecli_v5.odds:odds", run="rolecli_v5.verbs:contest"),
    ActionSpec("attack", "resolve", L("ataque de conflicto: margen + arma como daño (003-R4…R13)",
                                      "conflict attack: margin + weapon as damage (003-R4…R13)"),
               params=(POOL,
                       Param("defence", "rating", L("reserva de defensa (si no: Destreza+Atletismo al esquivar o "
                                                    "contra disparos)", "defence pool (else Dexterity+Athletics when "
                                                    "dodging or shot at)"), positional=True, owner="target"),
                       Param("difficulty", "int", L("dificultad de un objetivo que no se defiende (003-R6)",
                                                    "difficulty of a target that does not defend (003-R6)"),
                             minimum=1, maximum=30),
                       Param("two_sided", "bool", L("conflicto bilateral: ambos pueden dañar (003-R5)",
                                                    "two-sided conflict: both can deal damage (003-R5)"), default=False),
                       Param("ranged", "bool", L("ataque a distancia (003-R7)", "ranged attack (003-R7)"), default=False),
                       Param("cover", "choice", L("cobertura del defensor ante disparos: none −2, some 0, good +1, "
                                                  "strong +2 (003-R7)", "the defender's cover against shots: none −2, "
                                                  "some 0, good +1, strong +2 (003-R7)"),
                             default="some", choices=tuple(COVER)),
                       Param("dodge", "bool", L("el defensor esquiva con Destreza+Atletismo y no causa daño (003-R8)",
                                                "the defender dodges with Dexterity+Athletics and deals no damage "
                                                "(003-R8)"), default=False),
                       Param("weapon", "rating", L("puntuación de daño del arma del atacante: número o arma de la ficha",
                                                   "the attacker's weapon damage rating: a number or a weapon of the "
                                                   "sheet"), default="0"),
                       Param("target_weapon", "rating", L("arma del defensor en un conflicto bilateral",
                                                          "the defender's weapon in a two-sided conflict"),
                             default="0", owner="target"),
                       Param("source", "choice", L(*SOURCE_HELP), default="auto", choices=SOURCE_CHOICES),
                       Param("target_source", "choice", L("origen del daño del defensor (bilateral)",
                                                          "where the defender's damage comes from (two-sided)"),
                             default="auto", choices=SOURCE_CHOICES),
                       TRACKER, SOCIAL,
                       Param("audience", "int", L("daño añadido por el público en un conflicto social (003-R11)",
                                                  "damage added for the audience of a social conflict (003-R11)"),
                             default=0, minimum=0, maximum=30),
                       UNHALVED,
                       Param("creature", "choice", L("criatura del atacante (si no: la de su ficha; mortal)",
                                                     "the attacker's creature (else its sheet's; mortal)"),
                             default="auto", choices=CREATURE_CHOICES),
                       Param("target_creature", "choice", L("criatura del defensor (si no: la de su ficha; mortal)",
                                                            "the defender's creature (else its sheet's; mortal)"),
                             default="auto", choices=CREATURE_CHOICES),
                       *ACTOR, *TARGET, SPLIT, EARLIER), target=True, odds="rolecli_v5.odds:odds", run="rolecli_v5.verbs:attack"),
    ActionSpec("damage", "damage", L("aplica daño a un registro (003-R12…R16)", "apply damage to a tracker (003-R12…R16)"),
               params=(Param("amount", "int", L("daño (antes de dividir el superficial)",
                                                "damage (before halving superficial)"),
                             required=True, positional=True, minimum=0, maximum=100, dice=True),
                       Param("type", "choice", L("tipo de daño (auto: por el origen y la criatura)",
                                                 "damage type (auto: by the source and the creature)"),
                             default="auto", choices=("auto", "superficial", "aggravated")),
                       Param("source", "choice", L(*SOURCE_HELP), default="auto", choices=SOURCE_CHOICES),
                       TRACKER, SOCIAL, UNHALVED), run="rolecli_v5.verbs:damage_verb"),
    ActionSpec("spend", "damage", L("gasto voluntario: superficial sin dividir (003-R14)",
                                    "voluntary spend: superficial, not halved (003-R14)"),
               params=(Param("points", "int", L("puntos gastados", "points spent"), default=1, positional=True,
                             minimum=1, maximum=20),
                       Param("tracker", "choice", L("registro", "tracker"), default="willpower",
                             choices=("willpower", "health")), SOCIAL), run="rolecli_v5.verbs:spend_verb"),
    ActionSpec("rouse", "resolve", L("controles de Enardecimiento: el Ansia sube con 1–5",
                                     "Rouse checks: Hunger rises on 1–5"),
               params=(Param("checks", "int", L("controles", "checks"), default=1, positional=True, minimum=1, maximum=20),
                       Param("hunger", "int", L("Ansia antes del control (si no: la del vampiro)",
                                                "Hunger before the check (else the vampire's)"), minimum=0, maximum=5),
                       Param("forced", "bool", L("el control lo fuerza algo externo (a Ansia 5: prueba de Frenesí)",
                                                 "something outside forces the check (at Hunger 5: a frenzy test)"),
                             default=False)), actor="optional", run="rolecli_v5.verbs:rouse_verb"),
    ActionSpec("recover", "recover", L("curación por un evento (003-R20…R24)", "healing on an event (003-R20…R24)"),
               params=(Param("event", "choice", L("evento", "event"), required=True, positional=True,
                             choices=("end_of_scene", "start_of_session", "rest", "end_of_turn", "treatment",
                                      "feed")),
                       Param("ambition", "bool", L("actuó según su Ambición: cura 1 agravado de Fuerza de Voluntad "
                                                   "al inicio de sesión (003-R23)", "acted on its Ambition: heals 1 "
                                                   "aggravated Willpower at the start of the session (003-R23)"),
                             default=False),
                       Param("mend", "choice", L("al final del turno, un vampiro Enardece la Sangre para curar Salud "
                                                 "superficial: auto (si tiene daño y Ansia < 5) o no",
                                                 "at the end of its turn a vampire Rouses the Blood to mend "
                                                 "superficial Health: auto (when hurt and below Hunger 5) or no"),
                             default="auto", choices=("auto", "no"), policy=True),
                       Param("aggravated", "int", L("puntos de Salud agravada que un vampiro cura al descansar "
                                                    "(3 controles cada uno)", "aggravated Health points a vampire "
                                                    "mends in its rest (3 Rouse checks each)"),
                             default=1, minimum=0, maximum=20, policy=True),
                       Param("points", "int", L("Salud agravada que cura un tratamiento (mortales)",
                                                "aggravated Health a treatment heals (mortals)"),
                             default=1, minimum=0, maximum=20),
                       Param("slake", "int", L("Ansia que sacia al alimentarse", "Hunger slaked by feeding"),
                             default=1, minimum=0, maximum=5),
                       Param("kill", "bool", L("al alimentarse mata a la presa: el Ansia puede bajar a 0",
                                               "the feeding kills the vessel: Hunger may go down to 0"),
                             default=False)), run="rolecli_v5.recovery:recover"),
    ActionSpec("initiative", "initiative", L("orden de resolución del turno (003-R2, 003-R10)",
                                             "order of resolution of the turn (003-R2, 003-R10)"),
               params=(Param("declare", "list", L("lo que declara cada uno: Nombre=acción[:habilidad][>objetivo]; "
                                                  "acción surprise, ongoing, ranged, new u other",
                                                  "what each declares: Name=action[:skill][>target]; action "
                                                  "surprise, ongoing, ranged, new or other"), default=()),),
               actor="none", run="rolecli_v5.order:order"),
)

OPTIONS = (
    RuleOption("impairment", "tracker", L("Impedido resta 2 dados: tracker (Salud a las físicas, Fuerza de Voluntad a "
                                          "las sociales y mentales) o all (a todas)", "Impaired takes 2 dice: "
                                          "tracker (Health from physical pools, Willpower from social and mental "
                                          "ones) or all (from every pool)"), choices=("tracker", "all")),
    RuleOption("tie_weapon", True, L("en un empate bilateral, margen 1 más el arma (si no: solo 1)",
                                     "in a two-sided tie, margin 1 plus the weapon (else 1 alone)"), choices=(True, False)),
    RuleOption("pool_floor", 1, L("dados mínimos de una reserva tras los penalizadores", "fewest dice a pool keeps "
                                  "after penalties"), choices=(1, 0)),
    RuleOption("incapacitate_mortals", False, L("los mortales del Narrador quedan incapacitados al tener la Salud "
                                                "Impedida", "the Storyteller's mortals are incapacitated once their "
                                                "Health is Impaired"), choices=(True, False)),
)

TEMPLATE = (
    Field("creature", "str", L("criatura: mortal o vampire", "creature: mortal or vampire"), default="mortal",
          choices=tuple(CREATURES)),
    Field("npc", "bool", L("personaje del Narrador", "a Storyteller character"), default=False),
    Field("attributes", "table", L("Atributos (Fuerza = 2...; sin escribir: 1)", "Attributes (Fuerza = 2...; unwritten: 1)"),
          default={}, minimum=1, maximum=5),
    Field("skills", "table", L("Habilidades (Pelea = 3...; sin escribir: 0)", "Skills (Pelea = 3...; unwritten: 0)"),
          default={}, minimum=0, maximum=5),
    Field("weapons", "table", L("armas y su puntuación de daño (Escopeta = 4)", "weapons and their damage rating "
                                "(Escopeta = 4)"), default={}, minimum=0, maximum=10),
    Field("ambition", "str", L("Ambición", "Ambition")),
    Field("blood_potency", "int", L("Potencia de Sangre (vampiros; si no: 1)", "Blood Potency (vampires; else 1)"),
          minimum=0, maximum=10),
    Field("health_max", "int", L("casillas de Salud (si no: Resistencia + 3)", "Health boxes (else Stamina + 3)"),
          minimum=1, maximum=20),
    Field("willpower_max", "int", L("casillas de Fuerza de Voluntad (si no: Compostura + Resolución)",
                                    "Willpower boxes (else Composure + Resolve)"), minimum=1, maximum=20),
    Field("hunger", "int", L("Ansia (vampiros; si no: 1)", "Hunger (vampires; else 1)"), minimum=0, maximum=5, state=True),
    Field("health_superficial", "int", L("Salud: casillas con /", "Health: boxes marked /"), minimum=0, maximum=20,
          state=True),
    Field("health_aggravated", "int", L("Salud: casillas con X", "Health: boxes marked X"), minimum=0, maximum=20,
          state=True),
    Field("willpower_superficial", "int", L("Fuerza de Voluntad: casillas con /", "Willpower: boxes marked /"),
          minimum=0, maximum=20, state=True),
    Field("willpower_aggravated", "int", L("Fuerza de Voluntad: casillas con X", "Willpower: boxes marked X"),
          minimum=0, maximum=20, state=True),
    Field("ruined", "bool", L("arruinado en el conflicto social en curso", "ruined in the social conflict under way"),
          state=True),
)

EVENTS = (
    ("end_of_scene", L("fin de escena: termina el conflicto", "end of scene: the conflict ends")),
    ("start_of_session", L("inicio de sesión", "start of session")),
    ("rest", L("descanso: el sueño diurno de un vampiro", "rest: a vampire's day of sleep")),
    ("end_of_turn", L("fin del turno del personaje", "end of the character's turn")),
    ("treatment", L("tratamiento médico (mortales)", "medical treatment (mortals)")),
    ("feed", L("alimentarse (vampiros)", "feeding (vampires)")),
)

INFO = SystemInfo(name="v5", names=L("Vampiro 5ª edición (conflicto)", "Vampire 5th edition style (conflict)"),
                  template=TEMPLATE, options=OPTIONS, actions=ACTIONS, events=EVENTS,
                  status_from_state=True, recovery_from_state=True,
                  reads_dice_records=False)
