"""A command line's plain values, coerced as typer coerces them, without pydantic.

typer 0.29 coerces every parameter's value through a pydantic ``TypeAdapter``
(``typer/_coercion.py`` builds one for each parameter a command reads, its
``--help`` included), so any command imports pydantic before it runs: about
half of what a campaign verb costs to start (README, "Speed"). Yet nearly
every value rolecli reads is a text kept as it is, a whole number written in
digits, a decimal number (``--until-ci 0.05``), a flag, or a list of texts, whose
coercion is one step. :func:`install` hands typer, for a parameter of one of
those kinds, a coercion that takes such a value at once and gives every other
value (``" 7"``, ``"1_000"``, ``"1e-2"``, ``"x"`` for a number, ...) to typer's
own, built when first needed: the result, or the error and its words, are
typer's. ``tests/test_coercion.py`` checks that both agree on any value.

This reaches into typer's private ``_coercion`` module, the only place the
coercion can be chosen; with a typer that has no such place (another release),
:func:`install` leaves typer as it is, and only start-up is slower.
"""

import re
from typing import Any

# A whole number as pydantic reads one from a text, for the texts it reads alike: a
# sign and up to 18 digits (any other text, spaces and underscores included, is typer's).
_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")
# A decimal number likewise: digits, a point and digits, which Python's float() and pydantic
# both round to the nearest double (an exponent, a bare point, anything else is typer's);
# compiled by re when a command line first gives one (most commands take none).
_DECIMAL = r"[+-]?[0-9]{1,15}(?:\.[0-9]{1,15})?"
_installed = False


def install() -> None:
    """Have typer coerce plain values without pydantic (once per process; see the module)."""
    global _installed
    if _installed:
        return
    _installed = True
    try:
        from typer import _coercion, core
    except ImportError:  # pragma: no cover - a typer without its own coercion
        return
    built = getattr(_coercion, "build_runtime_param", None)
    if built is None or getattr(core, "build_runtime_param", None) is not built or not hasattr(_coercion, "RuntimeParam"):
        return  # pragma: no cover - another typer release: its coercion as it is
    core.build_runtime_param = _chooser(_coercion, built)


def _chooser(_coercion, built):
    """typer's ``build_runtime_param``, answering a plain kind with :class:`Plain`."""

    class Plain(_coercion.RuntimeParam):
        """A text, a flag, a whole or decimal number or a list of texts: such a value at
        once, any other through typer's own coercion (built when first asked)."""

        def __init__(self, descriptor: Any):
            super().__init__(descriptor.parameter_info, descriptor.annotation)
            object.__setattr__(self, "descriptor", descriptor)  # (typer's runtime parameters are frozen)
            object.__setattr__(self, "typer", None)

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            kind, got = self.annotation, type(value)
            if kind is str or kind is bool:  # (a flag's value is a bool already, or None: no coercion asked)
                if got is kind:
                    return value
            elif kind is int:
                if got is str and _WHOLE.fullmatch(value):
                    return int(value)
                if got is int:
                    return value
            elif kind is float:
                if got is str and re.fullmatch(_DECIMAL, value):
                    return float(value)
                if got is float:
                    return value
            elif got is tuple or got is list:  # list[str]
                if all(type(item) is str for item in value):
                    return list(value)
            if self.typer is None:
                object.__setattr__(self, "typer", built(self.descriptor))
            return self.typer._coerce_value(value, param=param, ctx=ctx)

    def build_runtime_param(descriptor):
        if plain(descriptor):
            return Plain(descriptor)
        return built(descriptor)

    return build_runtime_param


def plain(descriptor: Any) -> bool:
    """Whether typer would coerce a parameter of ``descriptor`` as a bare ``str``,
    ``bool``, ``int``, ``float`` or ``list[str]``: no parser of its own, no file, path,
    choices or range."""
    info = descriptor.parameter_info
    if descriptor.file_annotation is not None or info.parser is not None or descriptor.is_path:
        return False
    kind = descriptor.annotation
    if kind is str or kind is bool:
        return not descriptor.is_choice
    if kind is int or kind is float:
        return info.min is None and info.max is None and not info.clamp
    return kind == list[str] and not descriptor.is_choice
