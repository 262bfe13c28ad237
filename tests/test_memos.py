"""Every speed memo holds to the rules: a long, seeded ``rolecli batch`` walk over
the sample campaigns prints, byte for byte, what it prints with every memo
switched off.

The systems keep what they work out: ``rolecli.contract.worked_out`` (a memo on
the sheet), ``functools.lru_cache``/``functools.cache`` on plugin functions,
``functools.cached_property`` on their values, memos of their own kept through
``rolecli.contract.keep_at_most``, and the encounter engine asks a
status once per state (``Encounter.known_statuses``), plays a recovery that
rolls nothing once per state (``Encounter.known_recoveries``) and works out a
call's parameters once per target (``Call.kept``). A memo whose key leaves out an input
answers from a stale entry only in the cases nobody thought of; this walk meets
many: every verb of every system, in both forms, in both languages, as JSON,
repeated, under other rule options and house rules, between damage, recovery,
sheet edits, a conflict with its effects, and encounters played and simulated.

The memos are found by scanning the modules of rolecli and of the installed
plugins when the test runs (a memo added later is switched off too), not from
a list kept by hand.
"""

from __future__ import annotations

import functools
import importlib
import json
import pkgutil
import random
import re
import shlex
import shutil
import sys
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from rolecli_testing import run_inprocess

SEED = 20261202
LAPS = 2  # each campaign's lines are walked this many times, in a new order each lap

# --- the memos, switched off ------------------------------------------------------------


def _packages() -> list[str]:
    """rolecli and the top packages of the installed plugins (systems, house rules)."""
    return ["rolecli", *sorted({ep.value.split(":")[0].split(".")[0] for ep in entry_points(group="rolecli")})]


def _modules() -> list:
    """Every module of those packages, imported (a module a command imports
    late holds memos too); ``__main__`` would run the command line."""
    found = []
    for name in _packages():
        package = importlib.import_module(name)
        found.append(package)
        for info in pkgutil.walk_packages(package.__path__, name + "."):
            if not info.name.endswith("__main__"):
                found.append(importlib.import_module(info.name))
    return found


def _is_lru(obj) -> bool:
    return callable(obj) and hasattr(obj, "cache_info") and hasattr(obj, "__wrapped__")


def _own_classes(module):
    return [obj for obj in vars(module).values() if isinstance(obj, type) and obj.__module__ == module.__name__]


@dataclass
class Switched:
    """What :func:`memos_off` switched off, by kind."""

    worked_out: list[str]  # the modules whose name for rolecli.contract.worked_out now always works
    lru: list  # the functools.lru_cache / functools.cache wrappers, each replaced by its function
    cached_properties: list[str]  # Class.attribute: a cached_property made a property
    engine: list[str]  # the encounter engine's own memos
    keep_at_most: list[str]  # the modules whose name for rolecli.contract.keep_at_most now keeps nothing

    def counts(self) -> dict[str, int]:
        return {"worked_out": len(self.worked_out), "lru_cache": len(self.lru),
                "cached_property": len(self.cached_properties), "engine": len(self.engine),
                "keep_at_most": len(self.keep_at_most)}


def memos_off(monkeypatch) -> Switched:
    """Switch every memo off for the rest of the test (``monkeypatch`` undoes it):
    ``worked_out`` always calls ``work(*args)``, under every name a module imported it
    as; each lru_cache'd function of rolecli and of the plugins is replaced by the
    function it wraps, wherever a module or a class refers to it; each
    cached_property of the plugins is worked out at every read; ``keep_at_most``
    keeps nothing, so that a memo a hook keeps of its own (looked up first, kept
    through it: a plain dict on a side, say) is never found; the encounter
    engine knows no status or recovery by state and keeps no call's parameters."""
    import rolecli.contract
    from rolecli.encounter import file as encounter_file
    from rolecli.encounter.behaviour import Call

    modules = _modules()
    mine = tuple(f"{name}." for name in _packages())
    real_worked_out, real_keep_at_most = rolecli.contract.worked_out, rolecli.contract.keep_at_most

    def worked_out(sheet, key, work, *args):
        return work(*args)

    def keep_at_most(memo, key, value, most):
        return value

    switched = Switched([], [], [], [], [])
    wrappers: dict[int, object] = {}
    for module in modules:
        for obj in [*vars(module).values(), *(v for cls in _own_classes(module) for v in vars(cls).values())]:
            if _is_lru(obj) and f"{getattr(obj, '__module__', '')}.".startswith(mine):
                wrappers[id(obj)] = obj
    switched.lru = sorted(wrappers.values(), key=lambda f: f"{f.__module__}.{f.__qualname__}")
    for module in modules:
        for name, obj in list(vars(module).items()):
            if obj is real_worked_out:
                monkeypatch.setattr(module, name, worked_out)
                switched.worked_out.append(f"{module.__name__}.{name}")
            elif obj is real_keep_at_most:
                monkeypatch.setattr(module, name, keep_at_most)
                switched.keep_at_most.append(f"{module.__name__}.{name}")
            elif id(obj) in wrappers:
                monkeypatch.setattr(module, name, obj.__wrapped__)
        for cls in _own_classes(module):
            for name, obj in list(vars(cls).items()):
                if id(obj) in wrappers:
                    monkeypatch.setattr(cls, name, obj.__wrapped__)
                elif isinstance(obj, functools.cached_property) and not module.__name__.startswith("rolecli."):
                    monkeypatch.setattr(cls, name, property(obj.func))
                    switched.cached_properties.append(f"{cls.__module__}.{cls.__qualname__}.{name}")
    # The engine's: statuses and recoveries by state (Play.asked, Play.recover), a call's
    # parameters by target (Play.params).
    monkeypatch.setattr(encounter_file, "kept_statuses", lambda system: None)
    monkeypatch.setattr(encounter_file, "kept_recoveries", lambda system: None)
    monkeypatch.setattr(Call, "kept", property(lambda self: {}, lambda self, value: None), raising=False)
    switched.engine += ["Encounter.known_statuses", "Encounter.known_recoveries", "Call.kept"]
    for wrapper in switched.lru:  # emptied, counts and all: a call through a name the scan missed shows
        wrapper.cache_clear()
    return switched


def _forget_memos() -> None:
    """Empty every memo, so a walk starts from none whatever ran before it in
    this process (and a memo-off walk can show that it filled none)."""
    import rolecli.contract
    from rolecli.campaign import snapshot

    rolecli.contract._WORKED.clear()
    snapshot._kept.clear()
    snapshot._parsed_ahead.clear()
    for module in _modules():
        for obj in [*vars(module).values(), *(v for cls in _own_classes(module) for v in vars(cls).values())]:
            if _is_lru(obj):
                obj.cache_clear()


# --- the walk -----------------------------------------------------------------------------
#
# Lines are templates: «a|b|c» is one of them (maybe empty), «3..9» a number in that
# range. A system's verb line gets, at random, --json, --lang, -n 2, a rule option
# (--rule key=value, each value the system offers), its dice as read (--dice) or a
# --seed; every rolling line is seeded, so a walk prints the same on every run.

QUICK = {  # rolecli <system> <verb> ...: numbers, no campaign
    "dice": [
        "dice roll «1d20|2d6+3|4d6kh3|1d20+5>=15»",
        "dice check «1d20|1d20+2|2d6» --target «5..18» «|--under»",
        "dice check 1d20 --target «8..15» --rule house=natural20 --dice «1|20|12»",
        "dice damage «1..8»",
        "dice heal «1..5»",
        "dice recover «end_of_scene|start_of_session|rest»",
        "dice initiative",
    ],
    "fate": [
        "fate roll",
        "fate check «-1..5» --difficulty «Adecuado|Bueno|Fair|2|-1»",
        "fate contest «1..5» «1..5»",
        "fate attack «1..5» «1..4» «|--block 3»",
        "fate maneuver «1..4» --aspect «'En llamas'|Derribado» «|--opposition 2»",
        "fate block «1..4»",
        "fate overcome «1..4» --block «1..4»",
        "fate sprint «1..4» --border-total «0..2»",
        "fate push «1..4» --weight «1..3» --zones «1..2»",
        "fate throw «1..5» --zones «1..2»",
        "fate damage «1..9» «|--consequences menor,mayor --describe Costilla,Brazo|--with calidad=2 --with cantidad=4»",
        "fate damage «5..12»",  # the consequences it takes chosen by the rules (auto)
        "fate recover «end_of_scene|start_of_session|rest|downtime|treatment|circumstances»",
        "fate initiative «|--kind social|--rotating --round 2»",
    ],
    "alternity": [
        "alternity roll «|+d4|+d8|+d0»",
        "alternity scatter",
        "alternity check «10..15» --kind «broad|specialty|feat» --steps «-2..4»",
        "alternity action-check «10..14» «|--actions 2|--delay marginal»",
        "alternity attack «11..15» d4s/d6w/d4m «|--target-last-resort 1»",
        "alternity surprise «10..14»",
        "alternity damage «5w|3m|4s|2f|d4s/d6w/d4m» «|--with CON=10»",
        "alternity heal «1..3»",
        "alternity fatigue «10..14»",
        "alternity breath «1..8»",
        "alternity recover «end_of_scene|rest|round|end_of_round»",
        "alternity initiative --entrants A=«9..14»,B=«9..14»:2,C=«9..14» «|--delayed B|--surprised C»",
        "alternity encumbrance «20..60» --strength «9..13»",
        "alternity throw «1..6» --strength «9..13»",
        "alternity challenge 12,12,14 --successes 1,1,2 --limit «8..16»",
        "alternity move «good|ordinary|amazing|marginal» --speed «6..10» «|--all-out|--phases 2»",
        "alternity impact --height «3..15» --score «10..15»",
    ],
    "giro": [
        "giro roll",
        "giro check «4+3|3+2|10+2|7» --difficulty «1..4» «|--adjust 2 --adjust-day +1|--tempt|--extra-day 1 --assist 1»",
        "giro contest «5+4|7» «4+3|7» «|--night never --target-night never»",
        "giro attack 5+4 «4+3|3+2» --weapon «0..2»",
        "giro automatic «success|failure»",
        "giro damage «1..6»",
        "giro heal «1..4»",
        "giro recover «end_of_scene|start_of_session|rest»",
        "giro initiative --entrants A=«5..9»,B=«5..9»,C=«5..9»",
    ],
    "v5": [
        "v5 roll «3..7» --hunger «0..2»",
        "v5 check «3..7» --difficulty «1..4» --hunger «0..3» «|--reroll failures»",
        "v5 contest «3..6» «2..5» «|--hunger 1»",
        "v5 attack «3..6» «2..4» --weapon «0..4»",
        "v5 damage «1..6»",
        "v5 spend «1..2»",
        "v5 rouse «1..2»",
        "v5 recover «end_of_scene|rest|end_of_turn|feed»",
        "v5 initiative",
    ],
    "middle": [
        "middle roll «0..3» «|--innate»",
        "middle check «0..3» --nd «-4..2» «|--innate»",
        "middle contest «0..3» «0..3» «|--innate|--target-innate»",
        "middle strike «1..3» --location «body|legs|head» --nd «-1..2» --life «8..20» --weapon «small|medium|large»"
        " --weapon-kind «edged|blunt|piercing»",
        "middle feint «1..3» --armour -1 --nd «0..2»",
        "middle mount-attack «1..3»",
        "middle blind «1..3» --vigilance «0..2»",
        "middle strike-weapon «1..3» --rival-use «0..3»",
        "middle duel «1..3» --rival-use «0..2»",
        "middle mount «1..2»",
        "middle dismount «1..2»",
        "middle insult «1..3» --rivals «1|2,1»",
        "middle threaten «1..3» --rivals «1|1,2»",
        "middle ambush «1..3» --victims «0,3|1»",
        "middle morale --members «1,2,1|2,2»",
        "middle mount-lost «1..2»",
        "middle damage «1..8»",
        "middle state --add «mareado|irritado»",
        "middle recover «end_of_round|end_of_scene»",
        "middle initiative",
    ],
}

NEW_ROUND = "recover end_of_round Aldara Perro 'Dientes de Sable' Centinela Novato Bruno Tormenta Rata\n"  # middle

ON_SHEETS = {  # rolecli -C <campaign> <verb> ...: the sample's characters
    "demo": [
        "check «Ana|Bruno|Esqueleto» 1d20 --bonus «Fuerza|Pelea|Fuerza+Pelea|Sigilo|2» --target «8..16»",
        "check «Ana|Bruno» 1d20 --bonus Fuerza+Pelea --target «10..16» --rule house=natural20",
        "damage «Ana|Bruno|Esqueleto» «1..5»",
        "heal «Ana|Bruno|Esqueleto» «1..4»",
        "recover «end_of_scene|start_of_session|rest»",
        "initiative",
    ],
    "caminantes": [
        "check «Lucía|Tomás|'El Coronel'» «Atletismo|Alerta|Resolución|Empatía» «|--restrict Resistencia --complement Seguridad»",
        "contest Lucía Atletismo Atletismo --target «Tomás|'El Coronel'»",
        "attack Tomás 'Armas cuerpo a cuerpo' «Atletismo|Armas» --target «Lucía|'El Coronel'|Soldados»",
        "attack 'El Coronel' Armas Atletismo --target «Lucía|Tomás»",
        "maneuver Lucía Atletismo --aspect 'En la azotea'",
        "block 'El Coronel' Atletismo --target Lucía",
        "defend Lucía",
        "overcome Lucía Atletismo --block «1..3»",
        "sprint Lucía Atletismo",
        "push Tomás Pelea",
        "throw Tomás Pelea --zones 1",
        "damage Tomás «4..6» --consequences «menor|mayor» --describe 'Brazo roto' --by 'El Coronel'\n"
        "concede Tomás --target 'El Coronel' «|--reply refuse»",
        "damage Lucía «2..5» --concede yes",
        "compel Lucía 'Ladrona de guante blanco' «|--reply refuse»",
        "damage «Lucía|Tomás|'El Coronel'|Soldados» «1..6» «|--consequences none|--consequences menor --describe Costilla»",
        "recover «end_of_scene|start_of_session|rest|downtime»",
        "initiative",
    ],
    "aaa": [
        "check «'Mad Dog'|Grimes» Atletismo «|--situation 'Casi Imposible'»",
        "action-check «'Mad Dog'|Zug|Grimes»",
        "attack 'Mad Dog' 'Armas Cuerpo a Cuerpo-espada' d4s/d6w/d4m --target «Zug|'Sor Deskul'»",
        "attack Grimes 'Armas de Fuego Modernas-rifle' d4w/d6w/d4m --target «Zug|'Mad Dog'»",
        "surprise «'Mad Dog'|Grimes»",
        "damage «Grimes|Zug|'Mad Dog'» «3s|2w|1m|6s|d4s/d6w/d4m»",
        "heal «Grimes|Zug|'Mad Dog'» «1..2» --track «stun|wound»",
        "fatigue «'Mad Dog'|Zug»",
        "breath 'Jack Everstar' «1..7»",
        "recover «end_of_scene|round|end_of_round|rest»",
        "initiative",
        "encumbrance Grimes «30..60»",
        "throw Zug «1..6»",
        "challenge 'Mad Dog' Atletismo,Atletismo --limit «4..8»",
        "move 'Mad Dog' good --mode sprint --speed 8 --round",
        "impact 'Mad Dog' --height «6..12» --damage d8w/d6w/d4w/d4s",
        "scatter",
    ],
    "giro": [
        "check Berthold «'Ímpetu + Fisicoculturismo'|'Ímpetu y Genio + Mecanología'|'Genio + Mecanología'»",
        "check 'Maurice Chevallier' 'Ímpetu o Gracia + Atletismo u Diplomacia' --pick Gracia",
        "check 'Nathaniel Pennrock' 'Gracia + Atletismo' --difficulty «1..3»",
        "contest 'Maurice Chevallier' 'Precisión + Combate Desarmado' 'Gracia + Combate Desarmado' "
        "--target 'Nathaniel Pennrock'",
        "attack 'Wilhelmina Beckett' 'Armas de Fuego + Precisión' 'Armas de Fuego + Precisión' --target 'Clovis Lenoir' "
        "--weapon 2",
        "automatic Berthold «success|failure»",
        "damage «Berthold|'Nathaniel Pennrock'|'Clovis Lenoir'» «1..8»",
        "heal «Berthold|'Nathaniel Pennrock'|'Clovis Lenoir'» «1..4»",
        "recover rest 'Clovis Lenoir' --healing 'Genio + Oratoria'",
        "recover end_of_scene «Berthold|'Nathaniel Pennrock'»",
        "initiative",
    ],
    "v5": [
        "check «Tracy|Leah|Katarina|Clara|Terence» «Destreza+Atletismo|Fuerza+Pelea|'Compostura+Armas de Fuego'» "
        "--difficulty «1..3»",
        "contest Leah Fuerza+Pelea Destreza+Atletismo --target Gancho",
        "attack Tracy 'Compostura+Armas de Fuego' --difficulty 2 --target Asaltante --ranged --weapon Pistola",
        "attack Leah Fuerza+Pelea 'Destreza+Pelea con Armas' --target Gancho --two-sided --target-weapon Gancho",
        "attack 'Guardia «1..3»' Fuerza+Pelea Destreza+Pelea --target Katarina",
        "attack Katarina Destreza+Pelea Destreza+Atletismo --target 'Guardia «1..3»' «|--split 4»",
        "attack Clara 'Destreza+Armas de Fuego' --target Policía --ranged --weapon Escopeta",
        "attack 'Antigua Valeria' Carisma+Intimidación Compostura+Etiqueta --target Clara --social --audience 2",
        "damage «Clara|Katarina|Terence|Leah» «1..5» «|--tracker willpower|--source sunlight»",
        "spend «Tracy|Clara»",
        "rouse «Tracy|Leah» «1..2»",
        "recover «end_of_scene|start_of_session|end_of_turn|rest|feed» «Tracy|Katarina|Terence|Clara»",
        "initiative Fabian Tracy Leah Gancho Asaltante --declare 'Leah=ongoing:Pelea>Gancho,"
        "Gancho=ongoing:Pelea con Armas>Leah,Tracy=ranged:Armas de Fuego>Asaltante,Asaltante=new:Pelea>Tracy,Fabian=other'",
    ],
    "middle": [
        "check «Aldara 'domar bestias'|Rata charlatanerías|Novato calma|Rata Sigilo» --nd «-4..1»",
        "contest Aldara 'domar bestias' «1..3» --target Perro",
        "strike 'Dientes de Sable' 'habilidad de batalla' --target «Novato|Rata|Aldara»",
        "strike Bruno --target «'Dientes de Sable'|Centinela» «|--charge|--free»",
        "feint Rata --target Novato",
        "mount-attack Bruno --target 'Dientes de Sable'",
        "blind Rata --target «Centinela|Novato»",
        "strike-weapon Bruno --target Centinela",
        "duel «Bruno|Centinela» «|--flee»",
        # a character makes one combat action a round: a new round first, for these
        NEW_ROUND + "parry «Aldara|Bruno» --force\nparry «Centinela|Novato|Rata» --force",
        NEW_ROUND + "cover «Aldara|Centinela» --target Novato",
        NEW_ROUND + "mount Bruno",
        NEW_ROUND + "dismount Bruno",
        NEW_ROUND + "insult Rata --rivals 'Dientes de Sable'",
        NEW_ROUND + "threaten Bruno --rivals 'Dientes de Sable'",
        "ambush 'Dientes de Sable' --victims Novato,Rata",
        "morale --members 'Dientes de Sable'",
        "mount-lost Bruno",
        "damage «Novato|Centinela|'Dientes de Sable'|Aldara» «1..6» «|--location legs|--location head»",
        "state Novato «--add mareado|--add irritado|--remove mareado»",
        "recover «end_of_round|end_of_scene» «Aldara|'Dientes de Sable'|Novato|Aldara Bruno Rata Centinela Novato 'Dientes de Sable'»",
        "initiative 'Dientes de Sable' Aldara Bruno Rata Centinela Novato",
    ],
}

SHEET_EDITS = {  # character set: a new sheet, read anew by every memo keyed by the sheet
    "demo": ["character set «Ana|Bruno|Esqueleto» hp=«6..14»", "character set «Ana|Bruno» traits.Fuerza=«1..4»"],
    "caminantes": ["character set «Lucía|Tomás» habilidades.Atletismo=«1..5»", "character set Soldados cantidad=«2..5»"],
    "aaa": ["character set «'Mad Dog'|Zug» CON=«8..13»", "character set Grimes skills.Atletismo=«10..14»"],
    "giro": ["character set «Berthold|'Clovis Lenoir'» atributos.Gracia=«1..5»", "character set 'Clovis Lenoir' salud=«8..14»"],
    "v5": ["character set «Katarina|Clara» attributes.Resistencia=«1..4»", "character set «Clara|Leah» health_max=«4..8»"],
    "middle": ["character set «Aldara|Bruno» vida=«6..14»", "character set Novato 'capacidades.uso de armas=«0..3»'"],
}

CONFLICTS = {  # who fights in the campaign's conflict, and an effect laid on one of them
    "demo": ("Ana Bruno Esqueleto", "Esqueleto 'Derribado'"),
    "caminantes": ("Lucía Tomás 'El Coronel'", "Lucía 'Cegada por el humo'"),
    "aaa": ("'Mad Dog' Zug 'Sor Deskul'", "Zug 'Aturdido'"),
    "giro": ("Berthold 'Nathaniel Pennrock' 'Maurice Chevallier'", "Berthold 'Sin aliento'"),
    "v5": ("Katarina 'Guardia 1' 'Guardia 2'", "Katarina 'Frenesí'"),
    "middle": ("Aldara Novato 'Dientes de Sable'", "Novato 'Asustado'"),
}

EXTRAS = {  # other lines that read the sheets
    "demo": ["roll @ataque «Ana|Bruno» --seed «0..999»", "roll @golpe Ana --seed «0..999» --json"],
}

ENCOUNTERS = {"demo": ["encounter.toml", "healer.toml"]}  # else each sample's encounter.toml

_CHOICE = re.compile(r"«([^«»]*)»")


def _filled(rng: random.Random, template: str) -> str:
    def one(match: re.Match) -> str:
        text = match.group(1)
        span = re.fullmatch(r"(-?\d+)\.\.(-?\d+)", text)
        return str(rng.randint(int(span[1]), int(span[2]))) if span else rng.choice(text.split("|"))

    return " ".join(_CHOICE.sub(one, template).split())


@dataclass
class Sample:
    """A sample campaign, and what its system offers."""

    name: str
    system: str
    verbs: list[str]
    acting: set[str]  # the verbs of a character acting (the resolve hook), which --force lets a fallen one do
    rules: list[tuple[str, list]]  # each rule option and the values the walk gives it, its default first


def _around(default) -> list:
    """The values besides its default the walk gives a rule option that lists no
    choices: for a number, one and two either side of it."""
    return [default - 2, default - 1, default + 1, default + 2] if type(default) is int else []


def _samples(campaigns: Path) -> list[Sample]:
    """The bundled campaigns and their systems' verbs and rule options, as
    ``campaign list --json`` and ``systems NAME --json`` tell them."""
    listed = run_inprocess("campaign", "list", "--json").json
    samples = []
    for row in listed if isinstance(listed, list) else [listed]:
        info = run_inprocess("systems", row["system"], "--json").json
        rules = [(r["key"], [r["default"], *(c for c in r["choices"] or _around(r["default"]) if c != r["default"])])
                 for r in info["rules"]]
        if row["system"] == "dice":
            rules.append(("house", ["natural20"]))
        acting = {v["name"] for v in info["verbs"] if v["hook"] == "resolve"}
        samples.append(Sample(row["name"], row["system"], [v["name"] for v in info["verbs"]], acting, rules))
    return samples


def _verb_line(rng: random.Random, sample: Sample, template: str, prefix: str) -> str:
    """A verb's line, dressed at random: its dice read or seeded, --json, -n 2, a
    rule option, a language (as a root option or the command's)."""
    line = _filled(rng, template)
    if "--dice" in line and rng.random() < 0.5:
        line = re.sub(r"--dice \S+", "", line)
    if "--dice" not in line:
        line += f" --seed {rng.randrange(1000)}"
    if rng.random() < 0.3:
        line += " --json"
    if rng.random() < 0.12:
        line += " -n 2"
    if prefix and line.split()[0] in sample.acting and "--force" not in line and rng.random() < 0.15:
        line += " --force"  # a character the rules took out acts anyway: its status is asked all the same
    if rng.random() < 0.3:
        key, values = rng.choice(sample.rules)
        value = rng.choice(values)
        line += f" --rule {key}={_typed(value)}"
    lang = rng.choice([None, None, "es", "en"])
    if lang and rng.random() < 0.5:
        return f"--lang {lang} {prefix}{line}"
    return f"{prefix}{line}" + (f" --lang {lang}" if lang else "")


def _conflict(rng: random.Random, sample: Sample) -> list[str]:
    """A conflict on the campaign: started, an effect laid, turns that pass
    (effects that expire), verbs between them, its state shown, ended."""
    c = f"-C {sample.name} "
    who, effect = CONFLICTS[sample.name]
    lines = [f"{c}conflict start {who} --seed {rng.randrange(1000)}", f"{c}conflict show --json",
             f"{c}effect add {effect} «--rounds 1|--until-turn|--scene»"]
    for _ in range(rng.randint(3, 6)):
        if rng.random() < 0.6:
            lines += [_verb_line(rng, sample, t, c) for t in rng.choice(ON_SHEETS[sample.name]).split("\n")]
        if rng.random() < 0.3:
            lines += _rule_change(rng, sample, *rng.choice(sample.rules))
        lines.append(f"{c}conflict next --seed {rng.randrange(1000)}" + rng.choice(["", " --json"]))
    lines += [f"{c}conflict show" + rng.choice(["", " --json"]), f"{c}effect list",
              f"{c}conflict end --seed {rng.randrange(1000)}"]
    return [_filled(rng, line) for line in lines]


def _rule_change(rng: random.Random, sample: Sample, key: str, values: list) -> list[str]:
    """A rule option of the campaign set to another value, then unset (its default
    again), the characters shown before and after each change: a rule leaves
    their sheets as they were, and a status kept for a sheet must not outlive the
    options it was worked out under."""
    c = f"-C {sample.name} "
    other = values[1:] or values
    shown = [c + "character show" + rng.choice(["", " --json"]), c + "conflict show --json"]
    return [*shown, f"{c}campaign rule set {key} {_typed(rng.choice(other))}", *shown,
            f"{c}campaign rule unset {key}", *shown]


def _typed(value) -> str:
    """A rule option's value as the command line takes it (true, not True)."""
    return json.dumps(value) if isinstance(value, bool) else str(value)


def _lap(rng: random.Random, sample: Sample) -> list[str]:
    """One lap over a campaign: every verb line of its system and of its sheets,
    in a new order, between state changes and sheet edits, one conflict, and its
    encounters played once (not recorded) and simulated."""
    c = f"-C {sample.name} "
    pieces = [[_verb_line(rng, sample, t, "")] for t in QUICK[sample.system]]
    pieces += [[_verb_line(rng, sample, t, c) for t in lines.split("\n")] for lines in ON_SHEETS[sample.name]]
    recoveries = [t for lines in ON_SHEETS[sample.name] for t in lines.split("\n") if t.startswith("recover")]
    pieces += [[_verb_line(rng, sample, rng.choice(recoveries), c)] for _ in range(2)]
    pieces += [[c + _filled(rng, t)] for t in EXTRAS.get(sample.name, [])]
    pieces += [[c + _filled(rng, rng.choice(SHEET_EDITS[sample.name]))] for _ in range(2)]
    pieces += [[c + "character show" + rng.choice(["", " --json"])] for _ in range(3)]
    pieces += [[c + "campaign show"], _conflict(rng, sample)]
    pieces += [_rule_change(rng, sample, key, values) for key, values in sample.rules]
    for file in ENCOUNTERS.get(sample.name, ["encounter.toml"]):
        path = f"campaigns/{sample.name}/{file}"
        rested = [f"{c}recover end_of_scene --seed {rng.randrange(1000)}"] if rng.random() < 0.5 else []
        pieces.append(rested + [f"{c}encounter run {path} --seed {rng.randrange(1000)} --json --dry-run"])
        pieces.append([f"{c}encounter simulate {path} --trials 30 --seed {rng.randrange(1000)} --json"])
    pieces += [_sweep(rng, rng.choice(on_sheets), c, key, values) for key, values in sample.rules
               for on_sheets in [[t.split("\n")[-1] for t in ON_SHEETS[sample.name]]]]
    rng.shuffle(pieces)
    return [line for piece in pieces for line in piece]


def _sweep(rng: random.Random, template: str, prefix: str, key: str, values: list) -> list[str]:
    """One verb line, the same dice, under each value of a rule option in turn
    (and with none, when the option has one value to give): a memo whose key
    leaves the option out answers the next from the first."""
    line = _filled(rng, template)
    if "--dice" not in line:
        line += f" --seed {rng.randrange(1000)}"
    line += " --json"  # all it works out: the status, its vitality, the data
    return [f"{prefix}{line}" + (f" --rule {key}={_typed(v)}" if v is not _NONE else "")
            for v in rng.sample(values, len(values)) + ([_NONE] if len(values) == 1 else [])]


_NONE = object()


def _quick_sweeps(rng: random.Random, sample: Sample) -> list[list[str]]:
    """Every quick line of the system under every rule option, each value in
    turn: a plugin's lru_cache outlives the command, so a key blind to an option
    answers the next line from the first."""
    return [_sweep(rng, template, "", key, values) for template in QUICK[sample.system] for key, values in sample.rules]


def walk(seed: int, samples: list[Sample]) -> list[str]:
    """The walk: every verb line once, in order, on the fresh campaigns (each
    verb runs at least there), every quick line under every rule option, then
    the laps over the campaigns."""
    rng = random.Random(seed)
    lines = []
    for sample in samples:
        lines += [t if "--dice" in t else f"{t} --seed {rng.randrange(1000)}"
                  for t in map(functools.partial(_filled, rng), QUICK[sample.system])]
        lines += [f"-C {sample.name} {_filled(rng, t)} --seed {rng.randrange(1000)}"
                  for lines_ in ON_SHEETS[sample.name] for t in lines_.split("\n")]
    sweeps = [sweep for sample in samples for sweep in _quick_sweeps(rng, sample)]
    rng.shuffle(sweeps)
    lines += [line for sweep in sweeps for line in sweep]
    for _ in range(LAPS):
        for sample in rng.sample(samples, len(samples)):
            lines += _lap(rng, sample)
    return lines


# --- playing it -------------------------------------------------------------------------------


@dataclass
class Played:
    """One line of the batch: its exit code and what it printed."""

    line: str
    code: int
    out: str
    err: str
    unseeded: bool  # it rolled dice it was given no --seed (nor --dice) for


def _since(stream, start: int) -> str:
    """What was written to ``stream`` (a StringIO, left at its end) since ``start``."""
    stream.seek(start)
    return stream.read()


class _Unseeded(random.Random):
    """The dice of a command given neither --seed nor --dice: rolled as seed 0
    would roll them (the same in both walks), each roll noted in ``rolled``."""

    def __init__(self, rolled: list) -> None:
        super().__init__(0)
        self.rolled = rolled

    def random(self) -> float:
        self.rolled.append(True)
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.rolled.append(True)
        return super().getrandbits(k)


def play(lines: list[str], campaigns: Path, pristine: Path, monkeypatch) -> tuple[object, list[Played]]:
    """Run ``lines`` as one ``rolecli batch - --keep-going`` on a fresh copy of the
    sample campaigns (in the same folder every time: paths are printed): what
    the batch did, and what each line printed (and whether it rolled dice it was
    given no seed for: the walk must seed every roll, or it is not the same walk twice)."""
    from rolecli.commands import batch
    from rolecli.dice import source

    shutil.rmtree(campaigns)
    shutil.copytree(pristine, campaigns)
    _forget_memos()
    played: list[Played] = []
    rolled: list = []
    real_line, real_seeded = batch.run_line, source._seeded

    def run_line(ctx, line, where, *args, **kwargs):
        out, err = sys.stdout, sys.stderr
        start_out, start_err = out.tell(), err.tell()
        code = real_line(ctx, line, where, *args, **kwargs)
        played.append(Played(line.rstrip("\n"), code, _since(out, start_out), _since(err, start_err), bool(rolled)))
        rolled.clear()
        return code

    with monkeypatch.context() as patch:
        patch.setattr(batch, "run_line", run_line)
        patch.setattr(source, "_seeded", lambda seed, rng=None: _Unseeded(rolled) if seed is None else real_seeded(seed, rng))
        result = run_inprocess("batch", "-", "--keep-going", stdin="".join(line + "\n" for line in lines))
    return result, played


def _verb_of(line: str, samples: dict[str, Sample]) -> tuple[str, str] | None:
    """(system, verb) a line runs, when it runs a system's verb."""
    words = shlex.split(line)
    campaign = None
    while words and words[0] in ("--lang", "-C"):
        campaign = words[1] if words[0] == "-C" else campaign
        words = words[2:]
    by_system = {s.system: s for s in samples.values()}
    if words[0] in by_system:
        return (words[0], words[1]) if words[1] in by_system[words[0]].verbs else None
    if campaign is not None and words[0] in samples[campaign].verbs and words[0] != "roll":
        return samples[campaign].system, words[0]
    return None


def _first_difference(on: Played, off: Played) -> str:
    """Where the outputs part: the first character that differs, with some of each side."""
    for name in ("out", "err"):
        a, b = getattr(on, name), getattr(off, name)
        if a != b:
            at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            return (f"std{name} differs from character {at}:\n  memos on:  ...{a[max(at - 80, 0):at + 80]!r}\n"
                    f"  memos off: ...{b[max(at - 80, 0):at + 80]!r}")
    return f"exit {on.code} with the memos on, {off.code} off"


def _shown(played: Played) -> str:
    def cut(text: str) -> str:
        return text if len(text) <= 4000 else text[:4000] + f"... ({len(text) - 4000} more characters)"

    return f"exit {played.code}\n--- stdout ---\n{cut(played.out)}--- stderr ---\n{cut(played.err)}"


@pytest.fixture
def fixed_clock(monkeypatch):
    """The log's timestamps (printed by some lines) from no wall clock."""
    from rolecli.campaign import log

    monkeypatch.setattr(log, "now", lambda: "2026-01-01T12:00:00+00:00")


def test_every_memo_gives_what_the_rules_give(campaigns, monkeypatch, tmp_path, fixed_clock):
    monkeypatch.setenv("ROLECLI_ROLLS", str(tmp_path / "rolls.toml"))  # not the user's own named rolls
    pristine = shutil.copytree(campaigns, tmp_path / "pristine")
    samples = {s.name: s for s in _samples(campaigns)}
    assert set(samples) == set(ON_SHEETS), "a sample campaign with no lines in this walk (ON_SHEETS) or gone"
    lines = walk(SEED, list(samples.values()))

    memo, memo_lines = play(lines, campaigns, pristine, monkeypatch)
    switched = memos_off(monkeypatch)
    counts = switched.counts()
    assert counts["worked_out"] >= 15 and counts["lru_cache"] >= 25 and counts["cached_property"] >= 5, counts
    assert counts["keep_at_most"] >= 10, counts
    plain, plain_lines = play(lines, campaigns, pristine, monkeypatch)

    # The memo-off walk filled no memo: nothing still called one through a name the scan missed.
    import rolecli.contract

    assert not rolecli.contract._WORKED, "worked_out kept something with every memo off"
    used = [f"{f.__module__}.{f.__qualname__}" for f in switched.lru if f.cache_info().hits + f.cache_info().misses]
    assert not used, f"lru_cache'd functions still called, through a reference the scan missed: {used}"

    assert [p.line for p in memo_lines] == lines and [p.line for p in plain_lines] == lines
    unseeded = [p.line for p in memo_lines if p.unseeded]
    assert not unseeded, "lines that rolled dice with no --seed (give each one):\n" + "\n".join(unseeded)
    for number, (on, off) in enumerate(zip(memo_lines, plain_lines, strict=True), 1):
        if on != off:
            pytest.fail(f"line {number} of the walk differs with the memos on and off (a stale memo):\n"
                        f"  rolecli {on.line}\n{_first_difference(on, off)}\n"
                        f"=== memos on: {_shown(on)}\n=== memos off: {_shown(off)}", pytrace=False)
    assert (memo.code, memo.out, memo.err) == (plain.code, plain.out, plain.err)

    # The walk means something: most lines ran, and every verb of every system ran somewhere.
    refused = [p.line for p in memo_lines if p.code >= 2]
    assert len(refused) <= len(lines) // 5, f"{len(refused)} of {len(lines)} lines refused:\n" + "\n".join(refused)
    ran = {_verb_of(p.line, samples) for p in memo_lines if p.code < 2}
    missing = sorted({(s.system, v) for s in samples.values() for v in s.verbs} - ran)
    assert not missing, f"verbs no line of the walk ran (add one to QUICK or ON_SHEETS): {missing}"


def test_worked_out_keeps_a_none_answers_each_sheet_its_own_and_works_an_unhashable_key_every_time():
    from rolecli.contract import worked_out

    calls = []

    def work(value):
        calls.append(value)
        return None if value == "none" else value * 2

    sheet = {"a": 1}
    assert worked_out(sheet, ("k", 1), work, "none") is None
    assert worked_out(sheet, ("k", 1), work, "other") is None  # kept: a None is an answer like another
    assert calls == ["none"]
    assert worked_out({"a": 1}, ("k", 1), work, "x") == "xx"  # another sheet (a changed one): read anew
    assert worked_out(sheet, ["unhashable"], work, "y") == "yy"
    assert worked_out(sheet, ["unhashable"], work, "z") == "zz"  # worked out each time, not kept
    assert calls == ["none", "x", "y", "z"]
    fresh = {"b": 2}  # a sheet met first with a key that cannot be hashed: worked out, and the next key kept
    assert worked_out(fresh, ["unhashable"], work, "u") == "uu"
    assert worked_out(fresh, ("k", 2), work, "v") == "vv" and worked_out(fresh, ("k", 2), work, "w") == "vv"
    assert calls == ["none", "x", "y", "z", "u", "v"]
