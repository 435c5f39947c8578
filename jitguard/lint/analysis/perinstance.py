"""A jitted function made in ``__init__`` for each instance, with instances made again and again.

``self._value_and_grad = jax.jit(jax.value_and_grad(fun))`` in ``__init__`` makes a new function
object per instance (``value_and_grad``, a lambda, a ``partial``, a nested ``def``, a bound method
``self.step``: each call makes a new one), so each instance has its own jit cache: when the class
is instantiated on every iteration of a loop (or in a function that runs again and again) and a
method then calls the attribute (or the caller calls it on the new instance: ``bp = Inferer(edges)``
then ``bp.run(x)``), every instance traces and compiles again (checked under JAX
0.10.2: 2 compiles for 2 instances, 4 for 4; rules/JG301.py). ``jax.jit(f)`` of one module-level
``f`` shares JAX's cache between the jit objects (1 compile for any number of instances), and
``jax.jit(fun)`` of a constructor parameter depends on what each instantiation passes: it is
reported only where that is a new function object (``Solver(lambda w: ...)`` in the loop). A method that runs only inside traced code inlines the jit and compiles nothing.
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi, shapes
from jitguard.lint.analysis.jitcontext import positional_args


def per_instance_jit_calls(index, is_new_function) -> list[tuple[cst.Call, str, str]]:
    """(the call ``self.attr(...)`` in a method, the message, the help) for each such jit
    (``is_new_function(index, expr, scope, loops)``: JG301's test of a function made anew)."""
    out = []
    seen: set[int] = set()
    for klass in index.classes.values():
        init = klass.methods.get("__init__")
        jits = _jitted_attributes(index, init, is_new_function) if init is not None else {}
        if not jits:
            continue
        for where, called, made, func, loops in _instantiations(index, klass):
            active = {attr: transform for attr, (transform, param) in jits.items()
                      if param is None or _passes_new(index, made, init, param, func, loops, is_new_function)}
            direct = list(_direct_calls(index, made, func, active)) if active else []
            for call, attr in [*_calls_reached(index, klass, called, active), *direct]:
                if id(call) not in seen:
                    seen.add(id(call))
                    out.append((call, *_message(klass.name, f"{_code(call.func)}", active[attr], where)))
    return out


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def _message(klass: str, attr: str, transform: str, where: str) -> tuple[str, str]:
    return (
        f"`{attr}` is a `{transform}` of a new function object that `{klass}.__init__` makes for each "
        f"instance, and a new `{klass}` is made {where}: each instance has its own jit cache, so JAX traces "
        "and compiles again for every instance",
        "Make the jitted function once and share it between instances (jit a module-level function, or keep "
        f"one per function in a cache), or create the `{klass}` once before the loop",
    )


def _calls_reached(index, klass, called: set[str], jits: dict):
    """``self.attr(...)`` of the jitted attributes, in the methods that ``called`` run, outside traces."""
    if not jits:
        return
    for method in _reached(index, klass, called):
        if index.traces.in_traced_code(method):
            continue  # the jit is inlined into the trace that runs this method
        yield from _attribute_calls(index, method, jits)


def _passes_new(index, made: cst.Call, init, param: str, func, loops: tuple, is_new_function) -> bool:
    """Does ``made`` (``Klass(...)``) pass a new function object for ``__init__``'s ``param``
    (``Klass(lambda w: ...)``, ``Klass(partial(loss, k))`` in the loop)?"""
    args = shapes.scope_view(index, func).arguments(made, init, True)
    value = args.get(param) if args is not None else None
    return value is not None and is_new_function(index, value, func, loops)


def _jitted_attributes(index, init, is_new_function) -> dict[str, tuple[str, str | None]]:
    """``self.attr = jax.jit(<a new function>)`` in ``__init__`` (not in a loop there): attr ->
    (transform, None); ``self.attr = jax.jit(fun)`` of a parameter never rebound there: attr ->
    (transform, the parameter), new when the instantiation passes a new function."""
    made = {id(call): name for call, name, scope, loops in index.transform_calls
            if scope is init and not loops and name in jaxapi.JIT_TRANSFORMS}
    if not made:
        return {}
    out: dict[str, tuple[str, str | None]] = {}
    rebound = index.assigned_names(init)
    me = _self_name(init)
    for node, _loops in shapes._own_nodes(init.node.body):
        if not isinstance(node, cst.Assign) or id(node.value) not in made:
            continue
        args = positional_args(node.value)
        first = args[0].value if args else None
        if first is None:
            continue
        param = first.value if (isinstance(first, cst.Name) and init.param(first.value) is not None
                                and first.value not in rebound) else None
        if param is None and not is_new_function(index, first, init, ()):
            continue
        for t in node.targets:
            target = t.target
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == me:
                out[target.attr.value] = (made[id(node.value)], param)
    return out


def _instantiations(index, klass):
    """(where, the methods called on the new instance) for each ``Klass(...)`` evaluated again and
    again: in a loop that runs with the work, or in a function that runs repeatedly."""
    repeated = shapes.repeated(index)
    for call, func, _k, loops in index.calls:
        if not (isinstance(call.func, cst.Name) and call.func.value == klass.name):
            continue
        if index.lookup_function(klass.name, func) is not None or index.traces.in_traced_code(func):
            continue
        owner = f"`{func.display()}`" if func is not None else "the module"
        unbounded = tuple(loop for loop in loops if shapes.runs_with_work(index, loop, func))
        if unbounded:
            where = f"on every iteration of a loop in {owner}"
        elif func is not None and func in repeated:
            where = f"on every call of {owner}, which runs {repeated[func]}"
        else:
            continue
        called = _methods_called_on(index, call, func)
        if called:
            yield where, called, call, func, unbounded


def _methods_called_on(index, made: cst.Call, func) -> set[str]:
    """Names of the methods called on the instance ``made`` makes: ``Klass(...).run(x)``, or
    ``solver = Klass(...)`` (its only binding in ``func``) then ``solver.run(x)``."""
    names = set()
    if func is not None:
        for name, values in shapes.scope_view(index, func).bindings_here().items():
            if len(values) == 1 and values[0] is made and func.param(name) is None:
                names.add(name)
    out = set()
    for call, caller, _k, _l in index.calls:
        fn = call.func
        if caller is not func or not isinstance(fn, cst.Attribute):
            continue
        if fn.value is made or (isinstance(fn.value, cst.Name) and fn.value.value in names):
            out.add(fn.attr.value)
    return out


def _direct_calls(index, made: cst.Call, func, jits: dict):
    """``bp.run(x)`` on the new instance itself (``Klass(...).run(x)``, or ``bp = Klass(...)``, its
    only binding in ``func``): the instance attribute ``__init__`` stored, the jit, shadows any
    method of that name."""
    names = set()
    if func is not None:
        for name, values in shapes.scope_view(index, func).bindings_here().items():
            if len(values) == 1 and values[0] is made and func.param(name) is None:
                names.add(name)
    for call, caller, _k, _l in index.calls:
        fn = call.func
        if caller is not func or not isinstance(fn, cst.Attribute) or fn.attr.value not in jits:
            continue
        if fn.value is made or (isinstance(fn.value, cst.Name) and fn.value.value in names):
            yield call, fn.attr.value


def _reached(index, klass, called: set[str]) -> list:
    """The methods of ``klass`` that run when ``called`` are called: those, and what they call on
    ``self`` (three levels)."""
    names = {n for n in called if n in klass.methods}
    for _ in range(3):
        more = set()
        for call, caller, _k, _l in index.calls:
            fn = call.func
            if (caller is not None and caller.name in names and klass.methods.get(caller.name) is caller
                    and isinstance(fn, cst.Attribute) and isinstance(fn.value, cst.Name)
                    and fn.value.value == _self_name(caller) and fn.attr.value in klass.methods):
                more.add(fn.attr.value)
        if more <= names:
            break
        names |= more
    return [klass.methods[n] for n in sorted(names)]


def _attribute_calls(index, method, jits: dict[str, str]):
    """``self.attr(...)`` calls in ``method`` of the jitted attributes."""
    me = _self_name(method)
    for call, caller, _k, _l in index.calls:
        fn = call.func
        if (caller is method and isinstance(fn, cst.Attribute) and isinstance(fn.value, cst.Name)
                and fn.value.value == me and fn.attr.value in jits):
            yield call, fn.attr.value


def _self_name(method) -> str | None:
    """The name of a method's instance parameter (``self`` by convention; None: a staticmethod)."""
    if not method.is_method or not method.positional:
        return None
    return method.positional[0].name
