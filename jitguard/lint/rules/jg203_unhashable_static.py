from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import fieldeq, forwarders, jaxapi, primals, staticpos
from jitguard.lint.analysis.inexact import inexact_kind
from jitguard.lint.analysis.calls import local_jit_site
from jitguard.lint.analysis.arrays import ELEMENTWISE, many_elements, read_argument
from jitguard.lint.analysis.hashability import binding_targets, bound_once, unhashable_value
from jitguard.lint.analysis.shapes import scope_view
from jitguard.lint.analysis.spread import spread_arguments
from jitguard.lint.analysis.instances import constructed_instance, own_returns
from jitguard.lint.analysis.walk import iter_nodes
from jitguard.lint.analysis.jitcontext import DIFFERENTIATING, STAGED, keyword, literal_ints, literal_strs, positional_args
from jitguard.lint.analysis.project import CallSite
from jitguard.lint.analysis.pytrees import metadata_parameters
from jitguard.lint.analysis.traceable import bindings_in
from jitguard.lint.analysis.staticeq import staged_equality
from jitguard.lint.diagnostics import Edit, Fix
from jitguard.lint.rules._jitargs import TRACING_JITS
from jitguard.lint.rules._sites import outer_call, report_all
from jitguard.lint.rules.base import Reporter, Rule, Scope


class UnhashableStaticArgument(Rule):
    code = "JG203"
    scope = Scope.PROJECT
    name = "unhashable-static-argument"
    summary = "A list, dict, set, array (or a value holding one) or a tracer passed where the jitted function expects a static argument."
    jax_error = "ValueError: Non-hashable static arguments are not supported."
    fix_available = "yes"
    what = """
        Flags a call of a jitted function (in this file or another file of the checked tree)
        that passes an unhashable value at a static position: a list, dict or set literal or
        comprehension, `list(...)`/`dict(...)`/`set(...)`, a tuple holding one of those, an array
        from `np.array`/`jnp.zeros`/... or any other `jax.numpy`/`jax.random`/`jax.lax` call that
        returns arrays (`jnp.add(4, 1)`, `jax.random.PRNGKey(0)`; not shape or dtype queries, nor
        calls returning other values such as `lax.fori_loop` over ints), arithmetic with a JAX
        array (`jnp.ones(3) * 2`, `-x`), a NumPy random draw given a size (`np.random.rand(3)`,
        `rng.integers(0, 9, size=4)` with `rng = np.random.default_rng()`; without a size it is
        a hashable scalar), a `slice(...)` (unhashable before Python 3.12: reported unless the
        project's `requires-python` starts at 3.12 or later), an instance of a class
        of the same module without a hash (Python looks `__hash__` up along the MRO: a class body
        that defines `__eq__` without `__hash__` sets it to None, and so does a mutable
        `@dataclass`; a subclass that defines neither inherits that, also from `dict`, `list`
        or `set`; a base, decorator or metaclass from elsewhere, or a `__hash__` assigned after
        the class is made, leaves it unjudged),
        a namedtuple or frozen dataclass holding one of those (they hash their fields; also a
        field the call leaves to `field(default_factory=dict)`, `list` or `set`, and not a field
        its `__post_init__` replaces, `object.__setattr__(self, "x", tuple(self.x))`), an
        instance of a class of the module whose own `__hash__` passes an attribute to `hash()`
        (alone or in a tuple literal: `hash((self.x, self.mul))`, which hashes each element),
        `__init__` setting it from a parameter (`self.x = x`, its only assignment), built with one
        of those for that parameter (`CustomClass(jnp.array(2.0), True)`), an instance of an
        `equinox.Module` subclass of the module (its one base), hashed by all its fields, static
        or not, with one of those in a field (given to the generated `__init__` or stored by its
        own), an
        instance of a standard-library class that defines `__eq__` without `__hash__`
        (`argparse.Namespace`, also from `parser.parse_args()`; the table is read from the
        standard library), a name bound to one of those in the same scope, or `self.cfg` where
        the class's `__init__` is the only place that sets it, to one of those; names are followed
        inside such values too (`C(x)` with `x = jnp.zeros(3)` at module level), and so are the
        plain functions of the file that build a value, with the arguments each call gives them
        (`static = rebuild(make_model(list))`, where `make_model(container)` returns
        `Model(container([...]))` and `rebuild` a `dataclasses.replace` of it). Within one file it
        also reads `jax.jit(f, static_argnums=...)(...)` and a jit bound to a local name (also
        `run = make_run(step)` where `make_run` returns a def nested in it, jitted with static
        arguments), `obj.method(x)` where the method is jitted with `self` static (the instance
        is then the static argument; so is `model(x)` with a jitted `__call__`) or with another static position (the call's arguments
        fill the positions after `self`; `static_argnums` counts `self`), and a
        transform that calls a jitted function with tracers at a static position
        (`jax.vmap(partial(f, a, b))(x)` when `f` declares position 2 static; `jax.make_jaxpr(g)(x,
        2)` with `g = jax.jit(f, static_argnames=("y",))` made in the same function; also such a
        transform bound once to a name and called later: `pmapped = jax.pmap(jit_f)`, then
        `pmapped(a, b, flag)`, where pmap traces every argument outside `static_broadcasted_argnums`;
        a transform given `in_axes` or static options is not judged; a differentiation transform
        that makes a tracer of an inexact argument it differentiates at a static position:
        `jax.vjp(f_jitted, p, x, 0.5)`, `jax.linearize`, the primals tuple of `jax.jvp`, the
        `argnums` of `jax.grad`/`jacrev`/..., when the value is a float or complex literal, a
        float scalar or array (`jnp.zeros(3)`, `np.linspace(...)`) or a name bound once to one;
        an int or bool gets a `float0` tangent and stays a Python value, so it is not reported; a jit of a function not in
        sight, `jf = jax.jit(jax.nn.one_hot, static_argnums=1)` inline or bound once, here or at
        module level, counts with its literal static positions, which it hashes whatever the
        function is: `jax.vmap(jf)(labels, counts)`), and an instance of
        a `@dataclass` with the generated `__eq__` and a `__hash__` of its own over fields given
        the same literals (`hash(self.name)`), built with an array of more than one element in
        another field, passed at a static position after another such instance in the same
        function (the two hash alike, so JAX compares them with `==`, whose truth value an array
        has not: ValueError; the same instance again, or other hashed values, run), and an
        instance of
        a registered pytree given an array of more than one element in its metadata (aux data of
        `tree_flatten`, `meta_fields`, `eqx.field(static=True)` of an `equinox.Module`; built here or by a factory such as a `staticmethod`
        returning it; the array made by a constructor, a `jax.random` draw with a shape, a legacy
        `jax.random.PRNGKey` (two uint32 words), an
        elementwise `jnp` function or arithmetic on such an array, or a helper returning it, also
        spread from the tuple it returns: `Rope(*caches(16, 32))`) passed to
        a jitted function (`jax.jit`, `pmap`, a def decorated with `eqx.filter_jit`) after another
        instance was passed to a jit of the same function (every
        `jax.jit(f)` of one `f` shares its cache; the same instance again is fine), or built by a
        plain function of the file from an array it makes anew on each run (arithmetic, an
        elementwise `jnp` function; not `jnp.asarray` of an array, which returns it) with more
        than one element on every call the file makes (its parameters read as each call passes
        them: `Grid(points, jnp.floor(box / width))` with `place(p, BOX)`), when the file runs that
        function more than once (two calls, or one in a loop). A plain function of the same file that
        passes its parameter on, unchanged, to a static position (`def run(x, size): return
        resize(x, size)`; also `*args`/`**kwargs` passed on whole: `def run(*args, **kwargs):
        return resize(*args, **kwargs)` gives its callers' positions to `resize`'s) counts as the
        jitted function for that parameter; the finding is then
        on its call of the jitted function, where JAX raises, and names the call that passes the
        value (one finding there, naming every such call). A function that passes
        one of its own traced parameters (never rebound) to a static position of another jitted
        function is flagged too, where the parameter surely holds a tracer: the function is
        jitted by its only decorator and the parameter is not static and has no default, or
        `jax.jit(f)(x, n)` calls it right where it is made, passing the parameter, not static.
        More generally, traced code (a jitted function, a `lax` loop body, a vmapped function)
        that calls a jitted function of the file passes tracers for everything computed from
        traced data, `jnp` results of constants under jit and what a jitted function returns
        included: at a static position, a traced array, a tuple of tracers (`tuple(arr)`,
        `tuple(map(tuple, arr))`), a NamedTuple or frozen dataclass holding one, or an instance
        of a class whose own `__hash__` converts the attribute holding one (`int(jnp.sum(
        self.val))`, `.item()`, a NumPy call, also in a helper it calls) or hashes it
        (`hash((self.val, self.tag))`) is flagged (a plain
        object hashes by identity and is not; a parameter with a default is traced only when
        passed). A `jax.tree_util.Partial(g, a)` passed to a jitted function at a
        traced position carries its bound arguments as leaves, tracers there: calling it gives
        them to `g`, flagged when `g` is jitted with a static position among them. An instance
        of a class of the file whose `__eq__` computes with JAX (returns a `jnp`/`lax` call, or
        an operator or method on an attribute holding a JAX array: annotated `jax.Array`, or
        stored from a `jnp` call by `__init__`), passed at a static position from staged code
        (a name bound to one, or a parameter of the enclosing function that every call of it
        in the file fills with one), is flagged too: an equal but new instance (one rebuilt per
        trial, or by `vmap` unflattening a pytree) is compared with the cached one inside the
        trace, where `__eq__` gives a tracer (ValueError); outside a trace, or with NumPy in
        `__eq__`, it runs. The callable given to `jax.jit` is hashed too, when the jitted function
        is called: `jax.jit(a)(x)`, or `f(x)` with `f = jax.jit(a)` in a function, where `a` is an
        instance of a class of the module without a hash (a mutable `@dataclass` with `__call__`,
        a class defining `__eq__` only; registered as a pytree or not) raises `TypeError:
        unhashable type` at the call. A def under `@jax.custom_jvp` (or `custom_vjp`; also
        `partial(jax.custom_jvp, nondiff_argnums=...)`) stacked right over a jit with static
        parameters not among the custom rule's `nondiff_argnums`, called from staged code (a
        jitted function, or through `jax.jit(fun, ...)` itself, even with the same static
        arguments), is flagged at the call: under a staged trace the custom rule traces every
        argument not in `nondiff_argnums`, defaults too, so the inner jit gets a tracer at its
        static position (ValueError); called eagerly, under `grad` or `vmap` alone, it runs.
        A `*args` forwarder that a factory of the module returns (`g = factory(f, statics=(1,))`, or
        `@factory def g`; undecorated or under `functools.wraps`) into a jit the factory makes
        (`@partial(jax.jit, static_argnums=...)`, or a local name bound once to `jax.jit(f,
        static_argnums=...)`; the positions literal or the factory's parameter; a factory returning
        `jax.jit(f, static_argnums=...)` itself counts too, its call then the jit's) is read per
        call of `g`: its body runs on the
        call's arguments (`args = list(args)`, `tuple(None if isinstance(a, jax.Array) else a for a
        in args)`, decided per argument, a NumPy array not being a `jax.Array`, and `for i in
        statics: args[i] = Cls(args[i])`), and what it puts at a static position is judged as
        above, the finding on its call of the jit: a NumPy array in the static tuple, or, from
        traced code, a tracer held by an instance whose `__hash__` converts it.
        A `nondiff_argnums` slot of a `@partial(jax.custom_vjp, nondiff_argnums=...)` function is
        static-like: a traced parameter of a jitted function passed there raises
        `UnexpectedTracerError` (under jit alone; `custom_jvp` accepts it). So does a parameter of
        a `lax.scan` or `fori_loop` body (every one a tracer; also spread from the carry,
        `func(*carry)`, or unpacked from it) passed into such a slot of a `custom_vjp` function, or
        of a `custom_jvp` one (decorated, or `jax.custom_jvp(f, nondiff_argnums=...)`) when the
        function running the loop is given to `jax.grad` or its kin. So does the custom-rule
        function itself jitted by a call (`f_jit = jax.jit(f)`) that does not keep its
        `nondiff_argnums` parameters static: jit traces them, a `custom_vjp` function then raises
        `UnexpectedTracerError` at every call of `f_jit`, a `custom_jvp` one a `TypeError` where
        `f_jit` is differentiated (`jax.jacobian(f_jit)(x, idx)`, `jax.grad`, `jax.jvp`, or a
        call of `f_jit` in a function the module gives to `jax.grad`), an int in the slot too; a call that leaves the parameter at its default runs (jit traces only the
        arguments it is given). The function given to
        `lax.scan`, `fori_loop`, `while_loop`, `cond` or `switch` is hashed (their trace caches key
        on it): one of the unhashable instances above there (an `equinox.Module` with an array
        field, a mutable dataclass with `__call__`) raises `TypeError: unhashable type`, eagerly or
        under jit (`lax.map` wraps its function and runs).
        """
    why = """
        JAX looks static arguments up in its compile cache by hash, so they must be hashable; an
        unhashable one raises `ValueError` at the call. Pass a tuple, a frozenset or a frozen
        (hashable) config object — or, if the value is data, make the parameter traced.
        `jitguard check --fix` turns a list literal at a static position into a tuple.
        """
    example = """
        @partial(jax.jit, static_argnames=("sizes",))
        def split(x, sizes):
            return jnp.split(x, sizes)

        parts = split(jnp.arange(6.0), sizes=[2, 4])
        """
    use_instead = """
        @partial(jax.jit, static_argnames=("sizes",))
        def split(x, sizes):
            return jnp.split(x, sizes)

        parts = split(jnp.arange(6.0), sizes=(2, 4))
        """

    def check_project(self, sites: list[CallSite], ctx: Reporter) -> None:
        findings = []
        for site in sites:
            verdict = self._verdict(site)
            if not verdict:
                continue
            message, help, replacement = verdict
            fix = None
            if replacement and site.arg.span is not None:
                fix = Fix.safe(Edit(replacement, *site.arg.span), message="Pass a tuple")
            findings.append((site, message, help, fix))
        # through a wrapper (`def mesh_eval(f, lims): return _mesh_eval(f, lims)`): JAX raises at the
        # wrapper's call of the jitted function, so the finding goes there and names the outer call
        report_all(ctx, findings, via=lambda site: f" (the value comes from the call of {outer_call(site)})")

    def _verdict(self, site: CallSite):
        kind = site.arg.unhashable
        if not site.static or not kind:
            return None
        fix = _fix(kind, default="Pass a tuple (or frozenset, or a frozen dataclass) instead")
        replacement = site.arg.as_tuple  # a list literal: `--fix` makes it a tuple
        if replacement:
            fix = f"Pass a tuple: `{replacement}` (`jitguard check --fix` does it)"
        return (
            f"`{site.arg.text}` is {kind}, passed as static argument `{site.param}` of jitted `{site.function}`: "
            "static arguments must be hashable (JAX raises an error at the call)",
            fix,
            replacement,
        )

    # -- within one file: jit written at the call, and tracers that reach a static position -------
    def check_module(self, index, ctx) -> None:
        reported: set[int] = set()  # nodes reported by the traced-parameter check
        metadata = metadata_parameters(index.module, index.imports, index.source) if index.classes else {}
        seen: dict[tuple, set] = {}  # (scope, jitted function, arguments' layout) -> the instances passed
        # _static_receiver reports only calls of a def whose outermost decorator is such a jit
        jitted_defs = any(use.qualname in TRACING_JITS for _f, use, _s in index.jit_uses)
        # _loop_tracer_to_nondiff reads only calls made in the body of a lax.scan / fori_loop
        # (_loop_run): the functions of the module given to one, asked once, not per call
        loop_bodies = {id(f) for f, use, _s in index.jit_uses if use.qualname in _TRACED_BODIES}
        differentiates = primals.any_traced_arguments(index)  # jax.vjp / jvp / linearize / grad(...)(...)
        for call, scope, _klass, loops in index.calls:
            if metadata:
                self._array_in_metadata(call, index, scope, ctx, metadata, seen, loops)
            if index.classes:
                self._array_field_equality(call, index, scope, ctx, seen)
            if self._unhashable_callable(call, index, scope, ctx) or self._custom_rule_over_jit(call, index, scope, ctx):
                continue
            if self._unhashable_loop_function(call, index, scope, ctx):
                continue
            jitted = _jit_at_call(index, call, scope)
            if jitted is not None:
                # `g = jax.jit(f, ...)` bound once in the function: the project facts read `g(...)`
                # as a call through that jit, and check_project reports it (with a fix)
                if not (isinstance(call.func, cst.Name) and local_jit_site(index, call.func.value, scope) is not None):
                    self._local_jit(call, index, scope, ctx, *jitted)
                continue
            if differentiates and self._differentiated_to_static(call, index, scope, ctx):
                continue
            if self._jitted_custom_rule(call, index, scope, ctx, differentiates):
                continue
            self._tracer_to_static(call, index, scope, ctx)
            self._through_forwarder(call, index, scope, ctx)
            self._staged_equality(call, index, scope, ctx)
            if jitted_defs and isinstance(call.func, (cst.Attribute, cst.Name)):
                self._static_receiver(call, index, scope, ctx)
            if scope is not None:
                self._traced_parameter_to_static(call, index, scope, ctx, reported)
                self._traced_parameter_to_nondiff(call, index, scope, ctx)
                if id(scope) in loop_bodies:
                    self._loop_tracer_to_nondiff(call, index, scope, ctx)
        # tracers the taint walks found at static positions of jitted functions called in traced code
        for node, message, help in staticpos.found(index):
            if id(node) not in reported:
                ctx.report(node, message, help)

    def _array_in_metadata(self, call, index, scope, ctx, metadata, seen, loops) -> None:
        """A jitted function called with an instance of a registered pytree whose metadata (aux
        data, ``meta_fields``) was given an array: JAX compares the metadata of the cached
        programs with ``==`` to find the compiled program, and an array's ``==`` has no truth
        value. The first call compiles and runs, and so does a call with the same instance (its
        metadata is the same object). Reported is a call, after one with another instance, of a
        jit of the same function (every ``jax.jit(f)`` of ``f`` shares one cache) with the same
        arguments' layout, or a call in a loop that builds a new instance each iteration (JAX
        0.10.2: rules/JG203.py)."""
        function = _jitted_identity(index, call, scope)
        if function is None:
            return
        layout = tuple(a.keyword.value if a.keyword is not None else None for a in call.args)
        instances = seen.setdefault((id(scope), function, layout), set())
        for arg in call.args:
            found = _metadata_instance(arg.value, index, scope, metadata)
            per_run = None if found is not None else _metadata_per_run(arg.value, index, scope, metadata)
            if per_run is not None:
                found = per_run
            if found is None:
                continue
            made, field, cls = found
            # built inside a loop around the call: a later iteration passes a new instance
            fresh = any(made is n for loop in loops for n in iter_nodes(loop))
            if not fresh and per_run is None and (not instances or made in instances):
                instances.add(made)
                return  # the first call (or the same instance again) compiles and runs
            instances.add(made)
            how = ("in a loop, a new instance each time" if fresh else
                   "already called with another instance" if per_run is None else
                   f"as a new instance with a new array on every run of `{scope.name}`, which this module runs more "
                   "than once")
            ctx.report(
                arg.value,
                f"`{index.module.code_for_node(arg.value)}` keeps an array in `{field}`, pytree metadata of "
                f"`{cls}`, and is passed to a jitted function "
                + how
                + ": JAX compares metadata with `==` to find the compiled program, and an array's `==` has no "
                "truth value: ValueError at this call",
                f"Arrays are data: flatten `{field}` as a child (a data field), or keep a hashable Python "
                "value there (a tuple)",
            )
            return

    def _array_field_equality(self, call, index, scope, ctx, seen) -> None:
        """``run(model=m2)`` with ``model`` static, after ``run(model=m1)`` in the same function:
        ``m1`` and ``m2`` instances of a ``@dataclass`` with the generated ``__eq__`` and its own
        ``__hash__`` over fields given the same literals, with an array of more than one element
        in another field. Same hash, so JAX compares them with ``==``: ValueError (``fieldeq``)."""
        target = _jitted_function(call.func, index, scope)
        if target is None:
            return
        info, use = target
        positional = [p.name for p in info.params if p.kind == "positional"][use.bound_positional:]
        for i, arg in enumerate(call.args):
            if arg.star:
                return
            param = arg.keyword.value if arg.keyword is not None else (positional[i] if i < len(positional) else None)
            found = fieldeq.array_eq_instance(arg.value, index, scope) if param in use.static_names else None
            if found is None:
                continue
            made, field, cls, key = found
            instances = seen.setdefault((id(scope), info, param, "eq"), {})
            earlier = instances.setdefault(key, made)
            if earlier is made:
                continue  # the first instance with this hash (or the same one again) compiles and runs
            ctor = index.module.code_for_node(arg.value)
            ctx.report(
                arg.value,
                f"`{ctor}` is a `{cls}` with an array in `{field}`, passed as static argument `{param}` of jitted "
                f"`{info.display()}` after another `{cls}` of the same hash: JAX compares the two with the dataclass "
                "`__eq__`, which needs the truth value of the arrays' `==` (ValueError at this call)",
                f"Register `{cls}` as a pytree (its arrays data fields) and pass it traced, or keep arrays out of "
                "static arguments (a tuple of Python numbers)",
            )
            return

    def _unhashable_callable(self, call, index, scope, ctx) -> bool:
        """``jax.jit(a)(x)``, or ``f(x)`` with ``f = jax.jit(a)``, where ``a`` is an instance of a class
        without a hash (a mutable ``@dataclass`` with ``__call__``, a class defining ``__eq__``
        only): ``jax.jit`` keeps the callable it is given and hashes it to find the compiled
        program when the result is called, so the call raises ``TypeError: unhashable type``
        (JAX 0.10.2: rules/JG203.py), pytree registration or not."""
        made = call.func
        if isinstance(made, cst.Name) and scope is not None and made.value not in index.aliases:
            made = index.binding(made.value, scope)
        if not isinstance(made, cst.Call) or index.transform_of(made.func, scope) not in TRACING_JITS:
            return False
        targs = positional_args(made)
        if len(targs) != 1 or targs[0].star:
            return False
        kind = unhashable_value(targs[0].value, index, scope)
        if not kind or not kind.startswith("an instance of"):
            return False
        text = index.module.code_for_node(targs[0].value)
        ctx.report(
            call,
            f"`{text}` is {kind}, and it is the callable given to `jax.jit`: the jitted function hashes the "
            "callable it wraps to find its compiled program, so this call raises `TypeError: unhashable type`",
            "Keep identity hashing (`@dataclass(eq=False)`, or a `__hash__` matching `__eq__` over hashable "
            "fields), or jit a function that takes the instance as an argument (`jax.jit(lambda m, x: m(x))`, "
            "the class registered as a pytree)",
        )
        return True

    def _unhashable_loop_function(self, call, index, scope, ctx) -> bool:
        """``lax.scan(model, init, xs)`` where ``model`` is an instance of a class without a usable
        hash (an ``equinox.Module`` with an array field, a mutable ``@dataclass`` with ``__call__``):
        ``scan``, ``fori_loop``, ``while_loop``, ``cond`` and ``switch`` cache their traced functions
        keyed by the function, so they hash it: ``TypeError: unhashable type``, eagerly or under jit
        (JAX 0.10.2: rules/JG203_loop_functions.py; ``lax.map`` wraps its function and runs)."""
        positions = _LOOP_FUNCTIONS.get(index.resolve(call.func, scope) or "")
        if positions is None or any(a.star for a in call.args):
            return False
        args = [a.value for a in call.args if a.keyword is None]
        for i in positions:
            values = args[i].elements if i < len(args) and isinstance(args[i], (cst.List, cst.Tuple)) else None
            for value in ([e.value for e in values] if values is not None else args[i:i + 1]):
                made = index.binding(value.value, scope) if isinstance(value, cst.Name) else value
                if not (isinstance(made, cst.Call) and isinstance(made.func, cst.Name) and made.func.value in index.classes):
                    continue  # only an instance of a class of the module: a callable object
                kind = unhashable_value(value, index, scope)
                if not kind:
                    continue
                text = index.module.code_for_node(value)
                short = index.resolve(call.func, scope).rsplit(".", 1)[-1]
                ctx.report(
                    value,
                    f"`{text}` is {kind}, and it is the function given to `lax.{short}`, which hashes its "
                    "functions to cache their traces: `TypeError: unhashable type` at the call",
                    f"Pass a function that calls it (`lambda *a: {text}(*a)`), or give the class a hash "
                    "(`@dataclass(eq=False)`, or a `__hash__` over hashable fields)",
                )
                return True
        return False

    def _custom_rule_over_jit(self, call, index, scope, ctx) -> bool:
        """``@jax.custom_jvp`` (or ``custom_vjp``) stacked right over ``@partial(jax.jit,
        static_argnums=2)``, called from staged code: a call in a jitted function, or through
        ``jax.jit(fun, ...)`` itself. Under a staged trace the custom rule traces every argument
        not in its ``nondiff_argnums`` (a default too), so the inner jit gets a tracer at its
        static position and cannot hash it (ValueError; eagerly, under ``grad`` or ``vmap`` alone
        it runs: JAX 0.10.2, rules/JG203.py)."""
        func = call.func
        through_jit = False
        made = index.binding(func.value, scope) if isinstance(func, cst.Name) and scope is not None else None
        if isinstance(made, cst.Call) and func.value not in index.aliases:
            func = made
        if isinstance(func, cst.Call) and index.transform_of(func.func, scope) in TRACING_JITS:
            targs = positional_args(func)
            if not targs:
                return False
            func, through_jit = targs[0].value, True
        resolved = index.resolve_function(func, scope) if isinstance(func, cst.Name) else None
        if resolved is not None and resolved[1] is not None and resolved[1].qualname in TRACING_JITS:
            through_jit = True  # `f = jax.jit(fun, ...)` at module level
        elif resolved is None or resolved[1] is not None or resolved[2]:
            return False
        if not through_jit and (scope is None or index.traces.kind(scope) != STAGED):
            return False
        stacked = _custom_rule_over_static_jit(index, resolved[0])
        if stacked is None:
            return False
        rule, params = stacked
        ctx.report(
            call,
            f"`{resolved[0].name}` is a `{rule}` over a jit with {', '.join(f'`{p}`' for p in params)} static, called "
            + ("through `jax.jit`" if through_jit else "from traced code")
            + f": under a staged trace `{rule}` traces every argument not in its `nondiff_argnums`, so the inner jit "
            "gets a tracer at its static position and cannot hash it (ValueError at the call)",
            f"List the static positions in the custom rule's `nondiff_argnums` too (`@partial(jax.{rule}, "
            f"nondiff_argnums=(...))`; the rule then receives them first), or make them traced in the inner jit",
        )
        return True

    def _static_receiver(self, call, index, scope, ctx) -> None:
        """``obj.energy(x)`` with ``@partial(jax.jit, static_argnums=0) def energy(self, x)``: the
        method is jitted as a plain function, so the instance it is called on is its first
        argument, static: JAX hashes ``obj`` (a frozen dataclass hashes its fields; a mutable
        dataclass has no hash), ValueError when that fails (JAX 0.10.2). ``model(x)`` with ``model``
        an instance whose ``__call__`` is jitted so is the same call of ``__call__``."""
        receiver = call.func.value if isinstance(call.func, cst.Attribute) else call.func
        if isinstance(receiver, cst.Name) and receiver.value in ("self", "cls"):
            return  # self may be an instance of a subclass, with its own method or hash
        info = _method_of(call, index, scope)
        use = _outermost_jit(index, info) if info is not None else None
        if use is None or use.bound_self or use.bound_positional or not info.positional:
            return
        self_name = info.positional[0].name
        if self_name not in use.static_names:
            self._method_arguments(call, info, use, index, scope, ctx)
            return
        kind = unhashable_value(receiver, index, scope)
        if kind:
            text = index.module.code_for_node(receiver)
            ctx.report(
                receiver,
                f"`{text}` is {kind}, and `{info.display()}` is jitted with `{self_name}` static: the instance a "
                f"jitted method is called on is its static argument `{self_name}`, and static arguments must be "
                "hashable (JAX raises an error at the call)",
                _MODULE_FIX if _EQX in kind else
                "Register the class as a pytree (its arrays traced, its other fields metadata) and leave "
                f"`{self_name}` traced, or make every field hashable (tuples instead of lists; no arrays)",
            )

    def _method_arguments(self, call, info, use, index, scope, ctx) -> None:
        """``agent.update(data, cfg)`` with ``@partial(jax.jit, static_argnums=(2,)) def update(self,
        data, cfg)``: the method is jitted as a plain function, so the call's arguments fill its
        positions after ``self`` (``static_argnums`` counts ``self``); an unhashable value at a
        static one raises when JAX hashes it (JAX 0.10.2: tests/test_static_semantics.py)."""
        positional = [p.name for p in info.positional][1:]
        self._local_jit(call, index, scope, ctx, info, positional, set(use.static_names))

    def _local_jit(self, call, index, scope, ctx, info, positional, static: set[str]) -> None:
        """``jax.jit(f, static_argnames=...)(x, s)`` or ``g = jax.jit(f, ...)`` in a function, then
        ``g(x, s)``: an unhashable value at a static position (the project facts see module-level
        ``g = jax.jit(f, ...)`` and decorators)."""
        for i, arg in enumerate(call.args):
            if arg.star:
                return
            param = arg.keyword.value if arg.keyword is not None else (positional[i] if i < len(positional) else None)
            if param is None or param not in static:
                continue
            kind = unhashable_value(arg.value, index, scope)
            if kind:
                text = index.module.code_for_node(arg.value)
                ctx.report(
                    arg.value,
                    f"`{text}` is {kind}, passed as static argument `{param}` of jitted `{info.display()}`: "
                    "static arguments must be hashable (JAX raises an error at the call)",
                    _fix(kind),
                )
                return

    def _staged_equality(self, call, index, scope, ctx) -> None:
        """``inner(x, terrain=terrain)`` in jitted code, ``terrain`` static in ``inner`` and an
        instance of a class whose ``__eq__`` computes with ``jnp`` (``staticeq``): the cache lookup
        compares an equal new instance inside the trace and gets a tracer (ValueError)."""
        if scope is None or not isinstance(call.func, cst.Name):
            return
        target = _jitted_function(call.func, index, scope)
        if target is None:
            return
        info, use = target
        positional = [p.name for p in info.params if p.kind == "positional"][use.bound_positional:]
        for value, klass in staged_equality(index, call, scope, set(use.static_names), positional):
            text = index.module.code_for_node(value)
            ctx.report(
                value,
                f"`{text}` is an instance of `{klass}`, whose `__eq__` computes with JAX, passed as a static "
                f"argument of jitted `{info.display()}` from traced code: when an equal new instance arrives, JAX "
                "compares the two inside the trace, where `__eq__` gives a tracer, not a bool (ValueError at the call)",
                f"Make `{klass}.__eq__` return a Python bool computed without JAX (NumPy on concrete values, "
                "`np.allclose`, tuples of floats), or keep arrays out of static arguments (pass them traced)",
            )

    @staticmethod
    def _differentiated_to_static(call, index, scope, ctx) -> bool:
        """``jax.vjp(f_jitted, p, e, A, B)`` with ``f_jitted = jax.jit(f, static_argnums=(2, 3))`` and
        ``A`` a float: the differentiation transform makes a tracer of every differentiated argument of
        an inexact dtype (``jvp``'s primals, ``grad``'s ``argnums``), so the jit gets one at a static
        position and cannot hash it (ValueError). An int or bool stays a Python value there and runs
        (JAX 0.10.2, ``inexact``)."""
        got = primals.differentiated_positions(call, index, scope)
        if got is None:
            return False
        fn, values = got
        unwrapped = _unwrap_partial(fn, index, scope)
        layout = _static_layout(unwrapped[0], index, scope) if unwrapped is not None else None
        if layout is None:
            return False
        text, statics = layout
        for pos, value in values:
            i = unwrapped[1] + pos
            kind = inexact_kind(value, index, scope) if i in statics else None
            if not kind:
                continue
            transform = index.module.code_for_node(call.func if not isinstance(call.func, cst.Call) else call.func.func)
            param = f"`{statics[i]}`" if statics[i] else f"position {i}"
            ctx.report(
                value,
                f"`{transform}` differentiates `{index.module.code_for_node(value)}`, {kind}: it reaches static "
                f"argument {param} of jitted `{text}` as a tracer, which JAX cannot hash (ValueError at the call)",
                "Bind the static arguments before differentiating (`partial(f, A=A, B=B)`, by keyword) and "
                "differentiate the rest, or pass an int there (an integer argument is not traced)",
            )
            return True
        return False

    def _tracer_to_static(self, call, index, scope, ctx) -> None:
        """``jax.vmap(partial(f, a, b))(x)`` with ``f`` jitted with ``static_argnums=(2,)``: the
        transform calls ``f(a, b, tracer)``, and JAX cannot hash the tracer at the static position."""
        mapped = _mapping_transform(call, index, scope)
        if mapped is None:
            return
        transform, fn = mapped
        unwrapped = _unwrap_partial(fn, index, scope)
        if unwrapped is None:
            return
        expr, bound = unwrapped
        target = _jitted_function(expr, index, scope)
        if target is not None:
            info, use = target
            positional = [p.name for p in info.params if p.kind == "positional"][use.bound_positional:]
            static = use.static_names
        elif (local := _local_jit_of(expr, index, scope)) is not None:  # jf = jax.jit(f, static_argnums=1) in this function
            info, positional, static = local
        else:
            self._tracer_to_static_position(call, index, scope, ctx, transform, expr, bound)
            return
        for i in range(bound, bound + len(call.args)):
            if i < len(positional) and positional[i] in static:
                ctx.report(
                    call,
                    f"`{transform.rsplit('.', 1)[-1]}` passes a tracer to static argument `{positional[i]}` of jitted "
                    f"`{info.display()}` (position {i}"
                    + (f", after the {bound} argument{'s' if bound != 1 else ''} bound before it" if bound else "")
                    + "): JAX cannot hash a tracer and raises an error at the call",
                    ("Bind the static arguments by keyword (`partial(f, a=..., T=...)`) or call it from a lambda "
                     "(`lambda z: f(z, a, T)`) so the mapped value lands at a traced position") if bound else
                    _outer_static_help(transform, i),
                )
                return


    @staticmethod
    def _through_forwarder(call, index, scope, ctx) -> None:
        """``g(x, batch)`` with ``g`` a ``*args`` forwarder a factory of the module returns
        (``g = F(h, ...)`` or ``@F def g``): the forwarder's body, run on these arguments, puts an
        unhashable value (a NumPy array in a tuple) at a static position of the jit the factory
        makes; JAX raises at the forwarder's call of it (``forwarders``)."""
        for hit in forwarders.reached(index, call, scope):
            parts = hit.value.elements if isinstance(hit.value, cst.Tuple) else None
            values = [e.value for e in parts] if parts is not None else [hit.value]
            kind = next((k for v in values if (k := _caller_value_kind(v, index, scope))), None)
            if not kind:
                continue
            what = f"a tuple holding {kind}" if parts is not None else kind
            text = index.module.code_for_node(call)[:60]
            where = f" in `{scope.display()}`" if scope else ""
            head = (f"`{text}`{where} passes {what} at static position {hit.position} of the jit `{hit.factory}` returns"
                    if hit.wrapper is None else
                    f"`{hit.wrapper}`, the forwarder `{hit.factory}` returns, builds {what} from the arguments of the "
                    f"call `{text}`{where} and passes it as static position {hit.position} of jitted `{hit.jitted}`")
            ctx.report(
                hit.jit_call,
                head + ": static arguments must be hashable (ValueError at this call)",
                "Convert an array with `jnp.asarray(...)` before the call so the forwarder passes it traced, or "
                "keep what reaches a static position a hashable Python value (a tuple of numbers)",
            )
            return

    @staticmethod
    def _tracer_to_static_position(call, index, scope, ctx, transform: str, expr, bound: int) -> None:
        """``jax.vmap(jf)(labels, n)`` with ``jf = jax.jit(jax.nn.one_hot, static_argnums=1)``: a
        jit of a function whose signature is not in sight still hashes the arguments at its
        literal static positions, and the transform passes a tracer at each of them (ValueError,
        "Non-hashable static arguments", whatever the function is)."""
        made = _jit_with_static_positions(expr, index, scope)
        if made is None:
            return
        text, positions = made
        hit = sorted(i for i in positions if bound <= i < bound + len(call.args))
        if hit:
            i = hit[0]
            ctx.report(
                call,
                f"`{transform.rsplit('.', 1)[-1]}` passes a tracer to static position {i} of `{text}`: JAX cannot "
                "hash a tracer and raises an error at the call",
                _outer_static_help(transform, i),
            )

    def _traced_parameter_to_static(self, call, index, scope, ctx, reported: set[int]) -> None:
        """``@jax.jit def outer(x, n): return inner(x, n)`` with ``inner`` jitted with ``n`` static:
        in ``outer`` every call passes ``n`` (no default) and JAX traces it, so ``inner`` gets a
        tracer at a static position and cannot hash it (ValueError, JAX 0.10.2)."""
        if not isinstance(call.func, cst.Name):
            return
        traced = _traced_parameters(index, scope)
        if not traced:
            return
        target = _jitted_function(call.func, index, scope)
        if target is None or target[1].qualname not in TRACING_JITS:
            return
        info, use = target
        if call.func.value not in index.aliases and _outermost_jit(index, info) is not use:
            return  # another decorator around the jit: the call may not reach it as written
        positional = [p.name for p in info.params if p.kind == "positional"][use.bound_positional:]
        rebound = index.assigned_names(scope)
        for i, arg in enumerate(call.args):
            if arg.star:
                return
            param = arg.keyword.value if arg.keyword is not None else (positional[i] if i < len(positional) else None)
            value = arg.value
            if (param is None or param not in use.static_names or not isinstance(value, cst.Name)
                    or value.value not in traced or value.value in rebound or _rebinds(scope, value.value)):
                continue
            reported.add(id(value))
            ctx.report(
                value,
                f"`{value.value}` is traced here (parameter of jitted `{scope.display()}`, not static there) "
                f"and passed as static argument `{param}` of jitted `{info.display()}`: JAX cannot hash a tracer "
                "(ValueError at the call)",
                f"Declare `{value.value}` static in `{scope.display()}` too "
                f"(`static_argnames=(\"{value.value}\",)`), so it stays a Python value, or make `{param}` traced in "
                f"`{info.display()}`",
            )
            return


    @staticmethod
    def _jitted_custom_rule(call, index, scope, ctx, differentiates) -> bool:
        """``f_jit = jax.jit(f)`` with ``@partial(jax.custom_jvp, nondiff_argnums=(1,)) def f(x, idx)``:
        ``jax.jit`` traces every argument it does not keep static, so the custom rule gets a tracer
        in its ``nondiff_argnums`` slot. A ``custom_vjp`` function refuses it at every call of the
        jit (UnexpectedTracerError); a ``custom_jvp`` one runs until the jit is differentiated
        (``jax.jacobian(f_jit)(x, idx)``, ``grad``, ``jvp``, ...: TypeError "No constant handler",
        an int in the slot too). JAX 0.10.2, rules/JG203_jitted_custom_rules.py."""
        got = primals.differentiated_positions(call, index, scope) if differentiates else None
        unwrapped = _unwrap_partial(got[0], index, scope) if got is not None else (call.func, 0)
        target = _jitted_function(unwrapped[0], index, scope) if unwrapped is not None else None
        found = _custom_rule_under_jit(index, *target) if target is not None else None
        # a custom_jvp jit called in a function that the module differentiates (`jax.grad(loss)`)
        under = (_differentiated_by(index, scope) if found is not None and got is None and found[0] == "custom_jvp"
                 and scope is not None else None)
        if found is None or (got is None and found[0] != "custom_vjp" and under is None):
            return False
        rule, params = found[0], _passed_parameters(index, call, got is not None, found[1], target[0], scope)
        if not params:
            return False  # left at their defaults: jit does not trace what it is not given
        if got is not None:
            how = "differentiated here: differentiating it with a tracer there fails (TypeError)"
        elif under is not None:
            how = (f"called here, in `{scope.display()}`, which `{under}` differentiates: differentiating it with a "
                   "tracer there fails (TypeError)")
        else:
            how = "called here: JAX refuses a tracer there (UnexpectedTracerError)"
        ctx.report(call, *_jitted_custom_rule_message(index.module.code_for_node(unwrapped[0]), rule, target[0], params, how))
        return True

    def _traced_parameter_to_nondiff(self, call, index, scope, ctx) -> None:
        """``@jax.jit def g(s, p): return f(s, p)`` with ``@partial(jax.custom_vjp, nondiff_argnums=(0,))
        def f(s, p)``: JAX refuses a tracer in a ``custom_vjp`` function's ``nondiff_argnums`` slot
        (UnexpectedTracerError at the call, under jit and vmap alike, differentiated or not; JAX
        0.10.2, rules/JG203_nondiff.py). ``custom_jvp`` accepts one there until differentiated."""
        if not isinstance(call.func, cst.Name) or any(a.star or a.keyword is not None for a in call.args):
            return
        resolved = index.resolve_function(call.func, scope)
        if resolved is None or resolved[1] is not None or resolved[2]:
            return
        info = resolved[0]
        nondiff = _custom_vjp_nondiff(index, info)
        traced = _traced_parameters(index, scope) if nondiff else set()
        for i, arg in enumerate(call.args):
            value = arg.value
            if (i not in nondiff or not isinstance(value, cst.Name) or value.value not in traced
                    or _rebinds(scope, value.value)):
                continue
            param = info.positional[i].name if i < len(info.positional) else str(i)
            ctx.report(
                value,
                f"`{value.value}` is traced here (parameter of jitted `{scope.display()}`) and passed to "
                f"`{param}`, a `nondiff_argnums` slot of custom_vjp `{info.display()}`: JAX refuses a tracer there "
                "(UnexpectedTracerError at the call)",
                f"Keep traced values out of `nondiff_argnums`: make `{param}` an ordinary argument and return a "
                "zero cotangent for it from the backward rule",
            )
            return

    def _loop_tracer_to_nondiff(self, call, index, scope, ctx) -> None:
        """``func(*carry)`` (or ``func(x, m)`` with ``m`` a parameter) in the body of ``lax.scan`` or
        ``lax.fori_loop``, with ``func`` a ``custom_jvp``/``custom_vjp`` function whose
        ``nondiff_argnums`` slot gets a parameter of the body, a tracer there (``*carry`` spreads
        the carry's elements, each a tracer, over the positions from the star on). JAX 0.10.2
        (rules/JG203_nondiff.py): ``custom_vjp`` raises UnexpectedTracerError at such a call,
        differentiated or not; ``custom_jvp`` runs it, and raises UnexpectedTracerError when the
        function that runs the loop is differentiated (``jax.grad``, ``value_and_grad``, ...: read
        when that function is given to one in this module)."""
        if not isinstance(call.func, cst.Name) or any(a.keyword is not None for a in call.args):
            return
        rule = _custom_rule_called(index, call.func, scope)
        loop = _loop_run(index, scope) if rule is not None else None
        if loop is None:
            return
        kind, nondiff, name = rule
        qual, runner = loop
        differentiated = _differentiated_by(index, runner) if kind == "custom_jvp" else None
        if kind == "custom_jvp" and differentiated is None:
            return
        found = _body_tracer_at(call, scope, nondiff)
        if found is None:
            return
        node, position = found
        text = index.module.code_for_node(node)
        under = f", run by `{runner.display()}` under `{differentiated}`" if differentiated else ""
        ctx.report(
            node,
            f"`{text}` {'holds tracers' if text.startswith('*') else 'is a tracer'} of the "
            f"`lax.{qual.rsplit('.', 1)[-1]}` body `{scope.display()}`{under}, "
            f"and reaches position {position}, a `nondiff_argnums` slot of {kind} `{name}`: "
            + ("JAX refuses a tracer there" if kind == "custom_vjp" else
               "differentiating the loop with a tracer there fails")
            + " (UnexpectedTracerError)",
            "Keep arrays out of `nondiff_argnums`: pass the value as an ordinary argument (give it a zero tangent "
            "or cotangent in the rule), or close over a concrete value",
        )


# loops whose body JAX traces with every parameter a tracer (scan: carry and x; fori_loop: i and
# carry); reverse-mode differentiation of `while_loop` fails on its own, so it is not read
_TRACED_BODIES = frozenset({"jax.lax.scan", "jax.lax.fori_loop"})


def _custom_rule_called(index, func: cst.Name, scope):
    """(``"custom_jvp"``/``"custom_vjp"``, its ``nondiff_argnums``, its name) for a call of a def
    decorated ``@partial(jax.custom_jvp, nondiff_argnums=...)`` (or custom_vjp), or of a module
    name bound once to ``jax.custom_jvp(f, nondiff_argnums=(...))``; None otherwise."""
    resolved = index.resolve_function(func, scope)
    if resolved is not None and resolved[1] is None and not resolved[2]:
        decorators = getattr(resolved[0].node, "decorators", ())
        parsed = _custom_rule_decorator(index, decorators[0].decorator) if len(decorators) == 1 else None
        return (*parsed, func.value) if parsed is not None and parsed[1] else None
    found = bound_once(func.value, index, scope)
    made = found[0] if found is not None and found[1] is None else None
    if not isinstance(made, cst.Call) or any(a.star for a in made.args):
        return None
    kind = _CUSTOM_RULES.get(index.resolve(made.func, None) or "")
    option = keyword(made, "nondiff_argnums")
    nondiff = literal_ints(index.constant(option)) if option is not None else None
    return (kind, tuple(nondiff), func.value) if kind is not None and nondiff else None


def _loop_run(index, body):
    """(the lax loop, the function whose code runs it) when ``body`` is the body function of a
    ``lax.scan``/``fori_loop`` call of the module (and of nothing else); else None."""
    found = None
    for fn, use, site in index.jit_uses:
        if fn is not body:
            continue
        if use.qualname not in _TRACED_BODIES or found is not None:
            return None
        runner = next((sc for call, sc, _k, _l in index.calls if sc is not None and any(
            a.value is site for a in call.args) and index.resolve(call.func, sc) == use.qualname), None)
        if runner is None:
            return None
        found = (use.qualname, runner)
    return found


def _differentiated_by(index, info) -> str | None:
    """The differentiating transform (``jax.grad``, ...) this module applies to ``info``, if any."""
    return next((use.qualname for fn, use, _site in index.jit_uses if fn is info and use.qualname in DIFFERENTIATING),
                None)


def _body_tracer_at(call: cst.Call, body, nondiff) -> tuple | None:
    """(the argument node, the position) of a parameter of ``body`` at a ``nondiff`` position of
    ``call``: passed there by name, or spread there by ``*param`` (the positions from the star on)."""
    position = 0
    for arg in call.args:
        value = arg.value
        is_param = isinstance(value, cst.Name) and _body_parameter_value(body, value.value)
        if arg.star == "*":
            hit = next((i for i in sorted(nondiff) if i >= position), None)
            return (arg, hit) if is_param and hit is not None else None
        if arg.star:
            return None
        if is_param and position in nondiff:
            return value, position
        position += 1
    return None


def _body_parameter_value(body, name: str) -> bool:
    """Is ``name`` a parameter of ``body`` never rebound, or bound only by unpacking one
    (``x, scale = carry``)?"""
    if body.param(name) is not None:
        return not _rebinds(body, name)
    targets = binding_targets(body).get(name, ())
    if len(targets) != 1:
        return False
    target, value = targets[0]
    return (isinstance(target, cst.Tuple) and isinstance(value, cst.Name) and body.param(value.value) is not None
            and not _rebinds(body, value.value))


def _custom_vjp_nondiff(index, info) -> frozenset:
    """The ``nondiff_argnums`` positions of a def whose only decorator is ``@partial(jax.custom_vjp,
    nondiff_argnums=<literal ints>)``; empty otherwise."""
    decorators = getattr(info.node, "decorators", ())
    if len(decorators) != 1 or info.is_method:
        return frozenset()
    parsed = _custom_rule_decorator(index, decorators[0].decorator)
    return frozenset(parsed[1]) if parsed is not None and parsed[0] == "custom_vjp" else frozenset()


def _custom_rule_decorator(index, decorator: cst.BaseExpression):
    """(``"custom_jvp"``/``"custom_vjp"``, its ``nondiff_argnums``) for ``@jax.custom_jvp`` or
    ``@partial(jax.custom_vjp, nondiff_argnums=<literal ints>)``; else None."""
    nondiff: tuple = ()
    if isinstance(decorator, cst.Call):
        targs = positional_args(decorator)
        if index.resolve(decorator.func, None) != "functools.partial" or len(targs) != 1:
            return None
        if any(a.keyword is None or a.keyword.value != "nondiff_argnums" for a in decorator.args[1:]):
            return None
        option = keyword(decorator, "nondiff_argnums")
        nondiff = literal_ints(index.constant(option)) if option is not None else ()
        if nondiff is None:
            return None
        decorator = targs[0].value
    rule = _CUSTOM_RULES.get(index.resolve(decorator, None) or "")
    return (rule, tuple(nondiff)) if rule is not None else None


_CUSTOM_RULES = {"jax.custom_jvp": "custom_jvp", "jax.custom_vjp": "custom_vjp"}

# the function arguments that each lax control-flow primitive hashes (positions; JAX 0.10.2)
_LOOP_FUNCTIONS = {"jax.lax.scan": (0,), "jax.lax.fori_loop": (2,), "jax.lax.while_loop": (0, 1),
                   "jax.lax.cond": (1, 2), "jax.lax.switch": (1,)}


def _custom_rule_over_static_jit(index, info):
    """(``"custom_jvp"``/``"custom_vjp"``, the static parameters it traces) for a def whose outer
    decorator is ``@jax.custom_jvp`` (or ``@partial(jax.custom_jvp, nondiff_argnums=<literal>)``)
    and whose next one, the last, a ``jax.jit`` with known static parameters, some of them at
    positions the custom rule does not keep (``nondiff_argnums``); else None."""
    decorators = getattr(info.node, "decorators", ())
    if len(decorators) != 2 or info.is_method:
        return None
    parsed = _custom_rule_decorator(index, decorators[0].decorator)
    use = next((u for fn, u, site in index.jit_uses if fn is info and site is decorators[1].decorator), None)
    if parsed is None or use is None or use.qualname not in TRACING_JITS or use.static_unknown or use.bound_positional:
        return None
    rule, nondiff = parsed
    positional = [p.name for p in info.positional]
    traced = [name for name in positional if name in use.static_names and positional.index(name) not in nondiff]
    return (rule, traced) if traced else None


def _jitted_custom_rule_message(jitted: str, rule: str, info, params: list, how: str) -> tuple[str, str]:
    names = ", ".join(f"`{p}`" for p in params)
    return (
        f"`{jitted}` jits {rule} `{info.display()}` without keeping its `nondiff_argnums` "
        f"parameter{'s' if len(params) > 1 else ''} {names} static, so jit passes "
        f"{'them' if len(params) > 1 else 'it'} on as a tracer into the `nondiff_argnums` slot, and the jitted "
        f"function is {how}",
        f"Declare {names} static in the jit too (`static_argnames=(...)`) when hashable, or keep arrays out of "
        "`nondiff_argnums` (an ordinary argument with a zero tangent)",
    )


def _passed_parameters(index, call, differentiated: bool, params: list, info, scope) -> list:
    """Those of ``params`` (parameters of ``info``) that ``call`` gives the jitted function: a
    positional argument at their position (any ``*`` argument may), or a keyword of their name.
    ``call`` calls the jit itself, or, ``differentiated``, a transform of it (``jax.grad(f)(...)``
    passes its own arguments, ``jax.vjp(f, ...)`` the ones after the function, ``jax.jvp`` the
    primals display)."""
    args = list(call.args)
    if differentiated and not isinstance(call.func, cst.Call):
        if index.resolve(call.func, scope) == "jax.jvp":
            primals = args[1].value if len(args) > 1 else None
            if not isinstance(primals, (cst.Tuple, cst.List)):
                return params
            args = [cst.Arg(el.value, star="*" if isinstance(el, cst.StarredElement) else "") for el in primals.elements]
        else:
            args = args[1:]
    positional = [p.name for p in info.positional]
    count = sum(1 for a in args if a.keyword is None and not a.star)
    starred = any(a.star for a in args)
    keywords = {a.keyword.value for a in args if a.keyword is not None}
    return [p for p in params if starred or p in keywords or positional.index(p) < count]


def _custom_rule_under_jit(index, info, use):
    """(``"custom_jvp"``/``"custom_vjp"``, the ``nondiff_argnums`` parameters the jit traces) for a
    def whose only decorator is the custom rule (with ``nondiff_argnums``), jitted by a call
    (``jax.jit(f)``) that keeps some of those parameters traced; else None."""
    decorators = getattr(info.node, "decorators", ())
    parsed = _custom_rule_decorator(index, decorators[0].decorator) if len(decorators) == 1 else None
    if parsed is None or not parsed[1] or use.qualname not in TRACING_JITS or use.bound_positional:
        return None
    positional = [p.name for p in info.positional]
    traced = [positional[i] for i in parsed[1] if i < len(positional) and positional[i] not in use.static_names]
    return (parsed[0], traced) if traced else None


def _traced_parameters(index, info) -> set[str]:
    """Parameters of ``info`` that hold a tracer in some trace of it that surely runs: under its
    only decorator, a ``jax.jit``/``pjit``, every parameter without a default that is not static
    (every call passes it); under ``jax.jit(f, ...)(args)`` called where it is made, the
    parameters that call passes and the jit does not keep static."""
    out: set[str] = set()
    outer_use = _outermost_jit(index, info)
    if outer_use is not None:
        out |= {p.name for p in info.params if p.kind in ("positional", "kwonly") and p.default is None
                and p.name not in outer_use.static_names and p.name not in outer_use.bound_keywords}
        if info.is_method and info.positional:
            out.discard(info.positional[0].name)
    for fn, use, site in index.jit_uses:
        if (fn is not info or use.qualname not in TRACING_JITS or use.static_unknown or use.bound_self
                or use.bound_positional or use.bound_keywords or not isinstance(site, cst.Call) or info.is_method):
            continue
        outer = _immediate_calls(index).get(id(site))
        if outer is None:
            continue
        positional = [p.name for p in info.params if p.kind == "positional"]
        for i, arg in enumerate(outer.args):
            if arg.star:
                break
            name = arg.keyword.value if arg.keyword is not None else (positional[i] if i < len(positional) else None)
            if name is not None and name not in use.static_names:
                out.add(name)
    return out


def _immediate_calls(index) -> dict[int, cst.Call]:
    """id(``jax.jit(f, ...)``) -> the call ``jax.jit(f, ...)(args)`` that calls it where it is made."""
    cached = index.__dict__.get("_jg203_immediate")
    if cached is None:
        cached = index.__dict__["_jg203_immediate"] = {
            id(call.func): call for call, _scope, _klass, _loops in index.calls if isinstance(call.func, cst.Call)}
    return cached


def _outermost_jit(index, info):
    """The ``jax.jit``/``pjit`` use of the def ``info`` when it is its outermost decorator (every
    call of the name goes through it) and its static arguments are read; else None."""
    decorators = getattr(info.node, "decorators", ())
    if not decorators or len(decorators) > 1:
        return None
    for fn, use, site in index.jit_uses:
        if fn is info and site is decorators[0].decorator:
            ok = use.qualname in TRACING_JITS and not use.static_unknown and "**" not in use.bound_keywords
            return use if ok else None
    return None


def _rebinds(scope, name: str) -> bool:
    """Is ``name`` bound in ``scope``'s body (any assignment, loop target, ``with ... as``, ...)?"""
    bindings = bindings_in(scope.node.body, name) if isinstance(scope.node, cst.FunctionDef) else []
    return bindings is None or bool(bindings)


def _mapping_transform(call, index, scope):
    """For ``transform(fn)(args)`` where the tracing transform passes a tracer for every argument
    (no ``in_axes`` or static options, plain positional arguments only): (the transform's
    qualified name, ``fn``); else None. The transform may be applied where it is called or bound
    once to the name called (``pmapped = jax.pmap(jit_f)``, then ``pmapped(a, b, flag)``)."""
    transform_call = _transform_called(call, index, scope)
    if transform_call is None:
        return None
    transform = index.transform_of(transform_call.func, scope)
    if transform not in jaxapi.TRACING_TRANSFORMS or transform in jaxapi.FILTERED_TRANSFORMS:
        return None
    if any(a.keyword is not None and a.keyword.value in ("in_axes", "static_argnums", "static_argnames",
                                                         "static_broadcasted_argnums") for a in transform_call.args):
        return None  # unmapped or static arguments: not every argument is a tracer
    targs = positional_args(transform_call)
    if len(targs) != 1 or any(a.star for a in call.args) or any(a.keyword is not None for a in call.args):
        return None
    return transform, targs[0].value


def _transform_called(call, index, scope) -> cst.Call | None:
    """The call that made the function ``call`` calls: ``call.func`` itself when it is a call, or
    the value of the name ``call.func`` when a plain assignment binds it once (in the call's
    function or one around it: no parameter or def of that name on the way)."""
    func = call.func
    if isinstance(func, cst.Call):
        return func
    if not isinstance(func, cst.Name) or index.lookup_function(func.value, scope) is not None:
        return None
    outer = scope
    while outer is not None:
        if outer.param(func.value) is not None:
            return None
        outer = outer.parent
    bound = index.binding(func.value, scope)
    return bound if isinstance(bound, cst.Call) else None


def _unwrap_partial(expr, index, scope):
    """(the function, how many positional arguments are bound before the call's): ``(f, 2)`` for
    ``functools.partial(f, a, b)``, ``(expr, 0)`` for anything else; None for a partial with
    keyword or starred arguments."""
    if not (isinstance(expr, cst.Call) and index.resolve(expr.func, scope) == "functools.partial"):
        return expr, 0
    pargs = positional_args(expr)
    if not pargs or any(a.star for a in expr.args) or any(a.keyword is not None for a in expr.args):
        return None
    return pargs[0].value, len(pargs) - 1


def _jitted_function(expr, index, scope):
    """(the function ``expr`` names, its jit use) when it is a jitted function (not a bound method)
    whose static arguments are known; else None."""
    resolved = index.resolve_function(expr, scope)
    if resolved is None:
        return None
    info, use, bound_self = resolved
    if use is None:
        use = _decorator_jit(index, info)
    if use is None or use.qualname not in jaxapi.JIT_TRANSFORMS or use.static_unknown or bound_self:
        return None
    return info, use


def _static_layout(expr, index, scope) -> tuple[str, dict[int, str | None]] | None:
    """For the function a transform calls (``expr``): (its text, static position -> parameter name,
    None where only the position is known) when it is a jit whose static positions are plain."""
    target = _jitted_function(expr, index, scope)
    if target is not None:
        info, use = target
        positional = [p.name for p in info.params if p.kind == "positional"][use.bound_positional:]
        return info.display(), {i: p for i, p in enumerate(positional) if p in use.static_names}
    local = _local_jit_of(expr, index, scope)
    if local is not None:
        info, positional, static = local
        return info.display(), {i: p for i, p in enumerate(positional) if p in static}
    made = _jit_with_static_positions(expr, index, scope)
    if made is not None:
        return made[0], dict.fromkeys(made[1])
    return None


def _outer_static_help(transform: str, position: int) -> str:
    """How to keep a static argument static through the transform that calls the jitted function."""
    short = transform.rsplit(".", 1)[-1]
    if short == "pmap":  # pmap traces an in_axes=None argument too (JAX 0.10.2): only static ones stay Python
        return (f"Declare it static in pmap too (`pmap(..., static_broadcasted_argnums={position})`), or call it "
                "from a lambda that passes the static value (`lambda z: f(z, ...)`)")
    if short == "vmap":
        return (f"Leave it unmapped (`{short}(..., in_axes=...)` with None at position {position}) or call it "
                "from a lambda that passes the static value (`lambda z: f(z, ...)`)")
    return (f"Declare it static in the outer transform too (`{short}(..., static_argnums={position})`), or call it "
            "from a lambda that passes the static value (`lambda z: f(z, ...)`)")


_NO_HASH_FIX = ("Define `__hash__` in the class, hashing what its `__eq__` compares (or make it a frozen dataclass), "
               "or pass a hashable value")


_HASHABLE = "Pass a hashable value: a tuple instead of a list, a frozenset instead of a set, tuples of items instead of a dict"


_EQX = "an `equinox.Module`"
_MODULE_FIX = ("An `equinox.Module` is a pytree: leave it traced (not in static_argnums/static_argnames; its static "
               "fields stay Python values), or use `eqx.filter_jit`")


def _caller_value_kind(value, index, scope) -> str | None:
    """What makes one value a forwarder passes on unhashable: the caller's argument, read where it
    is passed (a constructor the forwarder wraps it in is hashed by its class, not read here)."""
    if isinstance(value, cst.Call) and value.func.__class__ is cst.Name and value.func.value in index.classes:
        return None
    return unhashable_value(value, index, scope)


def _fix(kind: str, default: str = _HASHABLE) -> str:
    """How to make a static value of ``kind`` (an unhashability description) hashable."""
    if _EQX in kind:
        return _MODULE_FIX
    if kind.startswith(("an array", "a NumPy array", "a JAX array")):
        return "Arrays are data: make the parameter traced (drop it from static_argnums/static_argnames)"
    if kind.startswith("an instance of `") and "`__hash__`" in kind:
        return _NO_HASH_FIX
    if "dataclass" in kind and "mutable" in kind:
        return "Make the class hashable: `@dataclass(frozen=True)`"
    if kind.startswith(("a slice", "a tuple holding a slice")):
        return ("Pass the bounds as a tuple (`(start, stop, step)`) and build the slice inside, or declare "
                "`requires-python = \">=3.12\"` if the project supports no older Python")
    return default


def _method_of(call: cst.Call, index, scope):
    """The method of a class of this module that ``obj.method(...)`` calls on an instance (``obj``
    built by ``Cls(...)``, also ``obj = obj.method(...)`` after ``obj = Cls(...)``: the value
    before the call), or None."""
    resolved = index.resolve_function(call.func, scope)
    if resolved is None:
        receiver = call.func.value
        if not isinstance(receiver, cst.Name) or scope is None:
            return None
        klass = index.instance_class(index.binding_before(receiver.value, scope, call), scope)
        info = klass.methods.get(call.func.attr.value) if klass is not None else None
        resolved = (info, None, True) if info is not None else None
    if resolved is None or resolved[1] is not None or not resolved[2] or not resolved[0].is_method:
        return None
    return resolved[0]


def _decorator_jit(index, info):
    """The jit that decorates ``info`` (``@partial(jax.jit, static_argnums=...)``), or None."""
    decorators = getattr(info.node, "decorators", ())
    for fn, use, site in index.jit_uses:
        if fn is info and any(site is d.decorator for d in decorators):
            return use
    return None


_STATIC_OPTIONS = {"jax.pmap": "static_broadcasted_argnums"}


def _project_reads_inline_jit(func, index, scope) -> bool:
    """Do the project facts (calls.py) read ``jax.jit(f, ...)(...)`` as a call of ``f`` (a def of
    this module)? They do where ``shapes.inline_jitted`` exists; then JG203's project check
    reports it and this file's check leaves it alone."""
    if type(func) is not cst.Call:  # (asked of every call: a type test, before the import)
        return False
    try:
        from jitguard.lint.analysis.shapes import inline_jitted
    except ImportError:
        return False
    if inline_jitted(func, index, scope) not in index.module_defs:
        return False
    # `f` jitted with other static arguments elsewhere in the module (`jax.jit(f)` there): the
    # project facts cannot tell which jit a call of `f` goes through and trust neither, but here
    # the jit is written at the call
    info = index.module_defs[inline_jitted(func, index, scope)]
    statics = {frozenset(use.static_names) for fn, use, _site in index.jit_uses if fn is info}
    return len(statics) <= 1


def _calls_jitted(index, call: cst.Call, scope) -> bool:
    """Does ``call`` call a jitted function (``jax.jit(...)(...)``, a name bound to one, a jitted
    def or alias of this module)?"""
    func = call.func
    if isinstance(func, cst.Name):
        if func.value in index.aliases:
            return index.aliases[func.value][1].qualname in jaxapi.JIT_TRANSFORMS
        info = index.lookup_function(func.value, scope)
        if info is not None:
            use = _decorator_jit(index, info)
            return use is not None and use.qualname in jaxapi.JIT_TRANSFORMS
        func = index.binding(func.value, scope)
    return isinstance(func, cst.Call) and index.transform_of(func.func, scope) in jaxapi.JIT_TRANSFORMS


def _jit_from_factory(index, made, scope):
    """``run = make_runner(step)`` where every ``return`` of the module function ``make_runner``
    returns the same def nested in it, jitted by its only decorator with literal static
    arguments: (the nested def's info, its positional parameters, its static names); else None."""
    if not (isinstance(made, cst.Call) and isinstance(made.func, cst.Name)):
        return None
    factory = index.lookup_function(made.func.value, scope)
    if factory is None or not isinstance(factory.node, cst.FunctionDef):
        return None
    returned = {ret.value.value if isinstance(ret.value, cst.Name) else None for ret in own_returns(factory.node)}
    if len(returned) != 1 or None in returned:
        return None
    inner = factory.local_defs.get(returned.pop())
    use = _outermost_jit(index, inner) if inner is not None else None
    if use is None or use.bound_positional or use.bound_self or inner.is_method:
        return None
    positional = [p.name for p in inner.params if p.kind == "positional"]
    return (inner, positional, set(use.static_names)) if use.static_names else None


def _jitted_identity(index, call: cst.Call, scope):
    """The function that ``call`` runs through a jit, for a call of a jitted function (``jax.jit(f,
    ...)(...)``, a name bound to one, a jitted def or alias of this module): ``f``'s info (or the
    text that names it); None for any other call. Every jit of one function shares its cache."""
    func = call.func
    if isinstance(func, cst.Name):
        if func.value in index.aliases:
            fn, use = index.aliases[func.value]
            return fn if use.qualname in jaxapi.JIT_TRANSFORMS else None
        info = index.lookup_function(func.value, scope)
        if info is not None:
            use = _decorator_jit(index, info)
            return info if use is not None and use.qualname in _TREEDEF_CACHED else None
        func = index.binding(func.value, scope)
    if not (isinstance(func, cst.Call) and index.transform_of(func.func, scope) in jaxapi.JIT_TRANSFORMS):
        return None
    targs = positional_args(func)
    if not targs:
        return None
    target = targs[0].value
    resolved = index.resolve_function(target, scope) if isinstance(target, cst.Name) else None
    return resolved[0] if resolved is not None and resolved[1] is None else index.module.code_for_node(target)


# jits whose cache holds the arguments' tree structure, metadata included, and finds the program
# by comparing it with `==`: `eqx.filter_jit` too (a decorated def; JAX 0.10.2, rules/JG203_equinox.py)
_TREEDEF_CACHED = jaxapi.JIT_TRANSFORMS | {"equinox.filter_jit"}


def _metadata_instance(expr, index, scope, metadata):
    """(the node that stands for the instance, the metadata field given an array, the class) when
    ``expr`` is an instance of a registered pytree class of the module built (here, or by a
    factory) with a JAX or NumPy array of more than one element in a metadata field
    (``arrays.many_elements``: also ``jax.random.uniform(k, (10, 10))``, ``jnp.ones(3) * 2``, an
    element of a helper's returned tuple spread into the constructor, ``Rope(*caches(16, 32))``);
    else None."""
    made = constructed_instance(expr, index, scope)
    if made is None or made[0] not in metadata:
        return None
    cls, ctor, where, identity = made
    for field, value in _metadata_values(ctor, cls, where, index, metadata):
        if many_elements(value, index, where):
            return identity, field, cls
    return None


def _metadata_values(ctor: cst.Call, cls: str, where, index, metadata):
    """(metadata field, the value the constructor call ``ctor`` gives it), for ``cls``'s fields."""
    positions, keywords = metadata[cls]
    for keyword_name, position, value in spread_arguments(ctor, scope_view(index, where)):
        field = keyword_name if keyword_name is not None else (
            keywords[positions.index(position)] if position in positions else None)
        if field is not None and field in keywords:
            yield field, value


def _metadata_per_run(expr, index, scope, metadata):
    """Like :func:`_metadata_instance`, for an instance built in the function ``scope`` (a plain
    def of the module) from an array made anew on each run (:func:`_new_per_run`) that has more
    than one element on every run: the function's parameters read as each call of the module
    passes them (``allocate(pos, BOX)``, ``BOX = jnp.array([1.0, 1.0])``, builds
    ``Cell(pos, jnp.floor(box / cell))``). When the module runs the function more than once (two
    calls, or one in a loop), the second run passes the jitted function an instance whose
    metadata is another array than the cached program's, and JAX's ``==`` on it raises
    (ValueError; JAX 0.10.2: rules/JG203.py). None otherwise."""
    if scope is None or scope.is_method or not isinstance(scope.node, cst.FunctionDef):
        return None
    made = constructed_instance(expr, index, scope)
    if made is None or made[0] not in metadata or made[2] is not scope:
        return None
    runs = _runs(index, scope)
    if runs is None:
        return None
    cls, ctor, _where, identity = made
    for field, value in _metadata_values(ctor, cls, scope, index, metadata):
        if _new_per_run(value, index, scope) and all(
                many_elements(value, index, scope, given=(scope, given)) for given in runs):
            return identity, field, cls
    return None


def _local_jit_of(expr, index, scope):
    """``_jit_at_call`` for the name a transform is given (``jf`` of ``jax.vmap(jf)``), or None."""
    if not isinstance(expr, cst.Name) or scope is None:
        return None
    return _jit_at_call(index, cst.Call(func=expr), scope)


def _jit_with_static_positions(expr, index, scope) -> tuple[str, frozenset[int]] | None:
    """``jax.jit(g, static_argnums=1)`` (inline, or a name bound once to it here, in a function
    around, or at module level), ``g`` any callable: (its text, the literal non-negative static
    positions); None when not one, or the positions are not literal ints. Positions are what the
    jit hashes, whatever ``g`` is, so ``g``'s signature is not needed (``static_argnames`` is,
    and is left alone). A module-level name bound to a jit of a function of the file is the
    project facts' (``index.aliases``)."""
    text = None
    if isinstance(expr, cst.Name):
        if index.lookup_function(expr.value, scope) is not None or expr.value in index.aliases:
            return None
        text = expr.value
        expr = index.binding(expr.value, scope)
    if not isinstance(expr, cst.Call):
        return None
    transform = index.transform_of(expr.func, scope)
    if transform not in jaxapi.JIT_TRANSFORMS:
        return None
    node = keyword(expr, _STATIC_OPTIONS.get(transform, "static_argnums"))
    values = literal_ints(index.constant(node)) if node is not None else None
    positions = frozenset(v for v in values or () if isinstance(v, int) and v >= 0)
    if not positions:
        return None
    return text or index.module.code_for_node(expr), positions


def _runs(index, info) -> list[dict] | None:
    """For every call of the plain function ``info`` in the module, its arguments as
    ``arrays.read_argument`` reads them, by parameter; None unless the module runs it more than
    once (two calls, or one inside a loop) or a call spreads ``*args``/``**kwargs``."""
    runs: list[dict] = []
    looped = False
    for call, scope, _klass, loops in index.calls:
        if not isinstance(call.func, cst.Name) or call.func.value != info.name:
            continue
        found = index.resolve_function(call.func, scope)
        if found is None or found[0] is not info or found[1] is not None:
            continue
        if any(a.star for a in call.args):
            return None
        plain = [a.value for a in call.args if a.keyword is None]
        given = {p.name: read_argument(v, index, scope) for p, v in zip(info.positional, plain)}
        given.update({a.keyword.value: read_argument(a.value, index, scope) for a in call.args if a.keyword is not None})
        runs.append(given)
        looped = looped or bool(loops)
    return runs if len(runs) > 1 or (runs and looped) else None


# array functions whose result is always a new array object (`jnp.asarray(x)` and `np.asarray(x)`
# return `x` itself when it is already one: checked on JAX 0.10.2, rules/JG203.py)
_PASS_THROUGH = frozenset({"jax.numpy.asarray", "numpy.asarray", "numpy.asanyarray"})


def _new_per_run(value, index, scope, depth: int = 0) -> bool:
    """Does ``value``, evaluated in ``scope``, make a new object on each run: arithmetic, a
    comparison or a sign of arrays, an elementwise ``jax.numpy`` function or an array maker that
    copies (``jnp.floor(box / cell)``, ``jnp.array(x)``), or a name bound once in ``scope`` to one?
    (A module constant, a parameter or ``jnp.asarray(x)`` may be the same object every run, and
    the same object compares equal to itself without its ``==``.)"""
    if isinstance(value, cst.Name):
        found = bound_once(value.value, index, scope) if depth < 3 else None
        return found is not None and found[1] is scope and _new_per_run(found[0], index, scope, depth + 1)
    if isinstance(value, (cst.BinaryOperation, cst.UnaryOperation, cst.Comparison)):
        return True
    if isinstance(value, cst.Call):
        name = index.resolve(value.func, scope)
        return name in ELEMENTWISE or (name in jaxapi.ARRAY_MAKERS and name not in _PASS_THROUGH)
    return False


def _jit_at_call(index, call: cst.Call, scope):
    """``jax.jit(f, ...)(...)``, or ``g(...)`` with ``g = jax.jit(f, ...)`` bound inside a function:
    (f's info, its positional parameters as JAX sees them, the static parameter names); None for
    any other call, or when the static positions are not literal."""
    transform_call = call.func
    if isinstance(transform_call, cst.Name):
        if scope is None or transform_call.value in index.aliases:
            return None  # module-level aliases are the project facts' (JG203's check_project)
        transform_call = index.binding(transform_call.value, scope)
        made = _jit_from_factory(index, transform_call, scope)
        if made is not None:
            return made
    elif _project_reads_inline_jit(call.func, index, scope):
        return None  # the project facts read jax.jit(f, ...)(...) as a call of f
    if not isinstance(transform_call, cst.Call):
        return None
    transform = index.transform_of(transform_call.func, scope)
    if transform not in jaxapi.JIT_TRANSFORMS:
        return None
    targs = positional_args(transform_call)
    resolved = index.resolve_function(targs[0].value, scope) if targs else None
    if resolved is None or resolved[1] is not None:
        return None
    info, _use, bound_self = resolved
    positional = [p.name for p in info.params if p.kind == "positional"]
    if bound_self and info.is_method:
        positional = positional[1:]
    static: set[str] = set()
    for option, reader in ((_STATIC_OPTIONS.get(transform, "static_argnums"), literal_ints),
                           ("static_argnames", literal_strs)):
        node = keyword(transform_call, option)
        if node is None:
            continue
        values = reader(index.constant(node))
        if values is None:
            return None
        for v in values:
            if isinstance(v, str):
                static.add(v)
            elif -len(positional) <= v < len(positional):
                static.add(positional[v])
    return (info, positional, static) if static else None
