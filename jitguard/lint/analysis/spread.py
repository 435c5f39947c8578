"""Star-unpacked arguments of a call, spread into the positions they fill.

``energy(*graph)`` with ``graph = pad_graph(...)``, a helper of the module whose every ``return``
gives a tuple of three, passes ``graph[0]``, ``graph[1]`` and ``graph[2]`` at positions 0, 1 and 2
(Python unpacks a tuple into the positional parameters in order). The project facts
(``jitguard.lint.analysis.calls``) then read each element as they read an explicit
``energy(graph[0], graph[1], graph[2])``. Where the tuple's length is not known (a parameter, a list
grown in a loop, a helper that returns tuples of several lengths, ``*args`` of anything else) the
arguments from the star on are not read: which parameter each one binds is unknown.

Likewise ``f(**opts)`` with ``opts = {"n": n, "lims": (lo, hi)}`` (or the display inline) binds
``n`` and ``lims`` by name (``spread_keywords``), for the literals and not-None values a callee's
parameters hold in every trace (``callnone``). Checked on JAX 0.10.2:
tests/precision_cases/fresh14_keywords_spread_from_dict.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

_DEPTH = 3


def spread_arguments(call: cst.Call, view) -> Iterator[tuple[str | None, int | None, cst.BaseExpression]]:
    """(keyword, position, value) for each argument of ``call`` whose parameter is known: keyword
    arguments, positional ones, and the elements of a ``*name`` whose length ``view`` (a
    ``shapes.ScopeView`` of the calling function) knows, as ``name[i]``. Stops at the first
    ``*x`` of unknown length (what follows it binds unknown positions) and at ``**kwargs``."""
    position = 0
    for arg in call.args:
        if arg.star == "**":
            return
        if arg.star == "*":
            length = tuple_length(arg.value, view)
            if length is None:
                return
            for i in range(length):
                yield None, position, _element(arg.value, i)
                position += 1
            continue
        if arg.keyword is not None:
            yield arg.keyword.value, None, arg.value
        else:
            yield None, position, arg.value
            position += 1


def _element(value: cst.BaseExpression, i: int) -> cst.BaseExpression:
    if isinstance(value, (cst.Tuple, cst.List)):  # f(*(a, b)): the element itself
        return value.elements[i].value
    return cst.Subscript(value, [cst.SubscriptElement(cst.Index(cst.Integer(str(i))))])


def tuple_length(expr: cst.BaseExpression, view, depth: int = 0) -> int | None:
    """The length of the tuple ``expr`` surely is, or None: a tuple or list literal without
    starred elements, a call of a function of the module whose every ``return`` gives a tuple of
    that one length, or a name the calling function binds once (not a parameter) to one of these."""
    if depth > _DEPTH or view is None:
        return None
    if isinstance(expr, (cst.Tuple, cst.List)):
        if any(isinstance(e, cst.StarredElement) for e in expr.elements):
            return None
        return len(expr.elements)
    if isinstance(expr, cst.Name):
        func = view.func
        if func is None or func.param(expr.value) is not None:
            return None
        values = view.bindings_here().get(expr.value)
        if not values or len(values) != 1 or values[0] is None:
            return None  # rebound, unpacked, changed in place (graph.append(...)), or from elsewhere
        return tuple_length(values[0], view, depth + 1)
    if isinstance(expr, cst.Call):
        return _returned_length(expr, view)
    return None


def _returned_length(call: cst.Call, view) -> int | None:
    from jitguard.lint.analysis.shapes import _returned  # the returned values, split per tuple element

    found = view.callee(call)
    returned = _returned(found[0]) if found is not None else None
    if returned is None:
        return None
    return returned[1] if returned[1] > 1 else None  # 1: maybe not a tuple (`return x`)


def keyword_arguments(call: cst.Call, index, scope) -> list[tuple[str, cst.BaseExpression]] | None:
    """The (keyword, value) pairs ``call`` passes by name, its ``**`` arguments' spread
    (:func:`spread_keywords`); None when one of those is not known."""
    out = []
    for arg in call.args:
        if arg.keyword is not None:
            out.append((arg.keyword.value, arg.value))
        elif arg.star == "**":
            spread = spread_keywords(arg, index, scope)
            if spread is None:
                return None
            out.extend(spread)
    return out


def spread_keywords(arg: cst.Arg, index, scope) -> list[tuple[str, cst.BaseExpression]] | None:
    """``f(**{"n": n})`` and ``f(**opts)`` with ``opts = {"n": n, ...}``: Python binds each key of
    the dict to the parameter of that name, as ``f(n=n)`` does (SPREADKW). The (keyword, value)
    pairs of a ``**`` argument that is a dict display with plain string keys, or a name bound once
    (where ``scope``, a function of ``index`` or None for the module, looks it up) to one and used
    nowhere but in ``**`` arguments (nothing changes or aliases it); else None."""
    from jitguard.lint.analysis.hashability import bound_once

    value = arg.value
    if arg.star != "**":
        return None
    if isinstance(value, cst.Name):
        found = bound_once(value.value, index, scope)
        if found is None or not _only_spread(value.value, found[1].node if found[1] is not None else index.module):
            return None
        value = found[0]
    if not isinstance(value, cst.Dict):
        return None
    out = []
    for element in value.elements:
        key = element.key if isinstance(element, cst.DictElement) else None
        text = key.evaluated_value if isinstance(key, cst.SimpleString) else None
        if not isinstance(text, str) or not text.isidentifier():
            return None
        out.append((text, element.value))
    return out


_NAME_OR_ARG = frozenset({cst.Name, cst.Arg})


def _only_spread(name: str, root: cst.CSTNode) -> bool:
    """``name`` appears in ``root`` only where it is bound (once) and in ``**name`` arguments."""
    from jitguard.lint.analysis.walk import nodes_of

    uses = spreads = 0
    for node in nodes_of(root, _NAME_OR_ARG):  # (the module's shared walk: no walk of its own)
        if type(node) is cst.Name and node.value == name:
            uses += 1
        elif type(node) is cst.Arg and node.star == "**" and type(node.value) is cst.Name and node.value.value == name:
            spreads += 1
    return uses == spreads + 1
