"""Text to syntax tree for the dice language (see ``docs/dice.md``).

A hand-written scanner and a recursive-descent parser whose recursion is
bounded by :data:`~rolecli.dice.limits.MAX_DEPTH` (checked on every opening
parenthesis, brace, function and named roll, so deep nesting is refused long
before Python's own recursion limit). Long ``+``/``*`` chains and runs of
unary signs are parsed with loops, not recursion. Every problem is a one-line
:class:`DiceError`.

A named roll or a trait (``@fireball``, ``@Fuerza``) is looked up while
parsing through a ``refs`` function: a named roll's text is parsed in place,
within the limits of :data:`~rolecli.dice.limits.MAX_NAMED_DEPTH` and
:data:`~rolecli.dice.limits.MAX_EXPANDED`, so no chain of names can grow an
expression without bound.
"""

from __future__ import annotations

from typing import Callable

from rolecli.dice.limits import (MAX_DEPTH, MAX_DICE, MAX_EXPANDED, MAX_FACE, MAX_LENGTH, MAX_NAMED_DEPTH,
                                 MAX_RESULTS, MAX_SIDES)
from rolecli.dice.tree import (Chain, Compare, Cond, Dice, Func, Group, Label, Named, Neg, Node, Num, Paren,
                               Trait, _Record, walk)
from rolecli.errors import DiceError

#: Looks up ``@name``: the text of a named roll, or the number of a trait.
Refs = Callable[[str], "str | int"]

# --- scanner ----------------------------------------------------------------

# Longest first where one word is a prefix of another.
_WORDS = ("floor", "ceil", "round", "dbl", "min", "max", "mi", "ma", "kh", "kl", "dh", "dl", "ro", "!!", ">=",
          "<=", "==", "k", "d", "r", "f", "!", ">", "<", "=", "x", "%", "+", "-", "*", "/", "(", ")", "{", "}", ",")
_ALIASES = {"−": "-", "×": "*", "÷": "/", "≥": ">=", "≤": "<="}
_COMPARE = (">=", "<=", "==", ">", "<", "=")
_FUNCTIONS = ("floor", "ceil", "round")


class Token(_Record):
    __slots__ = ("kind", "text", "pos", "end", "value")

    def __init__(self, kind: str, text: str, pos: int, end: int, value: int | str = 0):
        self.kind = kind  # "num", "label", "comment", "ref" or the word itself
        self.text = text
        self.pos = pos  # index in the original text
        self.end = end
        self.value = value  # a number's value; a label's, comment's or name's text


def _closing(text: str, i: int, close: str, what: str) -> int:
    """The index of the ``close`` that ends what opens at ``i``."""
    j = text.find(close, i + 1)
    if j < 0 or "\n" in text[i:j]:
        raise DiceError(f"{what} at position {i + 1} of {text.strip()!r} has no closing {close!r}.")
    return j


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
        if ch == "[":
            j = _closing(text, i, "]", "the label '['")
            label = text[i + 1 : j].strip()
            if "[" in label:
                raise DiceError(f"a label cannot hold '[' (position {i + 1} of {text.strip()!r}); write [fire].")
            tokens.append(Token("label", text[i : j + 1], i, j + 1, label))
            i = j + 1
            continue
        if ch == "#":  # a comment runs to the end of the line (of the shell argument, for `roll`)
            j = text.find("\n", i)
            j = n if j < 0 else j
            tokens.append(Token("comment", text[i:j], i, j, text[i + 1 : j].strip()))
            i = j
            continue
        if ch == "@":
            tokens.append(_reference(text, i))
            i = tokens[-1].end
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


def _reference(text: str, i: int) -> Token:
    """``@name`` (letters, digits, ``_``) or ``@{any name}``."""
    if text.startswith("{", i + 1):
        j = _closing(text, i + 1, "}", "the name '@{'")
        name, end = text[i + 2 : j].strip(), j + 1
    else:
        end = i + 1
        while end < len(text) and (text[end].isalnum() or text[end] == "_"):
            end += 1
        name = text[i + 1 : end]
    if not name:
        raise DiceError(f"'@' at position {i + 1} of {text.strip()!r} needs a name, as in @fireball or "
                        "@{Armas cuerpo a cuerpo}.")
    return Token("ref", text[i:end], i, end, name)


# --- parser -----------------------------------------------------------------

_KEEPS = ("kh", "kl", "dh", "dl", "k")
_MODIFIERS = frozenset(_KEEPS + ("!", "!!", "r", "ro", "f", "dbl", "d", "mi", "min", "ma", "max") + _COMPARE)
_GROUP_MODIFIERS = frozenset(_KEEPS + ("f", "dbl") + _COMPARE)
_STARTS = frozenset(("num", "d", "(", "{", "ref", "+", "-") + _FUNCTIONS)


class _Parser:
    def __init__(self, text: str, tokens: list[Token], refs: Refs | None = None,
                 parent: "_Parser | None" = None, name: str | None = None):
        self.text = text
        self.tokens = tokens
        self.i = 0
        self.refs = refs
        self.root = parent.root if parent is not None else self
        self.names: tuple[str, ...] = (parent.names + (name,)) if parent is not None else ()
        self.total_dice = 0  # of the expression being parsed (kept by the root parser)
        self.expanded = 0  # characters of named rolls read (kept by the root parser)

    # helpers
    def peek(self) -> Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def kind(self, ahead: int = 0) -> str | None:
        i = self.i + ahead
        return self.tokens[i].kind if i < len(self.tokens) else None

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

    def expect(self, kind: str, what: str) -> Token:
        if self.kind() != kind:
            raise self.fail_here(what)
        return self.take()

    def snippet(self, start: Token | int) -> str:
        """The source text from ``start`` to the last token taken, without spaces."""
        pos = start if isinstance(start, int) else start.pos
        end = self.tokens[self.i - 1].end if self.i else pos
        return "".join(self.text[pos:end].split())

    def comment(self) -> str:
        return self.take().value if self.kind() == "comment" else ""

    def trailing(self) -> DiceError:
        """The error for a token that cannot continue the expression before it."""
        tok = self.peek()
        hint = ""
        if tok.kind == ")":
            hint = " (a ')' without its '(')"
        elif tok.kind in _STARTS and tok.kind not in ("+", "-"):
            hint = " (an operator such as + is missing before it)"
        elif tok.kind == "x":
            hint = " ('x' repeats a whole roll, as in 3x2d6, and goes only at the start of one)"
        return DiceError(f"unexpected {self.where(tok)}{hint}.")

    # grammar
    def parse(self) -> tuple[Node, str, int]:
        """One expression, its comment and where it ends in the text."""
        if self.kind() == "num" and self.kind(1) == "x":
            raise DiceError(f"{self.tokens[0].text}x…: 'N x' repeats a whole roll; give it to "
                            "rolecli roll (rolecli roll 3x4d6), or roll with -n N.")
        node = self.expression(0)
        end = self.tokens[self.i - 1].end
        comment = self.comment()
        if self.i < len(self.tokens):
            raise self.trailing()
        return node, comment, end

    def line(self) -> list[tuple[int, Node, str, int, int, int]]:
        """Several expressions, each with its repeat (``3x``), comment, source
        span and dice count: ``1d20 2d6 3x3d6 # damage``."""
        items = []
        while self.i < len(self.tokens):
            if items and self.kind() not in _STARTS:
                raise self.trailing()
            repeat = 1
            if self.kind() == "num" and self.kind(1) == "x":
                repeat = self.take().value
                self.take()
                if not 1 <= repeat <= MAX_RESULTS:
                    raise DiceError(f"{repeat:,}x: a roll can be repeated 1 to {MAX_RESULTS:,} times.")
            start = self.peek()
            if start is None:
                raise self.fail_here(f"an expression after '{repeat}x'")
            self.total_dice = 0
            node = self.expression(0)
            end = self.tokens[self.i - 1].end
            items.append((repeat, node, self.comment(), start.pos, end, self.total_dice))
        return items

    def expression(self, depth: int) -> Node:
        left = self.sum(depth)
        if self.kind() not in _COMPARE:
            return left
        op = self.take()
        right = self.sum(depth)
        if self.kind() in _COMPARE:
            raise DiceError(f"{self.where(self.peek())}: one comparison per expression; "
                            "write (a >= b) + (c >= d) to count several.")
        return Compare(left, op.kind, right, op.text)

    def sum(self, depth: int) -> Node:
        first = self.product(depth)
        rest = []
        while self.kind() in ("+", "-"):
            op = self.take().kind
            rest.append((op, self.product(depth)))
        return Chain(first, tuple(rest)) if rest else first

    def product(self, depth: int) -> Node:
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
        node = self.labelled(depth)
        return Neg(node) if negative else node

    def labelled(self, depth: int) -> Node:
        node = self.primary(depth)
        if self.kind() != "label":
            return node
        tok = self.take()
        if not tok.value:
            raise DiceError(f"empty label {self.where(tok)}; write a word inside, as in 2d6[fire].")
        if self.kind() == "label":
            raise DiceError(f"{self.where(self.peek())}: one label per term.")
        return Label(node, tok.value)

    def nest(self, depth: int) -> int:
        if depth >= MAX_DEPTH:
            raise DiceError(
                f"parentheses nested more than {MAX_DEPTH} deep in the dice expression (limit {MAX_DEPTH}); "
                "remove the extra parentheses."
            )
        return depth + 1

    def paren(self, depth: int) -> Paren:
        tok = self.take()
        inner = self.expression(self.nest(depth))
        self.expect(")", f"')' to close the '(' at position {tok.pos + 1}")
        return Paren(inner)

    def primary(self, depth: int) -> Node:
        tok = self.peek()
        kind = tok.kind if tok else None
        if kind == "(":
            inner = self.paren(depth)
            if self.kind() == "d":
                return self.dice(tok, 0, depth, count_node=inner)
            return inner
        if kind == "{":
            return self.group(depth)
        if kind in _FUNCTIONS:
            self.take()
            if self.kind() != "(":
                raise DiceError(f"{tok.text} needs its expression in parentheses, as in {tok.text}(1d6/2).")
            return Func(kind, self.paren(depth).inner)
        if kind == "ref":
            return self.reference(depth)
        if kind == "num":
            self.take()
            if self.kind() == "d":
                return self.dice(tok, tok.value, depth)
            if self.kind() in ("%", "f") or (self.kind() in _MODIFIERS and self.kind() not in _COMPARE):
                raise DiceError(f"unexpected {self.where(self.peek())}; did you mean {tok.text}d…, as in 2d6?")
            return Num(tok.value)
        if kind == "d":
            return self.dice(tok, 1, depth)
        if kind in _MODIFIERS:
            raise DiceError(
                f"unexpected {self.where(tok)}; a modifier such as kh3, r1 or >=6 goes right after a dice term like 4d6."
            )
        raise self.fail_here("a number, a die such as 2d6, or '('")

    def group(self, depth: int) -> Group:
        start = self.take()
        inner = self.nest(depth)
        members = [self.expression(inner)]
        while self.kind() == ",":
            self.take()
            members.append(self.expression(inner))
        self.expect("}", f"',' or '}}' to close the group '{{' at position {start.pos + 1}")
        tail = self.i
        mods: dict = {}
        while self.kind() in _MODIFIERS and self.modifies():
            if self.kind() not in _GROUP_MODIFIERS:
                raise DiceError(f"{self.where(self.peek())}: a group {{…}} takes keep/drop (kh kl dh dl) and "
                                "success counting (>=N, f, dbl); other modifiers go on its dice.")
            self.modifier(start, mods)
        text = self.snippet(start)
        group = Group(tuple(members), self.snippet(self.tokens[tail]) if self.i > tail else "", **mods)
        return _check_group(group, text)

    def reference(self, depth: int) -> Node:
        tok = self.take()
        name = tok.value
        if self.refs is None:
            raise DiceError(f"{tok.text}: named rolls and traits need a campaign or your rolls file; "
                            "this expression is rolled without them.")
        if name in self.names:
            cycle = " → ".join(f"@{n}" for n in self.names[self.names.index(name):] + (name,))
            raise DiceError(f"named roll @{name} uses itself ({cycle}); break the cycle.")
        found = self.refs(name)
        if isinstance(found, int):
            return Trait(name, found)
        if len(self.names) >= MAX_NAMED_DEPTH:
            raise DiceError(f"@{name}: named rolls inside named rolls more than {MAX_NAMED_DEPTH} deep "
                            f"(limit {MAX_NAMED_DEPTH}); use fewer levels.")
        root = self.root
        root.expanded += len(found)
        if root.expanded > MAX_EXPANDED or len(found) > MAX_LENGTH:
            raise DiceError(f"@{name}: the named rolls of this expression add up to more than {MAX_EXPANDED:,} "
                            f"characters (limit {MAX_EXPANDED:,}); use them fewer times.")
        sub = _Parser(found, _scan_named(name, found), self.refs, parent=self, name=name)
        try:
            inner = sub.expression(self.nest(depth))
            sub.comment()  # a note for the reader of the file that holds the roll
            if sub.i < len(sub.tokens):
                raise sub.trailing()
        except DiceError as exc:
            if str(exc).startswith("in @"):
                raise
            raise DiceError(f"in @{name} = {found!r}: {exc}") from None
        return Named(name, inner)

    def size_of(self, node: Node, what: str, lowest: int, highest: int, start: Token) -> tuple[int | None, int, int]:
        """A count or size given by a subexpression: ``(value, value, value)`` when
        it is a constant (``(@Fuerza)d6``), else ``(None, lo, hi)``, the values it
        can take, refused when they could leave ``lowest..highest``."""
        from rolecli.dice.bounds import bounds

        lo, hi = bounds(node)
        fixed = lo if lo == hi and not any(isinstance(n, Dice) for n in walk(node)) else None
        if lo < lowest or hi > highest:
            said = f"is {lo:,}" if fixed is not None else f"can come out anywhere in {lo:,}..{hi:,}"
            raise DiceError(f"{self.snippet(start)}: the {what} {said}, but it must stay within "
                            f"{lowest:,}..{highest:,}; change the expression that gives it.")
        return fixed, lo, hi

    def dice(self, start: Token, count: int, depth: int, count_node: Node | None = None) -> Dice:
        self.take()  # "d"
        most = count
        if count_node is not None:
            fixed, _least, most = self.size_of(count_node, "number of dice", 0, MAX_DICE, start)
            if fixed is not None:
                count, count_node = fixed, None
        if most > MAX_DICE:
            raise DiceError(
                f"{self.snippet(start)}…: {most:,} dice in one term is over the limit of {MAX_DICE:,} dice per roll; roll fewer dice."
            )
        side_tok = self.peek()
        if side_tok is None or side_tok.kind not in ("num", "%", "f", "{", "("):
            raise DiceError(
                f"{self.snippet(start)}: a die needs its number of sides after 'd' (e.g. 2d6, d%, dF), "
                f"but found {'the end of the expression' if side_tok is None else repr(side_tok.text)}."
            )
        sides: int | None = None
        faces = sides_node = None
        sizes: list = []  # the fewest and most sides a size given by a roll can give
        if side_tok.kind == "(":
            sides_node = self.paren(depth)
            sides, *sizes = self.size_of(sides_node, "number of sides", 1, MAX_SIDES, start)
            if sides is not None:
                sides_node = None
        elif side_tok.kind == "{":
            faces = self.faces(start)
        else:
            self.take()
            if side_tok.kind == "%":
                sides = 100
            elif side_tok.kind == "num":
                sides = side_tok.value
                if sides < 1:
                    raise DiceError(f"{self.snippet(start)}: a die needs at least 1 side.")
                if sides > MAX_SIDES:
                    raise DiceError(
                        f"{self.snippet(start)}: {sides:,} sides is over the limit of {MAX_SIDES:,} sides per die."
                    )
        root = self.root
        root.total_dice += most
        if root.total_dice > MAX_DICE:
            raise DiceError(
                f"{root.text.strip()!r} rolls {root.total_dice:,}+ dice, over the limit of {MAX_DICE:,} dice per roll; "
                "roll fewer dice."
            )
        tail = self.i
        mods: dict = {}
        while self.kind() in _MODIFIERS and self.modifies():
            self.modifier(start, mods)
        text = self.snippet(start)
        mods_text = self.snippet(self.tokens[tail]) if self.i > tail else ""
        term = Dice(count, sides, text, faces=faces, tail=mods_text, count_node=count_node, sides_node=sides_node,
                    **mods)
        if term.sized_later:
            # A die that would never stop (every face rerolled or exploding) is
            # worst on the fewest sides; checked at both ends now, and again on
            # the size each roll gives.
            for size in (sizes if sides_node is not None else [sides]):
                largest = check(term.sized(most, size), strict=False)
            # A success target no die can meet (or every die meets) on the most
            # sides cannot be met (or is always met) on fewer either.
            _check_targets(largest, text)
            if term.keep is not None and term.keep[1] > most and (term.explode is None or term.compound):
                raise DiceError(f"{text}: cannot keep or drop {term.keep[1]} of at most {most} dice.")
            return term
        return check(term)

    def faces(self, start: Token) -> tuple[int, ...]:
        """``{1, 1, 2, 3}``: the faces of a custom die."""
        self.take()
        faces = []
        while True:
            negative = False
            if self.kind() in ("-", "+"):
                negative = self.take().kind == "-"
            tok = self.expect("num", f"a face (a whole number) in the custom die {self.snippet(start)}")
            if tok.value > MAX_FACE:
                raise DiceError(f"{self.snippet(start)}: a face of a custom die is at most {MAX_FACE:,} "
                                f"either way; {tok.value:,} is too large.")
            faces.append(-tok.value if negative else tok.value)
            if self.kind() == "}":
                self.take()
                return tuple(faces)
            self.expect(",", f"',' or '}}' in the custom die {self.snippet(start)}")

    def number_here(self) -> bool:
        """A number that belongs to the modifier before it, not the count of the
        next expression's dice (``3d6!`` then ``4d6`` in ``roll 3d6! 4d6``)."""
        return self.kind() == "num" and self.kind(1) != "d"

    def modifies(self) -> bool:
        """Whether the comparison ahead is a success target (``8d10>=6``): a
        number follows it. Anything else (``1d20 >= 1d20``, ``2d6 > (7)``) ends
        the term, and the comparison is of whole expressions. A number that ends
        its line (its shell argument) is a target even before a die: ``roll
        'd20>=15' 'd20>=10'`` is two counts, not ``d20 >= 15d20>=10``."""
        if self.kind() == "d":  # a bare "d" starting a line is the next argument's die, not a drop
            return not self.line_break(self.i)
        if self.kind() not in _COMPARE:
            return True
        ahead = 2 if self.kind(1) == "-" else 1
        if self.kind(ahead) != "num":
            return False
        return self.kind(ahead + 1) not in ("d", "(") or self.line_break(self.i + ahead + 1)

    def line_break(self, i: int) -> bool:
        """Whether token ``i`` starts a new line (of ``roll``'s arguments, one per line)."""
        return i > 0 and "\n" in self.text[self.tokens[i - 1].end:self.tokens[i].pos]

    def modifier(self, start: Token, mods: dict) -> None:
        tok = self.take()
        kind = tok.kind

        def once(key: str, what: str) -> None:
            if key in mods:
                raise DiceError(f"{self.snippet(start)}: only one {what} modifier per dice term.")

        if kind in _KEEPS:
            once("keep", "keep/drop (kh, kl, dh, dl)")
            n = 1
            if self.number_here():
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
        else:  # mi, min, ma, max
            key = "floor" if kind in ("mi", "min") else "ceiling"
            once(key, "minimum (mi)" if key == "floor" else "maximum (ma)")
            negative = self.kind() == "-" and self.take() is not None
            if self.kind() != "num":
                raise DiceError(f"{self.snippet(start)}: '{tok.text}' needs the value, as in 2d6mi2 or 4d6ma5.")
            value = self.take().value
            mods[key] = -value if negative else value

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
        if self.kind() == "num" if required else self.number_here():
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


def _scan_named(name: str, text: str) -> list[Token]:
    try:
        return _scan(text)
    except DiceError as exc:
        raise DiceError(f"in @{name} = {text!r}: {exc}") from None


def _is_zero(node: Node) -> bool:
    while isinstance(node, Paren):
        node = node.inner
    return isinstance(node, Num) and node.value == 0


def _die_name(term: Dice) -> tuple[str, str]:
    if term.faces is not None:
        return f"the die d{term.label}", f"faces {', '.join(map(str, sorted(set(term.faces))))}"
    if term.fudge:
        return "a dF", "faces -1..+1"
    return f"a d{term.sides}", f"faces 1..{term.sides}"


def check(term: Dice, strict: bool = True) -> Dice:
    """Refuse terms that can never stop or whose modifiers can never apply;
    return the term with a bare ``!`` resolved to its face (the highest face
    the die can end on). ``strict=False`` (a term sized by a roll) keeps only
    the refusals of terms that could never stop."""
    die, faces = _die_name(term)
    t = term.text
    r = term.reroll
    total = term.face_count
    if r is not None:
        hits = term.hits(r)
        mod = "ro" if term.reroll_once else "r"
        if hits == 0 and strict:
            raise DiceError(f"{t}: {mod}{r.text} can never match {die} ({faces}); check the reroll condition.")
        if hits == total and not term.reroll_once:
            raise DiceError(
                f"{t}: {mod}{r.text} matches every face of {die}, so it would reroll forever; "
                "leave at least one face that stops the rerolls."
            )
    removed = r if (r is not None and not term.reroll_once) else None
    if term.explode is not None:
        mark = "!!" if term.compound else "!"
        cond = term.explode
        if cond.text == "":  # bare "!": the highest face the die can end on
            cond = term.explode = Cond("=", _top_face(term, removed), "")
        allowed = total - (term.hits(removed) if removed else 0)
        hits = term.hits(cond, without=removed)
        if hits == 0 and strict:
            raise DiceError(f"{t}: {mark}{cond.text} can never happen on {die} ({faces}); check the explosion condition.")
        if hits == allowed:
            raise DiceError(
                f"{t}: every roll of {die} explodes with {mark}{cond.text}, so it would never stop; "
                "explode on fewer faces (e.g. d6!) or remove the explosion."
            )
    if term.floor is not None or term.ceiling is not None:
        _check_clamp(term, die, faces, strict)
    if term.keep is not None and strict:
        kind, n = term.keep
        separate = term.explode is not None and not term.compound  # "!" adds dice to the pool
        if n > term.count and not separate:
            verb = "keep" if kind[0] == "k" else "drop"
            raise DiceError(f"{t}: cannot {verb} {n} of {term.count} dice; use at most {term.count}.")
    _check_counting(term, t)
    if strict:
        _check_targets(term, t)
    return term


def sized_term(term: Dice, count: int, sides: int | None) -> Dice:
    """``term`` (sized by a roll) with the count and size a roll gave, checked;
    keeping more dice than were rolled keeps them all."""
    concrete = check(term.sized(count, sides), strict=False)
    if concrete.keep is not None and concrete.keep[1] > count and (concrete.explode is None or concrete.compound):
        concrete.keep = (concrete.keep[0], count)
    return concrete


def _top_face(term: Dice, removed: Cond | None) -> int:
    if term.faces is not None:
        return max(f for f in term.faces if removed is None or not removed.matches(f))
    top = term.hi
    if removed is not None and removed.matches(top):
        top = int(removed.interval()[0]) - 1
    return top


def _check_clamp(term: Dice, die: str, faces: str, strict: bool) -> None:
    t = term.text
    if term.explode is not None:
        raise DiceError(f"{t}: mi/ma and explosions (! or !!) do not combine: an explosion looks at the face "
                        "rolled, mi/ma change what it counts as; use one or the other.")
    low, high = term.floor, term.ceiling
    if low is not None and high is not None and low > high:
        raise DiceError(f"{t}: mi{low} is above ma{high}; the minimum must not exceed the maximum.")
    if strict and low is not None and low > term.hi:
        raise DiceError(f"{t}: mi{low} is above every face of {die} ({faces}); check the minimum.")
    if strict and high is not None and high < term.lo:
        raise DiceError(f"{t}: ma{high} is below every face of {die} ({faces}); check the maximum.")


def _check_counting(term: "Dice | Group", t: str) -> None:
    for name, cond in (("f", term.fail), ("dbl", term.double)):
        if cond is not None and term.success is None:
            hint = ""
            explode = getattr(term, "explode", None)
            if explode is not None and explode.text[:1] in "<>=":
                mark = "!!" if term.compound else "!"
                hint = (
                    f" ('{mark}{explode.text}' is the explosion condition: write the success target "
                    f"before the '{mark}', e.g. 5d10>=8{mark}f1)"
                )
            raise DiceError(
                f"{t}: '{name}{cond.text}' needs a success target too, e.g. 10d10>=6f1 or 10d10>=8dbl10{hint}."
            )


def _check_targets(term: "Dice | Group", t: str) -> None:
    """Refuse a success count whose target no die (or member) can meet, or every
    one always meets: it would give the same count on every roll, a plausible
    answer to a question the roll cannot ask (``2d6>=7`` meant as ``(2d6)>=7``).
    Likewise an ``f`` or a ``dbl`` that can never match."""
    success = term.success
    if success is None:
        return
    if isinstance(term, Group):
        from rolecli.dice.bounds import bounds

        ends = [bounds(m) for m in term.members]
        low, high = min(lo for lo, _hi in ends), max(hi for _lo, hi in ends)
        every = f"member of the group (their totals lie within {low:,}..{high:,})"
        what = "a " + every
        compare = ""

        def reach(lo, hi):
            return (any(max(lo, a) <= min(hi, b) for a, b in ends),
                    all(lo <= a and b <= hi for a, b in ends))
    else:
        from rolecli.dice.bounds import reach as term_reach

        die, faces = _die_name(term)
        shaping = [f"r{term.reroll.text}"] if term.reroll is not None and not term.reroll_once else []
        shaping += [f"{mod}{v}" for mod, v in (("mi", term.floor), ("ma", term.ceiling)) if v is not None]
        faces += f", with {' '.join(shaping)}" if shaping else ""
        if term.compound and term.explode is not None:
            die = f"the compounded total of {die}"
        what, every = f"{die} ({faces})", f"roll of {die} ({faces})"
        compare = f", or compare the total: ({t.replace(success.text, '', 1)}){success.text}"

        def reach(lo, hi):
            return term_reach(term, lo, hi)

    can, always = reach(success.lo, success.hi)
    if not can:
        raise DiceError(f"{t}: {success.text} can never match {what}, so no success could ever be counted; "
                        f"check the success target{compare}.")
    if always:
        raise DiceError(f"{t}: {success.text} matches every {every}, so each would count as a success and the "
                        "count could never change; check the success target.")
    if term.fail is not None and not reach(term.fail.lo, term.fail.hi)[0]:
        raise DiceError(f"{t}: f{term.fail.text} can never match {what}; check the failure condition.")
    double = term.double
    if double is not None and not reach(max(success.lo, double.lo), min(success.hi, double.hi))[0]:
        raise DiceError(f"{t}: dbl{double.text} can never match a success ({success.text}) of {what}; "
                        "check the double condition.")


def _check_group(group: Group, text: str) -> Group:
    if group.keep is not None:
        kind, n = group.keep
        size = len(group.members)
        if n > size:
            verb = "keep" if kind[0] == "k" else "drop"
            hint = f"; to {verb} dice of one roll, put the modifier on the dice (4d6kh3)" if size == 1 else ""
            raise DiceError(f"{text}: cannot {verb} {n} of {size} member(s) of the group{hint}.")
    _check_counting(group, text)
    _check_targets(group, text)
    return group


def _too_long(text: str) -> None:
    if len(text) > MAX_LENGTH:
        raise DiceError(
            f"dice expression too long: {len(text):,} characters, over the limit of {MAX_LENGTH:,}; shorten it."
        )
    if not text.strip():
        raise DiceError("empty dice expression; write one such as 2d6+3 or 4d6kh3.")


def parse_tree(text: str, refs: Refs | None = None) -> tuple[Node, int, str, int]:
    """Parse ``text`` into a syntax tree; also return the number of dice the
    expression rolls before any explosion or reroll, its ``# comment`` and
    where the expression ends in ``text``."""
    if not isinstance(text, str):
        raise DiceError(f"a dice expression must be text, not {type(text).__name__}.")
    _too_long(text)
    parser = _Parser(text, _scan(text), refs)
    node, comment, end = parser.parse()
    return node, parser.total_dice, comment, end


def parse_items(text: str, refs: Refs | None = None) -> list[tuple[int, Node, str, int, int, int]]:
    """Parse a line of several expressions (``1d20 2d6 3x3d6``): for each, its
    repeat count, tree, comment, span in ``text`` and dice count."""
    _too_long(text)
    return _Parser(text, _scan(text), refs).line()
