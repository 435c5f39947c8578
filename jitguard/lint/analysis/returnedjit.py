"""A jit of a new function object returned by a function whose caller calls it on every run
(JG301; checked under JAX 0.10.2, compiles counted).

``def build(self, data): return jax.jit(jax.value_and_grad(lambda q: cost(q, data)))`` makes a
new function object, and so a new jit with an empty cache, on every call. When a caller binds the
result and calls it (``vg = self.build(data)`` then ``vg(q)``, or ``self.build(data)(q)``), and
that caller runs again and again (called in a loop that runs with the work, directly or through
its own callers) or calls the factory in such a loop, every run traces and compiles again: 2
runs, 2 compiles; 4 runs, 4 (a jit of a module-level function is one cache, 1 compile however
many runs). The finding is on the jit in the factory, where the new object is made. A decorated
factory (``functools.cache``, a property, ...) is not claimed, nor a caller that keeps the result
instead of calling it; a module function called by name in a loop is
``eagerloops.factory_jits_in_loops``'s, reported where the loop calls the result.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import shapes
from jitguard.lint.analysis.shapes import scope_view
from jitguard.lint.analysis.instances import own_returns
from jitguard.lint.analysis.undertrace import only_under_trace
from jitguard.lint.analysis.walk import own_nodes


def called_by_repeated_caller(index, call: cst.Call, scope) -> tuple | None:
    """Why the jit ``call``, returned by ``scope``, is made and called again and again: (the
    caller that calls what ``scope`` returned, words naming it and how it repeats); None when no
    caller does (or ``scope`` is not a plain function returning it)."""
    if scope is None or not isinstance(scope.node, cst.FunctionDef) or scope.node.decorators:
        return None
    if not _returned(index, call, scope):
        return None
    repeated = shapes.repeated(index)
    for site, caller, _k, loops in index.calls:
        if caller is None or shapes._called_function(index, site, caller) is not scope:
            continue
        looped = any(shapes.runs_with_work(index, loop, caller) for loop in loops)
        if isinstance(site.func, cst.Name) and looped:
            continue  # a module function called in a loop: the factory's own finding, at the loop's call
        if (not looped and caller not in repeated) or only_under_trace(index, caller) \
                or not _result_called(index, site, caller):
            continue
        if looped:
            return caller, f"`{caller.display()}` inside a loop"
        why = shapes.repeated_at(index, caller, site)
        if why is not None:
            return caller, f"`{caller.display()}`, which runs {why}"
    return None


def _returned(index, call: cst.Call, scope) -> bool:
    """Does a ``return`` of ``scope``'s own body hand back ``call``, itself or through a name
    bound once to it?"""
    bound = [name for name, values in scope_view(index, scope).bindings_here().items()
             if len(values) == 1 and values[0] is call]
    for node in own_returns(scope.node):
        if node.value is call or (isinstance(node.value, cst.Name) and node.value.value in bound):
            return True
    return False


def _result_called(index, site: cst.Call, caller) -> bool:
    """Does ``caller`` call what ``site`` returns: ``site(...)(x)``, or ``name = site`` (its only
    binding there) and ``name(...)`` in ``caller``'s own body?"""
    bound = None
    for node in own_nodes(caller.node.body):
        if isinstance(node, cst.Call) and node.func is site:
            return True
        if (isinstance(node, cst.Assign) and node.value is site and len(node.targets) == 1
                and isinstance(node.targets[0].target, cst.Name)):
            bound = node.targets[0].target.value
    if bound is None or len(scope_view(index, caller).bindings_here().get(bound, ())) != 1:
        return False
    return any(isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == bound
               for node in own_nodes(caller.node.body))
