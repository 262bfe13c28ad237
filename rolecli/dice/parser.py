"""Text to syntax tree for the dice language (see ``docs/dice.md``).

A hand-written scanner and a recursive-descent parser whose recursion is
bounded by :data:`~rolecli.dice.limits.MAX_DEPTH` (checked on every opening
parenthesis, so deep nesting is refused long before Python's own recursion
limit). Long ``+``/``*`` chains and runs of unary signs are parsed with loops,
not recursion. Every problem is a one-line :class:`DiceError`.
"""

from __future__ import annotations

from typing import Union

from rolecli.dice.limits import MAX_DEPTH, MAX_DICE, MAX_LENGTH, MAX_SIDES
from rolecli.errors import DiceError

# --- syntax tree ------------------------------------------------------------
# Plain classes with __slots__ (not dataclasses): cheaper to import, and these
# are only built by the parser.

_INF = float("inf")


class _Record:
    __slots__ = ()

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__ if not k.startswith("_"))
        return f"{type(self).__name__}({fields})"


class Cond(_Record):
    """A comparison against a die face: ``>=6``, ``<3``, ``=1`` (written ``1``)."""

    __slots__ = ("op", "value", "text", "lo", "hi")

    def __init__(self, op: str, value: int, text: str):
        self.op = op  # one of ">=", ">", "<=", "<", "="
        self.value = value
        self.text = text  # as written, e.g. "1" or ">=6"; "" for a bare "!"
        # The faces that match, as an interval.
        self.lo, self.hi = {
            "=": (value, value),
            ">=": (value, _INF),
            ">": (value + 1, _INF),
            "<=": (-_INF, value),
            "<": (-_INF, value - 1),
        }[op]

    def interval(self) -> tuple[float, float]:
        return self.lo, self.hi

    def matches(self, face: int) -> bool:
        return self.lo <= face <= self.hi

    def count(self, lo: int, hi: int, without: "Cond | None" = None) -> int:
        """How many faces in ``lo..hi`` match (leaving out those ``without`` matches)."""
        a, b = max(self.lo, lo), min(self.hi, hi)
        n = int(b) - int(a) + 1 if a <= b else 0
        if without is not None and n:
            c, d = max(without.lo, a), min(without.hi, b)
            if c <= d:
                n -= int(d) - int(c) + 1
        return n


class Num(_Record):
    __slots__ = ("value",)

    def __init__(self, value: int):
        self.value = value


class Dice(_Record):
    """One dice term such as ``4d6kh3`` or ``10d10>=6f1``.

    ``sides`` is ``None`` for fudge dice (faces -1, 0, +1). ``keep`` is
    ``("kh"|"kl"|"dh"|"dl", n)``. ``explode`` is the explosion condition
    (``compound`` tells ``!!`` from ``!``); ``reroll`` with ``reroll_once``
    tells ``ro`` from ``r``; ``success``, ``fail`` and ``double`` are the
    success-counting conditions.
    """

    __slots__ = ("count", "sides", "text", "reroll", "reroll_once", "explode", "compound", "keep", "success",
                 "fail", "double")

    def __init__(self, count: int, sides: int | None, text: str, reroll: Cond | None = None,
                 reroll_once: bool = False, explode: Cond | None = None, compound: bool = False,
                 keep: tuple[str, int] | None = None, success: Cond | None = None, fail: Cond | None = None,
                 double: Cond | None = None):
        self.count = count
        self.sides = sides
        self.text = text
        self.reroll = reroll
        self.reroll_once = reroll_once
        self.explode = explode
        self.compound = compound
        self.keep = keep
        self.success = success
        self.fail = fail
        self.double = double

    @property
    def fudge(self) -> bool:
        return self.sides is None

    @property
    def lo(self) -> int:
        return -1 if self.sides is None else 1

    @property
    def hi(self) -> int:
        return 1 if self.sides is None else self.sides

    @property
    def label(self) -> int | str:
        """The die's size as shown in records: ``6`` or ``"F"``."""
        return "F" if self.sides is None else self.sides

    @property
    def dynamic(self) -> bool:
        """True when the number of dice read is not known in advance."""
        return self.reroll is not None or self.explode is not None


class Neg(_Record):
    __slots__ = ("operand",)

    def __init__(self, operand: "Node"):
        self.operand = operand


class Chain(_Record):
    """``first (op operand)*`` with ops all from ``+ -`` or all from ``* /``."""

    __slots__ = ("first", "rest")

    def __init__(self, first: "Node", rest: tuple[tuple[str, "Node"], ...]):
        self.first = first
        self.rest = rest


class Paren(_Record):
    __slots__ = ("inner",)

    def __init__(self, inner: "Node"):
        self.inner = inner


Node = Union[Num, Dice, Neg, Chain, Paren]

# --- scanner ----------------------------------------------------------------

# Longest first where one word is a prefix of another.
_WORDS = ("dbl", "kh", "kl", "dh", "dl", "ro", "!!", ">=", "<=", "k", "d", "r", "f", "!", ">", "<", "=",
          "%", "+", "-", "*", "/", "(", ")")
_ALIASES = {"−": "-", "×": "*", "÷": "/", "≥": ">=", "≤": "<="}
_COMPARE = (">=", "<=", ">", "<", "=")


class Token(_Record):
    __slots__ = ("kind", "text", "pos", "end", "value")

    def __init__(self, kind: str, text: str, pos: int, end: int, value: int = 0):
        self.kind = kind  # "num" or the word itself
        self.text = text
        self.pos = pos  # index in the original text
        self.end = end
        self.value = value


def _scan(text: str) -> list[Token]:
    low = text.lower()
    tokens: list[Token] = []
    i, n = 0, len(low)
    while i < n:
        ch = low[i]
        if ch.isspace():
            i += 1
            continue
        if "0" <= ch <= "9":
            j = i
            while j < n and "0" <= low[j] <= "9":
                j += 1
            tokens.append(Token("num", text[i:j], i, j, int(low[i:j])))
            i = j
            continue
        if ch in _ALIASES:
            word = _ALIASES[ch]
            tokens.append(Token(word, ch, i, i + 1))
            i += 1
            continue
        for word in _WORDS:
            if low.startswith(word, i):
                tokens.append(Token(word, text[i : i + len(word)], i, i + len(word)))
                i += len(word)
                break
        else:
            raise DiceError(
                f"unexpected {text[i]!r} at position {i + 1} of {text!r}; "
                "a dice expression uses numbers, dice like 2d6, d%, dF, modifiers like kh3 or !, + - * / and parentheses."
            )
    return tokens


# --- parser -----------------------------------------------------------------

_KEEPS = ("kh", "kl", "dh", "dl", "k")
_MODIFIERS = frozenset(_KEEPS + ("!", "!!", "r", "ro", "f", "dbl", "d") + _COMPARE)


class _Parser:
    def __init__(self, text: str, tokens: list[Token]):
        self.text = text
        self.tokens = tokens
        self.i = 0
        self.total_dice = 0

    # helpers
    def peek(self) -> Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def kind(self) -> str | None:
        tok = self.peek()
        return tok.kind if tok else None

    def take(self) -> Token:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def where(self, tok: Token | None) -> str:
        if tok is None:
            return f"at the end of {self.text!r}"
        return f"{tok.text!r} at position {tok.pos + 1} of {self.text!r}"

    def fail_here(self, expected: str) -> DiceError:
        return DiceError(f"expected {expected} but found {self.where(self.peek())}.")

    def snippet(self, start: Token) -> str:
        """The source text from ``start`` to the last token taken, without spaces."""
        end = self.tokens[self.i - 1].end if self.i else start.end
        return "".join(self.text[start.pos : end].split())

    # grammar
    def parse(self) -> Node:
        node = self.expr(0)
        if self.i < len(self.tokens):
            tok = self.peek()
            hint = ""
            if tok.kind == ")":
                hint = " (a ')' without its '(')"
            elif tok.kind == "num" or tok.kind == "d":
                hint = " (an operator such as + is missing before it)"
            raise DiceError(f"unexpected {self.where(tok)}{hint}.")
        return node

    def expr(self, depth: int) -> Node:
        first = self.term(depth)
        rest = []
        while self.kind() in ("+", "-"):
            op = self.take().kind
            rest.append((op, self.term(depth)))
        return Chain(first, tuple(rest)) if rest else first

    def term(self, depth: int) -> Node:
        first = self.unary(depth)
        rest = []
        while self.kind() in ("*", "/"):
            op_tok = self.take()
            operand = self.unary(depth)
            if op_tok.kind == "/" and _is_zero(operand):
                raise DiceError(f"division by zero at position {op_tok.pos + 1} of {self.text!r}.")
            rest.append((op_tok.kind, operand))
        return Chain(first, tuple(rest)) if rest else first

    def unary(self, depth: int) -> Node:
        negative = False
        while self.kind() in ("+", "-"):
            if self.take().kind == "-":
                negative = not negative
        node = self.primary(depth)
        return Neg(node) if negative else node

    def primary(self, depth: int) -> Node:
        tok = self.peek()
        kind = tok.kind if tok else None
        if kind == "(":
            if depth >= MAX_DEPTH:
                raise DiceError(
                    f"parentheses nested more than {MAX_DEPTH} deep in the dice expression (limit {MAX_DEPTH}); "
                    "remove the extra parentheses."
                )
            self.take()
            inner = self.expr(depth + 1)
            if self.kind() != ")":
                raise self.fail_here(f"')' to close the '(' at position {tok.pos + 1}")
            self.take()
            return Paren(inner)
        if kind == "num":
            self.take()
            if self.kind() == "d":
                return self.dice(tok, tok.value)
            if self.kind() in ("%", "f") or (self.kind() in _MODIFIERS and self.kind() not in _COMPARE):
                raise DiceError(f"unexpected {self.where(self.peek())}; did you mean {tok.text}d…, as in 2d6?")
            return Num(tok.value)
        if kind == "d":
            return self.dice(tok, 1)
        if kind in _MODIFIERS:
            raise DiceError(
                f"unexpected {self.where(tok)}; a modifier such as kh3, r1 or >=6 goes right after a dice term like 4d6."
            )
        raise self.fail_here("a number, a die such as 2d6, or '('")

    def dice(self, start: Token, count: int) -> Dice:
        self.take()  # "d"
        if count > MAX_DICE:
            raise DiceError(
                f"{self.snippet(start)}…: {count:,} dice in one term is over the limit of {MAX_DICE:,} dice per roll; roll fewer dice."
            )
        side_tok = self.peek()
        if side_tok is None or side_tok.kind not in ("num", "%", "f"):
            raise DiceError(
                f"{self.snippet(start)}: a die needs its number of sides after 'd' (e.g. 2d6, d%, dF), "
                f"but found {'the end of the expression' if side_tok is None else repr(side_tok.text)}."
            )
        self.take()
        if side_tok.kind == "%":
            sides: int | None = 100
        elif side_tok.kind == "f":
            sides = None
        else:
            sides = side_tok.value
            if sides < 1:
                raise DiceError(f"{self.snippet(start)}: a die needs at least 1 side.")
            if sides > MAX_SIDES:
                raise DiceError(
                    f"{self.snippet(start)}: {sides:,} sides is over the limit of {MAX_SIDES:,} sides per die."
                )
        self.total_dice += count
        if self.total_dice > MAX_DICE:
            raise DiceError(
                f"{self.text.strip()!r} rolls {self.total_dice:,}+ dice, over the limit of {MAX_DICE:,} dice per roll; "
                "roll fewer dice."
            )
        mods: dict = {}
        while self.kind() in _MODIFIERS:
            self.modifier(start, mods)
        text = self.snippet(start)
        return _check(Dice(count, sides, text, **mods))

    def modifier(self, start: Token, mods: dict) -> None:
        tok = self.take()
        kind = tok.kind

        def once(key: str, what: str) -> None:
            if key in mods:
                raise DiceError(f"{self.snippet(start)}: only one {what} modifier per dice term.")

        if kind in _KEEPS:
            once("keep", "keep/drop (kh, kl, dh, dl)")
            n = 1
            if self.kind() == "num":
                n = self.take().value
            mods["keep"] = ("kh" if kind == "k" else kind, n)
        elif kind == "d":
            raise DiceError(
                f"{self.where(tok)}: a bare 'd' after a dice term is ambiguous; "
                "write dl1 to drop the lowest die or dh1 to drop the highest."
            )
        elif kind in ("!", "!!"):
            once("explode", "exploding (! or !!)")
            mods["explode"] = self.point(start, tok, required=False) or Cond("=", 0, "")  # "" = default
            mods["compound"] = kind == "!!"
        elif kind in ("r", "ro"):
            once("reroll", "reroll (r or ro)")
            mods["reroll"] = self.point(start, tok, required=True)
            mods["reroll_once"] = kind == "ro"
        elif kind in _COMPARE:
            once("success", "success target (>=, >, <=, <, =)")
            self.i -= 1
            mods["success"] = self.point(start, tok, required=True, compare=True)
        elif kind == "f":
            once("fail", "failure (f)")
            mods["fail"] = self.point(start, tok, required=True)
        elif kind == "dbl":
            once("double", "double (dbl)")
            mods["double"] = self.point(start, tok, required=True)

    def point(self, start: Token, after: Token, *, required: bool, compare: bool = False) -> Cond | None:
        """``N`` (meaning ``=N``) or ``<op>N`` / ``<op>-N``."""
        op = "="
        text = ""
        if self.kind() in _COMPARE:
            op = self.take().kind
            text = op
            negative = False
            if self.kind() == "-":
                self.take()
                negative = True
                text += "-"
            if self.kind() != "num":
                raise self.fail_here(f"a number after {op!r} in {self.snippet(start)}")
            value = self.take().value
            return Cond(op, -value if negative else value, text + str(value))
        if compare:
            raise self.fail_here("a comparison such as >=6")
        if self.kind() == "num":
            value = self.take().value
            return Cond("=", value, str(value))
        if required:
            example = {"r": "r1 or r<3", "ro": "ro1 or ro<3", "f": "f1 or f<=2", "dbl": "dbl10 or dbl>=9"}[after.kind]
            if self.kind() == "-":
                example += f"; a negative face needs '=', as in {after.text}=-1"
            raise DiceError(
                f"{self.snippet(start)}: '{after.text}' needs the faces it applies to, e.g. {example}."
            )
        return None


def _is_zero(node: Node) -> bool:
    while isinstance(node, Paren):
        node = node.inner
    return isinstance(node, Num) and node.value == 0


def _check(term: Dice) -> Dice:
    """Refuse terms that can never stop or whose modifiers can never apply;
    return the term with a bare ``!`` resolved to its face (the highest face
    the die can show)."""
    lo, hi = term.lo, term.hi
    die = "a dF" if term.fudge else f"a d{term.sides}"
    faces = "faces -1..+1" if term.fudge else f"faces 1..{term.sides}"
    t = term.text
    r = term.reroll
    if r is not None:
        hits = r.count(lo, hi)
        mod = "ro" if term.reroll_once else "r"
        if hits == 0:
            raise DiceError(f"{t}: {mod}{r.text} can never match {die} ({faces}); check the reroll condition.")
        if hits == hi - lo + 1 and not term.reroll_once:
            raise DiceError(
                f"{t}: {mod}{r.text} matches every face of {die}, so it would reroll forever; "
                "leave at least one face that stops the rerolls."
            )
    removed = r if (r is not None and not term.reroll_once) else None
    if term.explode is not None:
        mark = "!!" if term.compound else "!"
        cond = term.explode
        if cond.text == "":  # bare "!": the highest face the die can end on
            top = hi
            if removed is not None and removed.matches(hi):
                top = int(removed.interval()[0]) - 1
            cond = term.explode = Cond("=", top, "")
        allowed = hi - lo + 1 - (removed.count(lo, hi) if removed else 0)
        hits = cond.count(lo, hi, without=removed)
        if hits == 0:
            raise DiceError(f"{t}: {mark}{cond.text} can never happen on {die} ({faces}); check the explosion condition.")
        if hits == allowed:
            raise DiceError(
                f"{t}: every roll of {die} explodes with {mark}{cond.text}, so it would never stop; "
                "explode on fewer faces (e.g. d6!) or remove the explosion."
            )
    if term.keep is not None:
        kind, n = term.keep
        separate = term.explode is not None and not term.compound  # "!" adds dice to the pool
        if n > term.count and not separate:
            verb = "keep" if kind[0] == "k" else "drop"
            raise DiceError(f"{t}: cannot {verb} {n} of {term.count} dice; use at most {term.count}.")
    for name, cond in (("f", term.fail), ("dbl", term.double)):
        if cond is not None and term.success is None:
            hint = ""
            if term.explode is not None and term.explode.text[:1] in "<>=":
                mark = "!!" if term.compound else "!"
                hint = (
                    f" ('{mark}{term.explode.text}' is the explosion condition: write the success target "
                    f"before the '{mark}', e.g. 5d10>=8{mark}f1)"
                )
            raise DiceError(
                f"{t}: '{name}{cond.text}' needs a success target too, e.g. 10d10>=6f1 or 10d10>=8dbl10{hint}."
            )
    return term


def parse_tree(text: str) -> tuple[Node, int]:
    """Parse ``text`` into a syntax tree; also return the number of dice the
    expression rolls before any explosion or reroll."""
    if not isinstance(text, str):
        raise DiceError(f"a dice expression must be text, not {type(text).__name__}.")
    if len(text) > MAX_LENGTH:
        raise DiceError(
            f"dice expression too long: {len(text):,} characters, over the limit of {MAX_LENGTH:,}; shorten it."
        )
    if not text.strip():
        raise DiceError("empty dice expression; write one such as 2d6+3 or 4d6kh3.")
    parser = _Parser(text, _scan(text))
    node = parser.parse()
    return node, parser.total_dice
