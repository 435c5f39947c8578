"""JG301's two further churn mechanisms (checked under JAX 0.10.2, compiles counted):

- ``lax.while_loop`` / ``scan`` / ``fori_loop`` / ``cond`` / ``switch`` run eagerly (outside any
  trace) cache their compiled program on the identity of the functions they get: a lambda, a
  nested def or a bound method made by each run of a function that runs per step compiles again
  at every run (2 runs: 2 compiles, 4 runs: 4); module-level functions, or the same code under
  ``jax.jit``, compile once.
- a factory returning a jitted nested function (``@jax.jit`` on a nested def, or
  ``jax.jit(inner)``) makes a new jit object per call: called in a loop, it compiles each
  iteration; called once, or cached with ``functools.cache``/``lru_cache``, it does not.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi, shapes
from jitguard.lint.analysis.shapes import scope_view
from jitguard.lint.analysis.undertrace import only_under_trace
from jitguard.lint.analysis.walk import own_nodes

# the function arguments of each eager control-flow primitive (positions)
_CONTROL_FLOW = {
    "jax.lax.while_loop": (0, 1),
    "jax.lax.fori_loop": (2,),
    "jax.lax.scan": (0,),
    "jax.lax.cond": (1, 2),
    "jax.lax.switch": (1,),
}


def findings(index, repeated: dict, kept, bound_on_self):
    """Both mechanisms' ``(call, message, help)``, for JG301."""
    yield from eager_control_flow(index, repeated, lambda i, f, e: bound_on_self(i, f, e) is True)
    yield from factory_jits_in_loops(index, lambda loop, func: shapes.runs_with_work(index, loop, func), kept)


def eager_control_flow(index, repeated: dict, new_bound_method):
    """``(call, message, help)`` for each eager control-flow primitive given a function object made
    anew by each run of a function that runs per step (``repeated``) and never under a trace."""
    eager: dict = {}  # func -> _eager_loop_caller (a walk of every call: asked once per function)
    for call, func, _k, _loops in index.calls:
        if func is None or func not in repeated:
            continue
        name = index.resolve(call.func, func)
        positions = _CONTROL_FLOW.get(name or "")  # (first: most calls are no control-flow primitive)
        if positions is None:
            continue
        if func not in eager:
            eager[func] = _eager_loop_caller(index, func)
        if not eager[func] or only_under_trace(index, func) or _traced_anywhere(index, func):
            continue
        args = [a.value for a in call.args if a.keyword is None]
        if any(a.star for a in call.args):
            continue
        fresh = [_fresh(index, func, args[i], new_bound_method) for i in positions if i < len(args)]
        what = next((f for f in fresh if f), None)
        if what is None:
            continue
        short = name.rsplit(".", 1)[-1]
        yield (call,
               f"`lax.{short}` run outside any jit on {what} inside `{func.display()}`, which runs "
               f"{repeated[func]}: JAX caches it by the function's identity, so each run traces and compiles it again",
               "Pass module-level functions (or functions made once and kept), or jit the enclosing step")


def _fresh(index, func, expr: cst.BaseExpression, new_bound_method) -> str | None:
    if isinstance(expr, cst.List | cst.Tuple):  # lax.switch's branches
        return next((f for f in (_fresh(index, func, e.value, new_bound_method) for e in expr.elements) if f), None)
    if isinstance(expr, cst.Lambda):
        return "a new lambda"
    if isinstance(expr, cst.Name):
        info = index.lookup_function(expr.value, func)
        if info is not None and info.parent is func:
            return f"a new function object (the nested `def {expr.value}`)"
        return None
    if isinstance(expr, cst.Attribute) and new_bound_method(index, func, expr):
        return f"a new bound method (`{expr.value.value}.{expr.attr.value}`)" if isinstance(
            expr.value, cst.Name) else "a new bound method"
    return None


def _eager_loop_caller(index, func) -> bool:
    """Is ``func`` called in a loop that runs with the work in code that runs eagerly: the module's
    top level, or a plain module-level function called only from the top level (never a method, a
    ``__call__``, a decorated function, one passed on, or one other functions call, which may run
    under a trace: a model's method called in a jitted step traces the primitive once)?"""
    for call, caller, _k, loops in index.calls:
        if shapes._called_function(index, call, caller) is not func:
            continue
        if not any(shapes.runs_with_work(index, loop, caller) for loop in loops):
            continue
        if caller is None:
            return True
        if (caller.parent is None and not caller.is_method and caller.cls is None
                and not _traced_anywhere(index, caller) and _called_only_from_top_level(index, caller)):
            return True
    return False


def _called_only_from_top_level(index, func) -> bool:
    """Does this module call ``func``, and only from its top level? A function no call here
    reaches is called from other modules, perhaps inside a jitted step: not claimed."""
    callers = [c for cl, c, _k, _l in index.calls if isinstance(cl.func, cst.Name) and cl.func.value == func.name]
    return bool(callers) and all(c is None for c in callers)


def _traced_anywhere(index, func) -> bool:
    """Is ``func`` (or a function it is nested in) named as an argument of a call (``jax.jit(f)``,
    ``jax.grad(f)``, a callback) or decorated? Then it may run under a trace: not claimed."""
    chain = []
    info = func
    while info is not None:
        chain.append(info)
        info = info.parent
    for info in chain:
        if isinstance(info.node, cst.FunctionDef) and info.node.decorators:
            return True
    names = {info.name for info in chain}
    for call, _f, _k, _l in index.calls:
        for a in call.args:
            value = a.value
            if isinstance(value, cst.Name) and value.value in names:
                return True
            if isinstance(value, cst.Attribute) and value.attr.value in names:
                return True
    return False


def factory_jits_in_loops(index, unbounded, kept):
    """``(call, message, help)`` for each call, in a loop that runs with the work, of a module function
    that returns a jitted function it makes (a nested ``@jax.jit`` def, ``jax.jit(inner)``)."""
    for call, func, _k, loops in index.calls:
        if not loops or not isinstance(call.func, cst.Name):
            continue
        loops = tuple(loop for loop in loops if unbounded(loop, func))
        if not loops or kept(call, loops[-1]) or (func is not None and (
                only_under_trace(index, func) or _traced_anywhere(index, func))):
            continue
        factory = index.lookup_function(call.func.value, func)
        if factory is None or not isinstance(factory.node, cst.FunctionDef) or _cached(index, factory):
            continue
        made = _returned_jit(index, factory)
        if made is None:
            continue
        yield (call,
               f"`{call.func.value}()` returns a new jitted function ({made}) and is called inside a loop: each "
               "iteration makes a new jit object, so JAX traces and compiles it again",
               "Call the factory once before the loop and reuse its result, or cache the factory "
               "(`functools.cache`) when its arguments repeat")


def _cached(index, factory) -> bool:
    """Decorated (``functools.cache``, ``lru_cache``, or anything not known here): not claimed."""
    return bool(factory.node.decorators)


def _returned_jit(index, factory) -> str | None:
    """What jitted function every ``return`` of ``factory`` hands back, made anew by each call."""
    returns = [node.value for node in own_nodes(factory.node.body) if isinstance(node, cst.Return)]
    if not returns:
        return None
    view = scope_view(index, factory)
    found = None
    for value in returns:
        made = _jit_made(index, view, factory, value)
        if made is None:
            return None
        found = made
    return found


def _jit_made(index, view, factory, value) -> str | None:
    if isinstance(value, cst.Name):
        info = index.lookup_function(value.value, factory)
        if info is not None and info.parent is factory and isinstance(info.node, cst.FunctionDef):
            if any(index.resolve(d.decorator, factory) in jaxapi.JIT_TRANSFORMS for d in info.node.decorators):
                return f"`@jax.jit` on the nested `def {value.value}`"
            return None
        bound = view.bindings_here().get(value.value)
        if not bound or len(bound) != 1 or not isinstance(bound[0], cst.Call):
            return None
        value = bound[0]
    if isinstance(value, cst.Call) and index.resolve(value.func, factory) in jaxapi.JIT_TRANSFORMS:
        first = next((a.value for a in value.args if a.keyword is None and not a.star), None)
        if first is not None and shapes.fresh_maker(view, first):
            return f"`jax.jit` of {shapes.fresh_maker(view, first)}"
    return None
