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
from rolecli.dice.words import lang, quoted, say
from rolecli.errors import DiceError

#: Looks up ``@name``: the text of a named roll, or the number of a trait.
Refs = Callable[[str], "str | int"]

# --- scanner ----------------------------------------------------------------

# Longest first where one word is a prefix of another.
_WORDS = ("floor", "ceil", "round", "adv", "dis", "dbl", "min", "max", "mi", "ma", "kh", "kl", "dh", "dl", "ph", "pl",
          "ro", "rr", "ra", "xo", "sa", "sd", "cs", "cf", "!!", "!p", ">=", "<=", "==", "k", "d", "p", "r", "f", "e",
          "s", "!", ">", "<", "=", "x", "%", "+", "-", "*", "/", "(", ")", "{", "}", ",")
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
        raise DiceError(say(f"{what} en la posición {i + 1} de {quoted(text)} no tiene su '{close}' de cierre.",
                            f"{what} at position {i + 1} of {quoted(text)} has no closing '{close}'."))
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
            j = _closing(text, i, "]", say("la etiqueta '['", "the label '['"))
            label = text[i + 1 : j].strip()
            if "[" in label:
                raise DiceError(say(f"una etiqueta no puede contener '[' (posición {i + 1} de {quoted(text)}); "
                                    "escribe [fuego].",
                                    f"a label cannot hold '[' (position {i + 1} of {quoted(text)}); write [fire]."))
            tokens.append(Token("label", text[i : j + 1], i, j + 1, label))
            i = j + 1
            continue
        if ch == "#":  # a comment runs to the end of the line (of the shell argument, for `roll`)
            j = text.find("\n", i)
            j = n if j < 0 else j
            _repeat_written_with_hash(text, tokens, i, j)
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
                foreign = next((w for w in _FOREIGN_WORDS if low.startswith(w, i)), "")
                if tokens and len(foreign) > len(word):  # Foundry's "even" is not d20's "e" and a "v"
                    raise DiceError(_foreign(text, low, i))
                tokens.append(Token(word, text[i : i + len(word)], i, i + len(word)))
                i += len(word)
                break
        else:
            if tokens and low.startswith(_FOREIGN_WORDS, i):
                raise DiceError(_foreign(text, low, i))
            shown = text[i] if text[i].isprintable() else repr(text[i])[1:-1]
            raise DiceError(say(
                f"'{shown}' inesperado en la posición {i + 1} de {quoted(text)}; una expresión de dados usa números, "
                "dados como 2d6, d%, dF, modificadores como kh3 o !, + - * / y paréntesis.",
                f"unexpected '{shown}' at position {i + 1} of {quoted(text)}; a dice expression uses numbers, "
                "dice like 2d6, d%, dF, modifiers like kh3 or !, + - * / and parentheses."))
    return tokens


# Other tools' forms that rolecli does not read, each with the form that does it here
# (docs/dice.md, "Notation parity"): (Spanish, English).
_FOREIGN = {
    "mt": ("'mt' de Roll20 (contar dados iguales) no se lee; para contar una cara, escribe =N (10d6=6)",
           "Roll20's 'mt' (count matching dice) is not read; to count a face, write =N (10d6=6)"),
    "m": ("'m' de Roll20 (marcar dados iguales) no se lee; ordena los dados con s para verlos juntos (4d6s)",
          "Roll20's 'm' (mark matching dice) is not read; sort the dice with s to see them together (4d6s)"),
    "even": ("'even' de Foundry no se lee; para contar caras, escribe =N o >=N (6d6>=4)",
             "Foundry's 'even' is not read; to count faces, write =N or >=N (6d6>=4)"),
    "odd": ("'odd' de Foundry no se lee; para contar caras, escribe =N o >=N (6d6>=4)",
            "Foundry's 'odd' is not read; to count faces, write =N or >=N (6d6>=4)"),
    "ms": ("'ms' de Foundry (margen de éxito) no se lee; compara el total: 1d20+5>=15 (--json da rolled y target)",
           "Foundry's 'ms' (margin of success) is not read; compare the total: 1d20+5>=15 (--json gives rolled and "
           "target)"),
}
_FOREIGN_WORDS = tuple(sorted(_FOREIGN, key=len, reverse=True))


def _foreign(text: str, low: str, i: int) -> str:
    word = next(w for w in _FOREIGN_WORDS if low.startswith(w, i))
    es, en = _FOREIGN[word]
    return say(f"{es} (posición {i + 1} de {quoted(text)}).", f"{en} (position {i + 1} of {quoted(text)}).")


def _repeat_written_with_hash(text: str, tokens: list[Token], i: int, end: int) -> None:
    """Refuse ``3#1d20`` (a repeat in some dice bots): here ``#`` starts a comment,
    so it would roll the number 3 and nothing else."""
    if not tokens or tokens[-1].kind != "num" or tokens[-1].end != i:
        return
    first = len(tokens) == 1 or "\n" in text[tokens[-2].end:tokens[-1].pos]  # the number alone on its line
    rest = text[i + 1:end].strip()
    if first and rest[:1].lower() in tuple("0123456789d"):
        n = tokens[-1].text
        raise DiceError(say(
            f"{n}#{rest}: '#' empieza un comentario, así que no se tiraría nada; para tirar {rest} {n} veces, "
            f"escribe {n}x{rest}.",
            f"{n}#{rest}: '#' starts a comment, so nothing would be rolled; to roll {rest} {n} times, "
            f"write {n}x{rest}."))


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
        raise DiceError(say(f"'@' en la posición {i + 1} de {quoted(text)} necesita un nombre, como en @bola_de_fuego "
                            "o @{Armas cuerpo a cuerpo}.",
                            f"'@' at position {i + 1} of {quoted(text)} needs a name, as in @fireball or "
                            "@{Armas cuerpo a cuerpo}."))
    return Token("ref", text[i:end], i, end, name)


# --- parser -----------------------------------------------------------------

# d20's "ph"/"pl" (drop highest / lowest) are "dh"/"dl"; "k" alone keeps the highest.
_KEEPS = {"kh": "kh", "kl": "kl", "dh": "dh", "dl": "dl", "k": "kh", "ph": "dh", "pl": "dl"}
# Explosions: Roll20's "!", Foundry's "x", d20's "e" (each die until it stops);
# Foundry's "xo" (each die once) and d20's "ra" (the first matching die of the term, once).
_EXPLODE = {"!": "", "x": "", "e": "", "!p": "", "!!": "", "xo": "die", "ra": "term"}
_MODIFIERS = frozenset(tuple(_KEEPS) + tuple(_EXPLODE) + ("r", "rr", "ro", "f", "dbl", "d", "p", "mi", "min", "ma",
                                                           "max", "s", "sa", "sd", "cs", "cf") + _COMPARE)
_GROUP_MODIFIERS = frozenset(tuple(_KEEPS) + ("f", "dbl") + _COMPARE)
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
            return say(f"el final de {quoted(self.text)}", f"the end of {quoted(self.text)}")
        return say(f"'{tok.text}' en la posición {tok.pos + 1} de {quoted(self.text)}",
                   f"'{tok.text}' at position {tok.pos + 1} of {quoted(self.text)}")

    def unexpected(self, tok: Token | None, hint: tuple[str, str] = ("", "")) -> str:
        return say(f"inesperado: {self.where(tok)}{hint[0]}", f"unexpected {self.where(tok)}{hint[1]}")

    def fail_here(self, expected: str) -> DiceError:
        return DiceError(say(f"se esperaba {expected}, pero se encontró {self.where(self.peek())}.",
                             f"expected {expected} but found {self.where(self.peek())}."))

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
        hint = ("", "")
        if tok.kind == ")":
            hint = (" (una ')' sin su '(')", " (a ')' without its '(')")
        elif tok.kind in _STARTS and tok.kind not in ("+", "-"):
            hint = (" (falta un operador como + antes)", " (an operator such as + is missing before it)")
        elif tok.kind == "x":
            hint = (" ('x' tras un número repite una tirada entera, como en 3x2d6, y va solo al principio; "
                    "tras unos dados, 3d6x, los hace explotar)",
                    " ('x' after a number repeats a whole roll, as in 3x2d6, and goes only at the start of one; "
                    "after dice, 3d6x, it explodes them)")
        elif tok.kind in ("adv", "dis"):
            hint = (f" ({tok.kind} va al final de la tirada: 1d20+5 {tok.kind})",
                    f" ({tok.kind} goes at the end of the roll: 1d20+5 {tok.kind})")
        return DiceError(self.unexpected(tok, hint) + ".")

    # grammar
    def parse(self) -> tuple[Node, str, int]:
        """One expression, its comment and where it ends in the text."""
        if self.kind() == "num" and self.kind(1) == "x":
            raise DiceError(say(f"{self.tokens[0].text}x…: 'N x' repite una tirada entera; dáselo a rolecli roll "
                                "(rolecli roll 3x4d6), o tira con -n N.",
                                f"{self.tokens[0].text}x…: 'N x' repeats a whole roll; give it to "
                                "rolecli roll (rolecli roll 3x4d6), or roll with -n N."))
        node = self.advantage(self.expression(0))
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
                    raise DiceError(say(f"{repeat:,}x: una tirada se puede repetir de 1 a {MAX_RESULTS:,} veces.",
                                        f"{repeat:,}x: a roll can be repeated 1 to {MAX_RESULTS:,} times."))
            start = self.peek()
            if start is None:
                raise self.fail_here(say(f"una expresión tras '{repeat}x'", f"an expression after '{repeat}x'"))
            self.total_dice = 0
            node = self.advantage(self.expression(0))
            end = self.tokens[self.i - 1].end
            items.append((repeat, node, self.comment(), start.pos, end, self.total_dice))
        return items

    def advantage(self, node: Node) -> Node:
        """``1d20+5 adv`` / ``dis``, as Avrae players type it: the first d20 of
        the roll becomes ``2d20kh1`` / ``2d20kl1``."""
        if self.kind() not in ("adv", "dis"):
            return node
        tok = self.take()
        keep = "kh" if tok.kind == "adv" else "kl"
        if self.kind() in ("adv", "dis"):
            raise DiceError(say(f"{self.where(self.peek())}: un solo adv o dis por tirada.",
                                f"{self.where(self.peek())}: one adv or dis per roll."))
        term = next((n for n in walk(node) if isinstance(n, Dice) and n.sides == 20 and n.faces is None
                     and not n.sized_later), None)
        if term is None:
            raise DiceError(say(
                f"{self.where(tok)}: {tok.kind} convierte el 1d20 de la tirada en 2d20{keep}1, pero no hay ningún d20; "
                f"escribe los dados que quieres conservar, p. ej. 2d6{keep}1.",
                f"{self.where(tok)}: {tok.kind} turns the roll's 1d20 into 2d20{keep}1, but there is no d20; "
                f"write the dice to keep, e.g. 2d6{keep}1."))
        if term.count != 1 or term.keep is not None:
            raise DiceError(say(
                f"{self.where(tok)}: {tok.kind} es para una tirada de un d20 (1d20+5 {tok.kind}); para {term.text} "
                f"escribe los dados que quieres conservar, p. ej. {term.count + 1}d20{keep}{term.count}.",
                f"{self.where(tok)}: {tok.kind} is for a roll of one d20 (1d20+5 {tok.kind}); for {term.text} "
                f"write the dice to keep, e.g. {term.count + 1}d20{keep}{term.count}."))
        term.count, term.keep = 2, (keep, 1)
        term.tail += f"{keep}1"
        term.text = f"2d20{term.tail}"
        self.root.total_dice += 1
        check(term)
        return node

    def expression(self, depth: int) -> Node:
        left = self.sum(depth)
        if self.kind() not in _COMPARE:
            return left
        op = self.take()
        right = self.sum(depth)
        if self.kind() in _COMPARE:
            raise DiceError(say(f"{self.where(self.peek())}: una comparación por expresión; "
                                "escribe (a >= b) + (c >= d) para contar varias.",
                                f"{self.where(self.peek())}: one comparison per expression; "
                                "write (a >= b) + (c >= d) to count several."))
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
                raise DiceError(say(f"división entre cero en la posición {op_tok.pos + 1} de {quoted(self.text)}.",
                                    f"division by zero at position {op_tok.pos + 1} of {quoted(self.text)}."))
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
            raise DiceError(say(f"etiqueta vacía: {self.where(tok)}; escribe una palabra dentro, como en 2d6[fuego].",
                                f"empty label {self.where(tok)}; write a word inside, as in 2d6[fire]."))
        if self.kind() == "label":
            raise DiceError(say(f"{self.where(self.peek())}: una etiqueta por término.",
                                f"{self.where(self.peek())}: one label per term."))
        return Label(node, tok.value)

    def nest(self, depth: int) -> int:
        if depth >= MAX_DEPTH:
            raise DiceError(say(
                f"paréntesis anidados a más de {MAX_DEPTH} niveles en la expresión de dados (límite {MAX_DEPTH}); "
                "quita los paréntesis de sobra.",
                f"parentheses nested more than {MAX_DEPTH} deep in the dice expression (limit {MAX_DEPTH}); "
                "remove the extra parentheses."))
        return depth + 1

    def paren(self, depth: int) -> Paren:
        tok = self.take()
        inner = self.expression(self.nest(depth))
        self.expect(")", say(f"')' para cerrar el '(' de la posición {tok.pos + 1}",
                             f"')' to close the '(' at position {tok.pos + 1}"))
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
                raise DiceError(say(f"{tok.text} necesita su expresión entre paréntesis, como en {tok.text}(1d6/2).",
                                    f"{tok.text} needs its expression in parentheses, as in {tok.text}(1d6/2)."))
            return Func(kind, self.paren(depth).inner)
        if kind == "ref":
            return self.reference(depth)
        if kind == "num":
            self.take()
            if self.kind() == "d":
                return self.dice(tok, tok.value, depth)
            if self.kind() in ("%", "f") or (self.kind() in _MODIFIERS and self.kind() not in _COMPARE + ("x",)):
                raise DiceError(self.unexpected(self.peek(), (f"; ¿querías decir {tok.text}d…, como en 2d6?",
                                                              f"; did you mean {tok.text}d…, as in 2d6?")))
            return Num(tok.value)
        if kind == "d":
            return self.dice(tok, 1, depth)
        if kind in _MODIFIERS:
            raise DiceError(self.unexpected(tok, (
                "; un modificador como kh3, r1 o >=6 va justo tras un término de dados como 4d6.",
                "; a modifier such as kh3, r1 or >=6 goes right after a dice term like 4d6.")))
        if kind in ("adv", "dis"):
            raise DiceError(self.unexpected(tok, (f"; {kind} va al final de una tirada de d20: 1d20+5 {kind}.",
                                                  f"; {kind} goes at the end of a d20 roll: 1d20+5 {kind}.")))
        raise self.fail_here(say("un número, un dado como 2d6, o '('", "a number, a die such as 2d6, or '('"))

    def group(self, depth: int) -> Group:
        start = self.take()
        inner = self.nest(depth)
        members = [self.expression(inner)]
        while self.kind() == ",":
            self.take()
            members.append(self.expression(inner))
        self.expect("}", say(f"',' o '}}' para cerrar el grupo '{{' de la posición {start.pos + 1}",
                             f"',' or '}}' to close the group '{{' at position {start.pos + 1}"))
        tail = self.i
        mods: dict = {}
        while self.kind() in _MODIFIERS and self.modifies():
            if self.kind() not in _GROUP_MODIFIERS:
                raise DiceError(say(f"{self.where(self.peek())}: un grupo {{…}} admite conservar/descartar "
                                    "(kh kl dh dl) y contar éxitos (>=N, f, dbl); los demás modificadores van en sus dados.",
                                    f"{self.where(self.peek())}: a group {{…}} takes keep/drop (kh kl dh dl) and "
                                    "success counting (>=N, f, dbl); other modifiers go on its dice."))
            self.modifier(start, mods)
        text = self.snippet(start)
        group = Group(tuple(members), self.snippet(self.tokens[tail]) if self.i > tail else "", **mods)
        return _check_group(group, text)

    def reference(self, depth: int) -> Node:
        tok = self.take()
        name = tok.value
        if self.refs is None:
            raise DiceError(say(f"{tok.text}: las tiradas con nombre y los rasgos necesitan una campaña o tu fichero "
                                "de tiradas; esta expresión se tira sin ellos.",
                                f"{tok.text}: named rolls and traits need a campaign or your rolls file; "
                                "this expression is rolled without them."))
        if name in self.names:
            cycle = " → ".join(f"@{n}" for n in self.names[self.names.index(name):] + (name,))
            raise DiceError(say(f"la tirada con nombre @{name} se usa a sí misma ({cycle}); rompe el ciclo.",
                                f"named roll @{name} uses itself ({cycle}); break the cycle."))
        found = self.refs(name)
        if isinstance(found, int):
            return Trait(name, found)
        if len(self.names) >= MAX_NAMED_DEPTH:
            raise DiceError(say(f"@{name}: tiradas con nombre dentro de otras a más de {MAX_NAMED_DEPTH} niveles "
                                f"(límite {MAX_NAMED_DEPTH}); usa menos niveles.",
                                f"@{name}: named rolls inside named rolls more than {MAX_NAMED_DEPTH} deep "
                                f"(limit {MAX_NAMED_DEPTH}); use fewer levels."))
        root = self.root
        root.expanded += len(found)
        if root.expanded > MAX_EXPANDED or len(found) > MAX_LENGTH:
            raise DiceError(say(f"@{name}: las tiradas con nombre de esta expresión suman más de {MAX_EXPANDED:,} "
                                f"caracteres (límite {MAX_EXPANDED:,}); úsalas menos veces.",
                                f"@{name}: the named rolls of this expression add up to more than {MAX_EXPANDED:,} "
                                f"characters (limit {MAX_EXPANDED:,}); use them fewer times."))
        sub = _Parser(found, _scan_named(name, found), self.refs, parent=self, name=name)
        try:
            inner = sub.advantage(sub.expression(self.nest(depth)))  # [rolls] ataque = "1d20+5 adv"
            sub.comment()  # a note for the reader of the file that holds the roll
            if sub.i < len(sub.tokens):
                raise sub.trailing()
        except DiceError as exc:
            if str(exc).startswith(("in @", "en @")):
                raise
            raise DiceError(say(f"en @{name} = {quoted(found)}: {exc}", f"in @{name} = {quoted(found)}: {exc}")) from None
        return Named(name, inner)

    def size_of(self, node: Node, what: tuple[str, str], lowest: int, highest: int, start: Token) -> tuple[int | None, int, int]:
        """A count or size given by a subexpression: ``(value, value, value)`` when
        it is a constant (``(@Fuerza)d6``), else ``(None, lo, hi)``, the values it
        can take, refused when they could leave ``lowest..highest``."""
        from rolecli.dice.bounds import bounds

        lo, hi = bounds(node)
        fixed = lo if lo == hi and not any(isinstance(n, Dice) for n in walk(node)) else None
        if lo < lowest or hi > highest:
            es_what, en_what = what
            es_said = f"es {lo:,}" if fixed is not None else f"puede salir en cualquier punto de {lo:,}..{hi:,}"
            en_said = f"is {lo:,}" if fixed is not None else f"can come out anywhere in {lo:,}..{hi:,}"
            raise DiceError(say(f"{self.snippet(start)}: {es_what} {es_said}, pero debe quedar dentro de "
                                f"{lowest:,}..{highest:,}; cambia la expresión que lo da.",
                                f"{self.snippet(start)}: the {en_what} {en_said}, but it must stay within "
                                f"{lowest:,}..{highest:,}; change the expression that gives it."))
        return fixed, lo, hi

    def dice(self, start: Token, count: int, depth: int, count_node: Node | None = None) -> Dice:
        self.take()  # "d"
        most = count
        if count_node is not None:
            fixed, _least, most = self.size_of(count_node, ("el número de dados", "number of dice"), 0, MAX_DICE, start)
            if fixed is not None:
                count, count_node = fixed, None
        if most > MAX_DICE:
            raise DiceError(say(
                f"{self.snippet(start)}…: {most:,} dados en un término superan el límite de {MAX_DICE:,} dados por "
                "tirada; tira menos dados.",
                f"{self.snippet(start)}…: {most:,} dice in one term is over the limit of {MAX_DICE:,} dice per roll; "
                "roll fewer dice."))
        side_tok = self.peek()
        if side_tok is None or side_tok.kind not in ("num", "%", "f", "{", "("):
            raise DiceError(say(
                f"{self.snippet(start)}: un dado necesita su número de caras tras la 'd' (p. ej. 2d6, d%, dF), "
                f"pero se encontró {'el final de la expresión' if side_tok is None else repr(side_tok.text)}.",
                f"{self.snippet(start)}: a die needs its number of sides after 'd' (e.g. 2d6, d%, dF), "
                f"but found {'the end of the expression' if side_tok is None else repr(side_tok.text)}."))
        sides: int | None = None
        faces = sides_node = None
        sizes: list = []  # the fewest and most sides a size given by a roll can give
        if side_tok.kind == "(":
            sides_node = self.paren(depth)
            sides, *sizes = self.size_of(sides_node, ("el número de caras", "number of sides"), 1, MAX_SIDES, start)
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
                    raise DiceError(say(f"{self.snippet(start)}: un dado necesita al menos 1 cara.",
                                        f"{self.snippet(start)}: a die needs at least 1 side."))
                if sides > MAX_SIDES:
                    raise DiceError(say(
                        f"{self.snippet(start)}: {sides:,} caras superan el límite de {MAX_SIDES:,} caras por dado.",
                        f"{self.snippet(start)}: {sides:,} sides is over the limit of {MAX_SIDES:,} sides per die."))
        root = self.root
        root.total_dice += most
        if root.total_dice > MAX_DICE:
            raise DiceError(say(
                f"{quoted(root.text)} tira {root.total_dice:,}+ dados, más del límite de {MAX_DICE:,} dados por tirada; "
                "tira menos dados.",
                f"{quoted(root.text)} rolls {root.total_dice:,}+ dice, over the limit of {MAX_DICE:,} dice per roll; "
                "roll fewer dice."))
        tail = self.i
        mods: dict = {}
        while self.kind() in _MODIFIERS and self.modifies():
            self.modifier(start, mods)
        text = self.snippet(start)
        mods_text = self.snippet(self.tokens[tail]) if self.i > tail else ""
        crit = (mods.pop("cs", None), mods.pop("cf", None))
        if sides == 20 and faces is None and sides_node is None:  # a natural 20 and a natural 1, unless given
            crit = (crit[0] or Cond("=", 20, "20"), crit[1] or Cond("=", 1, "1"))
        term = Dice(count, sides, text, faces=faces, tail=mods_text, count_node=count_node, sides_node=sides_node,
                    crit=crit, **mods)
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
                raise DiceError(say(f"{text}: no se pueden conservar ni descartar {term.keep[1]} de como mucho {most} dados.",
                                    f"{text}: cannot keep or drop {term.keep[1]} of at most {most} dice."))
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
            tok = self.expect("num", say(f"una cara (un número entero) en el dado {self.snippet(start)}",
                                         f"a face (a whole number) in the custom die {self.snippet(start)}"))
            if tok.value > MAX_FACE:
                raise DiceError(say(f"{self.snippet(start)}: una cara de un dado propio es como mucho {MAX_FACE:,} "
                                    f"en valor absoluto; {tok.value:,} es demasiado.",
                                    f"{self.snippet(start)}: a face of a custom die is at most {MAX_FACE:,} "
                                    f"either way; {tok.value:,} is too large."))
            faces.append(-tok.value if negative else tok.value)
            if self.kind() == "}":
                self.take()
                return tuple(faces)
            self.expect(",", say(f"',' o '}}' en el dado {self.snippet(start)}",
                                 f"',' or '}}' in the custom die {self.snippet(start)}"))

    def number_here(self) -> bool:
        """A number that belongs to the modifier before it, not the count of the
        next expression's dice (``3d6!`` then ``4d6`` in ``roll 3d6! 4d6``) nor
        its repeat (``3d6x`` then ``2x4d6``)."""
        return self.kind() == "num" and self.kind(1) not in ("d", "x")

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
                raise DiceError(say(f"{self.snippet(start)}: solo un modificador {what} por término de dados.",
                                    f"{self.snippet(start)}: only one {what} modifier per dice term."))

        if kind in _KEEPS:
            once("keep", "keep/drop (kh, kl, dh, dl)")
            n = 1
            if self.number_here():
                n = self.take().value
            mods["keep"] = (_KEEPS[kind], n)
        elif kind == "d":
            raise DiceError(say(
                f"{self.where(tok)}: una 'd' sola tras un término de dados es ambigua; "
                "escribe dl1 para descartar el dado menor o dh1 para descartar el mayor.",
                f"{self.where(tok)}: a bare 'd' after a dice term is ambiguous; "
                "write dl1 to drop the lowest die or dh1 to drop the highest."))
        elif kind == "p":
            raise DiceError(say(
                f"{self.where(tok)}: la 'p' de d20 descarta los dados que elige su selector; rolecli descarta por "
                "puesto: pl1 (o dl1) el menor, ph1 (o dh1) el mayor; para que una cara no cuente, repítela (r1).",
                f"{self.where(tok)}: d20's 'p' drops the dice its selector picks; rolecli drops by rank: pl1 "
                "(or dl1) the lowest, ph1 (or dh1) the highest; to keep a face from counting, reroll it (r1)."))
        elif kind in _EXPLODE:
            once("explode", "de explosión (!, !!, !p, x, xo, e, ra)" if lang() == "es" else
                 "exploding (!, !!, !p, x, xo, e, ra)")
            mods["explode"] = self.point(start, tok, required=kind == "ra") or Cond("=", 0, "")  # "" = default
            mods["compound"] = kind == "!!"
            mods["penetrate"] = kind == "!p"
            mods["explode_once"] = _EXPLODE[kind]
        elif kind in ("r", "rr", "ro"):
            once("reroll", "de repetición (r, rr, ro)" if lang() == "es" else "reroll (r, rr, ro)")
            mods["reroll"] = self.point(start, tok, required=True)
            mods["reroll_once"] = kind == "ro"
        elif kind in ("s", "sa", "sd"):
            once("sort", "de orden (s, sd)" if lang() == "es" else "sort (s, sd)")
            mods["sort"] = "d" if kind == "sd" else "a"
        elif kind in ("cs", "cf"):
            once(kind, kind)
            cond = self.point(start, tok, required=True)
            if cond.op in (">", "<"):  # Roll20's crit ranges: cs>19 is 19 and up, as every Roll20 sheet means it
                cond = Cond(cond.op + "=", cond.value, cond.text)
            mods[kind] = cond
        elif kind in _COMPARE:
            once("success", "de objetivo de éxito (>=, >, <=, <, =)" if lang() == "es" else
                 "success target (>=, >, <=, <, =)")
            self.i -= 1
            mods["success"] = self.point(start, tok, required=True, compare=True)
        elif kind == "f":
            once("fail", "de fallo (f)" if lang() == "es" else "failure (f)")
            mods["fail"] = self.point(start, tok, required=True)
        elif kind == "dbl":
            once("double", "de doble (dbl)" if lang() == "es" else "double (dbl)")
            mods["double"] = self.point(start, tok, required=True)
        else:  # mi, min, ma, max
            key = "floor" if kind in ("mi", "min") else "ceiling"
            once(key, ("de mínimo (mi)" if key == "floor" else "de máximo (ma)") if lang() == "es" else
                 ("minimum (mi)" if key == "floor" else "maximum (ma)"))
            negative = self.kind() == "-" and self.take() is not None
            if self.kind() != "num":
                raise DiceError(say(f"{self.snippet(start)}: '{tok.text}' necesita el valor, como en 2d6mi2 o 4d6ma5.",
                                    f"{self.snippet(start)}: '{tok.text}' needs the value, as in 2d6mi2 or 4d6ma5."))
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
                raise self.fail_here(say(f"un número tras '{op}' en {self.snippet(start)}",
                                         f"a number after '{op}' in {self.snippet(start)}"))
            value = self.take().value
            return Cond(op, -value if negative else value, text + str(value))
        if compare:
            raise self.fail_here(say("una comparación como >=6", "a comparison such as >=6"))
        if self.kind() == "num" if required else self.number_here():
            value = self.take().value
            return Cond("=", value, str(value))
        if required:
            mod = after.text
            example = {"f": "f1, f<=2", "dbl": "dbl10, dbl>=9", "cs": "cs20, cs>=19", "cf": "cf1, cf<=2",
                       "ra": "ra6, ra>=5"}.get(after.kind, f"{mod}1, {mod}<3")
            es, en = example.replace(", ", " o "), example.replace(", ", " or ")
            if self.kind() == "-":
                es += f"; una cara negativa necesita '=', como en {mod}=-1"
                en += f"; a negative face needs '=', as in {mod}=-1"
            raise DiceError(say(f"{self.snippet(start)}: '{mod}' necesita las caras a las que se aplica, p. ej. {es}.",
                                f"{self.snippet(start)}: '{mod}' needs the faces it applies to, e.g. {en}."))
        return None


def _scan_named(name: str, text: str) -> list[Token]:
    try:
        return _scan(text)
    except DiceError as exc:
        raise DiceError(say(f"en @{name} = {quoted(text)}: {exc}", f"in @{name} = {quoted(text)}: {exc}")) from None


def _is_zero(node: Node) -> bool:
    while isinstance(node, Paren):
        node = node.inner
    return isinstance(node, Num) and node.value == 0


def _die_name(term: Dice) -> tuple[str, str]:
    """The die and its faces, in words, for messages."""
    faces = say("caras", "faces")
    if term.faces is not None:
        return say(f"el dado d{term.label}", f"the die d{term.label}"), \
            f"{faces} {', '.join(map(str, sorted(set(term.faces))))}"
    if term.fudge:
        return say("un dF", "a dF"), f"{faces} -1..+1"
    return say(f"un d{term.sides}", f"a d{term.sides}"), f"{faces} 1..{term.sides}"


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
            raise DiceError(say(f"{t}: {mod}{r.text} nunca coincide con {die} ({faces}); revisa la condición de repetir.",
                                f"{t}: {mod}{r.text} can never match {die} ({faces}); check the reroll condition."))
        if hits == total and not term.reroll_once:
            raise DiceError(say(
                f"{t}: {mod}{r.text} coincide con todas las caras de {die}, así que repetiría para siempre; "
                "deja al menos una cara que pare las repeticiones.",
                f"{t}: {mod}{r.text} matches every face of {die}, so it would reroll forever; "
                "leave at least one face that stops the rerolls."))
    removed = r if (r is not None and not term.reroll_once) else None
    if term.explode is not None:
        mark = _explode_mark(term)
        cond = term.explode
        if cond.text == "":  # bare "!": the highest face the die can end on
            cond = term.explode = Cond("=", _top_face(term, removed), "")
        allowed = total - (term.hits(removed) if removed else 0)
        hits = term.hits(cond, without=removed)
        if hits == 0 and strict:
            raise DiceError(say(f"{t}: {mark}{cond.text} nunca puede salir en {die} ({faces}); revisa la condición de "
                                "explosión.",
                                f"{t}: {mark}{cond.text} can never happen on {die} ({faces}); check the explosion "
                                "condition."))
        if hits == allowed and not term.explode_once:
            raise DiceError(say(
                f"{t}: toda tirada de {die} explota con {mark}{cond.text}, así que nunca pararía; "
                "explota con menos caras (p. ej. d6!) o quita la explosión.",
                f"{t}: every roll of {die} explodes with {mark}{cond.text}, so it would never stop; "
                "explode on fewer faces (e.g. d6!) or remove the explosion."))
    for mod, cond in zip(("cs", "cf"), term.crit):
        if cond is not None and strict and term.hits(cond) == 0:
            raise DiceError(say(f"{t}: {mod}{cond.text} nunca coincide con {die} ({faces}); revisa el rango de críticos.",
                                f"{t}: {mod}{cond.text} can never match {die} ({faces}); check the critical range."))
    if term.floor is not None or term.ceiling is not None:
        _check_clamp(term, die, faces, strict)
    if term.keep is not None and strict:
        kind, n = term.keep
        separate = term.explode is not None and not term.compound  # "!" adds dice to the pool
        if n > term.count and not separate:
            es, en = ("conservar", "keep") if kind[0] == "k" else ("descartar", "drop")
            raise DiceError(say(f"{t}: no se pueden {es} {n} de {term.count} dados; usa como mucho {term.count}.",
                                f"{t}: cannot {en} {n} of {term.count} dice; use at most {term.count}."))
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


def _explode_mark(term: Dice) -> str:
    """The explosion as written, for messages: ``!``, ``!!``, ``!p``, ``xo`` or ``ra``."""
    if term.compound:
        return "!!"
    if term.penetrate:
        return "!p"
    return {"": "!", "die": "xo", "term": "ra"}[term.explode_once]


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
        raise DiceError(say(f"{t}: mi/ma y las explosiones no se combinan: una explosión mira la cara tirada, "
                            "mi/ma cambian lo que cuenta; usa lo uno o lo otro.",
                            f"{t}: mi/ma and explosions do not combine: an explosion looks at the face "
                            "rolled, mi/ma change what it counts as; use one or the other."))
    low, high = term.floor, term.ceiling
    if low is not None and high is not None and low > high:
        raise DiceError(say(f"{t}: mi{low} está por encima de ma{high}; el mínimo no puede pasar del máximo.",
                            f"{t}: mi{low} is above ma{high}; the minimum must not exceed the maximum."))
    if strict and low is not None and low > term.hi:
        raise DiceError(say(f"{t}: mi{low} está por encima de todas las caras de {die} ({faces}); revisa el mínimo.",
                            f"{t}: mi{low} is above every face of {die} ({faces}); check the minimum."))
    if strict and high is not None and high < term.lo:
        raise DiceError(say(f"{t}: ma{high} está por debajo de todas las caras de {die} ({faces}); revisa el máximo.",
                            f"{t}: ma{high} is below every face of {die} ({faces}); check the maximum."))


def _check_counting(term: "Dice | Group", t: str) -> None:
    for name, cond in (("f", term.fail), ("dbl", term.double)):
        if cond is not None and term.success is None:
            hint = ("", "")
            explode = getattr(term, "explode", None)
            if explode is not None and explode.text[:1] in "<>=":
                mark = _explode_mark(term)
                hint = (f" ('{mark}{explode.text}' es la condición de explosión: escribe el objetivo de éxito "
                        f"antes de '{mark}', p. ej. 5d10>=8{mark}f1)",
                        f" ('{mark}{explode.text}' is the explosion condition: write the success target "
                        f"before the '{mark}', e.g. 5d10>=8{mark}f1)")
            raise DiceError(say(
                f"{t}: '{name}{cond.text}' necesita también un objetivo de éxito, p. ej. 10d10>=6f1 o "
                f"10d10>=8dbl10{hint[0]}.",
                f"{t}: '{name}{cond.text}' needs a success target too, e.g. 10d10>=6f1 or 10d10>=8dbl10{hint[1]}."))


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
        every = say(f"miembro del grupo (sus totales quedan dentro de {low:,}..{high:,})",
                    f"member of the group (their totals lie within {low:,}..{high:,})")
        what = say("un ", "a ") + every
        compare = ""

        def reach(lo, hi):
            return (any(max(lo, a) <= min(hi, b) for a, b in ends),
                    all(lo <= a and b <= hi for a, b in ends))
    else:
        from rolecli.dice.bounds import reach as term_reach

        die, faces = _die_name(term)
        shaping = [f"r{term.reroll.text}"] if term.reroll is not None and not term.reroll_once else []
        shaping += [f"{mod}{v}" for mod, v in (("mi", term.floor), ("ma", term.ceiling)) if v is not None]
        faces += say(", con ", ", with ") + " ".join(shaping) if shaping else ""
        if term.compound and term.explode is not None:
            die = say(f"el total acumulado de {die}", f"the compounded total of {die}")
        what, every = f"{die} ({faces})", say(f"tirada de {die} ({faces})", f"roll of {die} ({faces})")
        compare = say(", o compara el total: ", ", or compare the total: ") + \
            f"({t.replace(success.text, '', 1)}){success.text}"

        def reach(lo, hi):
            return term_reach(term, lo, hi)

    can, always = reach(success.lo, success.hi)
    if not can:
        raise DiceError(say(f"{t}: {success.text} nunca coincide con {what}, así que nunca se contaría un éxito; "
                            f"revisa el objetivo de éxito{compare}.",
                            f"{t}: {success.text} can never match {what}, so no success could ever be counted; "
                            f"check the success target{compare}."))
    if always:
        raise DiceError(say(f"{t}: {success.text} coincide con toda {every}, así que cada una contaría como éxito y "
                            "la cuenta nunca cambiaría; revisa el objetivo de éxito.",
                            f"{t}: {success.text} matches every {every}, so each would count as a success and the "
                            "count could never change; check the success target."))
    if term.fail is not None and not reach(term.fail.lo, term.fail.hi)[0]:
        raise DiceError(say(f"{t}: f{term.fail.text} nunca coincide con {what}; revisa la condición de fallo.",
                            f"{t}: f{term.fail.text} can never match {what}; check the failure condition."))
    double = term.double
    if double is not None and not reach(max(success.lo, double.lo), min(success.hi, double.hi))[0]:
        raise DiceError(say(f"{t}: dbl{double.text} nunca coincide con un éxito ({success.text}) de {what}; "
                            "revisa la condición de doble.",
                            f"{t}: dbl{double.text} can never match a success ({success.text}) of {what}; "
                            "check the double condition."))


def _check_group(group: Group, text: str) -> Group:
    if group.keep is not None:
        kind, n = group.keep
        size = len(group.members)
        if n > size:
            es, en = ("conservar", "keep") if kind[0] == "k" else ("descartar", "drop")
            hint_es = f"; para {es} dados de una tirada, pon el modificador en los dados (4d6kh3)" if size == 1 else ""
            hint_en = f"; to {en} dice of one roll, put the modifier on the dice (4d6kh3)" if size == 1 else ""
            raise DiceError(say(f"{text}: no se pueden {es} {n} de {size} miembro(s) del grupo{hint_es}.",
                                f"{text}: cannot {en} {n} of {size} member(s) of the group{hint_en}."))
    _check_counting(group, text)
    _check_targets(group, text)
    return group


def _too_long(text: str) -> None:
    if len(text) > MAX_LENGTH:
        raise DiceError(say(
            f"expresión de dados demasiado larga: {len(text):,} caracteres, más del límite de {MAX_LENGTH:,}; acórtala.",
            f"dice expression too long: {len(text):,} characters, over the limit of {MAX_LENGTH:,}; shorten it."))
    if not text.strip():
        raise DiceError(say("expresión de dados vacía; escribe una como 2d6+3 o 4d6kh3.",
                            "empty dice expression; write one such as 2d6+3 or 4d6kh3."))


def parse_tree(text: str, refs: Refs | None = None) -> tuple[Node, int, str, int]:
    """Parse ``text`` into a syntax tree; also return the number of dice the
    expression rolls before any explosion or reroll, its ``# comment`` and
    where the expression ends in ``text``."""
    if not isinstance(text, str):
        raise DiceError(say(f"una expresión de dados debe ser texto, no {type(text).__name__}.",
                            f"a dice expression must be text, not {type(text).__name__}."))
    _too_long(text)
    parser = _Parser(text, _scan(text), refs)
    node, comment, end = parser.parse()
    return node, parser.total_dice, comment, end


def parse_items(text: str, refs: Refs | None = None) -> list[tuple[int, Node, str, int, int, int]]:
    """Parse a line of several expressions (``1d20 2d6 3x3d6``): for each, its
    repeat count, tree, comment, span in ``text`` and dice count."""
    _too_long(text)
    return _Parser(text, _scan(text), refs).line()
