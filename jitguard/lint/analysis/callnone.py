"""Parameters of a helper that every call from traced code passes a value that cannot be None.

A helper called from traced code runs once per call, in that call's trace: when every such call
of it in the module passes a parameter a value that is surely not None, its ``if p is None:``
branch never runs in a trace (it is the eager path, taken by its Python-level calls outside any
trace). Known not None at a call: a literal other than None (numbers, strings, containers,
comprehensions, lambdas, comparisons, ``True``/``False``), an instance of a class of this module
built there (``Grid(...)``), a traced array, or a name bound once (in the calling function or
around it) to one of those.

Held only for functions no other module can call (nested functions, private module-level
functions) that no transform traces itself (a transform's own calls are NONEDISPATCH's, in
``noneguards``); every call the walker maps from traced code counts, and one passing anything
else (or through ``partial``, ``*args``, ``**kwargs``) forgets the hold (``Analysis.hold_not_none``).
Checked on JAX 0.10.2: tests/precision_cases/closure_none_narrowing.py (the jitted lambda passes
a NamedTuple, so the None branch's NumPy code never runs in the trace).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.hashability import bound_once

_NEVER_NONE = (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString, cst.FormattedString,
               cst.Tuple, cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp, cst.GeneratorExp,
               cst.Lambda, cst.Comparison)


def eligible(index, callee) -> bool:
    """A function only this module calls, traced by no transform of its own."""
    if callee.is_method or callee.cls is not None or not isinstance(callee.node, cst.FunctionDef):
        return False
    if callee.parent is None and (not callee.name.startswith("_") or callee.name.startswith("__")):
        return False
    return not any(fn is callee for fn, _use, _site in index.jit_uses)


def not_none_params(walker, call: cst.Call, callee, params) -> set[str] | None:
    """The parameters of ``callee`` (``params``: those the call's arguments fill, in order, then
    the rest) that ``call`` passes a value surely not None; None when the call's arguments are
    not plain (starred, or a callee reached through ``partial``)."""
    if any(a.star for a in call.args):
        return None
    given: dict[str, cst.BaseExpression] = {}
    positional = [a for a in call.args if a.keyword is None]
    for p, a in zip(params, positional):
        given[p.name] = a.value
    given.update({a.keyword.value: a.value for a in call.args if a.keyword is not None})
    out = {name for name, value in given.items() if _never_none(walker, value)}
    for p in callee.params:  # left to a default that is not None
        if p.name not in given and p.default is not None and isinstance(p.default, _NEVER_NONE):
            out.add(p.name)
    return out


def _never_none(walker, expr: cst.BaseExpression, depth: int = 2) -> bool:
    if isinstance(expr, _NEVER_NONE):
        return True
    if isinstance(expr, cst.Call):  # Grid(...): a class of this module, not shadowed by a def
        func = expr.func
        return (isinstance(func, cst.Name) and func.value in walker.index.classes
                and walker.index.lookup_function(func.value, walker.info) is None and func.value not in walker.env)
    if not isinstance(expr, cst.Name):
        return False
    if expr.value in ("True", "False"):
        return True
    taint = walker.env.get(expr.value)
    if taint is not None:
        return not (taint.container or taint.opaque or taint.foreign or taint.mapping)  # a traced array
    if depth == 0 or walker.info.param(expr.value) is not None:
        return False
    found = bound_once(expr.value, walker.index, walker.info)  # its one binding, here or around
    return found is not None and _never_none(walker, found[0], depth - 1)
