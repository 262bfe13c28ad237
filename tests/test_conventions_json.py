"""Every ``--json`` output is JSON, one object a line, with no Python inside:
every core command, and every verb of every installed system in its quick form,
as odds, and on its sample campaign; the same lines without ``--json`` print no
Python value either. A command or a verb added without a line here fails
:func:`test_every_command_is_walked` / :func:`test_every_verb_is_walked`."""

from __future__ import annotations

import json
import re
import shlex

import pytest
import typer

from rolecli_testing import in_quick_share, quick_tier, run_inprocess

# Python's own notation where a JSON value belongs: a dict or a list printed as
# text, a Label, a Fraction, an object's default repr, None, True or False.
PYTHON = re.compile(r"\{'|\['|\bLabel\(|\bFraction\(| object at 0x|\b(None|True|False)\b")

# One system per entry: its sample campaign, its quick lines, then its lines on
# that campaign, run in this order (a verb may need what an earlier one did).
VERBS = {
    "alternity": ("aaa", """
        alternity roll d20
        alternity scatter --seed 1
        alternity check 12 --seed 1
        alternity action-check 12 --seed 1
        alternity attack 12 d4s/d6w/d4m --seed 1
        alternity surprise 12 --seed 1
        alternity damage d4s --seed 1
        alternity heal 1
        alternity fatigue 12 --seed 1
        alternity breath 1 --score 12 --seed 1
        alternity recover rest
        alternity initiative --entrants Ana=12,Bruno=10 --seed 1
        alternity encumbrance 10 --strength 10
        alternity throw 2 --strength 10 --seed 1
        alternity challenge 12,12 --seed 1
        alternity move good --speed 10
        alternity impact --height 3 --score 12 --seed 1
    """, """
        check 'Mad Dog' Atletismo --seed 1
        action-check 'Mad Dog' --seed 1
        attack 'Mad Dog' 'Armas Cuerpo a Cuerpo' d4s/d6w/d4m --target Zug --seed 1
        surprise 'Mad Dog' --seed 1
        damage Zug d4s --seed 1
        heal Zug 1
        fatigue 'Mad Dog' --seed 1
        breath 'Mad Dog' 1 --seed 1
        recover rest 'Mad Dog'
        initiative --seed 1
        encumbrance 'Mad Dog' 10
        throw 'Mad Dog' 2 --seed 1
        challenge 'Mad Dog' Atletismo,Atletismo --seed 1
        move 'Mad Dog' good --speed 10
        impact 'Mad Dog' --height 3 --seed 1
        scatter --seed 1
    """),
    "dice": ("demo", """
        dice roll 2d6 --seed 1
        dice check 1d20 --target 10 --seed 1
        dice damage 3
        dice heal 1
        dice recover rest
        dice initiative --seed 1
    """, """
        check Ana 1d20 --bonus Fuerza --target 10 --seed 1
        damage Esqueleto 1
        heal Esqueleto 1
        recover rest Ana
        initiative --seed 1
    """),
    "fate": ("caminantes", """
        fate roll --seed 1
        fate check 3 --seed 1
        fate contest 3 2 --seed 1
        fate attack 3 2 --seed 1
        fate maneuver 3 --aspect Niebla --seed 1
        fate block 3 --seed 1
        fate overcome 3 --block 2 --seed 1
        fate sprint 3 --seed 1
        fate push 3 --seed 1
        fate throw 3 --seed 1
        fate damage 2
        fate recover end_of_scene
        fate initiative
    """, """
        check Lucía Atletismo --seed 1
        contest Lucía Atletismo Alerta --target Tomás --seed 1
        attack Lucía Armas Pelea --target Tomás --seed 1
        maneuver Lucía Atletismo --aspect Niebla --seed 1
        block Lucía Atletismo --target Tomás --seed 1
        defend Tomás
        overcome Lucía Atletismo --block 1 --seed 1
        sprint Lucía Atletismo --seed 1
        push Tomás Pelea --seed 1
        throw Tomás Pelea --seed 1
        compel Lucía 'Ladrona de guante blanco'
        damage Tomás 4 --consequences mayor --by 'El Coronel'
        concede Tomás --target 'El Coronel'
        recover end_of_scene
        initiative
    """),
    "giro": ("giro", """
        giro roll --seed 1
        giro check 3 --seed 1
        giro contest 3 2 --seed 1
        giro attack 3 2 --seed 1
        giro automatic success
        giro damage 2
        giro heal 1
        giro recover rest
        giro initiative --entrants A=3,B=4 --seed 1
    """, """
        check Berthold 3 --seed 1
        contest Berthold 3 2 --target 'Clovis Lenoir' --seed 1
        attack Berthold 3 --target 'Clovis Lenoir' --seed 1
        automatic Berthold success
        damage Berthold 2
        heal Berthold 1
        recover rest Berthold
        initiative --seed 1
    """),
    "middle": ("middle", """
        middle roll 2 --seed 1
        middle check 2 --seed 1
        middle contest 2 1 --seed 1
        middle strike 2 --seed 1
        middle feint 2 --seed 1
        middle mount-attack 2 --seed 1
        middle blind 2 --seed 1
        middle strike-weapon 2 --weapon large --rival-use 1 --seed 1
        middle duel 2 --rival-use 1 --seed 1
        middle insult 2 --rivals 1 --seed 1
        middle threaten 2 --rivals 1 --seed 1
        middle ambush 2 --victims 1 --seed 1
        middle morale --members 1,2 --seed 1
        middle mount-lost 2 --seed 1
        middle damage 3
        middle mount --seed 1
        middle dismount --seed 1
        middle state --add mareado
        middle recover end_of_round
        middle initiative --impulses 1,2 --seed 1
    """, """
        ambush 'Dientes de Sable' --victims Novato,Rata --seed 1
        insult Rata --rivals 'Dientes de Sable' --seed 1
        threaten Bruno --rivals 'Dientes de Sable' --seed 1
        dismount Bruno --seed 1
        parry Aldara
        cover Centinela --target Novato
        recover end_of_round
        strike 'Dientes de Sable' 'habilidad de batalla' --target Novato --seed 1
        feint Aldara --target Perro --seed 1
        blind Perro --target Centinela --seed 1
        mount Bruno --seed 1
        mount-attack Bruno --target Rata --seed 1
        recover end_of_round
        strike-weapon Bruno --target Centinela --dice 1,8,9
        recover end_of_round
        duel Bruno --seed 1
        recover end_of_round
        check Aldara 'domar bestias' --seed 1
        contest Aldara 'domar bestias' calma --target Perro --seed 1
        mount-lost Bruno --seed 1
        morale --members 'Dientes de Sable',Novato --seed 1
        state Novato --add mareado
        damage Novato 3
        recover end_of_scene
        initiative --seed 1
    """),
    "v5": ("v5", """
        v5 roll 4 --seed 1
        v5 check 4 --difficulty 2 --seed 1
        v5 contest 4 3 --seed 1
        v5 attack 4 3 --seed 1
        v5 damage 2
        v5 spend 1
        v5 rouse --seed 1
        v5 recover rest
        v5 initiative
    """, """
        check Tracy Destreza+Sigilo --difficulty 2 --seed 1
        contest Tracy 4 3 --target Leah --seed 1
        attack Tracy 4 3 --target Leah --seed 1
        damage Leah 2
        spend Tracy 1
        rouse Tracy --seed 1
        recover rest Tracy
        initiative --seed 1
    """),
}

# Verbs that refuse a quick form (one line, exit 2): they are kept on a campaign's characters.
CAMPAIGN_ONLY = {"fate": {"defend", "concede", "compel"}, "middle": {"parry", "cover"}}

# The core's commands, on the sample campaigns, in this order.
CORE = """
    roll 2d6 --seed 1
    roll '1d20+5 [fire] # attack' '1d20+5>=15' 3x2d6 -n 2 --seed 1
    roll 4d6kh3 --dice 6,5,2,1
    -C demo roll @ataque Ana @bola_de_fuego --seed 1
    odds 2d6
    odds 2d6 3d6
    odds '1d20+5>=15'
    odds 3d6 --at-least 12
    -C caminantes odds check Lucía Atletismo
    systems
    systems alternity
    systems dice
    systems fate
    systems giro
    systems middle
    systems v5
    campaign list
    campaign show aaa
    campaign show demo
    campaign show giro
    campaign show middle
    campaign show v5
    campaign use caminantes
    campaign show
    campaign rule show
    campaign rule set stress sotc
    campaign rule unset stress
    campaign new mesa --system dice --title Mesa
    character show
    character show Lucía
    character add Ana habilidades.Pelea=2
    character set Ana habilidades.Pelea=3 aspectos=Valiente
    character rename Ana Ada
    character remove Ada
    log -n 5
    log --since 2
    undo
    redo
    undo --to 1
    table list
    table show complicaciones
    table roll complicaciones --seed 1
    table import nombres nombres.txt
    conflict start Lucía Tomás
    conflict show
    conflict next
    effect add Lucía 'Cegada por la niebla' --rounds 1
    effect list
    effect remove 1
    conflict join 'El Coronel'
    conflict leave 'El Coronel'
    conflict end
    plugins
    plugins new blades
    encounter check encounter.toml
    encounter run encounter.toml --dry-run --seed 1
    encounter simulate encounter.toml --trials 20 --seed 1
"""

# What the walk does not run, and why.
NOT_RUN = {
    "plugins install": "runs pip; what it prints about each plugin is `plugins --json`, which is walked",
    "plugins uninstall": "runs pip; it prints one object of two strings",
}


def _lines(block: str, walk: str = "", share: int = 1) -> list[list[str]]:
    """The command lines of ``block``; with a ``share`` above 1, only those of the
    quick tier's share for the ``walk`` so named (rolecli_testing.in_quick_share):
    for lines that each stand alone."""
    lines = [line.strip() for line in block.strip().splitlines()]
    return [shlex.split(line) for line in lines if share == 1 or in_quick_share(f"{walk}: {line}", share)]


def _check(args: list[str], as_json: bool) -> None:
    result = run_inprocess(*args, *(["--json"] if as_json else []))
    assert result.code in (0, 1), (args, result.err)
    assert result.out.strip() or not as_json, args
    for line in result.out.splitlines():
        _clean(json.loads(line) if as_json else line, args)
    for line in result.err.splitlines():
        _clean(line, args)


def _clean(value, args) -> None:
    """Every text inside ``value`` (keys too) is free of Python's notation."""
    if isinstance(value, dict):
        for key, item in value.items():
            _clean(key, args)
            _clean(item, args)
    elif isinstance(value, list):
        for item in value:
            _clean(item, args)
    elif isinstance(value, str):
        assert not PYTHON.search(value), (args, value)


def _odds(quick: list[list[str]]) -> list[list[str]]:
    """``odds SYSTEM VERB ...`` for each quick line of a verb with odds (without the dice options)."""
    from rolecli.plugins import get_plugins

    systems = get_plugins().systems
    lines = []
    for args in quick:
        if systems[args[0]].info.action(args[1]).odds:
            kept = [a for i, a in enumerate(args) if a not in ("--seed", "--dice") and args[i - 1] not in ("--seed", "--dice")]
            lines.append(["odds", *kept])
    return lines


@pytest.mark.parametrize("as_json", [True, False], ids=["json", "text"])
@pytest.mark.parametrize("system", sorted(VERBS))
def test_every_verb_prints_clean_json(cli, system, as_json, request):
    campaign, quick, on_campaign = VERBS[system]
    # The quick tier walks half the quick lines; a campaign's lines play one story, each after the last.
    share = 2 if quick_tier(request.config) else 1
    for args in _lines(quick, f"clean {as_json}", share) + [["-C", campaign, *a] for a in _lines(on_campaign)]:
        _check(args, as_json)


# giro's exact odds of a contest and an attack take 1-2 s each: `make check` leaves them to `make test`.
@pytest.mark.parametrize("as_json", [True, False], ids=["json", "text"])
@pytest.mark.parametrize("system", [pytest.param(s, marks=pytest.mark.slow) if s == "giro" else s for s in sorted(VERBS)])
def test_every_verbs_odds_print_clean_json(cli, system, as_json):
    for args in _odds(_lines(VERBS[system][1])):
        _check(args, as_json)


@pytest.mark.parametrize("as_json", [True, False], ids=["json", "text"])
def test_every_core_command_prints_clean_json(cli, campaigns, as_json):
    (campaigns.parent / "nombres.txt").write_text("Ana\nBruno\n", encoding="utf-8")
    (campaigns.parent / "encounter.toml").write_bytes((campaigns / "demo" / "encounter.toml").read_bytes())
    for args in _lines(CORE):
        _check(args, as_json)


def test_every_verb_is_walked():
    from rolecli.core_commands import COMMANDS
    from rolecli.plugins import get_plugins

    systems = get_plugins().systems
    assert set(VERBS) == set(systems)
    for name, system in systems.items():
        campaign, quick, on_campaign = VERBS[name]
        verbs = [a.name for a in system.info.actions]
        assert sorted({a[1] for a in _lines(quick)}) == sorted(set(verbs) - CAMPAIGN_ONLY.get(name, set())), name
        # On a campaign a verb named like a core command is the core's (`rolecli roll`).
        assert sorted({a[0] for a in _lines(on_campaign)}) == sorted(v for v in verbs if v not in COMMANDS), name


def test_every_command_is_walked():
    walked = {_path(args) for args in _lines(CORE)}
    assert _json_commands() == walked | set(NOT_RUN)


def _path(args: list[str]) -> str:
    """The command a line runs: ``-C demo table roll x`` → ``table roll``."""
    while args[0] in ("-C", "--campaign", "--campaigns", "--lang"):
        args = args[2:]
    command, path = _core(args[0]), args[:1]
    for word in args[1:]:
        command = getattr(command, "commands", {}).get(word)
        if command is None:
            break
        path.append(word)
    return " ".join(path)


def _core(name: str):
    from rolecli.cli import typer_app

    return typer.main.get_command(typer_app(name))


def _json_commands() -> set[str]:
    """Every core command (group or subcommand) that has a --json option."""
    from rolecli.core_commands import COMMANDS

    def walk(path: str, command):
        if any("--json" in p.opts for p in command.params):
            yield path
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(f"{path} {name}", sub)

    return {path for name in COMMANDS for path in walk(name, _core(name))}
