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
else (or through ``partial``, ``*args``, ``**kwargs``) forgets the hold (``Analysis.hold_not_none``);
a ``**opts`` of a dict display with plain string keys (inline, or bound once and only spread)
gives each key's parameter its value, as a keyword does (SPREADKW, ``spread.spread_keywords``).
Checked on JAX 0.10.2: tests/precision_cases/closure_none_narrowing.py (the jitted lambda passes
a NamedTuple, so the None branch's NumPy code never runs in the trace).

The same holds for the Python literal a parameter gets at every such call (DEFAULTHELD): one
passed as a literal (``use_jax=True``) or left to a literal default. Then ``if use_jax:`` has one
truth value in every trace, and the branch it rules out (the NumPy path, taken by the Python-level
calls that pass ``use_jax=False`` outside any trace) is not walked. This holds for a module-level
function other modules may call too, when it is traced by no transform: the calls other files'
traced code makes of it come with the seeds (``OutCall.shapes``, ``facts.CALLS_SEED_KEY``) and
count like this module's. Checked on JAX 0.10.2: tests/precision_cases/fresh5_default_flag_across_modules.py.

Those seeds carry NOT_NONE too (NONECHAIN): a call from another file's traced code passing a
value surely not None there gives it to the module-level function's parameter, like a literal.
Surely not None in a trace is also a parameter that trace holds not None: a literal, or NOT_NONE
(every call in sight passes it not None, or it is a static argument of a jit annotated with a
type that excludes None, ``size: int``: ``jitcontext._annotated_not_none``), not rebound before
the call. So a static size resolved before the jit and handed on through a public helper of
another module to a private one keeps the helpers' ``if size is not None: return size`` taken in
every trace, and their eager fallback (``int(index.max())`` on a concrete index) unwalked.
Checked on JAX 0.10.2: tests/precision_cases/fresh7_static_size_resolved_before_jit.py (runs
jitted); its look-alike with ``size: int | None = None`` left None raises
ConcretizationTypeError and stays flagged (fresh7_true_static_size_maybe_none.py).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import spread
from jitguard.lint.analysis.hashability import bound_once
from jitguard.lint.analysis.facts import MODULE_CODE
from jitguard.lint.analysis.jitcontext import FUNCTION, NOT_NONE

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


def holds_literals(index, callee) -> bool:
    """A plain function (nested or module-level, not a method) that no transform traces itself:
    every trace of it is a call the walker maps, here or (with the seeds) in another file."""
    if callee.is_method or callee.cls is not None or not isinstance(callee.node, cst.FunctionDef):
        return False
    return not index.traces.of(callee).contexts and not any(fn is callee for fn, _use, _site in index.jit_uses)


def literal_code(module: cst.Module, expr: cst.BaseExpression | None) -> str | None:
    """The code of a Python literal (a number, a plain string, True/False/None, -1), else None."""
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        return literal_code(module, expr.expression) and module.code_for_node(expr)
    if isinstance(expr, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString)) or (
            isinstance(expr, cst.Name) and expr.value in ("True", "False", "None")):
        return module.code_for_node(expr)
    return None


def call_values(walker, call: cst.Call, callee, params) -> dict[str, str] | None:
    """What ``call`` gives each parameter of ``callee`` (``params``: those the call's arguments
    fill, in order, then the rest), where known: a literal's code, or NOT_NONE for a value surely
    not None; None when the call's arguments are not plain (``*xs``, a ``**`` of a dict whose keys
    are not known, or a callee reached through ``partial``)."""
    keywords = spread.keyword_arguments(call, walker.index, walker.info, walker.state.constants)
    if keywords is None or any(a.star == "*" for a in call.args):
        return None
    given: dict[str, cst.BaseExpression] = {}
    positional = [a for a in call.args if a.keyword is None and not a.star]
    for p, a in zip(params, positional):
        given[p.name] = a.value
    given.update(keywords)
    module = walker.index.module
    out = {}
    for name, value in given.items():
        code = literal_code(module, value) or function_code(walker, value)
        if code is not None or never_none(walker, value):
            out[name] = code or NOT_NONE
    for p in callee.params:  # left to a default: its literal, or a value that is not None
        if p.name not in given and p.default is not None:
            code = literal_code(module, p.default)
            if code is not None or isinstance(p.default, _NEVER_NONE):
                out[p.name] = code or NOT_NONE
    return out


def function_code(walker, expr: cst.BaseExpression) -> str | None:
    """FUNCTION for a lambda, or the name of a function the module defines (seen from here, not
    a parameter or a local binding): what the parameter then holds is a function object."""
    if isinstance(expr, cst.Lambda):
        return FUNCTION
    if isinstance(expr, cst.Name) and expr.value not in walker.env and expr.value not in walker.locals \
            and walker.info.param(expr.value) is None and walker.index.lookup_function(expr.value, walker.info) is not None:
        return FUNCTION
    return None


def shape_values(module: cst.Module, callee, shape: tuple) -> dict[str, str] | None:
    """The literals a call of ``callee`` made in another file gives its parameters, from the call's
    shape (OutCall.shapes: the positional arguments' literal codes, the keywords', starred)."""
    positional, keywords, starred = shape
    if starred:
        return None
    out = {p.name: _held(code) for p, code in zip(callee.positional, positional) if code is not None}
    given = {p.name for p in callee.positional[: len(positional)]} | {k for k, _code in keywords}
    out.update({k: _held(code) for k, code in keywords if code is not None})
    for p in callee.params:
        code = literal_code(module, p.default) if p.name not in given else None
        if code is not None:
            out[p.name] = code
    return out


def _held(code: str) -> str:
    """A literal's code as a parameter holds it; an array module passed (MODULE_CODE) is not None."""
    return NOT_NONE if code.startswith(MODULE_CODE) else code


def hold(constants: dict[str, str | None], params, values: dict[str, str] | None) -> bool:
    """One more trace of a function gives its parameters ``values`` (None: nothing known): each
    parameter holds what every trace gave it (two literals that are not None: NOT_NONE), or None.
    True if that changed."""
    changed = False
    for p in params:
        new = values.get(p.name) if values is not None else None
        if p.name not in constants:
            merged, changed = new, changed or new is not None
        else:
            old = constants[p.name]
            merged = old if old == new else (
                NOT_NONE if old is not None and new is not None and "None" not in (old, new) else None)
            changed = changed or merged != old
        constants[p.name] = merged
    return changed


def never_none(walker, expr: cst.BaseExpression, depth: int = 2) -> bool:
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
    if walker.info.param(expr.value) is not None:
        # a parameter this trace holds not None (a literal, NOT_NONE), not rebound before the call
        held = walker.state.constants.get(expr.value)
        return held is not None and held != "None" and expr.value not in walker.rebound
    if depth == 0:
        return False
    found = bound_once(expr.value, walker.index, walker.info)  # its one binding, here or around
    return found is not None and never_none(walker, found[0], depth - 1)
