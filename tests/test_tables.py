"""Named rolls and random tables: on the sample campaigns from the command line
(with --dice, --seed and --json), their checks (one line naming file, line
and key), the user's rolls file and its precedence, each row's exact chance
against a sampler, and the limits against tables that roll on themselves."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rolecli_testing import chisquare_pvalue

ENCOUNTERS = ["1-2", "3-4", "5", "6"]


@pytest.fixture(autouse=True)
def user_rolls(tmp_path, monkeypatch):
    """The user's rolls file: none unless a test writes it."""
    path = tmp_path / "rolls.toml"
    monkeypatch.setenv("ROLECLI_ROLLS", str(path))
    return path


def append(campaigns, campaign: str, text: str) -> None:
    with open(campaigns / campaign / "campaign.toml", "a", encoding="utf-8") as handle:
        handle.write("\n" + text)


def one_line_error(result, *words):
    assert result.code == 2, result
    assert len(result.err.splitlines()) == 1 and "Traceback" not in result.err, result.err
    for word in words:
        assert word in result.err, result.err


# --- named rolls ---------------------------------------------------------------------------


def test_a_named_roll_of_the_campaign(cli):
    result = cli("-C", "demo", "roll", "@bola_de_fuego", "--dice", "1,2,3,4,5,6,1,2")
    assert result.code == 0
    assert result.out.splitlines()[0] == "@bola_de_fuego (8d6 [1, 2, 3, 4, 5, 6, 1, 2]) = 24"
    assert cli("-C", "demo", "roll", "@bola_de_fuego", "--seed", "3", "--json").json["total"] == \
        cli("-C", "demo", "roll", "8d6", "--seed", "3", "--json").json["total"]


def test_a_named_roll_with_a_characters_traits(cli):
    result = cli("-C", "demo", "roll", "@ataque", "Ana", "--dice", "12")
    assert result.out.splitlines()[0] == "Ana: @ataque (1d20 [12] + Fuerza 3 + Pelea 2) = 17"
    data = cli("-C", "demo", "roll", "@ataque", "Ana", "@ataque", "Bruno", "--dice", "12,12", "--json").json
    assert [(row["character"], row["total"]) for row in data] == [("Ana", 17), ("Bruno", 14)]
    assert cli("-C", "demo", "roll", "1d20 + @Sigilo", "bruno", "--dice", "5").out.startswith("Bruno: 1d20 [5] + Sigilo 3 = 8")
    hit = cli("-C", "demo", "roll", "@golpe", "Ana", "--dice", "10")
    assert hit.code == 0 and hit.out.splitlines()[0].endswith(">= 15): success")
    assert cli("-C", "demo", "roll", "@golpe", "Ana", "--dice", "9").code == 1
    assert cli("-C", "demo", "odds", "@golpe", "Ana").out == "@golpe Ana: 11/20 (55%)\n"


def test_named_rolls_in_the_other_sample_campaigns(cli):
    climb = cli("-C", "caminantes", "roll", "@trepar", "Lucía", "--dice", "+,+,0,-")
    assert climb.out.splitlines()[0] == "Lucía: @trepar (4dF [+, +, 0, -] + Atletismo 3) = 4"
    jump = cli("-C", "aaa", "roll", "@salto", "Mad Dog", "--dice", "5,1")
    assert jump.code == 0 and jump.out.splitlines()[0] == "Mad Dog: @salto (1d20 [5] + 1d4 [1] = 6 <= Atletismo 13): success"
    # giro: a Day Die within Gracia 2 + Percepción 2 (roll-under, 1 or 0)
    look = cli("-C", "giro", "roll", "@vistazo", "Berthold", "--dice", "5")
    assert look.code == 1 and look.out.splitlines()[0].endswith("= 5 <= Gracia 2 + Percepción 2 = 4): failure")
    # v5: a pool of Carisma 4 + Intimidación 4 d10s, successes on 6+
    fear = cli("-C", "v5", "roll", "@intimidar", "Antigua Valeria", "--dice", "1,6,7,2,10,3,5,9", "--json")
    assert fear.json["total"] == 4
    # middle: a d12 plus Bruno's uso de armas 2
    blow = cli("-C", "middle", "roll", "@golpe", "Bruno", "--dice", "7", "--json")
    assert blow.json["total"] == 7 + 2


@pytest.mark.parametrize("args, words", [
    (("@ataque",), ("@Fuerza", "name the character after the roll")),
    (("@ataque", "Anna"), ("no character 'Anna'", "Did you mean 'Ana'")),
    (("@bola_de_fueg",), ("no named roll", "Did you mean 'bola_de_fuego'")),
    (("@ataque", "Ana", "@nada"), ("@nada",)),
])
def test_named_roll_mistakes_are_one_line(cli, args, words):
    one_line_error(cli("-C", "demo", "roll", *args), *words)


def test_the_users_rolls_file_is_used_everywhere_and_the_campaign_wins(cli, user_rolls):
    user_rolls.write_text('[rolls]\nbola_de_fuego = "1"\nmio = "2d4"\n\n[tables]\nclima = ["sol", "lluvia"]\n',
                          encoding="utf-8")
    assert cli("-C", "demo", "roll", "@mio", "--dice", "1,2").out.startswith("@mio (2d4 [1, 2]) = 3")
    assert cli("-C", "demo", "roll", "@bola_de_fuego", "--seed", "1", "--json").json["dice"] != []  # the campaign's
    assert cli("-C", "aaa", "table", "roll", "clima", "--dice", "3").out.startswith("clima: 1d20 [3]")  # the campaign's
    assert cli("-C", "demo", "table", "roll", "clima", "--dice", "2").out.startswith("clima: 1d2 [2] = 2 → lluvia")
    listed = cli("-C", "demo", "table", "list", "--json").json
    assert {row["name"]: row["from"] for row in listed}["clima"] == "your rolls file"


def test_a_broken_users_rolls_file_is_one_line(cli, user_rolls):
    user_rolls.write_text('[rolls]\nmal = "2d"\n', encoding="utf-8")
    one_line_error(cli("-C", "demo", "roll", "@mal"), "rolls.toml line 2: rolls.mal", "not a dice expression")
    user_rolls.write_text('system = "dice"\n', encoding="utf-8")
    one_line_error(cli("-C", "demo", "roll", "@mal"), "rolls.toml line 1: system is not a section of a rolls file")


def test_a_name_both_roll_and_trait_is_refused(cli, campaigns):
    text = (campaigns / "demo" / "campaign.toml").read_text(encoding="utf-8")
    (campaigns / "demo" / "campaign.toml").write_text(
        text.replace('golpe = "@ataque >= 15"', 'golpe = "@ataque >= 15"\nFuerza = "1d6"'), encoding="utf-8")
    one_line_error(cli("-C", "demo", "roll", "@ataque", "Ana"), "both a named roll and a trait of Ana")


# --- tables ----------------------------------------------------------------------------------


def test_table_list_on_each_sample_campaign(cli):
    assert cli("-C", "demo", "table", "list").out == "encuentros\t1d6\t4\tcampaign demo\nbotin\t1d3\t3\tcampaign demo\n"
    assert [r["name"] for r in cli("-C", "caminantes", "table", "list", "--json").json] == ["complicaciones", "niebla"]
    assert [r["name"] for r in cli("-C", "aaa", "table", "list", "--json").json] == ["clima", "tormenta"]
    for camp, first, then in (("giro", "encargos", "gremios"), ("v5", "caza", "clanes"), ("middle", "camino", "bandas")):
        assert [r["name"] for r in cli("-C", camp, "table", "list", "--json").json] == [first, then]
        shown = cli("-C", camp, "table", "show", first, "--json").json
        assert sum(Fraction(r["p"]) for r in shown["rows"]) == 1 and shown["uncovered"] == []
        assert cli("-C", camp, "table", "roll", first, "--seed", "1").code == 0


def test_table_show_gives_each_rows_exact_chance(cli):
    lines = cli("-C", "demo", "table", "show", "encuentros").out.splitlines()
    assert lines[:3] == ["encuentros (1d6)", "range\tprobability\texact\trow",
                         "1-2\t33.3333%\t1/3\t{1d4+1} esqueletos"]
    fate = cli("-C", "caminantes", "table", "show", "complicaciones", "--json").json
    assert [(r["range"], r["p"]) for r in fate["rows"]] == [("-4--3", "5/81"), ("-2--1", "26/81"), ("0", "19/81"),
                                                            ("1-2", "26/81"), ("3-4", "5/81")]
    assert sum(Fraction(r["p"]) for r in fate["rows"]) == 1 and fate["uncovered"] == []


def test_table_roll_with_nested_rolls_and_tables(cli):
    goblins = cli("-C", "demo", "table", "roll", "encuentros", "--dice", "1,3")
    assert goblins.out.splitlines()[:2] == ["encuentros: 1d6 [1] = 1 → 4 esqueletos", "  {1d4+1}: 1d4 [3] + 1 = 4"]
    chest = cli("-C", "demo", "table", "roll", "encuentros", "--dice", "5,1,6,6,6")
    assert chest.out.splitlines()[:3] == ["encuentros: 1d6 [5] = 5 → un cofre: 18 monedas de plata",
                                          "  botin: 1d3 [1] = 1 → 18 monedas de plata",
                                          "    {3d6}: 3d6 [6, 6, 6] = 18"]
    data = cli("-C", "demo", "table", "roll", "encuentros", "--dice", "5,1,6,6,6", "--json").json
    assert data["row"] == "5" and data["result"] == "un cofre: 18 monedas de plata"
    assert data["inner"][0]["table"] == "botin" and data["inner"][0]["inner"][0]["total"] == 18
    seeded = [cli("-C", "demo", "table", "roll", "encuentros", "--seed", "9", "-n", "5", "--json").json
              for _ in range(2)]
    assert seeded[0] == seeded[1] and len(seeded[0]) == 5
    storm = cli("-C", "aaa", "table", "roll", "clima", "--dice", "20,3")
    assert storm.out.splitlines()[0] == "clima: 1d20 [20↑] = 20 → tormenta de arena: una antena cae cerca"
    fate = cli("-C", "caminantes", "table", "roll", "complicaciones", "--dice", "-,-,0,0,2")
    assert fate.out.splitlines()[0] == "complicaciones: 4dF [-, -, 0, 0] = -2 → la niebla se espesa: se oyen " \
                                       "pasos, sin saber de dónde"


def test_rows_come_up_as_often_as_their_chance_says(cli):
    shown = cli("-C", "caminantes", "table", "show", "complicaciones", "--json").json
    drawn = cli("-C", "caminantes", "table", "roll", "complicaciones", "--seed", "20240614", "-n", "1000", "--json").json
    seen = Counter(row["row"] for row in drawn)
    observed = [seen.get(r["range"], 0) for r in shown["rows"]]
    expected = [r["p_float"] * 1000 for r in shown["rows"]]
    assert chisquare_pvalue(observed, expected) > 0.001


def test_a_die_with_totals_no_row_covers(cli, campaigns):
    append(campaigns, "demo", '[tables.pares]\ndie = "1d6*2"\n"2" = "dos"\n"4" = "cuatro"\n')
    shown = cli("-C", "demo", "table", "show", "pares", "--json").json
    assert [u["value"] for u in shown["uncovered"]] == [6, 8, 10, 12]
    one_line_error(cli("-C", "demo", "table", "roll", "pares", "--dice", "3"), "tables.pares has no row for 6")


@pytest.mark.parametrize("section, at, words", [
    ('[tables.x]\n"1-2" = "a"\n"4" = "b"', '"4"', ("tables.x.4", "3 is missing")),
    ('[tables.x]\n"1-2" = "a"\n"2-3" = "b"', '"2-3"', ("tables.x.2-3", "overlaps")),
    ('[tables.x]\ndie = "2d6"\n"1-12" = "a"', '"1-12"', ("tables.x.1-12", "outside 2..12")),
    ('[tables.x]\n"1-2" = "{1d4 goblins"', '"1-2"', ("tables.x.1-2", "'{' without its '}'")),
    ('[tables.x]\n"1-2" = "{} goblins"', '"1-2"', ("tables.x.1-2 has an empty {}",)),
    ('[tables.x]\n"uno" = "a"', '"uno"', ("tables.x.uno is not a range",)),
    ('[tables.x]\n"10+" = "a"', '"10+"', ('tables.x."10+" is open-ended',)),
    ('[tables.x]\n"1" = "{101t[botin]}"', '"1"', ("1 to 100 rows",)),
    ('[tables.x]\n"1" = 3', '"1"', ("tables.x.1 should be a text",)),
    ('[tables.x]\ndie = 6\n"1" = "a"', "die", ("tables.x.die should be a dice expression",)),
    ('[tables.x]\ndie = "2d6"', "[tables.x]", ("tables.x has no rows",)),
    ('[tables.x]\n"1-1000001" = "a"', '"1-1000001"', ("within ±1,000,000",)),
    ('[tables."a{b"]\n"1" = "a"', '[tables."a{b"]', ("not a usable table name",)),
    ('[rolls.x]\ny = "1d6"', "[rolls.x]", ("rolls.x should be a dice expression",)),
])
def test_a_bad_table_is_one_line_naming_file_line_and_key(cli, campaigns, section, at, words):
    append(campaigns, "demo", section + "\n")
    lines = (campaigns / "demo" / "campaign.toml").read_text(encoding="utf-8").splitlines()
    line = max(i for i, text in enumerate(lines, 1) if text.startswith(at))
    for args in (("table", "list"), ("campaign", "show"), ("damage", "Ana", "1")):
        one_line_error(cli("-C", "demo", *args), f"campaign.toml line {line}: ", *words)


def test_a_bad_roll_inside_a_row_is_reported_when_its_table_is_shown_or_rolled(cli, campaigns):
    append(campaigns, "demo", '[tables.x]\n"1" = "ok"\n"2" = "{1d4y} goblins"\n')
    lines = (campaigns / "demo" / "campaign.toml").read_text(encoding="utf-8").splitlines()
    where = f"campaign.toml line {len(lines)}: tables.x.2 {{1d4y}} is not a dice expression"
    one_line_error(cli("-C", "demo", "table", "show", "x"), where)
    one_line_error(cli("-C", "demo", "table", "roll", "x", "--dice", "2"), where)
    assert cli("-C", "demo", "table", "roll", "x", "--dice", "1").out.startswith("x: 1d2 [1] = 1 → ok")


def test_a_named_roll_cycle_in_the_file_is_refused_when_loaded(cli, campaigns):
    text = (campaigns / "demo" / "campaign.toml").read_text(encoding="utf-8")
    (campaigns / "demo" / "campaign.toml").write_text(
        text.replace('golpe = "@ataque >= 15"', 'golpe = "@bucle"\nbucle = "1 + @golpe"'), encoding="utf-8")
    one_line_error(cli("-C", "demo", "campaign", "show"), "rolls.golpe", "uses itself", "@bucle → @golpe → @bucle")


def test_tables_that_roll_on_themselves_stop_in_one_line(cli, campaigns):
    append(campaigns, "demo", '[tables.eco]\n"1" = "{1t[eco]}"\n\n[tables.ramas]\n"1" = "{100t[hojas]}"\n\n'
                              '[tables.hojas]\n"1" = "{100t[botin]}"\n\n[tables.rota]\n"1" = "{1t[nadie]}"\n')
    one_line_error(cli("-C", "demo", "table", "roll", "eco"), "tables.eco", "more than 10 deep")
    one_line_error(cli("-C", "demo", "table", "roll", "ramas", "--seed", "1"), "more than 10,000 rows")
    one_line_error(cli("-C", "demo", "table", "roll", "rota"), "tables.rota.1 {1t[nadie]}: no table 'nadie'")


def test_table_roll_mistakes(cli):
    one_line_error(cli("-C", "demo", "table", "roll", "encuentro"), "Did you mean 'encuentros'")
    one_line_error(cli("-C", "demo", "table", "roll", "encuentros", "--dice", "7"), "1..6")
    one_line_error(cli("-C", "demo", "table", "roll", "encuentros", "-n", "1001"), "1..1000")


# --- import ----------------------------------------------------------------------------------


def test_import_a_csv_with_ranges(cli, campaigns, tmp_path):
    path = tmp_path / "botín.csv"
    path.write_text('roll,result\n1-3,Goblins\n4-5,"Orcos, {1d4}"\n6,"{1t[botin]}"\n', encoding="utf-8")
    result = cli("-C", "demo", "table", "import", "orcos", path)
    assert result.code == 0 and result.out == "demo: table orcos with 3 row(s)\n"
    text = (campaigns / "demo" / "campaign.toml").read_text(encoding="utf-8")
    assert text.endswith('[tables.orcos]\n# imported from botín.csv by rolecli table import\n"1-3" = "Goblins"\n'
                         '"4-5" = "Orcos, {1d4}"\n"6" = "{1t[botin]}"\n')
    assert str(tmp_path) not in text  # only the file's name goes into campaign.toml
    assert cli("-C", "demo", "table", "roll", "orcos", "--dice", "4,2").out.startswith("orcos: 1d6 [4] = 4 → Orcos, 2")


def test_import_a_plain_list_from_standard_input(cli, campaigns):
    result = cli("-C", "demo", "table", "import", "nombres", "-", "--die", "1d4",
                 stdin="Ana\nBea\n# a comment\n\nCarla\n")
    assert result.code == 0
    shown = cli("-C", "demo", "table", "show", "nombres").out.splitlines()
    assert shown[0] == "nombres (1d4)" and shown[2:] == ["1\t25.0000%\t1/4\tAna", "2\t25.0000%\t1/4\tBea",
                                                         "3\t25.0000%\t1/4\tCarla", "4\t25.0000%\t1/4\t-",
                                                         "1 total(s) of 1d4 have no row: rolling one is an error"]


@pytest.mark.parametrize("content, args, words", [
    ("a\nb\n", ("encuentros",), ("already has a table 'encuentros'",)),
    ("1-3,a\nb\n", ("x", "--csv"), ("some rows have a range and some do not",)),
    ("1-3,a,b\n", ("x", "--csv"), ("line 1: 3 columns",)),
    ("1-3,a\nseis,b\n", ("x", "--csv"), ("line 2: 'seis' is not a range",)),
    ("1-3,a\n2,b\n", ("x", "--csv"), ("tables.x.2", "overlaps")),
    ("{1d4\n", ("x",), ("tables.x.1", "'{' without its '}'")),
    ("", ("x",), ("no rows to import",)),
    ("a\n", ("x", "--die", "2d"), ("tables.x.die",)),
])
def test_a_bad_import_writes_nothing(cli, campaigns, content, args, words):
    before = (campaigns / "demo" / "campaign.toml").read_bytes()
    one_line_error(cli("-C", "demo", "table", "import", args[0], "-", *args[1:], stdin=content), *words)
    assert (campaigns / "demo" / "campaign.toml").read_bytes() == before


def test_import_refuses_a_file_that_is_not_text_or_too_big(cli, campaigns, tmp_path):
    binary = tmp_path / "x.txt"
    binary.write_bytes(b"ok\n\xff\xfe\n")
    one_line_error(cli("-C", "demo", "table", "import", "x", binary), "x.txt line 2: not UTF-8")
    big = tmp_path / "big.txt"
    big.write_bytes(b"x\n" * 600_000)
    one_line_error(cli("-C", "demo", "table", "import", "x", big), "over the limit of 1,000,000")
    one_line_error(cli("-C", "demo", "table", "import", "x", tmp_path / "none.txt"), "cannot read")


# --- limits checked before the work (issue 18) -------------------------------------------------


@pytest.mark.slow  # a process of capped memory; test_bad_input's sparse 2 GB case is refused in-process
def test_a_big_import_is_refused_without_being_read(tmp_path, campaigns):
    """A 2 GB file (sparse: no disk used) is refused by its size, in a process
    that could not even hold it: its address space is capped at 1 GB."""
    import resource
    import subprocess
    import sys

    big = tmp_path / "big.csv"
    with open(big, "wb") as handle:
        handle.truncate(2 * 2**30)

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    proc = subprocess.run([sys.executable, "-m", "rolecli", "--campaigns", str(campaigns), "-C", "demo", "table",
                           "import", "t", str(big)], capture_output=True, text=True, timeout=60, preexec_fn=cap)
    assert (proc.returncode, proc.stderr) == (
        2, "rolecli: big.csv: 2,147,483,648 bytes, over the limit of 1,000,000 for a table to import.\n")


def test_a_table_over_the_row_limit_is_refused_before_the_file_is_parsed(monkeypatch, tmp_path):
    """100,001 rows written by hand cost every command the parse of them (4 s on
    the development machine, with the search for the line of the message): they
    are counted on the text, and the file is never parsed."""
    from rolecli.campaign import validate
    from rolecli.errors import RoleError

    def no_parse(text):
        raise AssertionError("the file was parsed")

    monkeypatch.setattr(validate.tomllib, "loads", no_parse)
    monkeypatch.chdir(tmp_path)
    rows = "".join(f'"{i}" = "row {i}"\n' for i in range(1, 100_002))
    with pytest.raises(RoleError) as refused:
        validate.parse_toml(tmp_path / "campaign.toml", f'system = "dice"\n\n[tables."big one"]\n{rows}')
    assert str(refused.value) == 'campaign.toml line 3: tables."big one" has 100,001 rows, over the limit of 10,000.'


_ROW_TEXT = st.text(st.sampled_from('ab "\'=,{}[]\\#\n'), max_size=6)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(texts=st.lists(_ROW_TEXT, min_size=1, max_size=9), form=st.sampled_from(["section", "list", "inline"]),
       limit=st.integers(1, 8), comments=st.booleans())
def test_rows_counted_on_the_text_are_the_rows_written(texts, form, limit, comments):
    """Whatever the rows hold (quotes, '=', brackets, escapes, new lines), in
    each form a table takes, the count made without parsing finds a table over
    the limit exactly when it is, and counts its rows."""
    import json
    import tomllib

    from rolecli.tables import book

    quoted = [json.dumps(t) for t in texts]  # a TOML basic string, escapes and all
    note = "# a comment with \"quotes\" = and 'more'\n" if comments else ""
    if form == "section":
        body = f'[tables.t]\n{note}die = "1d9"\n' + "".join(f'"{i}" = {q}\n{note}' for i, q in enumerate(quoted, 1))
    elif form == "list":
        body = "[tables]\nt = [\n" + "".join(f"  {q},\n{note}" for q in quoted) + "]\n"
    else:
        body = "[tables]\nt = { " + ", ".join(f'"{i}" = {q}' for i, q in enumerate(quoted, 1)) + " }\n"
    text = f'system = "dice"\n{note}\n[rolls]\nx = "1d6"\n\n{body}\n[characters.Ana]\nhp = 3\n'
    table = tomllib.loads(text)["tables"]["t"]
    written = len(table) - ("die" in table) if isinstance(table, dict) else len(table)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(book, "MAX_ROWS", limit)
        found = book.count_rows(text)
    assert (found is not None) == (written > limit)
    if found is not None:
        assert found[0] == "t" and found[2] == written
