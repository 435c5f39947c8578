"""The structure of a lax loop's carry, read from the initial value every loop in sight is given.

``lax.while_loop(cond, body, (0, True))`` calls ``cond`` and ``body`` with a carry of the initial
value's structure, every leaf a tracer: a tuple of two arrays (an int32 and a bool), not possibly
sub-trees. So ``i, flag = carry`` in the body gives two traced arrays, and ``bool(flag)`` raises
(TracerBoolConversionError). The same holds for ``fori_loop``'s ``body_fun(i, carry)`` and
``scan``'s ``f(carry, x)``. Only tuple literals of plain leaves (numbers, bools, ``jnp``/``np``
array calls) are read; any other initial value at one of the calls leaves the carry unknown.
"""

from __future__ import annotations

import dataclasses

import libcst as cst

from jitguard.lint.analysis.jitcontext import FunctionInfo
from jitguard.lint.analysis.lattice import Fields, Taint
from jitguard.lint.analysis.walk import own_nodes
from jitguard.lint.analysis.memo import PerIndex

# loop -> (position of the function(s) given the carry, position of the initial carry, index of
# the carry among the function's parameters)
_LOOPS = {
    "jax.lax.while_loop": ((0, 1), 2, 0),
    "jax.lax.fori_loop": ((2,), 3, 1),
    "jax.lax.scan": ((0,), 1, 0),
}

_CACHE = PerIndex()


def carry_fields(index, info: FunctionInfo, name: str, taint: Taint) -> Fields | None:
    """The positions of the carry parameter ``name`` of ``info``, a function every loop in sight
    passes a tuple literal of plain leaves as its initial carry: each a tracer. None otherwise."""
    found = _CACHE.of(index, _carries).get((info, name))
    if not found:
        return None
    origin = dataclasses.replace(taint.origin, why=f"{taint.origin.why}; a loop carry of {found} leaves, each a tracer")
    return tuple((str(i), Taint(origin)) for i in range(found))


def _carries(index) -> dict:
    """(function, carry parameter) -> the number of leaves of the tuple every loop in sight starts
    it with (0: the loops disagree or one start is not plain)."""
    found: dict = {}
    if index.callee_names.isdisjoint(_LOOPS):
        return found  # (every call _calls finds is one of index.calls, resolved in the same scope)
    for scope, node in _calls(index):
        spec = _LOOPS.get(index.resolve(node.func, scope) or "")
        if spec is None or any(a.star or a.keyword is not None for a in node.args):
            continue
        positions, start, carry = spec
        if start >= len(node.args):
            continue
        size = _plain_tuple(index, node.args[start].value, scope)
        for p in positions:
            fn = node.args[p].value
            target = index.by_node.get(fn) if isinstance(fn, cst.Lambda) else (
                index.lookup_function(fn.value, scope) if isinstance(fn, cst.Name) else None)
            if target is None or len(target.positional) <= carry:
                continue
            key = (target, target.positional[carry].name)
            found[key] = size if found.get(key, size) == size else 0
    return found


def _calls(index):
    """(scope, call) for every call of the module, with the function it is written in."""
    for scope, body in [(None, index.module), *((f, f.node.body) for f in index.functions)]:
        for node in own_nodes(body):
            if type(node) is cst.Call:  # (no subclasses; isinstance on libcst's ABCs is slow)
                yield scope, node


def _plain_tuple(index, expr: cst.BaseExpression, scope) -> int:
    """The number of elements of a tuple literal of plain leaves, or 0."""
    if not isinstance(expr, cst.Tuple) or not expr.elements:
        return 0
    for el in expr.elements:
        if isinstance(el, cst.StarredElement) or not _plain_leaf(index, el.value, scope):
            return 0
    return len(expr.elements)


def _plain_leaf(index, expr: cst.BaseExpression, scope) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        expr = expr.expression
    if isinstance(expr, (cst.Integer, cst.Float)) or isinstance(expr, cst.Name) and expr.value in ("True", "False"):
        return True
    if isinstance(expr, cst.Call):
        name = index.resolve(expr.func, scope) or ""
        return name.startswith(("jax.numpy.", "numpy.")) and name.rsplit(".", 1)[-1] in (
            "array", "asarray", "zeros", "ones", "full", "int32", "float32", "bool_", "zeros_like", "ones_like")
    return False
