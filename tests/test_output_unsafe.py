"""The characters that could drive or fool a terminal are escaped whether the
expression that finds them was compiled or not: a printable text, which holds
none of them, passes without it (rolecli.output compiles it when first needed)."""

from __future__ import annotations

import re

from rolecli import output

SAMPLES = ["plain", "Lucía — 3 daños", "tab\there", "line\nbreak", "no-break\u00a0space", "a\u2028b", "\u00ad",
           *(f"a{chr(c)}b" for c in output._UNSAFE)]


def test_visible_and_dumps_escape_as_the_expressions_alone_do():
    every, beyond_ascii = re.compile(output._VISIBLE), re.compile(output._JSON_UNSAFE)
    for text in SAMPLES:
        assert output.visible(text) == every.sub(output._escape, text)
        written = output._ENCODER.encode({"t": text})
        assert output.dumps({"t": text}) == beyond_ascii.sub(output._json_escape, written)


def test_every_unsafe_character_is_one_str_isprintable_refuses():
    """What lets a printable text skip the expressions."""
    assert not any(chr(c).isprintable() for c in output._UNSAFE)
