"""The errors a user can meet. Each is one line on stderr and exit code 2."""


class RoleError(Exception):
    """A usage or data error: the message says what was wrong and how to fix it.

    The CLI prints ``rolecli: <message>`` on stderr and exits with code 2, never a
    traceback. Raise it (or a subclass) from the core and from plugins alike.
    The message is English (the command line says the core's in the user's
    language), or a :class:`rolecli.contract.Label`, which says it in each of
    its languages: ``Refused(Label(f"{n} no es ...", f"{n} is not ..."))``.
    """

    exit_code = 2

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str) -> str:
        """The message in ``lang`` if it is a Label; else as it was given."""
        message = self.args[0] if len(self.args) == 1 else None
        return message(lang) if callable(message) else super().__str__()


class DiceError(RoleError):
    """A dice expression, or a value given with ``--dice``, that cannot be used."""


class CampaignError(RoleError):
    """A campaign file that cannot be read, or a change that would break it."""


class PluginError(RoleError):
    """A plugin that cannot be used (wrong contract version, missing system)."""


class Interrupted(RoleError):
    """Ctrl-C during a batch: said once, exit code 130 (as a shell says of SIGINT)."""

    exit_code = 130

    def __init__(self) -> None:
        super().__init__("interrupted.")
