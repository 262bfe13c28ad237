"""``systems``: the installed rule systems, or one system's template, rules and verbs."""

from typing import Optional

import typer

from rolecli.commands import JSON, LANG, core_command
from rolecli.output import Printer
from rolecli.session import session_of


@core_command()
def systems(
    ctx: typer.Context,
    name: Optional[str] = typer.Argument(None, help="Show this system's template, rule options and verbs."),
    json_: bool = JSON,
    lang: Optional[str] = LANG,
) -> int:
    """List the installed rule systems, or describe one."""
    from rolecli.i18n import choose_lang, t
    from rolecli.plugins import get_plugins

    lang_ = choose_lang(lang or session_of(ctx).lang)
    printer = Printer(json_)
    plugins = get_plugins()
    if name is None:
        for system in plugins.systems.values():
            info = system.info
            printer.result({"name": info.name, "es": info.names.es, "en": info.names.en},
                           [f"{info.name}\t{info.names(lang_)}"])
        return 0
    info = plugins.system(name).info
    payload = {
        "name": info.name, "names": {"es": info.names.es, "en": info.names.en},
        "template": [{"key": f.key, "kind": f.kind, "default": f.default, "min": f.minimum, "max": f.maximum,
                      "state": f.state, "label": f.label(lang_)} for f in info.template],
        "rules": [{"key": o.key, "default": o.default, "choices": list(o.choices), "help": o.help(lang_)}
                  for o in info.options],
        "verbs": [{"name": a.name, "hook": a.hook, "help": a.help(lang_)} for a in info.actions],
        "events": [e for e, _ in info.events],
    }
    lines = [f"{info.name}: {info.names(lang_)}", f"{t('template', lang_)}:"]
    lines += [f"  {f.key} ({f.kind}{', ' + t('state', lang_) if f.state else ''}){_default(f.default)}  {f.label(lang_)}"
              for f in info.template]
    lines += [f"{t('rules', lang_)}:"] + [f"  {o.key}{_default(o.default)}  {o.help(lang_)}" for o in info.options]
    lines += [f"{t('verbs', lang_)}:"] + [f"  {a.name}  {a.help(lang_)}" for a in info.actions]
    lines += [f"{t('events', lang_)}: " + ", ".join(f"{e} ({label(lang_)})" for e, label in info.events)]
    printer.result(payload, lines)
    return 0


def _default(value) -> str:
    """`` = 3``, `` = "points"``: a default as campaign.toml writes it; nothing for none."""
    from rolecli.campaign.locate import show

    return "" if value is None else f" = {show(value)}"
