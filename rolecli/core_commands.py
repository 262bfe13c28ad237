"""The core's commands by name, each with its module of :mod:`rolecli.commands`
(imported only when the command runs).

The names are the core's: no rule system may take one, nor a verb with an actor
(:mod:`rolecli.declarations`, :mod:`rolecli.scaffold`). They live here, below
the command line, so that the library reads them without importing it; and in a
module of their own, so that start-up, which needs them, imports nothing more.
"""

COMMANDS = {
    "roll": "dice", "odds": "dice",
    "systems": "systems",
    "campaign": "campaigns", "character": "campaigns",
    "log": "history", "undo": "history", "redo": "history",
    "batch": "batch", "shell": "shell",
    "table": "tables",
    "plugins": "plugins",
    "conflict": "conflict", "effect": "conflict",
    "encounter": "encounter",
}
