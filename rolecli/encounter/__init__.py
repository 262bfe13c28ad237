"""Encounters: a fight written in a file, played once on a campaign or
simulated many times in memory (docs/encounters.md).

- :mod:`.file` reads an encounter file and checks it against its campaign and
  the campaign's system, before anything is played;
- :mod:`.behaviour` is what a participant does on its turn: which verb, at
  whom (a foe, an ally or itself), with which parameters, when it defends
  instead, and the priority list of rules it tries first;
- :mod:`.engine` plays one encounter through the contract (the system's
  verbs, status, initiative and recovery) and the conflict tracker's
  :class:`~rolecli.conflict.Scene`;
- :mod:`.simulate` plays it many times, over several processes, and sums up;
- :mod:`.report` prints a play's account and a simulation's figures.

Nothing here names a system or one of its verbs: the file names them, and
everything goes through :class:`~rolecli.contract.SystemInfo` and the hooks.
"""
