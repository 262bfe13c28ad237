"""Named rolls and random tables (``[rolls]`` and ``[tables.NAME]``), kept in a
campaign's campaign.toml and in the user's rolls file (see ``docs/tables.md``).

- :mod:`rolecli.tables.book`: the sections of one file, checked (the campaign
  validator calls :func:`~rolecli.tables.book.check_sections`);
- :mod:`rolecli.tables.library`: where a command finds them, and in which order;
- :mod:`rolecli.tables.draw`: rolling on a table, rows within rows;
- :mod:`rolecli.tables.importing`: a table from a CSV or a plain list, written
  into campaign.toml.

The package imports nothing itself, so the campaign validator can import its
checks without pulling in the rest.
"""
