"""One import name, two distributions: whose copy Python imports.

Python imports a top-level package from the first place on its path that has
one, whatever distribution put it there. A plugin package named like a built-in
one (``rolecli plugins new fate`` writes ``rolecli_fate``) thus took the
built-in's place: its code answered for the built-in's entry point, or pip
wrote its files over the built-in's (issue 17). This is what the loader
(:mod:`rolecli.plugins`), ``plugins new`` and ``plugins install`` ask to keep a
name taken once: which import names a distribution ships, whether a module
file is one it ships as it shipped it, and where its own copy of a name is.

Nothing here imports a module but :func:`import_from`, given the copy to import.
"""

from __future__ import annotations

import json
import os
import sys
from functools import lru_cache
from importlib.machinery import ModuleSpec, PathFinder
from typing import Any, Iterator


def shown(dist: Any) -> str:
    """``rolecli-fate 0.1.0``: a distribution as messages name it."""
    return f"{dist.metadata['Name']} {dist.version}"


def shipped(dist: Any) -> set[str]:
    """The top-level import names a distribution ships: its ``top_level.txt``,
    else the modules and packages its RECORD lists."""
    listed = dist.read_text("top_level.txt")
    if listed is not None:
        return {line.strip() for line in listed.splitlines() if line.strip()}
    return set(tops(str(f) for f in dist.files or ()))


def tops(paths: Any) -> Iterator[str]:
    """The top-level modules and packages among the paths of a wheel or a RECORD."""
    for path in paths:
        first, _, rest = path.replace("\\", "/").partition("/")
        if first.endswith((".dist-info", ".data")) or first in ("..", "__pycache__"):
            continue
        if rest.endswith(".py") or not rest and first.endswith(".py"):
            yield first if rest else first[:-3]


def owns(dist: Any, path: str) -> bool | None:
    """Whether the file at ``path`` is one ``dist`` ships, as it shipped it: one
    its RECORD lists with that hash (a file another distribution wrote over is
    not), or one under the folder of an editable install. ``None`` when the
    distribution does not say (no RECORD)."""
    record = _record(dist)
    if record is None:
        return None
    target = os.path.realpath(path)
    if record[1] and target.startswith(record[1] + os.sep):
        return True
    hashed = _hashes(dist).get(os.path.relpath(target, os.path.realpath(dist.locate_file(""))))
    if hashed is None:
        return False
    if hashed == "":
        return True  # listed without a hash (as for a file written at install time)
    import base64
    import hashlib  # (here: loading OpenSSL is some 2% of a campaign verb's start-up, which hashes no file)

    mode, _, value = hashed.partition("=")
    try:
        with open(target, "rb") as file:
            digest = hashlib.new(mode, file.read()).digest()
    except (OSError, ValueError):  # unreadable, or a hash this Python does not know: it cannot say
        return None
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode() == value


@lru_cache(maxsize=64)  # every entry point of a distribution asks (seven built-ins: one RECORD read)
def _record(dist: Any) -> tuple[str, str | None] | None:
    """RECORD's text, and the folder of an editable install (its files are not in RECORD)."""
    text = dist.read_text("RECORD")
    return None if text is None else (text, _editable(dist))


@lru_cache(maxsize=64)  # (parsed only for a file outside an editable install: icount, start-up 0.3% less)
def _hashes(dist: Any) -> dict[str, str]:
    """RECORD's paths (normalised) to their ``mode=value`` hashes."""
    import csv

    rows = csv.reader(_record(dist)[0].splitlines())
    return {os.path.normpath(row[0]): row[1] if len(row) > 1 else "" for row in rows if row}


def _editable(dist: Any) -> str | None:
    """The folder an editable install runs from (its direct_url.json), or None."""
    from urllib.parse import unquote, urlparse

    try:
        origin = json.loads(dist.read_text("direct_url.json") or "{}")
        if origin["dir_info"]["editable"] and origin["url"].startswith("file://"):
            return os.path.realpath(unquote(urlparse(origin["url"]).path))
    except (ValueError, LookupError, TypeError, AttributeError):  # not editable, or metadata rolecli cannot read
        pass
    return None


def origin(name: str) -> str | None:
    """The file top-level module ``name`` is (or would be) imported from."""
    module = sys.modules.get(name)
    if module is not None:
        return getattr(module, "__file__", None)
    try:
        from importlib.util import find_spec

        spec = find_spec(name)
    except (ImportError, ValueError):
        return None
    return spec.origin if spec is not None and spec.has_location else None


def own_spec(name: str, dist: Any) -> ModuleSpec | None:
    """``dist``'s own copy of top-level module ``name``, wherever it is on the
    import path (another copy is found first)."""
    for spec in _specs(name):
        if spec.origin and spec.has_location and owns(dist, spec.origin):
            return spec
    return None


def _specs(name: str) -> Iterator[ModuleSpec]:
    """Every copy of ``name`` Python could import: each entry of the path, then
    each other finder (an editable install's)."""
    for finder in sys.meta_path:
        find = getattr(finder, "find_spec", None)
        for path in [[entry] for entry in sys.path] if finder is PathFinder else [None]:
            try:
                spec = find(name, path) if find else None
            except Exception:  # a third-party finder that fails on a name it does not know
                spec = None
            if spec is not None:
                yield spec


def import_from(spec: ModuleSpec) -> Any:
    """Import top-level module ``spec.name`` from that very copy (the recipe of
    importlib's documentation), so that later imports of it get this one."""
    from importlib.util import module_from_spec

    module = module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)  # type: ignore[union-attr]
    except BaseException:
        sys.modules.pop(spec.name, None)
        raise
    return module
