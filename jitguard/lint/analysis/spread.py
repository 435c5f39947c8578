"""Star-unpacked arguments of a call, spread into the positions they fill.

``energy(*graph)`` with ``graph = pad_graph(...)``, a helper of the module whose every ``return``
gives a tuple of three, passes ``graph[0]``, ``graph[1]`` and ``graph[2]`` at positions 0, 1 and 2
(Python unpacks a tuple into the positional parameters in order). The project facts
(``jitguard.lint.analysis.calls``) then read each element as they read an explicit
``energy(graph[0], graph[1], graph[2])``. Where the tuple's length is not known (a parameter, a list
grown in a loop, a helper that returns tuples of several lengths, ``*args`` of anything else) the
arguments from the star on are not read: which parameter each one binds is unknown.
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
