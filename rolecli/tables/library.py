"""Where a command finds named rolls, tables and characters.

Two files, in this order: the campaign's campaign.toml (``-C NAME``, else the
current campaign), then the user's rolls file for rolls used everywhere
(``$ROLECLI_ROLLS``, else ``rolls.toml`` in the user's config folder:
``~/.config/rolecli/rolls.toml`` on Linux). A name in both is the campaign's:
the nearer file wins, as a local setting wins over a global one.

``@name`` in an expression is a named roll, else a trait of the character the
roll is made for (``rolecli roll @attack Ana``); a name that is both is refused
rather than guessed.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from rolecli.errors import DiceError, RoleError
from rolecli.names import closest, fold
from rolecli.tables.book import Book, Table

USER_FILE_VAR = "ROLECLI_ROLLS"


def user_file() -> Path:
    """The user's rolls file (it need not exist)."""
    given = os.environ.get(USER_FILE_VAR)
    if given:
        return Path(given).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir("rolecli")) / "rolls.toml"


def _read_book(path: Path, label: str, only_sections: bool) -> Book:
    from rolecli.campaign.files import decode
    from rolecli.campaign.paths import display_path, read_bytes
    from rolecli.campaign.validate import Where, parse_toml

    raw = read_bytes(path, what="a campaign file" if not only_sections else "a rolls file")
    if raw is None:
        raise RoleError(f"{display_path(path)} is missing.")
    text = decode(path, raw)
    doc = parse_toml(path, text)
    where = Where(path, text)
    if only_sections:
        for key in doc:
            if key not in ("rolls", "tables"):
                raise where.error((key,), "is not a section of a rolls file, which holds [rolls] and [tables.NAME].")
    return Book(doc, where, label)


def _match(names, wanted: str) -> str | None:
    """``wanted`` among ``names``: exact, else the only one equal without regard to case or accents."""
    if wanted in names:
        return wanted
    found = [n for n in names if fold(n) == fold(wanted)]
    return found[0] if len(found) == 1 else None


class Library:
    """The named rolls and tables of the campaign (if any) and of the user's file."""

    def __init__(self, books: list[Book], campaign: tuple | None = None):
        self.books = books
        self.campaign = campaign  # (store, root, name) of the campaign, for its characters
        self._characters: dict[str, Any] | None = None

    @classmethod
    def load(cls, campaigns: str | None, campaign: str | None, need_campaign: bool = False) -> "Library":
        """The library of one command: ``campaigns`` and ``campaign`` are the
        root options (``--campaigns``, ``-C``)."""
        from rolecli import campaign as store
        from rolecli.campaign.paths import CAMPAIGN_FILE, existing_campaign

        root, name = store.chosen_campaign(campaigns, campaign, required=need_campaign)
        books = []
        if name is not None:
            books.append(_read_book(existing_campaign(root, name) / CAMPAIGN_FILE, f"campaign {name}", False))
        mine = user_file()
        if mine.exists():  # (a pipe or a folder there is refused by the read, not passed over)
            books.append(_read_book(mine, "your rolls file", True))
        return cls(books, (store, root, name) if name is not None else None)

    # --- named rolls and tables --------------------------------------------

    def roll_text(self, name: str) -> str | None:
        for book in self.books:
            found = _match(book.rolls, name)
            if found is not None:
                return book.rolls[found]
        return None

    def roll_names(self) -> list[str]:
        return list(dict.fromkeys(n for book in self.books for n in book.rolls))

    def tables(self) -> list[Table]:
        """Every table, the campaign's first; a user's table of the same name is hidden."""
        seen: dict[str, Table] = {}
        for book in self.books:
            for name, table in book.tables.items():
                seen.setdefault(name, table)
        return list(seen.values())

    def table(self, name: str) -> Table:
        for book in self.books:
            found = _match(book.tables, name)
            if found is not None:
                return book.tables[found]
        raise RoleError(f"no table {name!r} in {self._where()}." + closest(name, [t.name for t in self.tables()],
                                                                          "Tables"))

    def _where(self) -> str:
        return " or ".join(book.label for book in self.books) or "any campaign or rolls file"

    # --- characters ----------------------------------------------------------

    def characters(self) -> dict[str, Any]:
        """The campaign's characters (loading its system), none without a campaign."""
        if self._characters is None:
            self._characters = {}
            if self.campaign is not None:
                from rolecli.plugins import system_info

                store, root, name = self.campaign
                self._characters = dict(store.load_campaign(root, name, system_info).characters)
        return self._characters

    def character(self, name: str):
        """The character ``name`` names, or None."""
        found = _match(self.characters(), name)
        return self.characters()[found] if found is not None else None

    def no_character(self, name: str) -> RoleError:
        if self.campaign is None:
            return RoleError(f"{name!r} reads as a character, but there is no current campaign to find it in: "
                             "choose one with 'rolecli campaign use NAME' or pass -C NAME.")
        return RoleError(f"campaign {self.campaign[2]!r} has no character {name!r}."
                         + closest(name, list(self.characters()), "Characters"))

    def refs(self, character=None):
        """The ``refs`` function of the dice parser: ``@name`` is a named roll,
        else a trait of ``character``."""

        def lookup(name: str):
            text = self.roll_text(name)
            traits = character.traits() if character is not None else {}
            trait = _match(traits, name)
            if text is not None and trait is not None:
                raise DiceError(f"@{name} is both a named roll and a trait of {character.name}; rename the roll "
                                "so that each name means one thing.")
            if text is not None:
                return text
            if trait is not None:
                return traits[trait]
            if character is not None:
                raise DiceError(f"@{name} is neither a named roll nor a trait of {character.name}."
                                + closest(name, self.roll_names() + sorted(traits), "Names"))
            raise DiceError(f"@{name}: no named roll {name!r} in {self._where()}; for a character's trait, name the "
                            f"character after the roll (rolecli roll @attack Ana)."
                            + closest(name, self.roll_names(), "Named rolls"))

        return lookup
