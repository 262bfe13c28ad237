"""The errors a user can meet. Each is one line on stderr and exit code 2."""


class RoleError(Exception):
    """A usage or data error: the message says what was wrong and how to fix it.

    The CLI prints ``rolecli: <message>`` on stderr and exits with code 2, never a
    traceback. Raise it (or a subclass) from the core and from plugins alike.
    """

    exit_code = 2


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
