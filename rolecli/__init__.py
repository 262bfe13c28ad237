"""rolecli: a command-line toolkit for people who run tabletop role-playing games.

Plugins write ``from rolecli import hookimpl``; it is looked up lazily so that
importing rolecli stays cheap for commands that load no plugin.
"""

__version__ = "0.1.0"


def __getattr__(name: str):
    if name == "hookimpl":
        from rolecli.plugins import hookimpl

        return hookimpl
    raise AttributeError(name)
