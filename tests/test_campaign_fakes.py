"""A tiny rule system for the campaign tests (no tests here).

The other ``test_campaign_*`` modules import it as ``test_campaign_fakes``
(pytest puts ``tests/`` on ``sys.path``); the concurrency test's subprocesses
add ``tests/`` to their path and import it too.
"""

from __future__ import annotations

from rolecli.contract import Field, Label, RuleOption, SystemInfo
from rolecli.errors import PluginError

FAKE = SystemInfo(
    name="fake",
    names=Label("falso", "Fake"),
    template=(
        Field("hp", "int", Label("PV", "Hit points"), default=10, minimum=0, maximum=999),
        Field("concept", "str", Label("Concepto", "Concept"), default=""),
        Field("role", "str", Label("Rol", "Role"), choices=("fighter", "thief", "mage")),
        Field("skills", "table", Label("Habilidades", "Skills"), minimum=0, maximum=5),
        Field("tags", "list", Label("Etiquetas", "Tags")),
        Field("npc", "bool", Label("PNJ", "Non-player character"), default=False),
        Field("damage", "int", Label("Daño", "Damage"), default=0, minimum=0, maximum=1000, state=True),
        Field("fate", "int", Label("Destino", "Fate points"), default=3, minimum=0, maximum=10, state=True),
    ),
    options=(
        RuleOption("max_stress", 3, Label("Casillas de estrés.", "Boxes in each stress track."),
                   minimum=1, maximum=10),
        RuleOption("mode", "standard", Label("Letalidad.", "How deadly the game is."),
                   choices=("standard", "gritty")),
        RuleOption("allow_crits", True, Label("Críticos.", "Natural 20s are critical hits.")),
    ),
)


def systems(name: str) -> SystemInfo:
    """The ``systems`` lookup the campaign functions take."""
    if name == "fake":
        return FAKE
    raise PluginError(f"unknown rule system {name!r}; installed systems: fake.")


# A campaign.toml written by hand, with comments everywhere.
HAND_WRITTEN = '''\
# La cripta del rey pálido - sesiones de los jueves
# GM: Pablo
system = "fake"   # the rule system
title = "La cripta"

[rules]
# we play gritty since session 3
mode = "gritty"

# --- player characters ---
[characters.Ana]   # Ana's player: Lucía
hp = 12   # rolled 12 at creation
role = "thief"
tags = ["sigilosa", "zurda"]

[characters.Ana.skills]
Alerta = 3  # raised after session 2
Pilotar = 1

# the cleric
[characters."Ana María"]
hp = 9
skills = { Fe = 4 }
fate = 2   # starts with fewer fate points
'''
