"""The hunt's query language: a tokenizer and a recursive-descent parser, never eval.

A query is asked of each floor of a run; a run matches when SOME floor matches.

Grammar (keywords in lower case; at most 2000 characters, nested at most 40 deep):

    query      := or_expr END
    or_expr    := and_expr ("or" and_expr)*
    and_expr   := not_expr ("and" not_expr)*
    not_expr   := "not" not_expr | primary
    primary    := "(" or_expr ")"
                | ("any" | "all") "(" or_expr ")"
                | operand OP value
    operand    := FIELD | "count" "(" (LIST | or_expr) ")"
    OP         := "==" | "!=" | "<" | "<=" | ">" | ">="
    value      := NUMBER | WORD | 'text' | "text"
    FIELD      := WORD ("." WORD)*          (a name of FIELDS, e.g. encounter.template)

`and` binds tighter than `or`, `not` tighter than both. Numbers compare with every OP; text
only with == and != (a WORD or NUMBER compared with text is its own spelling: `size==90x60`).
A field of a list (item, encounter.template) compares true when SOME element does:
`item==wand_dig` is "the floor holds a wand of digging". `any(E)` and `all(E)` range over the
one list E names, one element at a time: `any(encounter.template==wolf_pack and
encounter.difficulty==hard)` wants one encounter that is both, where the bare comparisons would
accept two; `all(...)` of an empty list is true. `count(E)` is how many elements satisfy E,
`count(LIST)` how many there are: `count(item==potion_healing)>=3`, `count(vault)>=1`.

Each field is known at a stage of the floor's making (STAGES: the recipe, the layout, the
dressing, the furnished floor); `Query.stage` is the last one the query needs, so the hunt
builds no more than that (game.hunt.floors).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from game.hunt.fields import FIELDS, STAGES, Kind

MAX_QUERY = 2000
"""Characters in one query."""
MAX_DEPTH = 40
"""Nesting of parentheses, `not`, any/all/count: deeper is refused, never a RecursionError."""

OPERATORS = ("==", "!=", "<=", ">=", "<", ">")
FUNCTIONS = ("any", "all", "count")
KEYWORDS = ("and", "or", "not", *FUNCTIONS)


class QueryError(ValueError):
    """A query that cannot be asked: one line naming the problem and where."""


@dataclass(frozen=True, slots=True)
class Token:
    kind: Literal["word", "text", "op", "(", ")", "end"]
    text: str
    column: int


_TOKEN = re.compile(r"\s*(?:(?P<word>[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)|'(?P<q1>[^']*)'"
                    r"|\"(?P<q2>[^\"]*)\"|(?P<op>==|!=|<=|>=|<|>)|(?P<paren>[()]))")


def tokenize(text: str) -> list[Token]:
    """The query's tokens, ending with an `end` token; QueryError at the first bad character."""
    if len(text) > MAX_QUERY:
        raise QueryError(f"the query is longer than {MAX_QUERY} characters")
    tokens: list[Token] = []
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            tokens.append(Token("end", "", at + 1))
            return tokens
        found = _TOKEN.match(text, at)
        if found is None or found.end() == at:
            shown = text[at]
            hint = " (compare with ==)" if shown == "=" else ""
            if shown in "'\"":
                raise QueryError(f"column {at + 1}: the quote {shown} is never closed")
            raise QueryError(f"column {at + 1}: unexpected {shown!r}{hint}")
        column = found.start(found.lastgroup or 0) + 1
        if found["word"] is not None:
            tokens.append(Token("word", found["word"], column))
        elif found["op"] is not None:
            tokens.append(Token("op", found["op"], column))
        elif found["paren"] is not None:
            tokens.append(Token("(" if found["paren"] == "(" else ")", found["paren"], column))
        else:
            quoted = found["q1"] if found["q1"] is not None else found["q2"]
            tokens.append(Token("text", quoted, column))
        at = found.end()


@dataclass(frozen=True, slots=True)
class Path:
    """A field named by the query: its segments, its kind, and the first list it goes through
    that no enclosing any/all/count binds (None: one value per floor, or per bound element)."""

    segments: tuple[str, ...]
    kind: Kind
    stage: int


@dataclass(frozen=True, slots=True)
class Compare:
    left: Path | Count
    op: str
    value: str | int


@dataclass(frozen=True, slots=True)
class Not:
    inner: Node


@dataclass(frozen=True, slots=True)
class Both:
    """`and` (every part true) or `or` (some part true)."""

    op: Literal["and", "or"]
    parts: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Over:
    """any(E) / all(E) over the list named by `bound` (segments of the field)."""

    op: Literal["any", "all"]
    bound: tuple[str, ...]
    inner: Node


@dataclass(frozen=True, slots=True)
class Count:
    """count(E) over the list `bound`; `inner` None counts every element."""

    bound: tuple[str, ...]
    inner: Node | None


Node = Compare | Not | Both | Over


@dataclass(frozen=True, slots=True)
class Query:
    """A parsed query: its tree and the last stage any of its fields needs."""

    text: str
    root: Node
    stage: int
    names: frozenset[str] = frozenset()
    """The fields it names (the floor's records hold only these)."""

    @property
    def stage_name(self) -> str:
        return STAGES[self.stage]


def parse(text: str) -> Query:
    """The query `text` parsed and checked (QueryError naming the problem and its column)."""
    parser = _Parser(tokenize(text))
    root = parser.or_expr(())
    end = parser.peek()
    if end.kind != "end":
        raise QueryError(f"column {end.column}: expected and, or or the end, not {end.text!r}")
    return Query(text, root, parser.stage, frozenset(parser.names))


def lists_of(segments: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The prefixes of a field that are lists (each a level an element is taken from)."""
    field = FIELDS[segments[0]]
    found = [segments[:1]] if field.kind in ("texts", "records") else []
    if len(segments) > 1 and dict(field.parts)[segments[1]] == "texts":
        found.append(segments[:2])
    return found


class _Parser:
    """Recursive descent over the tokens; `bound` is the lists enclosing any/all/count bind."""

    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.at = 0
        self.depth = 0
        self.stage = 0
        self.names: set[str] = set()

    def peek(self) -> Token:
        return self.tokens[self.at]

    def take(self) -> Token:
        token = self.tokens[self.at]
        if token.kind != "end":
            self.at += 1
        return token

    def expect(self, kind: str, what: str) -> Token:
        token = self.take()
        if token.kind != kind:
            shown = "the end of the query" if token.kind == "end" else repr(token.text)
            raise QueryError(f"column {token.column}: expected {what}, not {shown}")
        return token

    def deeper(self, column: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise QueryError(f"column {column}: nested deeper than {MAX_DEPTH}")

    def keyword(self, word: str) -> bool:
        token = self.peek()
        if token.kind == "word" and token.text == word:
            self.take()
            return True
        return False

    def or_expr(self, bound: tuple[tuple[str, ...], ...]) -> Node:
        parts = [self.and_expr(bound)]
        while self.keyword("or"):
            parts.append(self.and_expr(bound))
        return parts[0] if len(parts) == 1 else Both("or", tuple(parts))

    def and_expr(self, bound: tuple[tuple[str, ...], ...]) -> Node:
        parts = [self.not_expr(bound)]
        while self.keyword("and"):
            parts.append(self.not_expr(bound))
        return parts[0] if len(parts) == 1 else Both("and", tuple(parts))

    def not_expr(self, bound: tuple[tuple[str, ...], ...]) -> Node:
        token = self.peek()
        if self.keyword("not"):
            self.deeper(token.column)
            inner = self.not_expr(bound)
            self.depth -= 1
            return Not(inner)
        return self.primary(bound)

    def primary(self, bound: tuple[tuple[str, ...], ...]) -> Node:
        token = self.peek()
        if token.kind == "(":
            self.take()
            self.deeper(token.column)
            inner = self.or_expr(bound)
            self.expect(")", "')'")
            self.depth -= 1
            return inner
        if token.kind == "word" and token.text in ("any", "all"):
            self.take()
            ranged, condition = self.ranged(token, bound, allow_list=False)
            assert condition is not None
            return Over("any" if token.text == "any" else "all", ranged, condition)
        left = self.operand(bound)
        op = self.take()
        if op.kind != "op":
            shown = "the end of the query" if op.kind == "end" else repr(op.text)
            raise QueryError(f"column {op.column}: expected a comparison (== != < <= > >=)"
                             f" after {_shown(left)}, not {shown}")
        value = self.value()
        return self.checked(left, op, value)

    def ranged(
        self, token: Token, bound: tuple[tuple[str, ...], ...], allow_list: bool
    ) -> tuple[tuple[str, ...], Node | None]:
        """The `( ... )` of any/all/count: the list it ranges over and the condition."""
        self.expect("(", f"'(' after {token.text}")
        self.deeper(token.column)
        start = self.at
        inner: Node | None = None
        name = self.peek()
        if allow_list and name.kind == "word" and self.tokens[self.at + 1].kind == ")":
            self.take()
            segments = self.field(name, bound)
            if segments not in lists_of(segments) or segments in bound:
                raise QueryError(f"column {name.column}: count({name.text}) needs a list")
            choice = segments
        else:
            free = {p[0] for p in self.free_lists(start, self.closing(start), bound)}
            if not free:
                raise QueryError(f"column {token.column}: {token.text}(...) names no list to"
                                 f" range over (lists: {', '.join(_list_names())})")
            if len(free) > 1:
                names = " and ".join(".".join(p) for p in sorted(free))
                raise QueryError(f"column {token.column}: {token.text}(...) ranges over one"
                                 f" list; this one names {names}")
            choice = free.pop()
            inner = self.or_expr((*bound, choice))
        self.expect(")", "')'")
        self.depth -= 1
        return choice, inner

    def closing(self, first: int) -> int:
        """The index of the ')' that closes the parenthesis open before token `first` (the
        end token's when none does: the parse then says what is missing)."""
        level = 1
        for number in range(first, len(self.tokens)):
            level += {"(": 1, ")": -1}.get(self.tokens[number].kind, 0)
            if level == 0:
                return number
        return len(self.tokens) - 1

    def free_lists(
        self, first: int, end: int, bound: tuple[tuple[str, ...], ...]
    ) -> list[tuple[tuple[str, ...], ...]]:
        """For each field named in tokens first..end, outside a nested any/all/count (which
        ranges on its own): its lists no enclosing range binds. Read from the tokens, so the
        list is known before the condition is parsed, once."""
        found = []
        skip = 0
        for number in range(first, end):
            token = self.tokens[number]
            if skip > 0:
                skip += {"(": 1, ")": -1}.get(token.kind, 0)
            elif token.kind == "word" and token.text in FUNCTIONS:
                skip = -1  # the function's own '(' comes next: then one parenthesis is open
            elif skip < 0:
                skip = 1
            elif token.kind == "word" and token.text.split(".")[0] in FIELDS:
                segments = tuple(token.text.split("."))
                free = tuple(p for p in lists_of(segments) if p not in bound)
                if free:
                    found.append(free)
        return found

    def operand(self, bound: tuple[tuple[str, ...], ...]) -> Path | Count:
        token = self.take()
        if token.kind != "word" or token.text in ("and", "or"):
            shown = "the end of the query" if token.kind == "end" else repr(token.text)
            raise QueryError(f"column {token.column}: expected a field, not, any, all or"
                             f" count, not {shown}")
        if token.text == "count":
            ranged, inner = self.ranged(token, bound, allow_list=True)
            return Count(ranged, inner)
        if self.peek().kind == "(":
            raise QueryError(f"column {token.column}: no function {token.text[:40]!r}"
                             f" (functions: {', '.join(FUNCTIONS)})")
        segments = self.field(token, bound)
        kind = _kind_of(segments)
        if kind == "records":
            parts = ", ".join(f"{segments[0]}.{name}" for name, _ in FIELDS[segments[0]].parts)
            raise QueryError(f"column {token.column}: {token.text} holds records: compare one"
                             f" of {parts}, or count({token.text})")
        return Path(segments, kind, FIELDS[segments[0]].stage)

    def field(self, token: Token, bound: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
        """A field's segments, checked against FIELDS (its stage noted)."""
        segments = tuple(token.text.split("."))
        field = FIELDS.get(segments[0])
        if field is None or token.text in KEYWORDS:
            raise QueryError(f"column {token.column}: no field {token.text[:40]!r} (fields:"
                             f" {', '.join(FIELDS)})")
        if len(segments) > 2 or (len(segments) == 2 and segments[1] not in dict(field.parts)):
            known = ", ".join(f"{segments[0]}.{name}" for name, _ in field.parts) or "none"
            raise QueryError(f"column {token.column}: no field {token.text[:40]!r} (the parts"
                             f" of {segments[0]}: {known})")
        self.stage = max(self.stage, field.stage)
        self.names.add(segments[0])
        return segments

    def value(self) -> Token:
        token = self.take()
        if token.kind not in ("word", "text") or token.text in KEYWORDS:
            shown = "the end of the query" if token.kind == "end" else repr(token.text)
            raise QueryError(f"column {token.column}: expected a value (a number, a word or"
                             f" 'quoted text'), not {shown}")
        return token

    def checked(self, left: Path | Count, op: Token, value: Token) -> Compare:
        """A comparison whose value suits its field's kind."""
        kind = "number" if isinstance(left, Count) else left.kind
        if kind == "number":
            if value.kind != "word" or not value.text.isdigit():
                raise QueryError(f"column {value.column}: {_shown(left)} is a number, not"
                                 f" {value.text[:40]!r}")
            return Compare(left, op.text, int(value.text))
        if op.text not in ("==", "!="):
            raise QueryError(f"column {op.column}: {_shown(left)} is text: compare it with =="
                             f" or !=, not {op.text}")
        return Compare(left, op.text, value.text)


def _kind_of(segments: tuple[str, ...]) -> Kind:
    field = FIELDS[segments[0]]
    return field.kind if len(segments) == 1 else dict(field.parts)[segments[1]]


def _shown(left: Path | Count) -> str:
    if isinstance(left, Count):
        return f"count({'.'.join(left.bound)})"
    return ".".join(left.segments)


def _list_names() -> list[str]:
    return [name for name, field in FIELDS.items() if field.kind in ("texts", "records")]


def help_text() -> str:
    """The grammar and the fields, as `run.py hunt --help` shows them."""
    doc = __doc__ or ""
    grammar = doc[doc.index("Grammar"):doc.index("Each field is known")].rstrip()
    lines = [grammar, "", "Fields (the stage that must be made to know them):"]
    for name, field in FIELDS.items():
        lines.append(f"    {name:12s} {field.kind:7s} {STAGES[field.stage]:8s} {field.help}")
    lines += ["", "Examples:", "    depth<=3 and generator==maze",
              "    depth==1 and item==wand_dig",
              "    any(encounter.template==wolf_pack and depth==1)",
              "    count(item==potion_healing)>=3 or count(vault)>=1"]
    return "\n".join(lines)
