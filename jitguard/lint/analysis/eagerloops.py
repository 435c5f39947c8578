"""JG301's two further churn mechanisms (checked under JAX 0.10.2, compiles counted):

- ``lax.while_loop`` / ``scan`` / ``map`` / ``fori_loop`` / ``cond`` / ``switch`` run eagerly (outside any
  trace) cache their compiled program on the identity of the functions they get: a lambda, a
  nested def or a bound method made by each run of a function that runs per step compiles again
  at every run (2 runs: 2 compiles, 4 runs: 4); module-level functions, or the same code under
  ``jax.jit``, compile once.
- a factory returning a jitted nested function (``@jax.jit`` on a nested def, or
  ``jax.jit(inner)``) makes a new jit object per call: called in a loop, it compiles each
  iteration; called once, or cached with ``functools.cache``/``lru_cache``, it does not. A loop
  over a collection whose length the code fixes (a literal, or what a function whose every
  ``return`` gives one returns: the stages of a warm-up ramp) makes that many, a bounded number
  (4 stages: 4 compiles for 8, 80 or 800 steps); for a function of another module, its file
  decides (``undertrace_project.drop_proven``).
"""

from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi, shapes
from jitguard.lint.analysis.loops import foreign_bounds
from jitguard.lint.analysis.shapes import scope_view
from jitguard.lint.analysis.undertrace import only_under_trace, remember_pending
from jitguard.lint.analysis.walk import iter_nodes, own_nodes

# the function arguments of each eager control-flow primitive (positions)
_CONTROL_FLOW = {
    "jax.lax.while_loop": (0, 1),
    "jax.lax.fori_loop": (2,),
    "jax.lax.scan": (0,),
    "jax.lax.map": (0,),  # a scan of a body it makes around f (eager: at least one compile per new f)
    "jax.lax.cond": (1, 2),
    "jax.lax.switch": (1,),
}


def findings(index, repeated: dict, kept, bound_on_self):
    """Both mechanisms' ``(call, message, help)``, for JG301."""
    yield from eager_control_flow(index, repeated, lambda i, f, e: bound_on_self(i, f, e) is True)
    yield from factory_jits_in_loops(index, lambda loop, func: shapes.runs_with_work(index, loop, func), kept)


def eager_control_flow(index, repeated: dict, new_bound_method):
    """``(call, message, help)`` for each eager control-flow primitive given a function object made
    anew by each run of a function that runs per step (``repeated``) on a path of direct calls from
    code that runs eagerly (``_eager_path``): a lambda or nested def of the function that calls the
    primitive, or a bound method it makes; or one made by a caller and passed to the parameter the
    primitive gets (``_solve(self._cond, self._body, x)``), reported at that call."""
    eager: dict = {}  # func -> _eager_path (a walk of the calls: asked once per function)

    def runs_eagerly(func):
        if func not in eager:
            eager[func] = _eager_path(index, func)
        return eager[func]

    for call, func, _k, loops in index.calls:
        if func is None or func not in repeated:
            if func is not None and loops and (found := _fresh_per_iteration(index, call, func, loops, new_bound_method)):
                yield found
            continue
        name = index.resolve(call.func, func)
        positions = _CONTROL_FLOW.get(name or "")  # (first: most calls are no control-flow primitive)
        if positions is None or any(a.star for a in call.args) or _decorated_chain(func):
            continue
        args = [a.value for a in call.args if a.keyword is None]
        short = name.rsplit(".", 1)[-1]
        fresh = [_fresh(index, func, args[i], new_bound_method) for i in positions if i < len(args)]
        what = next((f for f in fresh if f), None)
        if what is not None:
            if not _traced_anywhere(index, func) and runs_eagerly(func) is not False:
                _pending_entry(index, call, eager[func])
                yield (call,
                       f"`lax.{short}` run outside any jit on {what} inside `{func.display()}`, which runs "
                       f"{repeated[func]}: JAX caches it by the function's identity, so each run traces and compiles it again",
                       "Pass module-level functions (or functions made once and kept), or jit the enclosing step")
            continue
        params = {args[i].value for i in positions if i < len(args) and isinstance(args[i], cst.Name)
                  and func.param(args[i].value) is not None}
        if params and func.parent is None:
            yield from _fresh_through_parameters(index, func, params, short, repeated, new_bound_method, runs_eagerly)


def _fresh_per_iteration(index, call: cst.Call, func, loops, new_bound_method):
    """An eager primitive called in a loop of ``func``'s own body that runs with the work, given a
    function object the loop body makes at the call: a lambda, or a bound method read there (every
    attribute access makes a new bound-method object, so even one instance's method compiles again
    per iteration: JAX 0.10.2, rules/JG301_eager_bound_methods.py). ``func`` must run eagerly: not
    decorated or traced anywhere, and reached from the module's top level or an entry driver
    (``_eager_path`` with the loop counted)."""
    name = index.resolve(call.func, func)
    positions = _CONTROL_FLOW.get(name or "")
    if positions is None or any(a.star for a in call.args):
        return None
    args = [a.value for a in call.args if a.keyword is None]
    what = None
    for i in positions:
        value = args[i] if i < len(args) else None
        if isinstance(value, cst.Lambda):
            what = "a new lambda"
        elif isinstance(value, cst.Attribute) and new_bound_method(index, func, value):
            what = f"a new bound method (`{cst.Module([]).code_for_node(value)}`)"
        if what:
            break
    if (what is None or not any(shapes.runs_with_work(index, loop, func) for loop in loops)
            or _decorated_chain(func) or _traced_anywhere(index, func) or index.traces.in_traced_code(func)):
        return None
    path = _eager_path(index, func, 0, True)
    if path is False:
        return None
    _pending_entry(index, call, path)
    short = name.rsplit(".", 1)[-1]
    return (call,
            f"`lax.{short}` run outside any jit on {what}, made on every iteration of the loop in "
            f"`{func.display()}`: JAX caches it by the function's identity, so each iteration traces and compiles it again",
            "Make the function once before the loop (`body = obj.method` or a module-level def) and pass that, "
            "or jit the enclosing step")


def _fresh_through_parameters(index, func, params: set, short: str, repeated: dict, new_bound_method, runs_eagerly):
    """``lax.while_loop(cond_fun, body_fun, x)`` in ``func`` whose ``cond_fun`` is a parameter: each
    call of ``func`` (in a function that runs per step, eagerly) passing a new function object there."""
    for call, caller, _k, _loops in index.calls:
        if caller is None or caller not in repeated or not _calls_directly(index, call, caller, func):
            continue
        for param, value in _bound_arguments(call, func):
            what = _fresh(index, caller, value, new_bound_method) if param in params else None
            if (what is None or _decorated_chain(caller) or _traced_anywhere(index, caller)
                    or runs_eagerly(caller) is False):
                continue
            _pending_entry(index, call, runs_eagerly(caller))
            yield (call,
                   f"`{func.display()}` hands {what}, made by each run of `{caller.display()}` (which runs "
                   f"{repeated[caller]}), to `lax.{short}` outside any jit: JAX caches it by the function's identity, "
                   "so each run traces and compiles it again",
                   f"Jit `{func.display()}` with its function arguments static (bound methods of one instance compare "
                   "equal), pass module-level functions, or jit the enclosing step")
            break


def _bound_arguments(call: cst.Call, func):
    """(parameter name, argument) for the arguments of ``call``, a call of the plain function ``func``."""
    if any(a.star for a in call.args):
        return
    positional = [p.name for p in func.positional]
    i = 0
    for a in call.args:
        if a.keyword is not None:
            yield a.keyword.value, a.value
        elif i < len(positional):
            yield positional[i], a.value
            i += 1


def _decorated_chain(func) -> bool:
    """Is ``func``, or a function it is nested in, decorated (it may run under a trace)?"""
    while func is not None:
        if isinstance(func.node, cst.FunctionDef) and func.node.decorators:
            return True
        func = func.parent
    return False


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
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and _new_instance(index, func, expr.func.value):
        return f"a new instance of `{expr.func.value}` (made by `{expr.func.value}(...)`)"
    if isinstance(expr, cst.Attribute) and new_bound_method(index, func, expr):
        return f"a new bound method (`{expr.value.value}.{expr.attr.value}`)" if isinstance(
            expr.value, cst.Name) else "a new bound method"
    return None


def _new_instance(index, func, name: str) -> bool:
    """Does ``name(...)`` in ``func`` build a new instance of a callable class of the module (a
    ``__call__`` of its own, no ``__new__``, no decorator, plain bases)? Eager lax primitives
    cache on the callable's identity: a user ``__hash__``/``__eq__``, even a frozen dataclass's,
    does not make two instances one entry (JAX 0.10.2: rules/JG301.py)."""
    klass = index.classes.get(name)
    if klass is None or index.lookup_function(name, func) is not None or getattr(klass.node, "decorators", ()):
        return False
    if any(not isinstance(b.value, cst.Name) or b.value.value != "object" for b in klass.node.bases):
        return False
    return "__call__" in klass.methods and "__new__" not in klass.methods


def _eager_path(index, func, depth: int = 0, looped: bool = False, seen=None):
    """Is ``func`` called, through a chain of direct calls, from code that runs eagerly, with a loop
    that runs with the work on the way? Eager code: the module's top level, or an entry function
    (``_entry``: a driver, a plain module-level function whose parameters only count its loops, that
    this module never calls; the finding then holds only while no other file of the checked tree
    imports it). No function on the chain is decorated or in
    traced code (a jitted step: the primitive is traced there once). Returns False, or the names of
    the entry functions the chain starts from (a tuple, empty for the top level)."""
    seen = set() if seen is None else seen
    if func in seen or depth > 4:
        return False
    seen.add(func)
    called = False
    for call, caller, _k, loops in index.calls:
        if not _calls_directly(index, call, caller, func):
            continue
        called = True
        here = looped or any(shapes.runs_with_work(index, loop, caller) for loop in loops)
        if caller is None:
            if here:
                return ()
            continue
        if _decorated_chain(caller) or index.traces.in_traced_code(caller) or _traced_anywhere(index, caller):
            continue
        found = _eager_path(index, caller, depth + 1, here, seen)
        if found is not False:
            return found
    if not called and looped and _entry(index, func):
        return (func.name,)
    return False


def _calls_directly(index, call: cst.Call, caller, func) -> bool:
    """Does ``call`` (in ``caller``) run ``func`` itself, not a jit or other transform of it?"""
    if shapes._called_function(index, call, caller) is not func or _rebound(index, func):
        return False
    target = index.resolve_function(call.func, caller)
    return target is None or target[1] is None


def _rebound(index, func) -> bool:
    """Is the name of ``func`` bound again, so that its calls may run something else (a jit of it)?
    A function: bound again where it is defined (``step = jax.pmap(step)``). A method: bound again
    in its class body (``advance = jax.jit(advance, static_argnums=0)``), or stored as an attribute
    anywhere in the module (``self.advance = jax.jit(self.advance)`` in ``__init__``: the instance's
    attribute shadows the method; ``Integrator.advance = jax.jit(Integrator.advance)`` after the
    class; ``setattr(obj, "advance", ...)``). JAX 0.10.2: each form compiles once for any number of
    calls (tests/test_review_s8_jg301.py)."""
    from jitguard.lint.analysis.traceable import bindings_in

    if not isinstance(func.node, cst.FunctionDef):
        return False
    if func.cls is not None:
        found = bindings_in(func.cls.node.body, func.name)
        return found is None or len(found) != 1 or func.name in _stored_attributes(index)
    root = func.parent.node.body if func.parent is not None else index.module
    found = bindings_in(root, func.name)
    return found is None or len(found) != 1


def _stored_attributes(index) -> frozenset[str]:
    """The attribute names the module stores anywhere (``x.name = ...``, augmented, annotated, a
    loop or ``with`` target, ``del``, ``setattr(x, "name", ...)``): one walk per module."""
    memo = index.__dict__.get("_eager_stored_attributes")
    if memo is not None:
        return memo
    names: set[str] = set()
    for node in iter_nodes(index.module):
        kind = type(node)
        if kind is cst.Assign:
            targets = [t.target for t in node.targets]
        elif kind in (cst.AugAssign, cst.AnnAssign, cst.For, cst.Del):
            targets = [node.target]
        elif kind is cst.AsName:
            targets = [node.name]
        elif (kind is cst.Call and isinstance(node.func, cst.Name) and node.func.value == "setattr"
              and len(node.args) > 1 and isinstance(node.args[1].value, cst.SimpleString)):
            value = node.args[1].value.evaluated_value
            names.update((value,) if isinstance(value, str) else ())
            continue
        else:
            continue
        for target in targets:
            names.update(t.attr.value for t in iter_nodes(target) if type(t) is cst.Attribute)
    memo = index.__dict__["_eager_stored_attributes"] = frozenset(names)
    return memo


def _entry(index, func) -> bool:
    """A driver that nothing in this module calls: a plain module-level function (no decorator, not
    passed to a transform or a callback) whose every parameter only counts the iterations of its
    loops (``def run(n): for _ in range(n): ...``; no parameter at all counts too), so the arrays
    it steps are made inside it. Something outside runs it from Python: a caller that jits it
    would have to make those counts static and compile a constant program, which is not how a
    step loop is used. A function that takes its arrays as parameters (``def smooth(u,
    levels=4)``) is a library function its callers may put inside their own jitted step (JAX
    0.10.2: ``smooth`` under the user's jit compiles once for any number of steps), so its loop is
    not evidence that anything runs eagerly: not claimed. Neither is a loop calling the primitive
    in the function's own body: under the caller's jit that loop unrolls into one trace."""
    return (func.parent is None and func.cls is None and not func.is_method
            and isinstance(func.node, cst.FunctionDef) and _counts_only(func)
            and not _traced_anywhere(index, func))


def _counts_only(func) -> bool:
    """Is every parameter of ``func`` used only as an argument of ``range(...)`` iterated by a loop
    or comprehension of its body (no ``*args``/``**kwargs``)?"""
    if any(p.kind not in ("positional", "kwonly") for p in func.params):
        return False
    params = {p.name for p in func.params}
    if not params:
        return True
    counted: set[int] = set()
    for node in iter_nodes(func.node.body):
        kind = type(node)
        if kind is cst.For or kind is cst.CompFor:
            it = node.iter
            if type(it) is cst.Call and isinstance(it.func, cst.Name) and it.func.value == "range":
                counted.update(id(a.value) for a in it.args if type(a.value) is cst.Name)
    return all(id(node) in counted for node in iter_nodes(func.node.body)
               if type(node) is cst.Name and node.value in params)


def _pending_entry(index, node: cst.CSTNode, entries) -> None:
    """A finding whose eager path starts at ``entries`` holds while no other file of the checked
    tree refers to one of them through its imports (such a file may call it inside a jitted step;
    undertrace_project.drop_proven)."""
    if entries:
        remember_pending(index, node, (frozenset(), frozenset(f"!{name}" for name in entries)))


def _traced_anywhere(index, func) -> bool:
    """Is ``func`` (or a function it is nested in) named as an argument of a call (``jax.jit(f)``,
    ``jax.jit(self.f)``, ``jax.grad(f)``, a callback) or decorated? Then it may run under a trace
    (its name may be bound to the jit in a way the module does not show): not claimed."""
    chain = []
    info = func
    while info is not None:
        chain.append(info)
        info = info.parent
    for info in chain:
        if isinstance(info.node, cst.FunctionDef) and info.node.decorators:
            return True
    passed = index.__dict__.get("_eager_passed_names")
    if passed is None:  # the names (and attribute names) passed as arguments: one pass per module
        passed = index.__dict__["_eager_passed_names"] = frozenset(
            a.value.value if isinstance(a.value, cst.Name) else a.value.attr.value
            for call, _f, _k, _l in index.calls for a in call.args if isinstance(a.value, (cst.Name, cst.Attribute)))
    return any(info.name in passed for info in chain)


def factory_jits_in_loops(index, unbounded, kept):
    """``(call, message, help)`` for each call, in a loop that runs with the work, of a module function
    that returns a jitted function it makes (a nested ``@jax.jit`` def, ``jax.jit(inner)``)."""
    made_by: dict = {}  # factory -> _returned_jit (asked first: most calls in loops call no such factory)
    for call, func, _k, loops in index.calls:
        if not loops or not isinstance(call.func, cst.Name):
            continue
        factory = index.lookup_function(call.func.value, func)
        if factory is None or not isinstance(factory.node, cst.FunctionDef) or _cached(index, factory):
            continue
        if factory not in made_by:
            made_by[factory] = _returned_jit(index, factory)
        made = made_by[factory]
        if made is None:
            continue
        loops = tuple(loop for loop in loops if unbounded(loop, func))
        if not loops or kept(call, loops[-1]) or (func is not None and (
                only_under_trace(index, func) or _traced_anywhere(index, func))):
            continue
        made, positions = made
        node = _result_called(call, loops[-1], positions)
        _pending_foreign_bounds(index, node, loops, func)
        yield (node,
               f"`{call.func.value}()` returns a new jitted function ({made}) and is called inside a loop: each "
               "iteration makes a new jit object, so JAX traces and compiles it again",
               "Call the factory once before the loop and reuse its result, or cache the factory "
               "(`functools.cache`) when its arguments repeat")


def _pending_foreign_bounds(index, node: cst.CSTNode, loops: tuple, func) -> None:
    """When every loop left runs over what functions of other modules return (``for s, c in
    ramp(step, n)``), the finding holds unless each of them returns a fixed collection, which
    their own files record (undertrace_project.drop_proven: a warm-up of a few stages)."""
    view = scope_view(index, func)
    bounds: set[str] = set()
    for loop in loops:
        found = foreign_bounds(loop, view)
        if not found:
            return
        bounds |= found
    remember_pending(index, node, (frozenset(), frozenset(f"%{name}" for name in bounds)))


def _cached(index, factory) -> bool:
    """Decorated (``functools.cache``, ``lru_cache``, or anything not known here): not claimed."""
    return bool(factory.node.decorators)


def _returned_jit(index, factory):
    """What jitted function every ``return`` of ``factory`` hands back, made anew by each call, and
    where: (what, None) for the value itself, (what, positions) for the elements of a returned tuple
    (``return project, recover``); None when not every return does."""
    returns = [node.value for node in own_nodes(factory.node.body) if isinstance(node, cst.Return)]
    if not returns:
        return None
    view = scope_view(index, factory)
    found, positions = None, None
    for value in returns:
        if isinstance(value, cst.Tuple):
            made = [_jit_made(index, view, factory, e.value) for e in value.elements]
            here = {i for i, m in enumerate(made) if m}
            positions = here if positions is None else positions & here
            if not positions or found is not None and not isinstance(found, list):
                return None
            found = [m for m in made if m]
            continue
        made = _jit_made(index, view, factory, value)
        if made is None or positions is not None:
            return None
        found = made
    return (found[0], positions) if isinstance(found, list) else (found, None)


def _result_called(call: cst.Call, loop: cst.CSTNode, positions) -> cst.CSTNode:
    """Where the loop calls what the factory ``call`` returned: ``make(...)(x)`` itself, or the first
    call of the name it is bound to (``step = make(...)``; ``a, b = make(...)``: the names at the
    jit's ``positions``) in the loop's body; else ``call``, where the jit is made."""
    body = getattr(loop, "body", None)
    names: set[str] = set()
    for node in iter_nodes(body) if body is not None else ():
        if isinstance(node, cst.Assign) and node.value is call and len(node.targets) == 1:
            target = node.targets[0].target
            if isinstance(target, cst.Name) and positions is None:
                names = {target.value}
            elif isinstance(target, (cst.Tuple, cst.List)) and positions is not None:
                names = {e.value.value for i, e in enumerate(target.elements)
                         if i in positions and isinstance(e.value, cst.Name)}
    for node in iter_nodes(body) if names else ():
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in names:
            return node
    return call


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
