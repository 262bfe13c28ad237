"""``log --format markdown``: the log as a session recap (issue 22) — headings
by session, scene and conflict, a line per roll and change, who fell; filtered
with ``--since``/``--last``; and nothing in a name can become Markdown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from rolecli.campaign.recap import plain, recap

# CommonMark with GitHub's tables and strikethrough: what a group's notes render.
MARKDOWN = MarkdownIt("commonmark").enable(["table", "strikethrough"])


def ok(result):
    assert result.code == 0, result.err
    return result


def one_line(result) -> str:
    assert result.code == 2, (result.code, result.out, result.err)
    assert result.err.count("\n") == 1 and "Traceback" not in result.err, result.err
    return result.err.strip()


def markdown(cli, campaign: str, *args: str) -> str:
    return ok(cli("-C", campaign, "log", "--format", "markdown", *args)).out


EVENING = """\
-C demo check Ana 1d20 --bonus Fuerza+Pelea --target 12 --dice 8
-C demo damage Esqueleto 4
-C demo recover end_of_scene
-C demo damage Esqueleto 2
-C caminantes conflict start Lucía Tomás "El Coronel"
-C caminantes conflict next
-C caminantes conflict next
-C caminantes block "El Coronel" Atletismo --target Lucía --dice +,+,0,0
-C caminantes conflict next
-C caminantes attack Tomás "Armas cuerpo a cuerpo" Atletismo --target Lucía --dice +,+,0,0,0,0,0,0
-C caminantes conflict end
-C v5 recover start_of_session Terence
-C v5 attack Clara "Destreza+Armas de Fuego" --target Policía --ranged --weapon Escopeta --dice 9,8,7,2,1,6,7,6,2
"""


@pytest.fixture
def evening(cli):
    """The sample campaigns after a scripted batch, as `make demo` plays them."""
    result = cli("batch", "--keep-going", "-", stdin=EVENING)
    assert result.code in (0, 1), result.err  # 1: a check failed, which is play
    return cli


def test_the_recap_of_a_scripted_evening_starts_with_a_heading_and_tells_it_scene_by_scene(evening):
    text = markdown(evening, "demo")
    assert text.splitlines()[:5] == ["# Session recap: La cripta de prueba (demo)", "",
                                     "## Session 1 — " + text.splitlines()[2][len("## Session 1 — "):], "",
                                     "### Scene 1"]
    body = [line[len("- 00:00 "):] for line in text.splitlines() if line.startswith("- ")]
    assert body == ["**check**: 1d20 \\[8\\] = 8 + Fuerza 3+Pelea 2 = 13 ≥ 12: success",  # 8 + 3 + 2 ≥ 12
                    "**damage**: Esqueleto: 2/6 HP",  # 6 HP - 4
                    body[2],  # the recovery's summary is the dice system's
                    "**damage**: Esqueleto: 0/6 HP — down"]  # 6 - 4 - 2 = 0: down
    assert body[2].startswith("**recover**: ")
    assert "### Scene 2" in text.split(body[2])[1]  # the end of the scene closes it
    assert "  - Esqueleto falls: down (0 HP)" in text.splitlines()


def test_a_conflict_is_a_scene_of_its_own_with_its_rounds_and_who_fell(evening):
    text = markdown(evening, "caminantes")
    lines = [line for line in text.splitlines() if line]
    start = lines.index("### Conflict: Tomás, Lucía, El Coronel")  # the order Fate's initiative gave
    assert [line.split(" ", 2)[-1] if line[2:3].isdigit() else line for line in lines[start + 1:]] == [
        "conflict started: Tomás, Lucía, El Coronel",
        "**block**: Protects Lucía: their defence will be max(defence, 6).",
        "- **Round 2**",
        "**attack**: Tie: both succeed with 0 shifts; the attack deals no stress",
        "conflict ended",
        "- Fell in this conflict: nobody."]


def test_who_fell_is_the_systems_word_and_a_start_of_session_opens_a_session(evening):
    text = markdown(evening, "v5")
    assert [line for line in text.splitlines() if line.startswith("#")] == [
        "# Session recap: Sangre en la iglesia (v5)", text.splitlines()[2], "### Scene 1"]
    assert "  - Policía falls: out of the fight: coma or death (Health full of aggravated damage)" in text


def test_the_recap_speaks_the_language_chosen(evening):
    """Its headings, its words and who fell are in ``--lang``; the log's
    summaries stay as they were said when played."""
    lines = [line for line in markdown(evening, "caminantes", "--lang", "es").splitlines() if line]
    assert lines[0] == "# Resumen de la sesión: Caminantes: la ciudad tomada (caminantes)" and lines[1].startswith("## Sesión 1 — ")
    assert "### Conflicto: Tomás, Lucía, El Coronel" in lines and "- **Asalto 2**" in lines
    assert lines[-1] == "- Cayeron en este conflicto: nadie."
    text = markdown(evening, "demo", "--lang", "es")
    assert "### Escena 2" in text and "- 00:00 **damage**: Esqueleto: 0/6 HP — down"[8:] in text  # as said then
    assert "  - Esqueleto cae: fuera de combate (0 PV)" in text  # the system's word, asked in Spanish
    assert markdown(evening, "v5", "--lang", "es", "--since", "2999-01-01") == (
        "# Resumen de la sesión: Sangre en la iglesia (v5)\n\nNo se registró nada en este intervalo.\n")


def test_a_fight_where_someone_falls_lists_them_when_it_ends(cli):
    for line in (["conflict", "start", "Ana", "Esqueleto"], ["damage", "Esqueleto", "6"], ["conflict", "end"]):
        ok(cli("-C", "demo", *line))
    text = markdown(cli, "demo")
    assert text.splitlines()[-1] == "- Fell in this conflict: Esqueleto (down (0 HP))."


# --- sessions from the times ----------------------------------------------------------------


def write_log(campaigns: Path, times: list[str]) -> None:
    lines = [{"seq": n, "time": t, "command": f"rolecli roll {n}d6", "kind": "roll", "summary": f"roll {n}",
              "data": {}} for n, t in enumerate(times, start=1)]
    (campaigns / "demo" / "log.jsonl").write_text("".join(json.dumps(e) + "\n" for e in lines), encoding="utf-8")


def test_six_hours_between_two_entries_start_a_new_session(cli, campaigns):
    write_log(campaigns, ["2026-11-20T18:00:00+01:00", "2026-11-20T23:59:00+01:00",  # 5 h 59: the same evening
                          "2026-11-21T05:59:00+01:00", "2026-11-27T18:00:00+01:00"])  # 6 h, then a week
    headings = [line for line in markdown(cli, "demo").splitlines() if line.startswith("## ")]
    assert headings == ["## Session 1 — 2026-11-20 18:00", "## Session 2 — 2026-11-21 05:59",
                        "## Session 3 — 2026-11-27 18:00"]


# --- filters ------------------------------------------------------------------------------------


@pytest.mark.parametrize("args, seqs", [
    (["--since", "3"], [3, 4]),
    (["--since", "#4"], [4]),
    (["--since", "2026-11-19"], [1, 2, 3, 4]),  # local time: whatever the zone, before the first
    (["--since", "2026-11-29"], []),  # and after the last
    (["--since", "2026-11-20T23:00+01:00"], [2, 3, 4]),
    (["--last", "100000w"], [1, 2, 3, 4]),  # further back than the log
    (["--last", "1h"], []),
    (["-n", "2"], [3, 4]),
    (["--since", "2", "-n", "1"], [4]),
])
def test_since_last_and_n_keep_the_newest_entries(cli, campaigns, args, seqs):
    write_log(campaigns, ["2026-11-20T18:00:00+01:00", "2026-11-20T23:59:00+01:00",
                          "2026-11-21T05:59:00+01:00", "2026-11-27T18:00:00+01:00"])
    shown = ok(cli("-C", "demo", "log", "--json", *args)).out.splitlines()
    assert [json.loads(line)["seq"] for line in shown] == seqs
    recapped = markdown(cli, "demo", *args)
    assert [int(line.rsplit(" ", 1)[1]) for line in recapped.splitlines() if line.startswith("- ")] == seqs
    if not seqs:
        assert recapped.splitlines()[-1] == "Nothing was logged in this span."


@pytest.mark.parametrize("args, message", [
    (["--since", "yesterday"], "--since 'yesterday': give a log entry's number (12 or #12) or a date and time "
                               "(2026-11-29 or 2026-11-29T18:00)."),
    (["--last", "3 days"], "--last '3 days': give a span of time back from now: a number and m, h, d or w "
                           "(90m, 3h, 2d, 1w)."),
    (["--since", "2", "--last", "1h"], "--since an entry's number and --last together: give one of them."),
    (["--format", "html"], "--format 'html': give text or markdown (--json for JSON)."),
    (["--format", "markdown", "--json"], "--format markdown and --json are two formats; give one of them."),
])
def test_bad_filters_are_one_line(cli, campaigns, args, message):
    ok(cli("-C", "demo", "damage", "Ana", "1"))
    before = (campaigns / "demo" / "log.jsonl").read_bytes()
    assert one_line(cli("-C", "demo", "log", *args)) == f"rolecli: {message}"
    assert (campaigns / "demo" / "log.jsonl").read_bytes() == before


def test_log_without_filters_still_shows_the_newest_twenty(cli, campaigns):
    write_log(campaigns, [f"2026-11-20T18:{minute:02d}:00+01:00" for minute in range(25)])
    shown = ok(cli("-C", "demo", "log", "--json")).out.splitlines()
    assert [json.loads(line)["seq"] for line in shown] == list(range(6, 26))


# --- nothing a name holds becomes Markdown -------------------------------------------------------------

HOSTILE = ["# x", "[a](javascript:alert(1))", "<img src=x onerror=alert(1)>", "*bold* _it_ `code`", "- item",
           "1. one", "> quote", "| a | b |", "~~gone~~", "&lt;b&gt;", "![i](http:x)", "---", "Ana\\", "+ plus",
           "=", "2) two", "<https:x>"]


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_name_is_shown_as_the_characters_it_is(name):
    html = MARKDOWN.render(f"- {plain(name)}\n")
    assert html == f"<ul>\n<li>{_escaped(name)}</li>\n</ul>\n", html


def _escaped(text: str) -> str:
    """``text`` as HTML shows it as text."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def test_hostile_names_in_a_played_campaign_stay_text_in_the_recap(cli):
    names = [n for n in HOSTILE if "/" not in n and "\\" not in n]  # campaign names refuse slashes
    for name in names:
        ok(cli("-C", "demo", "character", "add", "--", name, "hp=3"))
        ok(cli("-C", "demo", "damage", "--", name, "3"))  # 3 HP - 3: down
    html = MARKDOWN.render(markdown(cli, "demo"))
    for tag in ("<a ", "<img", "<h2>x", "<em>", "<code>", "<blockquote>", "<table>", "<s>", "<ol", "<hr"):
        assert tag not in html, tag
    for name in names:
        assert f"{_escaped(name)} falls: down (0 HP)" in html, name


def test_a_newline_in_a_summary_cannot_start_a_block():
    entry = {"seq": 1, "time": "2026-11-20T18:00:00+01:00", "kind": "roll", "summary": "fine\n# heading\n\n<b>x</b>",
             "data": {}, "command": "x"}
    html = MARKDOWN.render(recap([entry], "t"))
    assert "<h1>heading" not in html and "<b>" not in html and html.count("<h1>") == 1


def test_a_turn_passing_has_no_line_but_someone_joining_has(cli):
    for line in (["conflict", "start", "Ana"], ["conflict", "join", "Bruno"], ["conflict", "next"]):
        ok(cli("-C", "demo", *line))
    body = [line.split(" ", 2)[2] for line in markdown(cli, "demo").splitlines() if line.startswith("- ")]
    assert body == ["conflict started: Ana", "Bruno joins the conflict", "conflict goes on; fell so far: nobody."]


def test_times_written_by_hand_without_offset_or_at_all_still_make_a_recap(cli, campaigns):
    write_log(campaigns, ["2026-11-20T18:00:00+01:00", "2026-11-22T09:00:00", "not a time", "2026-11-28T18:00:00"])
    text = markdown(cli, "demo")
    assert [line for line in text.splitlines() if line.startswith("## ")] == [
        "## Session 1 — 2026-11-20 18:00", "## Session 2 — 2026-11-22 09:00", "## Session 3 — 2026-11-28 18:00"]
    assert "- roll 3" in text.splitlines()  # no time to show
