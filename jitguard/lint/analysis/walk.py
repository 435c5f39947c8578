"""A fast generic traversal of libcst trees.

libcst's own visitor rebuilds every node it passes (``_visit_and_replace_children``), which costs
about as much as a second parse. Linting only needs to read, so this walks each node's child
fields directly, skipping whitespace, parentheses and punctuation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import libcst as cst

_SKIP_TYPES = (
    cst.BaseParenthesizableWhitespace,
    cst.TrailingWhitespace,
    cst.EmptyLine,
    cst.Newline,
    cst.Comma,
    cst.LeftParen,
    cst.RightParen,
    cst.LeftSquareBracket,
    cst.RightSquareBracket,
    cst.LeftCurlyBrace,
    cst.RightCurlyBrace,
    cst.Semicolon,
    cst.Colon,
    cst.Dot,
    cst.AssignEqual,
    cst.Comment,
)
_SKIP_NAMES = frozenset(
    {"lpar", "rpar", "leading_lines", "lines_after_decorators", "header", "footer", "comma", "semicolon",
     "colon", "equal", "dot", "lbracket", "rbracket", "lbrace", "rbrace", "newline", "trailing_whitespace"}
)
_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(
            f.name
            for f in dataclasses.fields(cls)
            if f.name not in _SKIP_NAMES and not f.name.startswith("whitespace")
        )
        _FIELDS[cls] = names
    return names


class _KeepTable(dict):
    """type -> is a value of this type a code-carrying node? (isinstance on libcst's ABCs is slow:
    each type is checked once, then looked up.)"""

    def __missing__(self, cls: type) -> bool:
        keep = self[cls] = issubclass(cls, cst.CSTNode) and not issubclass(cls, _SKIP_TYPES)
        return keep


_KEEP = _KeepTable()


def _keep(cls: type) -> bool:
    return _KEEP[cls]


def _selector(keep: dict, name: str, doc: str):
    """A function giving a node's child nodes of the types ``keep`` says yes to, in source order
    (one body for :func:`children` and :func:`branches`; ``keep`` a closure variable, as fast to
    read as a local: these run millions of times a run)."""

    def select(node: cst.CSTNode) -> list[cst.CSTNode]:
        out = []
        cls = type(node)
        for field in _FIELDS.get(cls) or _fields(cls):
            value = getattr(node, field)
            cls = type(value)
            if cls is tuple or cls is list:
                for item in value:
                    if keep[type(item)]:
                        out.append(item)
            elif keep[cls]:
                out.append(value)
        return out

    select.__name__ = select.__qualname__ = name
    select.__doc__ = doc
    return select


children = _selector(_KEEP, "children", "The child nodes that carry code (not whitespace or punctuation), in source order.")

# nodes that carry code but hold no node that does: names, literals, pass/break/continue
LEAVES = frozenset({cst.Name, cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.Ellipsis, cst.Pass,
                    cst.Break, cst.Continue})


class _BranchTable(dict):
    """type -> is a value of this type a code-carrying node with code below it (not a leaf)?"""

    def __missing__(self, cls: type) -> bool:
        branch = self[cls] = _KEEP[cls] and cls not in LEAVES
        return branch


_BRANCH = _BranchTable()

branches = _selector(_BRANCH, "branches", ":func:`children` less the :data:`LEAVES`, in source order: for walks that "
                     "look at no leaf (each leaf left out is a push, a pop and a type test saved).")


def _preorder(node: cst.CSTNode, select) -> Iterator[cst.CSTNode]:
    """``node`` and what ``select`` gives below it, pre-order, iteratively (deep trees cannot
    overflow the stack)."""
    stack = [node]
    pop, extend = stack.pop, stack.extend
    while stack:
        current = pop()
        yield current
        extend(reversed(select(current)))


def iter_nodes(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node below ``node`` (pre-order, iterative: deep trees cannot overflow the stack)."""
    return _preorder(node, children)


def iter_branches(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """:func:`iter_nodes` less the :data:`LEAVES` below ``node`` (the other nodes in the same
    order): for walks that look at no name or literal."""
    return _preorder(node, branches)


_SCOPES = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})


def own_nodes(body: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Nodes of a function body, nested functions, classes and lambdas excluded."""
    stack = [body]
    scopes = _SCOPES
    while stack:
        node = stack.pop()
        if type(node) in scopes:  # (none of them has subclasses; isinstance on libcst's ABCs is slow)
            continue
        yield node
        stack.extend(children(node))


def short(text: str, limit: int = 60) -> str:
    """``text`` on one line, cut to ``limit`` characters with "..." (for messages)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
