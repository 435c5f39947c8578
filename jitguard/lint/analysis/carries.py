"""The structure of a lax loop's carry, read from the initial value every loop in sight is given.

``lax.while_loop(cond, body, (0, True))`` calls ``cond`` and ``body`` with a carry of the initial
value's structure, every leaf a tracer: a tuple of two arrays (an int32 and a bool), not possibly
sub-trees. So ``i, flag = carry`` in the body gives two traced arrays, and ``bool(flag)`` raises
(TracerBoolConversionError). The same holds for ``fori_loop``'s ``body_fun(i, carry)`` and
``scan``'s ``f(carry, x)``. Only tuple literals of plain leaves (numbers, bools, ``jnp``/``np``
array calls) are read; any other initial value at one of the calls leaves the carry unknown.
"""

from __future__ import annotations

import ast
import dataclasses

import libcst as cst

from jitguard.lint.analysis.jitcontext import FunctionInfo
from jitguard.lint.analysis import lattice, walk
from jitguard.lint.analysis.lattice import Fields, Taint
from jitguard.lint.analysis.memo import PerIndex
from jitguard.lint.analysis.vmapaxes import vmap_axes

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
        # (the order does not matter to _carries: any two starts that differ give 0)
        for node in walk.own_nodes_of(body, _CALL):
            if type(node) is cst.Call:  # (no subclasses; isinstance on libcst's ABCs is slow)
                yield scope, node


_CALL = frozenset({cst.Call})


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


# -- tuples arriving at a traced position of a jit -------------------------------------------
_TUPLES = PerIndex()
_VMAPPED = PerIndex()  # index -> {function: True} for the functions a vmap of the calls in sight maps


def arriving_tuple(index, info: FunctionInfo, name: str, taint: Taint) -> Fields | None:
    """The positions of traced parameter ``name`` of a jitted ``info`` when every call in sight
    through the jit passes a tuple literal of one length there: jit flattens it and traces every
    leaf, so a position holding a plain leaf at every call (a number, an array call, or a static
    parameter of the calling jit that holds a number literal in every trace of it, like a chunk
    size) is a tracer in ``info`` (a Python int turned into an int32 tracer, DESC#2228); a
    position given None is None (an empty pytree); any other position keeps the unknown kind of
    a child. None when no call is in sight or no position is known to be a leaf."""
    found = _TUPLES.of(index, _tuples).get((info, name))
    if not found:
        return None
    how = "vmap maps" if info in _VMAPPED.table(index) else "jit traces"
    origin = dataclasses.replace(
        taint.origin, why=f"{taint.origin.why}; every call passes a tuple there, whose leaves {how}")
    return tuple((str(i), Taint(origin) if kind == "leaf" else None if kind == "none" else lattice.unpacked(taint))
                 for i, kind in enumerate(found))


def _tuples(index) -> dict:
    from jitguard.lint.analysis.objects import _jit_call_arguments

    found: dict = {}
    for info, use, scope, _positional, given in _calls_in_sight(index, _jit_call_arguments):
        for param, arg in given.items():
            if param in use.static_names or param in use.bound_keywords:
                continue
            kinds = _tuple_kinds(index, arg, scope)
            key = (info, param)
            old = found.get(key, kinds)
            if kinds is None or old is None or len(old) != len(kinds):
                found[key] = None
                continue
            found[key] = tuple(k if k == o else "unknown" for k, o in zip(kinds, old))
    return {key: kinds for key, kinds in found.items() if kinds and "leaf" in kinds}


def _calls_in_sight(index, call_arguments):
    """The calls through a jit, and through a ``jax.vmap`` that maps every argument on axis 0
    (no ``in_axes``, or ``in_axes=0``): vmap maps every leaf of a tuple it is given, so each is
    a BatchTracer in the function (a Python number there cannot be mapped: ValueError)."""
    yield from call_arguments(index)
    for found in call_arguments(index, transforms=frozenset({"jax.vmap"})):
        options = found[1].options
        if options is not None and any(a.star for a in options.args):
            continue
        axes = vmap_axes(options) if options is not None else None
        if axes is None or (isinstance(axes, cst.Integer) and axes.value == "0"):
            _VMAPPED.table(index)[found[0]] = True
            yield found


def _tuple_kinds(index, expr: cst.BaseExpression, scope) -> tuple[str, ...] | None:
    if isinstance(expr, cst.Name) and isinstance(bound := index.binding(expr.value, scope), cst.Tuple):
        expr = bound  # a name bound once to a tuple literal
    if not isinstance(expr, cst.Tuple) or not expr.elements or any(
            isinstance(el, cst.StarredElement) for el in expr.elements):
        return None
    return tuple(_position_kind(index, el.value, scope) for el in expr.elements)


def _position_kind(index, expr: cst.BaseExpression, scope) -> str:
    if isinstance(expr, cst.Name) and expr.value == "None":
        return "none"
    if _plain_leaf(index, expr, scope):
        return "leaf"
    if isinstance(expr, cst.Name) and scope is not None and scope.param(expr.value) is not None \
            and expr.value not in index.assigned_names(scope) and _static_number(index, scope, expr.value):
        return "leaf"
    return "unknown"


def _static_number(index, scope: FunctionInfo, name: str) -> bool:
    """A parameter of a jitted ``scope`` that holds a Python number in every trace: a literal
    held so, or a static parameter annotated ``int``/``float``, or one every call in sight of
    the jit passes a number literal (or leaves at a number default)."""
    held = index.traces.of(scope).constants.get(name)
    if held is not None:
        return _number_literal(held)
    from jitguard.lint.analysis.objects import _jit_call_arguments

    if not any(fn is scope and name in use.static_names for fn, use, _site in index.jit_uses):
        return False
    param = scope.param(name)
    params = scope.node.params if isinstance(scope.node, cst.FunctionDef) else None
    node = next((q for q in (*params.posonly_params, *params.params, *params.kwonly_params) if q.name.value == name),
                None) if params is not None else None
    if node is not None and node.annotation is not None and isinstance(node.annotation.annotation, cst.Name) \
            and node.annotation.annotation.value in ("int", "float"):
        return True
    seen = False
    for info, use, _caller, _positional, given in _jit_call_arguments(index):
        if info is not scope:
            continue
        value = given.get(name, param.default)
        if value is None or not _number_literal(index.module.code_for_node(value)):
            return False
        seen = True
    return seen


def _number_literal(code: str) -> bool:
    try:
        return isinstance(ast.literal_eval(code), (int, float)) and code not in ("True", "False")
    except (ValueError, SyntaxError):
        return False
