"""JG206: a value JAX cannot trace, passed at a non-static position of a jitted function (the
kinds: ``jitguard.lint.analysis.traceable``)."""

from __future__ import annotations

import re

import libcst as cst

from jitguard.lint.analysis.frozenopts import frozen_option_calls
from jitguard.lint.analysis.jitcontext import keyword, positional_args
from jitguard.lint.analysis.primals import any_traced_arguments, traced_arguments
from jitguard.lint.analysis.residuals import residual_arguments
from jitguard.lint.analysis.traceable import binding_site, bound_value, fix_for, untraceable
from jitguard.lint.analysis.walk import short
from jitguard.lint.diagnostics import Edit, Fix
from jitguard.lint.rules._jitargs import TRACING_JITS
from jitguard.lint.rules.base import Reporter, Rule, Scope

# jit flavours whose behaviour on a non-array argument is checked (TypeError at the call);
# equinox.filter_jit and flax.nnx.jit keep non-array values static, pmap needs a mapped argument
_STATIC_OPTIONS = ("static_argnums", "static_argnames")
# lax loops: the position and keyword of the initial carry, traced as arrays leaf by leaf
_CARRY_LOOPS = {
    "jax.lax.while_loop": (2, "init_val"),
    "jax.lax.fori_loop": (3, "init_val"),
    "jax.lax.scan": (1, "init"),
}


class UntraceableArgument(Rule):
    code = "JG206"
    scope = Scope.MODULE
    name = "untraceable-argument"
    summary = ("A string, function, class, or instance of a plain (unregistered) class passed where the jitted "
               "function traces its argument as an array.")
    jax_error = "TypeError: Error interpreting argument to <function> as an abstract array."
    fix_available = "unsafe"
    what = """
        Flags a call of a function jitted with `jax.jit` (or `pjit`) in this file — decorated
        (`@jax.jit`, `@partial(jax.jit, static_argnames=...)`, a method), bound to a name
        (`g = jax.jit(f, ...)`) or called where it is made (`jax.jit(f)(...)`) — that passes, at a
        position JAX does not keep static, a value JAX cannot turn into an array: a string or
        bytes (a literal, an f-string, `str(...)`, `"..." % v`, `"...".format(...)`), a function
        (a lambda, a plain `def`, also one nested in a function, a `def` whose every decorator is a
        JAX transform that makes a function object or a cache: `@jax.jit`, `@partial(jax.jit, ...)`,
        `@jax.vmap`, `@jax.grad` and its kin, `@jax.checkpoint`, `@jax.custom_jvp`/`custom_vjp`,
        `@jax.pmap`, `@functools.lru_cache`; `functools.partial(...)`, a
        function of JAX's API used as a value: `jax.nn.relu`, `jnp.tanh`), a class
        object, a set or a `range`, a NumPy array of strings or bytes (`np.array`/`np.asarray`
        of a literal list holding a string or bytes literal, or with `dtype=str`, `bytes` or
        `object`; a numeric `dtype=` converts the strings), a JAX runtime object (a device, `jax.devices()[0]` or the list
        `jax.devices()`, a `Mesh`, a `NamedSharding`/`SingleDeviceSharding`, a `PartitionSpec`),
        an instance of a class of this file that is not a pytree (plain or `@dataclass`, every base
        `object` or another such class, never passed to `register_pytree_node` or any other
        call, no `__jax_array__`; also a plain subclass of `dict`, `list` or `tuple`: JAX's
        registry looks the exact type up, so a subclass is a leaf), or a tuple, list, dict or NamedTuple holding one (also
        `Record(*make())`, the elements of the tuple literal a function of the file returns), an
        instance of an `equinox.Module` subclass of the file (its one base) with such a value in a
        field that is not static (`eqx.field(static=True)`), read from what its own `__init__`
        stores or, with the generated `__init__`, from the argument given for the field (a field
        with other `eqx.field` options, a converter, leaves the class alone), a module of
        `equinox.nn` whose pytree leaves hold a function (`eqx.nn.MLP`'s default activations,
        `eqx.nn.Lambda(fn)`, a pooling layer's reduction) or keep an argument JAX cannot trace
        (`eqx.nn.Sequential([...])`'s layers, `eqx.nn.BatchNorm`'s `axis_name`): which, probed
        on the installed equinox by scripts/gen_eqxnn.py (`eqxnn.py`), or
        a dataclass of the file registered once with `jax.tree_util.register_dataclass` holding one
        in a data field (a meta field, or a `field(...)` with metadata, stays static), or an
        instance of a class of the file registered with `register_pytree_node_class` (its
        decorator, one call, or an ancestor's `__init_subclass__`) whose `tree_flatten` makes an
        attribute holding one a child (explicit `self.<attr>` children, or every instance
        attribute but a collection of names: a comprehension over `self.__dict__`/`vars(self)`
        filtered by `k not in <names>`, the names a literal, a class attribute or a constant; the
        value the class's `__init__` stores, also by `self.a, self.b = a, b`, a parameter read at
        the construction call, else its default); also
        through a name bound once to one of these (unless the function empties it: `.pop(...)`,
        `del d[k]`), and through the one `return` of a plain function of the file
        (`batch = load()`). The instance a jitted method is called on
        (`runner.step(x)` with `@jax.jit def step(self, x)`; `m(x)` with `m = Model(...)` and a
        jitted `Model.__call__`) is such an argument too, at `self`,
        unless `self` is static. So is the class object a `@classmethod` stacked over a jit
        decorator binds as the jitted function's first argument, on every call (`A.zeros(...)`,
        `A().zeros(...)`, `cls.zeros(...)`), unless that position is static; the body then sees
        the class there, not a tracer (a `@staticmethod` over a jit binds nothing). The same values are flagged where a differentiation transform
        makes them tracers: a primal of `jax.vjp`/`jax.linearize` (also through `*args` whose
        elements are seen: a tuple literal, the `*args` of the enclosing function as the calls
        of its factory fill it, `sig.bind(*args).arguments.values()`), the primals of `jax.jvp`,
        and an argument of `jax.grad(f, argnums=...)(...)` (`value_and_grad`, `jacfwd`,
        `jacrev`, `jacobian`, `hessian`) at a differentiated position (the others pass through
        unchanged). So is such a value passed to a `jax.custom_vjp` function of the file whose
        forward rule (`f.defvjp(fwd, bwd)`) returns that parameter among its residuals, where the
        call is differentiated (in code passed to `jax.grad` and its kin, `jax.vjp`, `jax.jvp`,
        `jax.linearize`): JAX traces the residuals as arrays, also those of `nondiff_argnums`
        parameters. So is such a value in the initial carry of a lax loop (`while_loop`'s
        `init_val`, `fori_loop`'s or `scan`'s `init`; eagerly or traced, JAX traces every leaf of
        the carry: `lax.while_loop(cond, body, (x, matvec))`), and among the extra positional
        arguments of `jax.experimental.ode.odeint(func, y0, t, *args)`, which it differentiates and
        traces leaf by leaf (TypeError "The contents of odeint *args must be arrays or scalars").
        A name unpacked from a layer constructor of `jax.example_libraries.stax` (`init_fun,
        apply_fun = stax.serial(...)`) or an optimizer of `jax.example_libraries.optimizers`
        (`opt_init, opt_update, get_params = optimizers.adam(...)`) is a plain function. A parameter of a plain function
        of the file that every call of it (at least one) fills with one such value, of one kind
        (`cg(lambda v: A @ v, b)` for `def cg(matvec, b)`), and that the function never rebinds,
        holds that value. `self` itself, inside the class, is not judged (it may be an
        instance of a subclass registered as a pytree elsewhere), and calls through `self` are
        left alone when a class of the file derives from the method's class (an override may
        run). Only what the source shows
        for sure is flagged: a value of unknown kind, a class with another base from another library
        (a `flax.struct` dataclass, a library's subclass of `equinox.Module`), a registered pytree or NamedTuple, a static
        position, `*args` and `**kwargs`, and other jits are left alone (`equinox.filter_jit` and
        `flax.nnx.jit` are documented to keep non-array values static; `jax.pmap` raises a
        `ValueError` instead when no argument is mapped). A call of a jitted function of another
        file, and a registration of the class made in another file, are not seen.
        One shape of `**kwargs` is judged: a jit kept across calls (in a `self` attribute or a
        declared global, built under `if X is None:` or `if not X:`, no `else`) whose
        `static_argnames`/`static_argnums` read the building call's `**kwargs` (also through a name
        the function binds from them), called with `**kwargs`: the first call's static set is kept
        for every later call, so a later non-array keyword that call did not pass lands at a traced
        position (TypeError; `analysis/frozenopts.py`). Jits kept per static set (`if static not
        in self._jits:`), and a kept name bound anywhere else (a reset, `self._fn = None`, in the
        function or another method; `__init__` aside), are not claimed. And a function's own
        `**options` passed on whole (`def combine(x, y, **options): return f(x, y, **options)`,
        `options` never rebound) holds the keywords each call of that function in the file gives
        that name none of its parameters (`combine(1, 2, op="add")`): they reach `f` by name,
        and one that lands at a traced parameter is flagged at the forwarding call, where JAX
        raises.
        """
    why = """
        `jax.jit` traces every argument that is not static: it flattens it with `jax.tree_util`
        and makes each leaf an abstract array. A string, a function, a class or an instance of a
        class JAX does not know as a pytree has no array form, and the call raises `TypeError`
        (also when it is made from inside another traced function). Declare the parameter static
        (`static_argnames=("name",)`; a static value must be hashable, and each new value compiles
        again), or, for a class holding arrays, register it as a pytree
        (`@jax.tree_util.register_pytree_node_class`, `jax.tree_util.register_dataclass`) so its
        array fields are traced. `jitguard check --fix --unsafe-fixes` declares the parameter
        static where the jit has no static options yet and the value is hashable (a string, a
        function, a class, a plain instance): `@jax.jit` becomes
        `@jax.jit(static_argnames=("mode",))`, `jax.jit(f)` becomes
        `jax.jit(f, static_argnames=("mode",))`. It is unsafe: each new value compiles again, and
        a call that passes an array there would then fail.
        """
    example = """
        @jax.jit
        def scale(x, mode):
            return x * 2.0 if mode == "double" else x

        y = scale(jnp.ones(3), "double")
        """
    use_instead = """
        @partial(jax.jit, static_argnames=("mode",))
        def scale(x, mode):
            return x * 2.0 if mode == "double" else x

        y = scale(jnp.ones(3), "double")
        """

    def check_module(self, index, ctx: Reporter) -> None:
        self._check_primals(index, ctx)
        self._check_residuals(index, ctx)
        if not index.jit_uses and not index.transform_calls:
            return
        for call, kept, kwargs in frozen_option_calls(index):
            ctx.report(
                call,
                f"`{kept}` is jitted once, by the first call, with static options computed from that call's "
                f"`**{kwargs}`, and kept for every later call: a non-array keyword that the first call did not pass "
                "lands at a position this jit traces (TypeError at that call)",
                "Key the kept jits by the static set (`if static not in self._jits: self._jits[static] = "
                "jax.jit(...)`), or compute the static names from the function's signature, not from one call's "
                "arguments",
            )
        for call, scope, _klass, _loops in index.calls:
            if (self._loop_carry(call, index, scope, ctx) or self._ode_args(call, index, scope, ctx)
                    or self._class_bound(call, index, scope, ctx)):
                continue
            self._forwarded(call, index, scope, ctx)
            target = _jitted_target(call, index, scope)
            if target is None:
                continue
            display, params, options_at = target
            for value, param in params:
                if isinstance(value, cst.Name) and value.value in ("self", "cls"):
                    continue  # self may be an instance of a subclass registered elsewhere
                what = untraceable(value, index, scope)
                if what is None:
                    continue
                text = short(index.module.code_for_node(value))
                shown = f"argument {param[1:]}" if param.startswith("#") else f"`{param}`"
                ctx.report(
                    value,
                    f"`{text}` is {what}, passed as {shown} of jitted `{display}`, which is not static: JAX traces it "
                    "as an array and cannot interpret it as one (TypeError at the call)",
                    fix_for(what, param),
                    _static_fix(index, options_at, param, what),
                )

    def _forwarded(self, call: cst.Call, index, scope, ctx: Reporter) -> None:
        """``f(x, y, **options)`` of a jitted ``f`` in a function whose ``**options`` it passes on
        unchanged: the keywords each call of that function in the module puts in ``options``
        (``combine(1, 2, op="add")``) reach ``f`` by name (KWFORWARD)."""
        for value, caller, param, display in forwarded_keywords(call, index, scope):
            what = untraceable(value, index, caller)
            if what is None:
                continue
            text = short(index.module.code_for_node(value))
            name = caller.display() if caller is not None else "the module"
            ctx.report(
                call,
                f"`{text}` is {what}, passed by `{name}` through `**` as `{param}` of jitted `{display}`, which is "
                "not static: JAX traces it as an array and cannot interpret it as one (TypeError at this call)",
                fix_for(what, param),
            )

    def _loop_carry(self, call: cst.Call, index, scope, ctx: Reporter) -> bool:
        """``lax.while_loop(cond, body, (x, matvec))`` (``fori_loop``'s ``init_val``, ``scan``'s
        ``init``): JAX traces the initial carry as arrays, every leaf, eagerly or under a jit, and
        raises ``TypeError: ... is not a valid JAX type`` for a leaf it cannot trace (JAX 0.10.2:
        rules/JG206_functions.py)."""
        loop = _CARRY_LOOPS.get(index.resolve(call.func, scope) or "")
        if loop is None:
            return False
        position, name = loop
        value = keyword(call, name)
        if value is None:
            args = positional_args(call)
            if len(args) <= position or any(a.star for a in args[:position + 1]):
                return False
            value = args[position].value
        what = untraceable(value, index, scope)
        if what is None:
            return False
        short_loop = index.module.code_for_node(call.func)
        ctx.report(
            value,
            f"`{short(index.module.code_for_node(value))}` is {what}, the initial carry of `{short_loop}`: JAX traces "
            "every leaf of a loop carry as an array and cannot interpret it as one (TypeError at the call)",
            "Keep only arrays in the carry: close over the value in the loop's functions (a nested def, "
            "`functools.partial`), or pass it outside the carry",
        )
        return True

    def _ode_args(self, call: cst.Call, index, scope, ctx: Reporter) -> bool:
        """``odeint(func, y0, t, params, (U1, U2))``: odeint differentiates and traces the extra
        positional arguments it passes on to ``func``, leaf by leaf, eagerly or under a jit, and
        raises ``TypeError: The contents of odeint *args must be arrays or scalars`` for a leaf that
        is not one (a function, a string, a plain instance: JAX 0.10.2, rules/JG206_functions.py)."""
        if index.resolve(call.func, scope) != "jax.experimental.ode.odeint":
            return False
        args = positional_args(call)
        if any(a.star for a in args[:3]):
            return False
        for arg in args[3:]:
            if arg.star:
                break
            what = untraceable(arg.value, index, scope)
            if what is None:
                continue
            ctx.report(
                arg.value,
                f"`{short(index.module.code_for_node(arg.value))}` is {what}, passed to `odeint` among the extra "
                "arguments it hands to the dynamics function: odeint differentiates and traces them as arrays, "
                "leaf by leaf, and cannot interpret it as one (TypeError at the call)",
                "Pass only arrays there: close over the value in the dynamics function (`functools.partial(func, "
                "fn=...)`, a nested def) and keep the arrays it uses among the extra arguments",
            )
        return True

    def _class_bound(self, call: cst.Call, index, scope, ctx: Reporter) -> bool:
        """``A.zeros((2, 3))`` with ``@classmethod`` over ``@jax.jit`` (``index.class_bound_jit``):
        the classmethod passes the class object as the jitted function's first argument; unless
        that position is static, JAX traces it and cannot interpret a class (TypeError)."""
        if not isinstance(call.func, cst.Attribute):
            return False
        resolved = index.resolve_function(call.func, scope)
        if resolved is None or resolved[1] is not None or not resolved[2]:
            return False
        info = resolved[0]
        use = index.class_bound_jit(info)
        if use is None or use.qualname not in TRACING_JITS or not info.positional or use.static_unknown:
            return False
        first = info.positional[0].name
        if first in use.static_names:
            return False
        owner = index.module.code_for_node(call.func.value)
        ctx.report(
            call,
            f"`{info.display()}` is a classmethod over a jit: calling it (`{short(owner)}.{info.name}(...)`) passes the "
            f"class object as the jitted function's first argument `{first}`, which is not static: JAX traces it as "
            "an array and cannot interpret a class (TypeError at the call)",
            f"Take the class as a parameter and declare it static: `def {info.name}(cls, ...)` under "
            "`@partial(jax.jit, static_argnums=0)` (or make it a `@staticmethod` over the jit, if it does not use the class)",
        )
        return True

    def _check_residuals(self, index, ctx: Reporter) -> None:
        """``f(..., integrator)`` differentiated, with ``f.defvjp(fwd, bwd)`` and ``fwd`` returning
        ``integrator`` among its residuals (``jitguard.lint.analysis.residuals``)."""
        for value, scope, custom, fwd in residual_arguments(index):
            what = untraceable(value, index, scope)
            if what is None:
                continue
            text = short(index.module.code_for_node(value))
            ctx.report(
                value,
                f"`{text}` is {what}, passed to `{custom.name}`, a `jax.custom_vjp` function whose forward rule "
                f"`{fwd.name}` returns it among its residuals: differentiated here, JAX traces the residuals as "
                "arrays and cannot interpret it as one (TypeError at the call)",
                f"Keep it out of the residuals `{fwd.name}` returns: the backward rule receives the "
                "`nondiff_argnums` arguments first (`bwd(fn, res, g)`), or close over it",
            )

    def _check_primals(self, index, ctx: Reporter) -> None:
        """``jax.vjp(f, x, cfg)``, ``jax.grad(f)(cfg, x)``, ...: arguments a differentiation
        transform makes tracers (``jitguard.lint.analysis.primals``)."""
        if not any_traced_arguments(index):
            return
        reported = set()
        for call, scope, _klass, _loops in index.calls:
            for value, where, at, shown in traced_arguments(call, index, scope):
                what = untraceable(value, index, where)
                if what is None or id(at) in reported:
                    continue
                reported.add(id(at))
                text = short(index.module.code_for_node(value))
                ctx.report(
                    at,
                    f"`{text}` is {what}, passed as {shown}: JAX makes every leaf of it a tracer and "
                    "cannot interpret it as an array (TypeError at the call)",
                    "Keep non-array values out of the differentiated arguments: close over them "
                    "(`functools.partial(f, cfg)` or a lambda) and pass only arrays",
                )


# -- which calls reach a jitted function, and with which argument at which non-static parameter --


def forwarded_keywords(call: cst.Call, index, scope):
    """KWFORWARD: for ``f(x, **options)`` in a function whose ``**options`` parameter it never
    rebinds, each call of that function in this module (no ``*``/``**`` of its own) puts its
    keywords that name none of the function's parameters into ``options``, and Python passes them
    on to ``f`` by name: (value, the caller's scope, the parameter of ``f``, ``f``'s name) for each
    that lands at a non-static parameter of the jitted ``f``."""
    from jitguard.lint.analysis.shapes import _called_function

    star = [a for a in call.args if a.star == "**"]
    if scope is None or len(star) != 1 or any(a.star == "*" for a in call.args) or not isinstance(star[0].value, cst.Name):
        return
    name = star[0].value.value
    param = scope.param(name)
    if param is None or param.kind != "kwarg" or name in index.assigned_names(scope):
        return
    named = {p.name for p in scope.params}
    plain = [a for a in call.args if not a.star]
    for other, caller, _klass, _loops in index.calls:
        if other is call or any(a.star for a in other.args) or _called_function(index, other, caller) is not scope:
            continue
        extras = [a for a in other.args if a.keyword is not None and a.keyword.value not in named]
        if not extras:
            continue
        target = _jitted_target(call.with_changes(args=[*plain, *extras]), index, scope)
        if target is None:
            continue
        passed = {id(a.value) for a in extras}
        for value, at in target[1]:
            if id(value) in passed:
                yield value, caller, at, target[0]


def _jitted_target(call: cst.Call, index, scope):
    """For a call of a function jitted in this module with ``jax.jit``/``pjit``: (its name for
    messages, [(argument, parameter)] for each argument that lands at a non-static parameter);
    None for any other call, or when what JAX keeps static cannot be read."""
    func = call.func
    if isinstance(func, cst.Call):
        return _jit_call(func, call, index, scope)
    if isinstance(func, cst.Name):
        if index.lookup_function(func.value, scope) is None:
            bound = bound_value(func.value, index, scope)
            if isinstance(bound, cst.Call):
                return _instance_call(func, bound, call, index, scope) or _jit_call(bound, call, index, scope)
            return None
        if binding_site(func.value, index, scope)[1] != [None]:
            return None  # the def is rebound (`f = wrap(f)`): calls go through something else
        info = index.lookup_function(func.value, scope)
        return _decorated(info, call, index, offset=0)
    if isinstance(func, cst.Attribute):
        resolved = index.resolve_function(func, scope)
        if resolved is None or resolved[1] is not None or not resolved[0].is_method:
            return None
        info, _use, bound_self = resolved
        if isinstance(func.value, cst.Name) and func.value.value in ("self", "cls") and _overridden(index, info):
            return None  # self may be an instance of a subclass with its own method
        target = _decorated(info, call, index, offset=1 if bound_self else 0)
        if target is not None and bound_self and info.positional:
            receiver = info.positional[0].name  # `obj.step(x)`: JAX gets `obj` as `self`
            use = next(u for f, u, site in index.jit_uses if f is info and site is info.node.decorators[0].decorator)
            if receiver not in use.static_names:
                target[1].insert(0, (func.value, receiver))
        return target
    return None


def _instance_call(func: cst.Name, made: cst.BaseExpression, call: cst.Call, index, scope):
    """``m(x)`` with ``m = Model(...)``, a class of this module (bound once, not shadowed) whose own
    ``__call__`` is jitted by its decorator: Python runs ``Model.__call__(m, x)``, so JAX gets
    ``m`` as ``self`` (``obj.step(x)`` below, through ``__call__``)."""
    if not (isinstance(made, cst.Call) and isinstance(made.func, cst.Name) and made.func.value in index.classes
            and _module_class(made.func.value, index, scope)):
        return None
    info = index.classes[made.func.value].methods.get("__call__")
    if info is None or not info.is_method or not info.positional:
        return None
    target = _decorated(info, call, index, offset=1)
    if target is not None:
        use = next(u for f, u, site in index.jit_uses if f is info and site is info.node.decorators[0].decorator)
        if info.positional[0].name not in use.static_names:
            target[1].insert(0, (func, info.positional[0].name))
    return target


def _module_class(name: str, index, scope) -> bool:
    where, bindings = binding_site(name, index, scope)
    return where == "module" and bindings == [None]


def _overridden(index, info) -> bool:
    """Does a class of the module derive from the class of the method ``info``? (Its instances
    may run an override of the method, through ``self``.)"""
    owner = info.cls.name if info.cls is not None else None
    return owner is None or any(
        isinstance(b.value, cst.Name) and b.value.value == owner for k in index.classes.values() for b in k.node.bases)


def _jit_call(jit: cst.Call, call: cst.Call, index, scope):
    """``jax.jit(f, ...)`` (``jit``) called with ``call``'s arguments."""
    transform = index.transform_of(jit.func, scope)
    if transform not in TRACING_JITS:
        return None
    use = next((u for info, u, site in index.jit_uses if site is jit), None)
    if use is None:
        # a function not of this module: with no static options, JAX traces every argument
        if any(a.star for a in jit.args) or any(keyword(jit, k) is not None for k in _STATIC_OPTIONS):
            return None
        fn = positional_args(jit)
        shown = index.module.code_for_node(fn[0].value) if fn else "?"
        out = []
        for i, a in enumerate(call.args):
            if a.star:
                break  # where the next arguments land is not seen
            out.append((a.value, f"#{i}" if a.keyword is None else a.keyword.value))
        return short(shown), out, jit
    info = next(info for info, u, site in index.jit_uses if site is jit)
    return _mapped(info, use, call, offset=0, options_at=jit)


def _decorated(info, call: cst.Call, index, offset: int):
    """A call of the def ``info``, jitted by its outermost decorator (and, with other decorators
    under it, without static options: their signature is not the def's)."""
    if info is None or not isinstance(info.node, cst.FunctionDef) or not info.node.decorators:
        return None
    outer = info.node.decorators[0].decorator
    use = next((u for f, u, site in index.jit_uses if f is info and site is outer), None)
    if use is None or use.qualname not in TRACING_JITS:
        return None
    if len(info.node.decorators) > 1 and use.options is not None:
        return None
    return _mapped(info, use, call, offset, options_at=outer)


def _mapped(info, use, call: cst.Call, offset: int, options_at: cst.BaseExpression):
    """(name, [(argument, parameter)], ``options_at``) for the arguments of ``call`` at non-static
    parameters of ``info`` jitted by ``use``; ``offset``: arguments the call passes before its own
    (a bound self); ``options_at``: the decorator or ``jax.jit(...)`` call that holds the options."""
    if use.qualname not in TRACING_JITS or use.static_unknown or "**" in use.bound_keywords:
        return None
    positional = [p.name for p in info.positional]
    if use.bound_self and info.is_method:
        positional = positional[1:]
    positional = positional[use.bound_positional + offset:]
    named = {p.name for p in info.params if p.kind in ("positional", "kwonly")}
    out = []
    starred = False
    for i, arg in enumerate(call.args):
        if arg.star:
            starred = True
            continue
        if arg.keyword is not None:
            param = arg.keyword.value if arg.keyword.value in named else None
        else:
            param = positional[i] if not starred and i < len(positional) else None
        if param is None or param in use.static_names or param in use.bound_keywords:
            continue
        out.append((arg.value, param))
    return info.display(), out, options_at


# kinds a static argument can hold (hashable): the unsafe fix declares the parameter static
_HASHABLE_KINDS = re.compile(r"^(a string|a bytes object|a function|a class|an instance of `\w+`, a plain class|a frozenset|a `range`)")


def _static_fix(index, options_at: cst.BaseExpression, param: str, what: str) -> Fix | None:
    """``@jax.jit`` -> ``@jax.jit(static_argnames=("mode",))``, or ``jax.jit(f)`` ->
    ``jax.jit(f, static_argnames=("mode",))``, when the jit has no static options yet and the value
    is hashable. Unsafe: every new value compiles again, and an array passed there elsewhere
    would then fail (static arguments must be hashable)."""
    if param.startswith("#") or not _HASHABLE_KINDS.match(what) or " holding " in what:
        return None
    names = f'("{param}",)'
    code = index.module.code_for_node
    if isinstance(options_at, (cst.Name, cst.Attribute)):
        text = f"{code(options_at)}(static_argnames={names})"
    elif isinstance(options_at, cst.Call) and not any(a.star or a.keyword is not None for a in options_at.args):
        args = list(options_at.args)
        if not args:
            return None
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        args.append(cst.Arg(cst.parse_expression(names), keyword=cst.Name("static_argnames"),
                            equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                                                  whitespace_after=cst.SimpleWhitespace(""))))
        text = code(options_at.with_changes(args=args))
    else:
        return None
    return Fix.unsafe(Edit.replace(options_at, text), message=f"Declare `{param}` static")
