"""Sizes rounded to buckets: the fix of a shape that follows the data, written out by hand.

``-(-n // 8) * 8``, ``(n + 63) // 64 * 64``, ``math.ceil(n / 8) * 8`` round ``n`` up to a multiple,
and ``2 ** math.ceil(math.log2(n))`` or ``1 << (n - 1).bit_length()`` to a power of two: many
sizes share one value, so the programs compiled for them are a few buckets, not one per size
(checked under JAX 0.10.2 by rules/JG303.py's look-alikes). The recompilation rules treat such a
value as bounded, as they treat ``jitguard.pad_to_bucket``: also through a helper of the module
whose every ``return`` is one (``def round_up(k, multiple): return -(-k // multiple) * multiple``).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.walk import children

_CEIL_FLOOR = frozenset({"math.ceil", "math.floor", "numpy.ceil", "numpy.floor", "jax.numpy.ceil", "jax.numpy.floor"})
_LOGS = frozenset({"math.log2", "math.log", "numpy.log2", "numpy.log", "math.frexp", "numpy.frexp"})
_DEPTH = 2


def rounds_to_buckets(expr: cst.BaseExpression, view, depth: int = 0) -> bool:
    """Is ``expr`` a size rounded to a multiple or to a power of two (see the module's doc)?
    ``view``: a ``shapes.ScopeView`` of the function it is in (None: no helpers followed)."""
    expr = _bare(expr)
    if isinstance(expr, cst.BinaryOperation):
        op = expr.operator
        if isinstance(op, cst.Multiply):
            return _multiple_of(expr.left, expr.right, view) or _multiple_of(expr.right, expr.left, view)
        if isinstance(op, cst.Power) and isinstance(expr.left, cst.Integer):
            return _has_log(expr.right, view)  # 2 ** ceil(log2(n))
        if isinstance(op, cst.LeftShift) and isinstance(expr.left, cst.Integer):
            return _has_log(expr.right, view)  # 1 << (n - 1).bit_length()
        return False
    if isinstance(expr, cst.Call) and view is not None and depth < _DEPTH:
        return _rounding_helper(expr, view, depth)
    return False


def _bare(expr: cst.BaseExpression) -> cst.BaseExpression:
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "int" and len(expr.args) == 1:
        expr = expr.args[0].value  # int(math.ceil(n / 8) * 8)
    return expr


def _code(expr: cst.BaseExpression) -> str:
    return cst.Module([]).code_for_node(expr.with_changes(lpar=[], rpar=[]) if hasattr(expr, "lpar") else expr)


def _multiple_of(quotient: cst.BaseExpression, multiple: cst.BaseExpression, view) -> bool:
    """Is ``quotient`` the size divided by ``multiple`` and rounded, as a whole: ``(n + c) // m``,
    ``-(-n // m)`` or ``ceil(n / m)`` (not a sum that merely holds one: ``(i * 100 + n // 8) * 8``
    grows with ``i``), with ``m`` an integer literal above 1 or a name for one (a parameter of the
    helper, a name bound once to such a literal)?"""
    if not _divisor(multiple, view):
        return False
    want = _code(multiple)
    quotient = _bare(quotient)
    if isinstance(quotient, cst.UnaryOperation) and isinstance(quotient.operator, cst.Minus):
        inner = _bare(quotient.expression)  # -(-n // m)
        return (isinstance(inner, cst.BinaryOperation) and isinstance(inner.operator, cst.FloorDivide)
                and isinstance(inner.left, cst.UnaryOperation) and isinstance(inner.left.operator, cst.Minus)
                and _code(inner.right) == want)
    if isinstance(quotient, cst.BinaryOperation) and isinstance(quotient.operator, cst.FloorDivide):
        return _code(quotient.right) == want  # (n + c) // m, n // m
    resolve = view.imports.resolve if view is not None else (lambda _e: None)
    if isinstance(quotient, cst.Call) and resolve(quotient.func) in _CEIL_FLOOR and len(quotient.args) == 1:
        inner = _bare(quotient.args[0].value)  # ceil(n / m)
        return (isinstance(inner, cst.BinaryOperation) and isinstance(inner.operator, cst.Divide)
                and _code(inner.right) == want)
    return False


def _divisor(multiple: cst.BaseExpression, view) -> bool:
    """An integer literal above 1, or a name for one: a parameter of the function (a helper's
    ``multiple``), or a name bound once there to such a literal."""
    if isinstance(multiple, cst.Integer):
        return multiple.evaluated_value > 1
    if not isinstance(multiple, cst.Name) or view is None:
        return False
    func = view.func
    if func is not None and func.param(multiple.value) is not None:
        return multiple.value not in view.bindings_here()
    values = view.bindings_here().get(multiple.value)
    return bool(values) and len(values) == 1 and isinstance(values[0], cst.Integer) and values[0].evaluated_value > 1


def _has_log(exponent: cst.BaseExpression, view) -> bool:
    """An exponent computed as a logarithm of the size (``ceil(log2(n))``, ``(n - 1).bit_length()``)."""
    resolve = view.imports.resolve if view is not None else (lambda _e: None)
    stack = [exponent]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Call):
            if isinstance(node.func, cst.Attribute) and node.func.attr.value == "bit_length":
                return True
            if resolve(node.func) in _LOGS:
                return True
        stack.extend(children(node))
    return False


def _rounding_helper(call: cst.Call, view, depth: int) -> bool:
    """A function of the module whose every ``return`` rounds (``round_up(len(pos) + 1, 8)``)."""
    from jitguard.lint.analysis.shapes import _returned, scope_view  # returned values, per tuple element

    found = view.callee(call)
    if found is None:
        return False
    info = found[0]
    returned = _returned(info)
    if returned is None or returned[1] != 1:
        return False
    inner = scope_view(view.index, info)
    return all(rounds_to_buckets(values[0], inner, depth + 1) for values in returned[0])
