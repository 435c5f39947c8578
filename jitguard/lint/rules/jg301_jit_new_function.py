from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.jitcontext import DIFFERENTIATING, positional_args
from jitguard.lint.analysis.perinstance import per_instance_jit_calls
from jitguard.lint.analysis.loops import LoopFacts, enum_classes, is_bounded_loop, names_in
from jitguard.lint.analysis import eagerloops, lazybuild, returnedjit, shapes
from jitguard.lint.analysis.shapes import scope_view
from jitguard.lint.analysis.undertrace import only_under_trace, trace_condition, remember_pending
from jitguard.lint.analysis.walk import iter_nodes, own_nodes
from jitguard.lint.rules.base import Rule, Scope

_NEW_FUNCTION_CALLS = frozenset({"functools.partial"}) | jaxapi.TRANSPARENT_WRAPPERS | frozenset(jaxapi.TRACING_TRANSFORMS)


class JitOfNewFunction(Rule):
    code = "JG301"
    scope = Scope.MODULE
    name = "jit-of-new-function"
    summary = "`jax.jit` applied to a new function object again and again (a lambda, a `partial`, a nested def)."
    what = """
        Flags `jax.jit` (or `pmap`) applied to a function object that is created anew each time
        the code runs — a `lambda`, a `functools.partial(...)`, a `jax.grad(...)`, a nested
        `def`, a bound method — when that happens in a loop body or inside a function that calls
        the result right away; and a `@jax.jit` def nested in a loop body or defined and called in the same
        function body (also by a helper of the module it is passed to, which calls the parameter
        it binds: `newton(residual, x0)`, and through a transform called right away, which calls
        it: `jax.value_and_grad(loss)(w)`, `jax.grad`, `jax.vmap`, or bound to a name the function
        binds once and calls: `grad_fn = jax.value_and_grad(loss, has_aux=True)` then
        `grad_fn(w)`) — when that function itself runs again and again (it is called in a loop,
        or it is a `__call__`; a method called in a loop through an instance counts, also in
        another module of the checked tree that imports the class: `obj = frames.Rotation(0.3)`
        then `obj.transform(x)` in its loop, or a parameter every caller fills with a new
        instance; the finding is on the jit, naming that loop). A jitted
        function bound to a local name and called there (`step = jax.jit(lambda ...)`, then
        `step(x)`; a nested `def f` rebound as `f = jax.jit(f, ...)`, then `f(x)`) is made per run of its
        function too; so is one a function returns (`return jax.jit(jax.grad(lambda w: ...))`, itself
        or through a name) to a caller that calls it (`g = self.build(k)` then `g(w)`, or
        `build(k)(w)`) and runs again and again: reported on the jit in the returning function
        (an undecorated one; a caller that keeps the result is not claimed). So is a name the loop's body (or the function's, without a loop) binds to
        one before the jit: `g = jax.grad(loss)`, `g = lambda w: ...`, and the closure a JAX call
        returns in its tuple, `_, pullback = jax.vjp(f, x)` (or `jax.vjp(f, x)[1]`) or `jax.linearize` (a new object per
        call); a binding under an `if` is not judged. `jax.jit(obj.method)` counts as new: every attribute access makes
        a new bound-method object; so does `jax.jit(tx.update)` where `tx = make(...)` in the
        loop and the module's factory `make` returns a NamedTuple whose `update` field is a new
        closure (an optimizer built like optax's, rebuilt per learning rate); so does `jax.jit(wrap(f))`
        where `wrap` is an undecorated function of the module whose every `return` gives a function
        object it makes (a nested def, a lambda, a partial: a new closure per call; a
        `functools.cache`d factory returns one per argument and is not claimed). `jax.jit(module_level_fn)` in a loop is fine: JAX caches by
        function; so is a jitted function defined once in `main()` and called in its loop.
        A jit of a new function object made in `__init__` and kept on the instance
        (`self._grad = jax.jit(jax.grad(loss))`, `jax.jit(self.step)`) is one cache per
        instance (`self.step` resolved on the class and its bases in the module: a method, a
        classmethod or a function kept on the class is bound anew; a staticmethod is one function,
        shared): when the class is instantiated on every iteration of a loop (or in a function
        that runs again and again) and a method called on the new instance calls the attribute
        (or the attribute is called on the new instance itself: `bp = Inferer(edges)` then
        `bp.run(x)`, with `self.run = jax.jit(partial(fn, edges))` in `__init__`),
        the finding is on that call, where each instance compiles again; so with `jax.jit(fun)` of
        a constructor parameter when the instantiation in the loop passes a new function object
        (`Solver(lambda w: ...)`, `Solver(partial(loss, k))`). `jax.jit(loss)` of a module-level
        function (JAX shares its cache between jit objects of one function), and an instance made
        once before the loop, are not flagged.
        Outside any trace, `lax.while_loop`, `scan`, `map`, `fori_loop`, `cond` and `switch` are compiled
        too and cached by the identity of their functions: given a lambda, a nested def or a bound
        method `self.m` made by each run of a function that runs per step eagerly, or a new
        instance of a callable class of the module (`lax.scan(Step(), init, xs)`: its own
        `__call__`, plain bases, no `__new__`; a `__hash__`/`__eq__` of its own, even a frozen
        dataclass's, does not make two instances one cache entry), each run
        compiles again; so when such a function object is passed to a helper whose parameter
        reaches the primitive (`_solve(self._cond, self._body, x)`, reported at that call).
        In a loop of an eager driver's own body, a lambda or a bound method read at the call
        (`obj.body` with `obj = Stepper()` in that function, or `self.body`) is a new function
        object on every iteration, one instance or not: each iteration compiles again.
        Eagerly: on a chain of direct calls (functions, methods through an instance; none
        decorated, passed to a transform or any other call, or rebound: `f = jax.pmap(f)`, and for
        a method `advance = jax.jit(advance)` in its class body, `Cls.advance = jax.jit(...)` or
        `self.advance = jax.jit(self.advance)`, whose calls all run the jit: JAX compiles once)
        from the module's top level (`if __name__ == "__main__":` included) or from an entry
        function, with a loop that runs with the work on the way. An entry function is a driver no
        code of the checked tree calls: a plain module-level function whose parameters only count
        its loops (`def run(n): for _ in range(n): ...`), so it makes the arrays it steps and is
        run from Python. A function that takes its arrays as parameters (`def smooth(u,
        levels=4)`) is library code: its callers are usually outside the tree and may call it
        inside their own jitted step, where its loop unrolls into one trace and compiles once
        (JAX 0.10.2), so nothing shows it runs eagerly and it is not claimed; neither is a loop in
        its own body that calls the primitive, for the same reason. The finding on a driver is
        dropped when another file of the tree imports it (`from mod import run`, or `mod.run` on
        an import of the module: that file may call it inside a jitted step); a same-named
        function of another module does not count. A factory whose every return is a
        nested `@jax.jit` def or `jax.jit` of a new function object (or a tuple holding such jits,
        `return project, recover`) called in a loop that runs with the work makes a new jit
        object per iteration: reported where the loop calls what it returned. A decorated (cached)
        factory is not claimed. Nor is a loop over a collection whose length the code fixes: a
        literal, a comprehension over one, a `zip` with one, or what a function returns from
        every `return` (`for size, count in ramp(step, n)`, `ramp` returning `[(s, c) for s, c
        in zip(sizes, counts) if c]` with `sizes` a four-element list literal: four stages, four
        compiles, for 8 steps as for 800); for a function of another module, its file decides
        when it is analysed (a module that names no JAX transform is not, and the finding stays).
        A jit whose options read the loop's element (`for name, n in groups:` with
        `jax.jit(stack, out_shardings=shardings[name])`), in a loop that runs once per run of a
        function that is not itself repeated, makes one program per element, as a hoisted jit
        would have to (one jit cannot take per-element options): it is not flagged. Nor is a jit
        kept in a collection such a loop builds (`fns[name] = jax.jit(...)`, `fns.append(...)`),
        also as an ahead-of-time stage of it (`jax.jit(step).trace(n, shapes).lower().compile()`:
        a `Compiled` runs its executable at each call, without tracing again): one function per
        element, compiled once.
        A jit in code that runs only inside a trace is inlined in that trace and compiles nothing
        per call: in a jitted function, or in a method whose every call the module shows is made
        there — `self.attend(v)` from a model's `__call__`, whose instances (`self.block =
        Block()`, `model = Net()`) are only ever called, and only inside a jitted step. When that
        chain ends at the `__call__` of a class whose instances other modules make (the model is
        defined in `models.py`, built and applied inside the jitted step of `train.py`), every
        use of every instance of it in the checked tree must be such a call, also through the
        classes that hold one in a `self` attribute; a class derived from it anywhere, a module
        reading the global that holds the instance (`from train import MODEL`) or a method the
        proof saw called in one module only, or a file that names the class but is not analysed
        keeps the finding. A method or an instance passed on, returned or kept in a structure is
        not followed (the finding stays): so a jit in a layer of a model whose top-level module
        is a parameter of the jitted step (`def train_step(model, batch): model(batch)`), kept
        in lists of layers or subclassed, stays flagged.
        A jit of a new function object stored in a module global by a function that runs again
        and again (`global step; step = jax.jit(lambda ...)`, called before each use of `step`)
        is rebuilt, and compiled again, on every run unless a test around it reads what the build
        changes (`if step is None:`, a record the build assigns, a module-level dict it fills): a
        guard that reads only constants of the module that nothing reassigns (a settings class
        whose attribute nobody sets, a pure call of them) has the same value on every run, so it
        holds on every run. A guard reading a parameter, an import's value, an instance, or
        calling a function of another module is not judged (`analysis/lazybuild.py`).
        """
    why = """
        JAX's compile cache is keyed by the function object. A new lambda or partial is a new
        key, so every iteration (or every call of the enclosing function) traces and compiles
        from scratch: nothing fails, the program is just many times slower. Create the jitted
        function once — at module level, in `__init__`, or in a factory that returns it.
        """
    example = """
        def train(params, batches, lr):
            for batch in batches:
                step = jax.jit(lambda p, b: p - lr * b.mean())
                params = step(params, batch)
            return params
        """
    use_instead = """
        @jax.jit
        def step(p, b, lr):
            return p - lr * b.mean()


        def train(params, batches, lr):
            for batch in batches:
                params = step(params, batch, lr)
            return params


        params = train(jnp.zeros(3), [jnp.ones(3)] * 2, 0.1)
        """

    def check_module(self, index, ctx) -> None:
        repeated = shapes.repeated(index)
        enums = enum_classes(index.classes, index.imports)
        self._check_transform_calls(index, ctx, repeated, enums)
        self._check_decorated_defs(index, ctx, repeated, enums)
        self._check_global_builds(index, ctx, repeated)
        for call, message, help in eagerloops.findings(index, repeated, _kept, _bound_anew):
            ctx.report(call, message, help)  # eager lax loops on new functions; jitted factories in loops
        if index.classes:  # a jit made in __init__ per instance, with instances made again and again
            for call, message, help in per_instance_jit_calls(index, self._is_new_function):
                ctx.report(call, message, help)

    def _check_transform_calls(self, index, ctx, repeated: dict, enums: frozenset[str]) -> None:
        """``jax.jit(lambda ...)`` and the like."""
        called_inline = {id(outer.func) for outer, _f, _k, _l in index.calls if isinstance(outer.func, cst.Call)}
        for call, name, scope, loops in index.transform_calls:
            if name not in jaxapi.JIT_TRANSFORMS:
                continue
            # a loop over a fixed collection (a literal, an Enum, ...) makes one function per
            # element, a bounded number however long the program runs
            loops = tuple(loop for loop in loops
                          if not is_bounded_loop(loop, index.imports_of(scope), enums, scope_view(index, scope)))
            args = positional_args(call)
            if not args or not self._is_new_function(index, args[0].value, scope, loops):
                continue
            if only_under_trace(index, scope):
                continue  # traced with the enclosing function: a nested jit compiles nothing per call
            if len(loops) == 1 and scope not in repeated and _kept(call, loops[0]):
                continue  # one jitted function per element of a collection built once: cached, reused
            if len(loops) == 1 and scope not in repeated and _options_per_element(index, call, loops[0], scope):
                continue  # a different program per element (its out_shardings, ...): hoisting saves no compile
            short = name
            if loops:
                where = "inside a loop"
            elif (scope is not None and scope in repeated and (id(call) in called_inline or _called_after(index, call, scope))
                  and (why := shapes.repeated_at(index, scope, call)) is not None):
                where = f"and called at once inside `{scope.display()}`, which runs {why}"
            elif (returned := returnedjit.called_by_repeated_caller(index, call, scope)) is not None:
                where = f"returned by `{scope.display()}` and called by {returned[1]}"
                scope = returned[0]  # runs under a trace when that caller does: the proof's condition
            else:
                continue
            _pending(index, call, scope)
            ctx.report(
                call,
                f"`{short}` of a new function object {where}: each time this runs, JAX's cache misses and the "
                "function is traced and compiled again",
                "Create the jitted function once (module level, `__init__`, or a factory that returns it) and call "
                "that; pass changing values as arguments",
            )

    def _check_decorated_defs(self, index, ctx, repeated: dict, enums: frozenset[str]) -> None:
        """``@jax.jit`` on a nested def."""
        for info, use, site in index.jit_uses:
            if use.qualname not in jaxapi.JIT_TRANSFORMS or not isinstance(info.node, cst.FunctionDef):
                continue
            if site not in [d.decorator for d in info.node.decorators] or info.parent is None:
                continue
            if only_under_trace(index, info.parent):
                continue  # traced with the enclosing function: a nested jit compiles nothing per call
            if any(not is_bounded_loop(loop, index.imports_of(info.parent), enums, scope_view(index, info.parent))
                   for loop in info.loops):
                where = "inside a loop"
            elif self._called_in(index, info) and info.parent in repeated:
                where = f"inside `{info.parent.display()}`, which calls it and runs {repeated[info.parent]}"
            else:
                continue  # defined once per run of a function that runs once, or a factory: fine
            _pending(index, site, info.parent)
            ctx.report(
                site,
                f"`@{use.qualname}` on `{info.name}`, defined {where}: every run defines a new function, so JAX "
                "traces and compiles it again",
                "Define the jitted function once at module level (pass what it closes over as arguments), or "
                "build it in a factory whose result you keep",
            )

    def _check_global_builds(self, index, ctx, repeated: dict) -> None:
        """``global step; if <guard>: step = jax.jit(lambda ...)`` in a function that runs again and
        again, whose guard cannot change (``analysis/lazybuild.py``)."""
        in_loops = {id(call) for call, _n, _s, loops in index.transform_calls if loops}
        for call, name, target, scope, why, guarded in lazybuild.rebuilt_globals(index, repeated, self._is_new_function):
            if id(call) in in_loops or only_under_trace(index, scope):
                continue
            guard = ("the test guarding it reads nothing this build changes and holds on every run" if guarded
                     else "nothing guards it")
            ctx.report(
                call,
                f"`{name}` of a new function object stored in the global `{target}` by `{scope.display()}`, which "
                f"runs {why}: {guard}; each run makes a new function, which JAX traces and compiles again at its "
                "next call",
                f"Build it once (at module level), or guard the build with a test of what it assigns (`if {target} is "
                "None:`, or compare the value the build records)",
            )

    @staticmethod
    def _is_new_function(index, expr: cst.BaseExpression, scope, loops: tuple) -> bool:
        """Is ``expr`` a function object made anew each time (each iteration, if in a loop)?"""
        if isinstance(expr, cst.Lambda):
            return True
        if isinstance(expr, cst.Call):
            return index.imports.resolve(expr.func) in _NEW_FUNCTION_CALLS or _closure_factory_call(index, expr, scope)
        if isinstance(expr, cst.Subscript):  # jax.vjp(f, x)[1]: the closure its tuple holds
            return _closure_of_result(index, expr, scope)
        if isinstance(expr, cst.Attribute):
            # obj.method is a new bound-method object at every access (JAX misses its cache);
            # module.function is the same object every time
            head = expr.value
            while isinstance(head, cst.Attribute):
                head = head.value
            if not isinstance(head, cst.Name) or head.value in index.imports.names or head.value in index.classes:
                return False
            # a bound method only when some class of the module defines a method of that name; a
            # function kept in a NamedTuple field or an attribute is the same object every time,
            # unless that NamedTuple is made anew in the loop with a new closure in that field
            on_self = _bound_on_self(index, scope, expr)
            if on_self is not None:
                if on_self:
                    return True
            elif _is_method_name(index, expr.attr.value):
                return True
            return bool(loops) and isinstance(expr.value, cst.Name) and _fresh_field(
                index, scope, expr.value.value, expr.attr.value, loops[-1])
        if isinstance(expr, cst.Name) and scope is not None:
            found = index.lookup_function(expr.value, scope)
            if found is None:
                return _bound_new(index, expr, scope, loops)
            if found.parent is None:
                return False
            # a def before the loop is one object for all iterations; inside it, a new one each time
            return not loops or (bool(found.loops) and found.loops[-1] is loops[-1])
        return False

    @staticmethod
    def _called_in(index, info) -> bool:
        """Does the function ``info`` is nested in call it: directly, or by passing it to a helper
        of the module that calls the parameter it binds (``newton(residual, jac, x0)``)?"""
        for call, func, _k, _l in index.calls:
            if func is info.parent and _transformed_and_called(index, call, info.name, func):
                return True
            if func is not info.parent or not isinstance(call.func, cst.Name):
                continue
            if call.func.value == info.name or _bound_to_transform_of(index, info.parent, call.func.value, info.name):
                return True
            helper = index.lookup_function(call.func.value, info.parent)
            param = _bound_parameter(call, helper, info.name) if helper is not None else None
            if param is not None and any(f is helper and isinstance(c.func, cst.Name) and c.func.value == param
                                         for c, f, _k2, _l2 in index.calls):
                return True
        return False


# transforms whose result, called, calls the function they were given (so a jitted one runs its
# jit: JAX 0.10.2, rules/JG301.py)
_CALLING_TRANSFORMS = DIFFERENTIATING | {"jax.vmap"}


def _bound_new(index, use: cst.Name, scope, loops: tuple) -> bool:
    """``g = jax.grad(loss)``, ``g = lambda w: ...``, ``_, pullback = jax.vjp(f, x)`` in the body of
    the innermost loop (of the function, without one) before ``use``: the name holds a new function
    object on each iteration (each run), when the last statement of that body before ``use`` that
    binds it is a plain assignment of one (a binding under an ``if`` or the like: not judged)."""
    body = getattr(loops[-1] if loops else scope.node, "body", None)
    statements = getattr(body, "body", None)
    if not isinstance(statements, (list, tuple)):
        return False
    name, new = use.value, False
    for stmt in statements:
        if _contains(stmt, use):
            return new
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign) and any(_names_bound(t.target, name) for t in small.targets):
                    new = all(_makes_new(index, scope, t.target, small.value, name) for t in small.targets)
                elif name in shapes.bindings(small, itself=True):
                    new = False
        elif name in shapes.bindings(stmt, itself=True):
            new = False
    return False


# what shapes.fresh_maker says of a function object made anew (a nested def, a lambda, a partial)
_NEW_FUNCTION_WORDS = ("a new function object", "a new lambda", "a new `partial(")


def _closure_factory_call(index, call: cst.Call, scope) -> bool:
    """``jax.jit(wrap(f))``: a call of a plain (undecorated) function of the module whose every
    ``return`` gives a function object it makes anew (a nested def, a lambda, a partial): each
    call of it is a new object, so each jit of it misses JAX's cache (rules/JG301.py). A cached
    factory (``functools.cache``) returns one object per argument: not claimed."""
    view = scope_view(index, scope)
    found = view.callee(call)
    if found is None or found[1] or not isinstance(found[0].node, cst.FunctionDef) or found[0].node.decorators:
        return False
    made = shapes.fresh_return(index, found[0])
    return made is not None and made.startswith(_NEW_FUNCTION_WORDS)


def _closure_of_result(index, expr: cst.Subscript, scope) -> bool:
    """``jax.vjp(f, x)[1]``: the element of ``jaxapi.CLOSURE_RESULTS``'s tuple that is a new closure."""
    if not isinstance(expr.value, cst.Call) or len(expr.slice) != 1:
        return False
    position = jaxapi.CLOSURE_RESULTS.get(index.resolve(expr.value.func, scope) or "")
    index_expr = expr.slice[0].slice
    return (position is not None and isinstance(index_expr, cst.Index) and isinstance(index_expr.value, cst.Integer)
            and int(index_expr.value.value) == position)


def _names_bound(target: cst.BaseExpression, name: str) -> bool:
    if isinstance(target, (cst.Tuple, cst.List)):
        return any(_names_bound(e.value, name) for e in target.elements)
    return isinstance(target, cst.Name) and target.value == name


def _makes_new(index, scope, target: cst.BaseExpression, value: cst.BaseExpression, name: str) -> bool:
    """Does ``target = value`` bind ``name`` to a new function object: a lambda, a ``partial`` or a
    transform's result, or the closure a tuple result holds (``jaxapi.CLOSURE_RESULTS``)?"""
    if isinstance(target, cst.Name):
        return isinstance(value, cst.Lambda) or (
            isinstance(value, cst.Call) and index.imports.resolve(value.func) in _NEW_FUNCTION_CALLS)
    if not isinstance(target, (cst.Tuple, cst.List)) or not isinstance(value, cst.Call):
        return False
    position = jaxapi.CLOSURE_RESULTS.get(index.resolve(value.func, scope) or "")
    elements = target.elements
    return (position is not None and position < len(elements)
            and not any(isinstance(e, cst.StarredElement) for e in elements[:position + 1])
            and isinstance(elements[position].value, cst.Name) and elements[position].value.value == name)


def _transformed_and_called(index, call: cst.Call, name: str, scope) -> bool:
    """``jax.value_and_grad(loss_fn)(...)``, ``jax.vmap(loss_fn)(...)``: a transform of the nested
    def ``name`` called right away, which calls ``name`` (a jitted one runs its jit)."""
    return _calling_transform_of(index, call.func, name, scope)


def _calling_transform_of(index, expr: cst.BaseExpression, name: str, scope) -> bool:
    """Is ``expr`` a transform of the function named ``name`` whose result, called, calls it
    (``jax.value_and_grad(name, ...)``, ``jax.vmap(name)``)?"""
    if not isinstance(expr, cst.Call) or index.resolve(expr.func, scope) not in _CALLING_TRANSFORMS:
        return False
    args = [a for a in expr.args if a.keyword is None]
    first = args[0].value if args else None
    return isinstance(first, cst.Name) and first.value == name


def _bound_to_transform_of(index, scope, target: str, name: str) -> bool:
    """``grad_fn = jax.value_and_grad(loss_fn, has_aux=True)``, the one binding of ``target`` in
    ``scope``: calling ``grad_fn`` calls ``loss_fn`` as calling the transform at once does (a new
    jitted ``loss_fn`` per run of ``scope`` compiles per run: JAX 0.10.2, rules/JG301.py)."""
    values = scope_view(index, scope).bindings_here().get(target)
    return values is not None and len(values) == 1 and _calling_transform_of(index, values[0], name, scope)


def _bound_parameter(call: cst.Call, helper, name: str) -> str | None:
    """The parameter of ``helper`` that ``call`` (of it, no ``*args``) binds to the name ``name``."""
    if any(a.star for a in call.args) or helper.is_method:
        return None
    positional = helper.positional
    for i, arg in enumerate(a for a in call.args if a.keyword is None):
        if isinstance(arg.value, cst.Name) and arg.value.value == name and i < len(positional):
            return positional[i].name
    for arg in call.args:
        if arg.keyword is not None and isinstance(arg.value, cst.Name) and arg.value.value == name:
            return arg.keyword.value if helper.param(arg.keyword.value) is not None else None
    return None


def _pending(index, node: cst.CSTNode, scope) -> None:
    """A finding in a method that runs only under a trace if the ``__call__`` of some classes does,
    wherever the checked tree calls their instances: the project-wide proof may drop it
    (jitguard.lint.analysis.undertrace_project)."""
    condition = trace_condition(index, scope)
    if condition is not None and condition[0]:
        remember_pending(index, node, condition)


def _called_after(index, call: cst.Call, scope) -> bool:
    """``step = jax.jit(...)`` then ``step(...)`` in the same function: the jitted function is made
    and used by each run of ``scope`` (the name's only binding there is this call, or this call and
    the nested def it jits: ``def loop_fn(...)`` then ``loop_fn = jax.jit(loop_fn, ...)``)."""
    bound = [name for name, values in scope_view(index, scope).bindings_here().items()
             if any(v is call for v in values) and _bound_to_jit_only(index, call, scope, name, values)]
    return bool(bound) and any(
        func is scope and isinstance(c.func, cst.Name) and c.func.value in bound for c, func, _k, _l in index.calls)


def _bound_to_jit_only(index, call: cst.Call, scope, name: str, values: list) -> bool:
    """Are the bindings ``values`` of ``name`` in ``scope`` the jit ``call`` alone, or ``call`` and
    the def of the nested function it jits by that very name?"""
    if len(values) == 1:
        return True
    args = positional_args(call)
    if len(values) != 2 or not any(v is None for v in values) or not args:
        return False
    first = args[0].value
    nested = index.lookup_function(name, scope)
    return (isinstance(first, cst.Name) and first.value == name and nested is not None
            and nested.parent is scope and isinstance(nested.node, cst.FunctionDef))


def _options_per_element(index, call: cst.Call, loop: cst.CSTNode, scope) -> bool:
    """``jax.jit(f, out_shardings=shardings[name])`` in ``for name, n in groups:``: an option of the
    jit reads the loop's element, so each element needs its own jitted program whatever is
    hoisted (one jit cannot take per-element options): the loop, run once, compiles once per
    element either way."""
    options = [a.value for a in call.args if a.keyword is not None]
    if not options:
        return False
    facts = LoopFacts(loop, index.imports_of(scope), scope_view(index, scope))
    per_element = facts.varying | facts.struct | facts.bounded
    return any(names_in(value) & per_element for value in options)


_NAMED_TUPLES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})


def _fresh_field(index, scope, owner: str, attr: str, loop: cst.CSTNode) -> bool:
    """``tx.update`` where ``tx = make(...)`` in ``loop`` (its only binding in ``scope``) and every
    return of the module's factory ``make`` is a NamedTuple of the module whose field ``attr``
    gets a new function object (a nested def, a lambda, a partial): a new closure per iteration,
    as optax builds its optimizers."""
    if scope is None or scope.param(owner) is not None:
        return False
    view = scope_view(index, scope)
    values = view.bindings_here().get(owner)
    if not values or len(values) != 1 or not isinstance(values[0], cst.Call) or not _contains(loop, values[0]):
        return False
    found = view.callee(values[0])
    if found is None or found[1] or isinstance(found[0].node, cst.Lambda):
        return False
    factory = found[0]
    returns = [node.value for node in own_nodes(factory.node.body) if isinstance(node, cst.Return)]
    if not returns:
        return False
    factory_view = scope_view(index, factory)
    for value in returns:
        if isinstance(value, cst.Name):
            bound = factory_view.bindings_here().get(value.value)
            value = bound[0] if bound and len(bound) == 1 else None
        if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Name):
            return False
        klass = index.classes.get(value.func.value)
        if klass is None or not any(index.imports.resolve(b.value) in _NAMED_TUPLES for b in klass.node.bases):
            return False
        field = _field_value(klass, value, attr)
        if field is None or not shapes.fresh_maker(factory_view, field):
            return False
    return True


def _field_value(klass, call: cst.Call, attr: str) -> cst.BaseExpression | None:
    """The value ``call`` (a NamedTuple's constructor) gives to the field ``attr``."""
    fields = [stmt.body[0].target.value for stmt in klass.node.body.body
              if isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.AnnAssign)
              and isinstance(stmt.body[0].target, cst.Name)]
    positional = [a for a in call.args if a.keyword is None]
    if any(a.star for a in call.args):
        return None
    for a in call.args:
        if a.keyword is not None and a.keyword.value == attr:
            return a.value
    if attr in fields and fields.index(attr) < len(positional):
        return positional[fields.index(attr)].value
    return None


def _bound_on_self(index, scope, expr: cst.Attribute) -> bool | None:
    """``self.name`` in a method (or a function nested in one) of a class of the module: is it a
    new bound-method object at each access? Resolved on that class and its bases in the module:
    a method or a classmethod, or a function assigned in the class body, is bound anew (checked
    under JAX 0.10.2: 4 compiles for 4 instances); a staticmethod, a property or a name the
    classes do not define is not. None: not ``self.name``, or a base outside the module."""
    if not isinstance(expr.value, cst.Name):
        return None
    klass = _self_class(scope, expr.value.value)
    if klass is None:
        return None
    return _binds_anew(index, klass, expr.attr.value, set())


def _bound_anew(index, scope, expr: cst.Attribute) -> bool | None:
    """``_bound_on_self``, or ``obj.name`` where ``obj`` is bound once in ``scope`` (not a
    parameter) to ``Klass(...)`` of a class of the module: each access makes a new bound method
    the same way (JAX 0.10.2: an eager ``lax.fori_loop`` given ``abc.body_fn`` compiles once per
    iteration, even for one instance; rules/JG301_eager_bound_methods.py)."""
    on_self = _bound_on_self(index, scope, expr)
    if on_self is not None or scope is None or not isinstance(expr.value, cst.Name):
        return on_self
    owner = expr.value.value
    values = scope_view(index, scope).bindings_here().get(owner)
    if scope.param(owner) is not None or not values or len(values) != 1:
        return None
    made = values[0]
    if not (isinstance(made, cst.Call) and isinstance(made.func, cst.Name)):
        return None
    klass = index.classes.get(made.func.value)
    if klass is None or index.lookup_function(made.func.value, scope) is not None:
        return None
    return _binds_anew(index, klass, expr.attr.value, set())


def _self_class(scope, name: str):
    """The class whose method's first parameter is ``name``, seen from ``scope`` (None: not one)."""
    func = scope
    while func is not None:
        if func.is_method and func.cls is not None and func.positional and func.positional[0].name == name:
            return None if _decorated(func.node, "classmethod") else func.cls
        if func.param(name) is not None:
            return None
        func = func.parent
    return None


def _binds_anew(index, klass, name: str, seen: set) -> bool | None:
    """Does ``instance.name`` make a new bound method (see ``_bound_on_self``)?"""
    seen.add(klass.name)
    method = klass.methods.get(name)
    if method is not None and isinstance(method.node, cst.FunctionDef):
        return not (_decorated(method.node, "staticmethod") or _decorated(method.node, "property"))
    value = lazybuild.class_attribute(klass, name)
    if value is not None:
        if isinstance(value, cst.Lambda) or (
                isinstance(value, cst.Name) and index.lookup_function(value.value, None) is not None):
            return True  # a plain function kept on the class: a descriptor, bound at each access
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value == "staticmethod":
            return False
        return None
    for base in klass.node.bases:
        value = base.value
        if isinstance(value, cst.Name) and value.value == "object":
            continue
        if not isinstance(value, cst.Name) or value.value not in index.classes:
            return None  # a base outside the module: its attributes are unknown here
        if value.value not in seen:
            found = _binds_anew(index, index.classes[value.value], name, seen)
            if found is not False:
                return found
    return False


def _decorated(node, name: str) -> bool:
    return any(isinstance(d.decorator, cst.Name) and d.decorator.value == name for d in node.decorators)


def _is_method_name(index, name: str) -> bool:
    for cls in index.classes.values():
        method = cls.methods.get(name)
        if method is not None and method.is_method and not any(
                isinstance(d.decorator, cst.Name) and d.decorator.value in ("staticmethod", "property")
                for d in method.node.decorators):
            return True
    return False


_COLLECTING_METHODS = frozenset({"append", "add", "insert", "setdefault", "extend", "update"})


def _kept(call: cst.Call, loop: cst.CSTNode) -> bool:
    """Is the result of ``call`` (made in ``loop``) kept in a collection the loop builds — a
    comprehension's element, ``fns.append(...)``, ``fns[key] = ...`` — rather than used and
    dropped each iteration? Then each element is one function object, jitted once and reused."""
    if isinstance(loop, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
        return _holds(loop.elt, call)
    if isinstance(loop, cst.DictComp):
        return _holds(loop.value, call)
    body = getattr(loop, "body", None)
    if body is None:
        return False
    for node in iter_nodes(body):
        if isinstance(node, cst.Assign) and _contains(node.value, call):
            if not _holds(node.value, call):
                return False
            if any(isinstance(t.target, cst.Subscript) for t in node.targets):
                return True
            # `k = jax.jit(jax.vmap(k)); kernels.append(k)`: kept through the name it is bound to
            names = [t.target.value for t in node.targets if isinstance(t.target, cst.Name)]
            return len(names) == len(node.targets) == 1 and _kept_name(body, names[0])
        if (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
                and node.func.attr.value in _COLLECTING_METHODS and any(_contains(a.value, call) for a in node.args)):
            return any(_holds(a.value, call) for a in node.args)
    return False


def _kept_name(body: cst.CSTNode, name: str) -> bool:
    """Does the loop body keep the function bound to ``name`` itself (not what calling it
    returns) in a collection: ``fns.append(name)``, ``fns[key] = name``, ``(name, other)``?"""
    for node in iter_nodes(body):
        if isinstance(node, cst.Assign) and any(isinstance(t.target, cst.Subscript) for t in node.targets):
            values = [node.value]
        elif (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
                and node.func.attr.value in _COLLECTING_METHODS):
            values = [a.value for a in node.args]
        else:
            continue
        if any(_holds_name(v, name) for v in values):
            return True
    return False


def _holds_name(tree: cst.CSTNode, name: str) -> bool:
    """``name`` occurs in ``tree`` as a value, and no call in ``tree`` calls it."""
    uses = [n for n in iter_nodes(tree) if isinstance(n, cst.Name) and n.value == name]
    if not uses:
        return False
    called = [n for n in iter_nodes(tree) if isinstance(n, cst.Call) and any(u is n.func or _contains(n.func, u) for u in uses)]
    return not called


def _contains(tree: cst.CSTNode, node: cst.CSTNode) -> bool:
    return any(n is node for n in iter_nodes(tree))


def _holds(tree: cst.CSTNode, call: cst.Call) -> bool:
    """Does the value of ``tree`` hold the function ``call`` makes (``call`` itself, or inside a
    tuple, a dict, an argument of a wrapper), rather than only what calling it returns
    (``jax.jit(f)(x)``: an array is kept, the jitted function is dropped)?"""
    if not _contains(tree, call):
        return False
    for node in iter_nodes(tree):
        if isinstance(node, cst.Call) and node is not call and _contains(node.func, call) and not _aot_stage(node, call):
            return False  # the jitted function (or an attribute of it) is called: its result is kept
    return True


# ahead-of-time stages of a jitted function: `jax.jit(f).trace(*args)` gives a Traced,
# `.lower(*args)` a Lowered, `.compile()` a Compiled, each the same function staged further
_AOT_STAGES = frozenset({"trace", "lower", "compile"})


def _aot_stage(node: cst.Call, call: cst.Call) -> bool:
    """Is ``node`` a stage of the jitted function ``call`` makes (``call.lower(x)``,
    ``call.trace(x).lower().compile()``)? Keeping it keeps that function, traced, lowered or
    compiled once: calling a Compiled runs its executable without tracing again."""
    func = node.func
    return (isinstance(func, cst.Attribute) and func.attr.value in _AOT_STAGES
            and (func.value is call or (isinstance(func.value, cst.Call) and _aot_stage(func.value, call))))
