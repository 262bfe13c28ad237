"""``table``: list, show (with each row's exact chance), roll on and import
random tables (``[tables.NAME]`` of campaign.toml and of the user's rolls file)."""

from typing import Optional

import typer

from rolecli.commands import JSON, LANG, REGISTRY, systems_lookup
from rolecli.commands.base import language
from rolecli.commands.dice import DICE, SEED
from rolecli.i18n import say
from rolecli.output import Printer
from rolecli.session import session_of

table_app = typer.Typer(name="table", help="Random tables: list, show, roll on and import them.",
                        no_args_is_help=True)
REGISTRY.update(table=table_app)


def _library(ctx: typer.Context, need_campaign: bool = False):
    from rolecli.tables.library import Library

    session = session_of(ctx)
    return Library.load(session.campaigns, session.campaign, need_campaign)


@table_app.command("list")
def table_list(ctx: typer.Context, json_: bool = JSON) -> int:
    """The tables of the current campaign, then those of your rolls file."""
    from rolecli.output import note

    printer = Printer(json_)
    tables = _library(ctx).tables()
    if not tables and not json_:
        note(say("no tables: add one to campaign.toml ([tables.NAME], see docs/tables.md) or import one with "
                 "'rolecli table import NAME FILE'.", language(ctx)))
    for table in tables:
        printer.result({"name": table.name, "die": table.die, "rows": len(table.rows), "from": table.book.label},
                       [f"{table.name}\t{table.die}\t{len(table.rows)}\t{table.book.label}"])
    return 0


@table_app.command("show")
def table_show(ctx: typer.Context, name: str = typer.Argument(..., help="The table."), json_: bool = JSON,
               lang: Optional[str] = LANG) -> int:
    """A table's rows, each with its exact chance."""
    from rolecli.i18n import choose_lang, t

    lang_ = choose_lang(lang or session_of(ctx).lang)
    library = _library(ctx)
    table = library.table(name)
    table.check_rolls()
    chances, uncovered = table.chances(library.refs())
    rows = [[row.key, f"{float(p):.4%}", str(p), row.text] for row, p in zip(table.rows, chances)]
    rows += [[str(value), f"{float(p):.4%}", str(p), "-"] for value, p in uncovered]
    payload = {"name": table.name, "die": table.die, "from": table.book.label,
               "rows": [{"range": row.key, "p": str(p), "p_float": float(p), "text": row.text}
                        for row, p in zip(table.rows, chances)],
               "uncovered": [{"value": value, "p": str(p), "p_float": float(p)} for value, p in uncovered]}
    columns = [t("range", lang_), t("probability", lang_), t("exact", lang_), t("row", lang_)]
    footer = [f"{len(uncovered)} total(s) of {table.die} have no row: rolling one is an error"] if uncovered else []
    Printer(json_).table(payload, f"{table.name} ({table.die})", columns, rows, footer)
    return 0


@table_app.command("roll")
def table_roll(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="The table."),
    seed: Optional[int] = SEED,
    dice: Optional[str] = DICE,
    n: int = typer.Option(1, "-n", "--repeat", help="Roll N times (JSON lines with --json)."),
    json_: bool = JSON,
    lang: Optional[str] = LANG,
) -> int:
    """Roll on a table: its die picks a row, and the row's own rolls and tables are rolled too."""
    from rolecli.dice.source import DiceSource, parse_given
    from rolecli.errors import RoleError
    from rolecli.i18n import choose_lang
    from rolecli.output import dice_lines
    from rolecli.tables.draw import Drawer

    lang_ = choose_lang(lang or session_of(ctx).lang)
    if not 1 <= n <= 1000:
        raise RoleError(f"-n {n} is out of range 1..1000.")
    library = _library(ctx)
    table = library.table(name)
    source = DiceSource(seed, parse_given(dice))
    drawer = Drawer(library, source)
    draws = []
    for _ in range(n):
        start = len(source.reads)
        draws.append((drawer.draw(table), start))
    source.finish()
    printer = Printer(json_)
    for i, (drawn, start) in enumerate(draws):
        end = draws[i + 1][1] if i + 1 < len(draws) else len(source.reads)
        shown = dice_lines(source.reads[start:end], lang_) if source.physical else []
        printer.result(drawn.as_json(), [*drawn.lines(lang_), *shown])
    return 0


@table_app.command("import")
def table_import(
    ctx: typer.Context,
    name: str = typer.Argument(..., help="The new table's name."),
    file: str = typer.Argument(..., help="A CSV file (range,text or one text a row) or a text file (one row a "
                                         "line); - reads standard input."),
    die: Optional[str] = typer.Option(None, "--die", help="The table's die (default: 1dN, N the rows' weight)."),
    csv_: Optional[bool] = typer.Option(None, "--csv/--text", help="Read FILE as CSV or as text (default: by "
                                        "its name: .csv is CSV)."),
    json_: bool = JSON,
) -> int:
    """Add a table to the current campaign's campaign.toml, from a CSV or a plain list."""
    from rolecli.tables.importing import append_table, read_rows, read_source, section

    library = _library(ctx, need_campaign=True)
    store, root, campaign = library.campaign
    data, shown = read_source(file)
    as_csv = csv_ if csv_ is not None else file.lower().endswith(".csv")
    rows = read_rows(shown, data, as_csv)
    append_table(root, campaign, name, section(name, rows, die, shown), systems_lookup)
    Printer(json_).result({"campaign": campaign, "table": name, "rows": len(rows), "die": die},
                          [f"{campaign}: table {name} with {len(rows)} row(s)"])
    return 0
