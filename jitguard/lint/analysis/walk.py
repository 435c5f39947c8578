"""A fast generic traversal of libcst trees.

libcst's own visitor rebuilds every node it passes (``_visit_and_replace_children``), which costs
about as much as a second parse. Linting only needs to read, so this walks each node's child
fields directly, skipping whitespace, parentheses and punctuation.

An analysis that looks for the nodes of some types in a module, a function or a statement should
not walk it again: the module being checked is walked once (:class:`ModuleNodes`, built on the
first question) and answers ``walk.shared(root).of_type(root, frozenset({cst.Call, ...}))`` (the
nodes of those types in ``root``'s subtree, in source order) and ``own_of_type`` (the same, nested
functions, classes and lambdas left out, as :func:`own_nodes`). ``walk.shared(root)`` is None
when ``root`` is not in that module (a tree parsed for another file, a node built by hand): keep
the walk for that case. See :class:`ModuleNodes` for what the record holds and for order.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections.abc import Iterator
from operator import attrgetter

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


def _getter(cls: type):
    """A function giving the values of ``cls``'s code-carrying fields (:func:`_fields`), as a
    tuple, in one call (``operator.attrgetter``: C, instead of a ``getattr`` per field)."""
    names = _fields(cls)
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda node: (one(node),)
    return lambda node: ()


class _GetterTable(dict):
    def __missing__(self, cls: type):
        get = self[cls] = _getter(cls)
        return get


_GETTERS = _GetterTable()


def _selector(keep: dict, name: str, doc: str):
    """A function giving a node's child nodes of the types ``keep`` says yes to, in source order
    (one body for :func:`children` and :func:`branches`; ``keep`` a closure variable, as fast to
    read as a local: these run millions of times a run)."""
    getters = _GETTERS

    def select(node: cst.CSTNode) -> list[cst.CSTNode]:
        out = []
        for value in getters[type(node)](node):
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


# -- one shared walk per module: nodes by type ------------------------------------------------------

class ModuleNodes:
    """Every node of one module (what :func:`iter_nodes` yields), recorded by ONE walk, so that
    the analyses ask for the nodes of a type instead of walking the module again.

    How an analysis asks for nodes (``root``: any node of the module, the module itself too)::

        shared = walk.shared(root)            # None: root is not in the module being checked
        if shared is not None:
            calls = shared.of_type(root, frozenset({cst.Call}))  # root's subtree, root included, pre-order
        else:
            ...                               # the walk of root as before (always keep one)

    A query costs two bisections per type asked for (the nodes of each type are kept as their
    pre-order positions), or a read of the subtree's slice when it is small, not a walk.
    ``parent(node)`` gives a node's parent; ``nodes``, ``parents`` (positions, -1 for the module)
    and ``ends`` (``ends[k]``: the position after the last node below ``k``) are the record itself,
    for walks that skip what they do not enter by position (undertrace._Uses._walk_shared).

    The answers are in source (pre-order) order; a walk with a stack that pops children in
    reverse visits them in another order: convert only walks whose answer does not depend on the
    order (sets, counts, "any"), or sort (traceable._in_walk_order). :meth:`of_type` does not cut
    nested scopes out (:meth:`own_of_type` does, as :func:`own_nodes`); a walk that stops at
    other nodes skips their :meth:`span`.

    The engine shares the module it checks (:func:`share`, :func:`unshare`); the record is built
    on the first query, so a module no analysis asks about costs nothing."""

    __slots__ = ("nodes", "parents", "ends", "by_type", "_pos")

    def __init__(self, module: cst.CSTNode) -> None:
        nodes: list[cst.CSTNode] = []
        parents: list[int] = []
        by_type: dict[type, list[int]] = {}
        stack, pstack = [module], [-1]
        pop, ppop, push, ppush = stack.pop, pstack.pop, stack.extend, pstack.extend
        add, padd = nodes.append, parents.append
        select, leaves = children, LEAVES
        i = 0
        while stack:
            node = pop()
            padd(ppop())
            add(node)
            cls = type(node)
            where = by_type.get(cls)
            if where is None:
                by_type[cls] = [i]
            else:
                where.append(i)
            if cls in leaves:  # (nothing below: no call)
                i += 1
                continue
            out = select(node)
            if out:
                out.reverse()
                push(out)
                ppush([i] * len(out))
            i += 1
        ends = list(range(1, i + 1))  # ends[k]: the position after the last node of k's subtree
        for k in range(i - 1, 0, -1):
            p = parents[k]
            if ends[k] > ends[p]:
                ends[p] = ends[k]
        self.nodes, self.parents, self.ends, self.by_type = nodes, parents, ends, by_type
        self._pos: dict[type, dict[int, int]] = {}  # type -> id of a node -> its position, when asked

    def position(self, node: cst.CSTNode, after: int = -1) -> int | None:
        """``node``'s pre-order position, None when it is not a node of this module. ``after``: the
        position of a node above it (found by a scan of the nodes of its type from there, with no
        table: for a def's or an attribute's name)."""
        cls = type(node)
        nodes = self.nodes
        if after >= 0:
            where = self.by_type.get(cls, ())
            i = bisect_left(where, after)
            while i < len(where):
                if nodes[where[i]] is node:
                    return where[i]
                i += 1
            return None
        table = self._pos.get(cls)
        if table is None:
            table = self._pos[cls] = {id(nodes[k]): k for k in self.by_type.get(cls, ())}
        k = table.get(id(node))
        return k if k is not None and nodes[k] is node else None

    def span(self, node: cst.CSTNode) -> tuple[int, int] | None:
        """The pre-order positions ``[start, end)`` of ``node``'s subtree (None: not in the module)."""
        k = self.position(node)
        return None if k is None else (k, self.ends[k])

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        k = self.position(node)
        return None if k is None or self.parents[k] < 0 else self.nodes[self.parents[k]]

    def positions(self, root: cst.CSTNode, types: frozenset) -> list[int]:
        """The pre-order positions, sorted, of the nodes of ``types`` (a frozenset of exact types:
        libcst's node classes have no subclasses) in ``root``'s subtree, root included."""
        k = self.position(root)
        end = self.ends[k]
        if end - k <= _SCAN_BELOW:  # a small subtree: reading it costs less than the bisections
            nodes = self.nodes
            return [j for j in range(k, end) if type(nodes[j]) in types]
        out: list[int] = []
        by_type = self.by_type
        for cls in types:
            where = by_type.get(cls)
            if where:
                out.extend(where[bisect_left(where, k):bisect_left(where, end)])
        if len(types) > 1:
            out.sort()  # (sorted runs: a merge)
        return out

    def of_type(self, root: cst.CSTNode, types: frozenset) -> list[cst.CSTNode]:
        """The nodes of ``types`` (a frozenset of exact types) in ``root``'s subtree, root
        included, in pre-order (source order)."""
        nodes = self.nodes
        return [nodes[k] for k in self.positions(root, types)]

    def own_of_type(self, root: cst.CSTNode, types: frozenset) -> list[cst.CSTNode]:
        """The nodes of ``types`` that :func:`own_nodes` yields for ``root`` (nested functions,
        classes and lambdas left out), in pre-order (``own_nodes`` yields them in another)."""
        if type(root) in _SCOPES:
            return []
        asked = _WITH_SCOPES.get(types)
        if asked is None:
            asked = _WITH_SCOPES[types] = types | _SCOPES
        nodes = self.nodes
        return [nodes[j] for j in self.unnested(root, asked) if type(nodes[j]) not in _SCOPES]

    def unnested(self, root: cst.CSTNode, types: frozenset, stops: frozenset = _SCOPES) -> list[int]:
        """The positions of the nodes of ``types`` in ``root``'s subtree (root included), in
        pre-order, less those below a node of ``stops`` (one of ``types``: it is given, what is
        below it is not)."""
        nodes, ends = self.nodes, self.ends
        out = []
        skip_end = 0
        for j in self.positions(root, types):
            if j < skip_end:
                continue
            if type(nodes[j]) in stops:
                skip_end = ends[j]
            out.append(j)
        return out


_WITH_SCOPES: dict[frozenset, frozenset] = {}  # types -> types and _SCOPES (own_of_type)


_SCAN_BELOW = 64  # subtrees of fewer nodes are read whole by ModuleNodes.positions

_SHARED: list = [None, None]  # [the module being checked, its ModuleNodes once asked for]


def share(module: cst.Module, record: ModuleNodes | None = None) -> None:
    """Make ``module`` the module :func:`shared` answers for (its record built when first asked,
    or ``record``: the one :func:`unshare` gave after an earlier check of the same tree; the record
    is a function of the tree alone, and libcst's trees are immutable). One module at a time:
    :func:`shared` checks that the node asked about is in the record (by identity), so a check of
    another tree meanwhile only loses the record, never a right answer."""
    _SHARED[0], _SHARED[1] = module, record


def unshare() -> ModuleNodes | None:
    """Forget the shared module and its record (the tree can then be freed); the record, if one was
    built, is returned (for a later check of the same tree: :func:`share`)."""
    record = _SHARED[1]
    _SHARED[0] = _SHARED[1] = None
    return record


def shared(root: cst.CSTNode) -> ModuleNodes | None:
    """The record of the shared module if ``root`` is one of its nodes, else None (then walk)."""
    module = _SHARED[0]
    if module is None:
        return None
    record = _SHARED[1]
    if record is None:
        record = _SHARED[1] = ModuleNodes(module)
    return record if record.position(root) is not None else None


def nodes_of(root: cst.CSTNode, kinds: frozenset, fallback=iter_nodes):
    """The nodes of ``kinds`` in ``root`` (itself too), in source order, from the shared walk when
    ``root`` is in it; otherwise ``fallback(root)``, which may yield other nodes too (the callers
    test the type)."""
    record = shared(root)
    return record.of_type(root, kinds) if record is not None else fallback(root)


def own_nodes_of(body: cst.CSTNode, kinds: frozenset):
    """The same for :func:`own_nodes` (nested functions, classes and lambdas left out)."""
    record = shared(body)
    return record.own_of_type(body, kinds) if record is not None else own_nodes(body)
