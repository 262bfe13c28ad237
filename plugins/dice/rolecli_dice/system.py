"""The ``dice`` system's declarations: its character template, its rule
options, and each verb with the function of ``verbs`` that plays it."""

from __future__ import annotations

from rolecli.contract import ActionSpec, Field, Label, Param, RuleOption, SystemInfo

L = Label

_EXPRESSION = Param("expression", "str", L("Expresión de dados, p. ej. 1d20.", "A dice expression, e.g. 1d20."),
                    required=True, positional=True)
_BONUS = Param("bonus", "rating", L("Bonificador: un número o rasgos del personaje (Fuerza+Pelea).",
                                    "Bonus: a number or the character's traits (Strength+Brawl)."), default="0")
_AMOUNT = Param("amount", "int", L("Puntos.", "Points."), required=True, positional=True, minimum=0, maximum=1_000_000,
                dice=True)

INFO = SystemInfo(
    name="dice",
    names=L("Dados genéricos", "Generic dice"),
    template=(
        Field("hp", "int", L("Puntos de vida máximos", "Maximum hit points"), default=10, minimum=1, maximum=1_000_000),
        Field("initiative", "int", L("Bonificador de iniciativa", "Initiative bonus"), default=0,
              minimum=-1000, maximum=1000),
        Field("traits", "table", L("Rasgos con nombre (Fuerza = 2...)", "Named traits (Strength = 2...)"), default={},
              minimum=-1000, maximum=1000),
        Field("damage", "int", L("Daño recibido", "Damage taken"), default=0, minimum=0, maximum=1_000_000, state=True),
    ),
    options=(
        RuleOption("rest", "full", L("Qué cura un descanso: full (todo) o none (nada).",
                                     "What a rest heals: full or none."), choices=("full", "none")),
        RuleOption("initiative_die", "1d20", L("Dados de iniciativa.", "Initiative dice."), dice=True),
    ),
    actions=(
        ActionSpec("roll", "roll", L("Tira una expresión de dados.", "Roll a dice expression."), (_EXPRESSION,),
                   actor="none", run="rolecli_dice.verbs:roll"),
        ActionSpec("check", "resolve", L("Tira contra un objetivo: éxito si total ≥ objetivo (o ≤ con --under).",
                                         "Roll against a target: success when total ≥ target (≤ with --under)."),
                   (_EXPRESSION, _BONUS,
                    Param("target", "int", L("Objetivo.", "Target number."), required=True, short="t"),
                    Param("under", "bool", L("Éxito por debajo del objetivo.", "Succeed at or under the target."),
                          default=False)),
                   actor="required", odds="rolecli_dice.verbs:check_odds", run="rolecli_dice.verbs:check",
                   from_state=True),
        ActionSpec("damage", "damage", L("Aplica daño.", "Apply damage."), (_AMOUNT,), run="rolecli_dice.verbs:damage",
                   from_state=True),
        ActionSpec("heal", "damage", L("Cura puntos de vida.", "Heal hit points."), (_AMOUNT,),
                   run="rolecli_dice.verbs:heal"),
        ActionSpec("recover", "recover", L("Recuperación entre escenas.", "Recover between scenes."),
                   (Param("event", "choice", L("Evento.", "Event."), required=True, positional=True,
                          choices=("end_of_scene", "start_of_session", "rest")),), run="rolecli_dice.verbs:recover"),
        ActionSpec("initiative", "initiative", L("Orden de iniciativa.", "Initiative order."), (),
                   run="rolecli_dice.verbs:initiative"),
    ),
    status_from_state=True,
    recovery_from_state=True,
    reads_dice_records=False,
)
