"""Residuals of a ``jax.custom_vjp`` forward rule that JAX cannot trace (JG206).

``f.defvjp(fwd, bwd)``: when ``f`` is differentiated (``jax.grad``, ``value_and_grad``, ``jax.vjp``,
``jax.jvp``, ... of code that calls it, jitted or not), JAX runs ``fwd`` with ``f``'s arguments and
traces the residuals it returns (``return out, res``) as arrays: every leaf of ``res`` must have an
array form. A function, a string, ... among them raises ``TypeError: Argument ... is not a valid
JAX type`` at the differentiating call, also when it is one of ``f``'s ``nondiff_argnums``
arguments (those reach ``bwd`` first anyway); ``f`` called without differentiation (eagerly, under
``jax.jit`` or ``jax.vmap``) never runs ``fwd`` and runs (JAX 0.10.2, rules/JG206_functions.py).

Read here: ``f`` a ``def`` of the module decorated with ``jax.custom_vjp`` (``partial(...)`` with
``nondiff_argnums`` too), one ``f.defvjp(fwd, ...)`` statement with ``fwd`` a ``def`` of the module
whose every ``return`` is a pair literal; a residual element (the residual itself, or an element of
a tuple/list literal) that is a parameter of ``fwd`` is the argument the call of ``f`` gives at that
position. The call must be written in code a differentiation transform traces.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.instances import own_returns
from jitguard.lint.analysis.jitcontext import DIFFERENTIATING, positional_args


def residual_arguments(index):
    """[(argument node, its scope, the custom_vjp function, the forward rule)] for each argument of
    a differentiated call of a ``custom_vjp`` function that its forward rule returns among the
    residuals (the caller reads the argument's kind)."""
    rules = _forward_rules(index)
    if not rules:
        return []
    out = []
    for call, scope, _klass, _loops in index.calls:
        if not isinstance(call.func, cst.Name) or any(a.star for a in call.args):
            continue
        resolved = index.resolve_function(call.func, scope)
        if resolved is None or resolved[0] not in rules or not _differentiated(index, scope):
            continue
        info = resolved[0]
        fwd, positions = rules[info]
        for position in positions:
            arg = _argument(call, info, position)
            if arg is not None:
                out.append((arg, scope, info, fwd))
    return out


def _forward_rules(index) -> dict:
    """custom_vjp function -> (its forward rule, the positions of the parameters the rule returns
    among its residuals)."""
    cache = index.__dict__.get("_custom_vjp_residuals")
    if cache is not None:
        return cache
    cache = index.__dict__["_custom_vjp_residuals"] = {}
    for stmt in index.module.body:
        if not isinstance(stmt, cst.SimpleStatementLine) or not isinstance(stmt.body[0], cst.Expr):
            continue
        call = stmt.body[0].value
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "defvjp"
                and isinstance(call.func.value, cst.Name)):
            continue
        custom = index.module_defs.get(call.func.value.value)
        args = positional_args(call)
        if custom is None or not args or not isinstance(args[0].value, cst.Name):
            continue
        found = index._custom_derivative(custom)
        fwd = index.module_defs.get(args[0].value.value)
        if found is None or found[0] != "jax.custom_vjp" or fwd is None or not isinstance(fwd.node, cst.FunctionDef):
            continue
        positions = _residual_positions(fwd)
        if positions:
            cache[custom] = (fwd, positions)
    return cache


def _residual_positions(fwd) -> list[int]:
    """Positions of ``fwd``'s parameters that every ``return`` puts among the residuals."""
    returns = own_returns(fwd.node)
    names = [p.name for p in fwd.positional]
    found: set[str] | None = None
    for ret in returns:
        value = ret.value
        if not (isinstance(value, cst.Tuple) and len(value.elements) == 2):
            return []
        res = value.elements[1].value
        elements = [e.value for e in res.elements if not isinstance(e, cst.StarredElement)] if isinstance(
            res, (cst.Tuple, cst.List)) else [res]
        here = {e.value for e in elements if isinstance(e, cst.Name) and e.value in names}
        found = here if found is None else found & here
    return sorted(names.index(n) for n in found or ())


def _argument(call: cst.Call, info, position: int) -> cst.BaseExpression | None:
    positional = [a for a in call.args if a.keyword is None]
    if position < len(positional):
        return positional[position].value
    name = info.positional[position].name if position < len(info.positional) else None
    return next((a.value for a in call.args if a.keyword is not None and a.keyword.value == name), None)


def _differentiated(index, scope) -> bool:
    """Is code in ``scope`` (or a function it is nested in) differentiated: passed to ``jax.grad``
    and its kin, or to ``jax.vjp``/``jax.jvp``/``jax.linearize``?"""
    chain = set()
    info = scope
    while info is not None:
        chain.add(info)
        info = info.parent
    if not chain:
        return False
    if any(f in chain and use.qualname in DIFFERENTIATING for f, use, _site in index.jit_uses):
        return True
    for call, where, _klass, _loops in index.calls:
        if index.resolve(call.func, where) in jaxapi.DIFFERENTIATED_ARGUMENTS:
            args = positional_args(call)
            resolved = index.resolve_function(args[0].value, where) if args else None
            if resolved is not None and resolved[0] in chain:
                return True
    return False
