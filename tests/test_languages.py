"""One language at a time (issue 21): under Spanish every help page and every
error of the bad-input corpus is Spanish, and under English English, with no
line left in the other language.

A line is checked word by word against a list of common words of the other
language (function words, which any sentence of it has and no sentence of this
one does). What is not prose in the language is taken out first: quoted text
(names, examples, values), option names, choices (``[a|b]``), metavars and rule
IDs (words in capitals), and the proper names of :data:`NAMES`.
"""

from __future__ import annotations

import os
import re
import sys

import pytest

from rolecli.errors import RoleError
from rolecli.i18n import LOCALE_VARIABLES
from rolecli_testing import in_quick_share, quick_tier, run_inprocess

# Common words of each language that the other never writes ("a", "no", "es"
# and "en" are in both, or are values of --lang; "o" and "y" are letters of the
# dice notation too; "show", "list" and "use" are names of commands).
ENGLISH = set("""the of and is are to with for from this that these those its it be been by on an or not
cannot must should which when what who whose each every only than then there has have as at into if else all
any print one their your you was were will would can could does do such see missing invalid
option options argument arguments command commands usage value default required message exit""".split())
SPANISH = set("""el la los las del una uno unos unas para con que por sin según cuando cada este esta estos
estas ese esa su sus se lo al tiene hay muestra imprime usa lista solo más ni ya opción opciones
argumento argumentos comando comandos uso personaje personajes campaña tirada""".split())
OTHER = {"es": ENGLISH, "en": SPANISH}
LOCALES = {"es": "es_ES.UTF-8", "en": "en_US.UTF-8"}

# Names that are the same in both languages: the rule systems' books and dice.
NAMES = ("Giro de Reloj", "Vampiro 5ª edición", "El del medio", "uso de armas", "habilidad de batalla")
# A list of names an error offers (the campaign's characters, a sheet's traits):
# names a game master wrote, in whatever language.
LISTED = re.compile(r"\b(Characters|Traits|Capabilities|Campaigns|Named rolls|Tables|Ladder|Personajes|Rasgos"
                    r"|Capacidades|Campañas|Tiradas con nombre|Tablas|Escalera): .*")

QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`|‘[^’\n]*’")
OPTION = re.compile(r"(?<![\w-])--?[\w-]+(=\S*)?")
IDENTIFIER = re.compile(r"\w+(?:[-_]\w+)+")  # a value or key: on-failure, end_of_scene
CHOICES = re.compile(r"\[[^\]\s]*\|[^\]]*\]?")  # a long list of choices may be cut at the page's edge


def foreign(line: str, lang: str) -> list[str]:
    """The words of ``line`` that belong to the other language than ``lang``."""
    for name in NAMES:
        line = line.replace(name, " ")
    line = IDENTIFIER.sub(" ", CHOICES.sub(" ", OPTION.sub(" ", QUOTED.sub(" ", LISTED.sub(" ", line)))))
    words = [w for w in re.findall(r"[^\W\d_]+", line) if not w.isupper()]
    return [w for w in words if w.lower() in OTHER[lang]]


@pytest.mark.parametrize("lang, line, found", [
    ("es", "╭─ Options ──╮", ["Options"]),
    ("es", "│ --help -h  Show this message and exit. │", ["this", "message", "and", "exit"]),
    ("es", "rolecli: No such option: --bogus. See 'rolecli roll --help'.", ["such", "option", "See"]),
    ("es", "rolecli: no campaign 'nope' in campaigns.", []),
    ("es", "rolecli: the campaign 'nope' is not there.", ["the", "is", "not", "there"]),
    ("en", "rolecli: no existe la opción --bogus.", ["la", "opción"]),
    ("en", "rolecli: Ana has no trait 'x'. Traits: Armas de Fuego, Sigilo.", []),
    ("en", "│ --lang [es|en]  Language: es or en. │", []),
    ("en", "Usage: rolecli fate check [OPTIONS] SKILL", []),
])
def test_the_check_finds_the_other_language(lang, line, found):
    assert foreign(line, lang) == found


def test_the_english_words_are_no_spanish_words():
    assert not ENGLISH & SPANISH


# --- help pages -------------------------------------------------------------------


def _help_pages():
    from test_conventions_help import _pages

    return list(_pages())


def lines_in_the_other_language(pages, lang: str) -> dict[str, str]:
    """Each line of the help ``pages`` (command line, page) in the other
    language than ``lang``, with the command whose page shows it."""
    left: dict[str, str] = {}
    for args, page in pages:
        for line in page.splitlines():
            if foreign(line, lang):
                left.setdefault(" ".join(line.strip("│ ").split()), " ".join(args))
    return left


# English: test_conventions_help's walk of every page, which draws them in English, checks them too.
@pytest.mark.slow  # every help page of every command, drawn by rich: some 6 s
def test_every_help_page_speaks_spanish_alone(cli):
    pages = []
    for args in _help_pages():
        result = run_inprocess(*args, "--help", env={"ROLECLI_LANG": "es", "COLUMNS": "200"})
        assert result.code == 0, (args, result.err)
        pages.append((args, result.out))
    left = lines_in_the_other_language(pages, "es")
    assert not left, f"{len(left)} lines in the other language:\n" + "\n".join(f"{k}    [{v}]" for k, v in left.items())


def test_a_group_given_no_command_shows_its_page_in_the_language(cli):
    """typer draws that page as it refuses the empty command line (rolecli.commands.base.SpokenGroup)."""
    for args in ([], ["campaign"], ["campaign", "rule"], ["fate"]):
        for lang, usage in (("es", "Uso: rolecli"), ("en", "Usage: rolecli")):
            result = run_inprocess(*args, env={"ROLECLI_LANG": lang, "COLUMNS": "200"})
            assert result.code == 0 and usage in result.out, (args, lang, result.out)
            assert not [line for line in result.out.splitlines() if foreign(line, lang)], (args, lang, result.out)


def test_help_pages_follow_the_lang_option_wherever_it_is(cli):
    for args in (["--lang", "es", "roll", "--help"], ["roll", "--help", "--lang", "es"],
                 ["roll", "--lang=es", "--help"]):
        page = run_inprocess(*args, env={"ROLECLI_LANG": "en", "COLUMNS": "200"}).out
        assert "Uso: rolecli roll" in page and "─ Opciones " in page, (args, page)
    assert "Usage: rolecli roll" in run_inprocess("--lang", "en", "roll", "--help", env={"ROLECLI_LANG": "es"}).out


def test_the_root_and_roll_help_pages_speak_one_language(cli):
    """The pages a newcomer reads first, in `make check` too (the walk above is slow)."""
    for lang in ("es", "en"):
        for args in ([], ["roll"], ["fate", "check"]):
            page = run_inprocess(*args, "--help", env={"ROLECLI_LANG": lang, "COLUMNS": "200"}).out
            assert not [line for line in page.splitlines() if foreign(line, lang)], (lang, args, page)


def test_roll_help_and_a_usage_error_are_spanish_under_a_spanish_locale(cli, monkeypatch):
    monkeypatch.delenv("ROLECLI_LANG")
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    page = run_inprocess("roll", "--help", env={"COLUMNS": "200"}).out
    assert "Uso: rolecli roll" in page and "Tira expresiones de dados" in page, page
    assert "Muestra este mensaje y sale." in page, page
    refused = run_inprocess("roll", "1d6", "--bogus")
    assert refused.err == "rolecli: no existe la opción --bogus. Consulta 'rolecli roll --help'.\n"
    assert run_inprocess("roll", "1d6", "--bogus", "--lang", "en").err.startswith("rolecli: No such option")
    extra = run_inprocess("alternity", "encumbrance", "30", "0")  # one argument too many, in any click's words
    assert extra.code == 2 and extra.err == ("rolecli: sobran argumentos (0). Consulta 'rolecli alternity "
                                             "encumbrance --help'.\n"), extra.err


# --- the bad-input corpus ---------------------------------------------------------


@pytest.fixture
def dice_layer(monkeypatch) -> list[str]:
    """The messages of the errors raised in rolecli/dice during the test. Another
    engineer translates the dice layer (its parser's errors and dice reasons):
    until then, the corpus walk leaves them out."""
    raised: list[str] = []

    def record(self, *args):
        if "rolecli/dice/" in sys._getframe(1).f_code.co_filename.replace(os.sep, "/") and args:
            raised.append(str(args[0]))
        Exception.__init__(self, *args)

    monkeypatch.setattr(RoleError, "__init__", record)
    return raised


@pytest.mark.parametrize("lang", ["es", pytest.param("en", marks=pytest.mark.slow)])  # English: the source's own
def test_every_error_of_the_bad_input_corpus_speaks_one_language(request, tmp_path, monkeypatch, dice_layer, lang):
    import test_bad_input as corpus

    for name in [k for k in os.environ if k.startswith("ROLECLI_")] + ["VISUAL", "EDITOR", *LOCALE_VARIABLES]:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", LOCALES[lang])  # the language as a shell user sets it (ROLECLI_LANG=xx is a case)
    left = {}
    # The quick tier walks a third of the corpus, drawn apart from test_bad_input's (slow cases wait for `make test`).
    quick = quick_tier(request.config)
    cases = [c for c in corpus.CASES if not corpus.needs_process(c) and c.code != 0
             and not (quick and (c.slow or not in_quick_share(f"{lang}: {c}", 3)))]
    for number, case in enumerate(cases):
        tmp = tmp_path / str(number)
        tmp.mkdir()
        monkeypatch.chdir(tmp)
        root = corpus.prepare(case, tmp)
        env = {"ROLECLI_CAMPAIGNS": str(root),
               **({"EDITOR": str(tmp / "editor.sh")} if case.editor is not None else {}),
               **{k: v.replace("{tmp}", str(tmp)) for k, v in case.env.items()}}
        del dice_layer[:]
        result = run_inprocess(*corpus.arguments(case, tmp, root), stdin=case.stdin, env=env)
        assert result.code == case.code, (case.name, result.err)
        line = result.err.strip().replace(str(tmp), "{tmp}")
        if any(message in line for message in dice_layer):
            continue
        if foreign(line, lang):
            left[case.name] = line[:300]
    assert not left, f"{len(left)} errors in the other language:\n" + "\n".join(f"{v}    [{k}]" for k, v in left.items())


def test_without_its_spanish_an_error_is_found_out(cli, monkeypatch):
    """The walks can fail: with an empty catalog (rolecli before issue 21) the errors stay English."""
    import rolecli.spanish

    monkeypatch.setattr(rolecli.spanish, "TEXTS", {})
    rolecli.spanish._patterns.cache_clear()
    try:
        refused = run_inprocess("roll", "1d6", "--bogus", env={"ROLECLI_LANG": "es"}).err
        assert foreign(refused, "es") == ["such", "option", "See"], refused
    finally:
        rolecli.spanish._patterns.cache_clear()


# --- the catalog ---------------------------------------------------------------------


def test_every_spanish_text_uses_only_placeholders_of_its_english():
    """One it lacks would fail as the message is printed (a name said once in Spanish may be left out)."""
    from rolecli.spanish import _PLACEHOLDER, TEXTS

    for english, spanish in TEXTS.items():
        assert set(_PLACEHOLDER.findall(spanish)) <= set(_PLACEHOLDER.findall(english)), english


@pytest.mark.parametrize("english, spanish", [
    # a value is copied, a {message} is translated in turn, however deep
    ("cannot undo #2: campaigns/demo/log.jsonl line 2: hp = -5 is out of range 1..9.",
     "no se puede deshacer #2: campaigns/demo/log.jsonl línea 2: hp = -5 está fuera del rango 1..9."),
    # a value never swallows a sentence of a longer message
    ("unknown rule system 'x'; installed systems: dice, fate. The edit was not kept; it is saved in c.toml.rejected.",
     "sistema de reglas desconocido 'x'; sistemas instalados: dice, fate. La edición no se ha guardado; está en "
     "c.toml.rejected."),
    ("a text no entry knows", "a text no entry knows"),
])
def test_the_catalog_translates_composed_messages(english, spanish):
    from rolecli.i18n import say

    assert say(english, "es") == spanish
    assert say(english, "en") == english


@pytest.mark.parametrize("env, option, said", [("en", "es", "empieza un comentario"), ("es", "en", "starts a comment")])
def test_the_dice_layer_follows_the_lang_option_too(env, option, said):
    """The dice layer is given no session: it speaks the command line's language
    (rolecli.i18n.SPOKEN), so --lang wins over ROLECLI_LANG there as everywhere."""
    result = run_inprocess("roll", "3#1d20", "--lang", option, env={"ROLECLI_LANG": env})
    assert result.code == 2 and said in result.err and result.err.count("\n") == 1
