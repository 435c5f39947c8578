from __future__ import annotations

from jitguard.lint.analysis.metaidentity import function_in_structure, in_metadata, new_pytree_class
from jitguard.lint.analysis.project import CallSite
from jitguard.lint.rules._sites import by_call, names, python_level, report_all, the_loop
from jitguard.lint.rules.base import Reporter, Rule, Scope


class LoopVaryingStatic(Rule):
    code = "JG302"
    scope = Scope.PROJECT
    name = "loop-varying-static-argument"
    summary = "A static argument of a jitted function changes on every loop iteration."
    what = """
        Flags a call of a jitted function inside a `for`/`while` loop or a comprehension whose
        argument at a static position (`static_argnums`/`static_argnames`) depends on the loop:
        the loop variable, or anything computed from it (a step count, a float from a schedule).
        A loop over a literal collection (`for mode in ("train", "eval")`, also one a class body
        binds and nothing rebinds: `for mode in self.MODES`; a `range` of integer literals with 16
        values or fewer, `for k in range(1, 4)`: a warm-up), comparisons and
        `i % k` (also inside arithmetic: `1.0 + i % 2`) take a few values and are not flagged.
        A class whose `class` statement runs in the loop body (a new class object per iteration,
        compared by identity) passed at a static position is flagged the same way.
        A new instance of a class of the same module that compares by identity (no
        `__eq__`/`__hash__`, not a dataclass), created in the loop and passed at a static
        position, is flagged too: every iteration is a new static value. At a traced position, an
        instance of a pytree class (registered by a decorator, a NamedTuple, a `PyTreeNode` or
        `equinox.Module`) whose `class` statement runs at each call of a factory the loop calls is
        flagged: the class is part of the tree structure, so each new class compiles again. Under
        `equinox.filter_jit`, which treats every non-array argument as static, a Python number that
        changes with the loop (a `range` counter, arithmetic on one) is flagged the same way. So is
        any other value that compares by identity and is made anew on every iteration, or on every
        call of a function that a loop runs: a lambda, a `def` nested in that function (a new
        closure per call, `def logpsi(w, s): ...` in a method), a `functools.partial` (also
        `jax.tree_util.Partial`, its subclass), a `jax.jit(...)`,
        a method read from an instance (`model.f`) when a descriptor class of the module decorates
        it whose `__get__` returns a new `Partial(self.method, instance)` on each access (as older
        equinox bound module methods; a plain bound method compares equal to the next one),
        what a factory of the module returns when it is a new closure or a NamedTuple of closures
        (an optimizer built like optax's), or an attribute that `__init__` sets to one of these on
        a new instance, or a default filled with one of these when the argument is missing
        (`noise if noise else (lambda x: ...)`, `noise or (lambda x: ...)`, `if noise is None:
        noise = lambda x: ...`) by a function a loop calls leaving it at its default (a caller
        that passes its own function takes the other branch: not flagged); under `equinox.filter_jit` these are non-array arguments, static without
        being declared. At a traced position, a registered pytree (`register_dataclass` with
        `meta_fields` or `field(metadata=dict(static=True))`, `register_pytree_node_class` aux data,
        `pytree_node=False`, `eqx.field(static=True)`; `register_pytree_node(Cls, flatten, ...)` with the flatten a
        lambda, a def of the module or a plain method taken from the class, `Cls._flatten`) whose metadata field receives such a value
        made anew (`Model(w, Activation())`, also through a helper of the module that returns it)
        is flagged too: metadata is part of the tree structure, which JAX compares with `==`, so
        each new object is a new program. So is, at a traced position, the function `jax.vjp` or
        `jax.linearize` returns when the loop calls the transform again (`_, f_vjp = jax.vjp(f, x)`,
        then `apply(f_vjp, ct)`): a pytree whose tree structure holds a callable that call made, so
        each new one compiles again (the same one passed again compiles once). So is such a pytree built in the loop whose metadata
        field gets a Python value that changes with the loop (`Measure(y, scale=1.0 / (i + 1))`
        with `scale` in the aux data): each new value is a new tree structure. Static values read from the metadata of a structure's entries (`for name, w
        in params.items()`: `w.shape[0]`; `for k in list(params.keys())`: `len(params.pop(k).shape) - 1`,
        a partition size read from an entry's sharding) take as many values as the structure has
        layouts, a tuple or list display rebuilt in the loop (`args = (model, betas[epoch])`) and
        spread into the call (`step(w, *args)`) or read at a literal index gives each position its
        own element, flagged only when that element changes with the loop, and a
        loop over names bound to literal collections (a tuning grid kept in variables, a
        parameter's literal default that no call passes) is bounded: neither is flagged.
        Through a helper that passes the value on to the jitted function (`def inference(frames):
        return model_apply(frames)`, also `def step(w, *args): return sgd(w, *args)`, called in a
        loop), the finding is on the helper's call of
        the jitted function, where JAX compiles, and its message names the loop's call of the
        helper ("the loop that calls `inference` at line 33"); one finding there names every
        such loop. `# noqa` on that line silences it for every caller.
        A jitted method of a class of the module is followed when it is called through the class
        (`Tile.area(tile)`) or on a name bound once to a new instance (`tile = Tile(...)`, then
        `tile.area(tile)`), the instance bound to `self` unless the method is a staticmethod.
        A call made in a private helper (`def _sources(config)`) whose every call in the checked
        tree, in any module, is made under a trace (a jitted function's body, or another such
        helper) is part of that trace and compiles nothing of its own: not flagged. One call from
        plain Python, a use other than a call (passed on, stored), or an import the analysis
        cannot follow keeps it flagged.
        Not detected yet: a static parameter inside JAX's own primitives. Outside jit, `x ** n`
        and `jnp.power(x, n)` with an integer `n` (a Python int, or a concrete integer array
        such as an optimizer's step count) lower to `integer_pow` with `n` as a static parameter,
        so an eager loop whose `n` changes every step compiles once per step (JAX 0.10.2; a
        float exponent compiles once). Finding it needs the eager path from the loop to the
        `**` (a closure returned by a factory, the state carried by the loop, the integer array
        in a field of that state), which the analysis does not follow; jitting the update (the
        exponent is then traced: one `pow`) is the fix.
        """
    why = """
        Each distinct static value is a separate compile. A value that changes every iteration
        means a compile every iteration: the loop runs 10-1000x slower and nothing reports it.
        Make the parameter traced (a number can be an array argument), or bucket it into a few
        values.
        """
    example = """
        @partial(jax.jit, static_argnames=("lr",))
        def sgd(w, g, lr):
            return w - lr * g


        def fit(w, grads):
            for step, g in enumerate(grads):
                w = sgd(w, g, lr=0.1 / (1 + step))
            return w
        """
    use_instead = """
        @jax.jit
        def sgd(w, g, lr):
            return w - lr * g


        def fit(w, grads):
            for step, g in enumerate(grads):
                w = sgd(w, g, lr=0.1 / (1 + step))
            return w


        w = fit(jnp.ones(3), [jnp.ones(3)] * 3)
        """

    def check_project(self, sites: list[CallSite], ctx: Reporter) -> None:
        findings = []
        for group in by_call(python_level(sites)):
            verdicts = [(site, v) for site in group if (v := self._verdict(site))]
            if not verdicts:
                continue
            site, (message, help) = verdicts[0]
            if len(verdicts) > 1:  # one finding per call, naming every argument
                others = names(s.param for s, _v in verdicts[1:])
                message += f"; so {'do' if len(verdicts) > 2 else 'does'} {others}"
            findings.append((site, message, help))
        report_all(ctx, findings)

    def _verdict(self, site: CallSite):
        fresh = site.arg.fresh
        if not site.static and site.arg.meta_varies and site.arg.varies and site.call.in_loop:
            names = ", ".join(f"`{n}`" for n in site.arg.varies)
            return (
                f"argument `{site.param}` of jitted `{site.function}` is {site.arg.meta_varies}, which changes with "
                f"{the_loop(site)} ({names}): pytree metadata is part of the tree structure, which JAX compares with "
                "== to find the compiled program, so each new value compiles again",
                "Make the field a data field (a child of `tree_flatten`, not aux data; a data field of "
                "`register_dataclass`) so JAX traces it, or keep it one of a few fixed values",
            )
        if not site.static and in_metadata(fresh) and "|" in fresh:  # a pytree at a traced position
            what, when = fresh.split("|", 1)
            return (
                f"argument `{site.param}` of jitted `{site.function}` is {what}, made {when}: JAX keeps "
                "metadata fields in the tree structure and compares them with ==, which for this object is "
                "identity, so it compiles again each time",
                "Put the same object in the metadata field every time (create it once, before the loop or at "
                "module level), use a value that compares by value (a module-level function, a frozen dataclass), "
                "or make the field a data field",
            )
        if not site.static and new_pytree_class(fresh) and "|" in fresh:  # a pytree of a class made anew
            what, when = fresh.split("|", 1)
            return (
                f"argument `{site.param}` of jitted `{site.function}` is {what}, made {when}: a pytree's class is "
                "part of its tree structure, which JAX compares to find the compiled program, so each new class "
                "compiles again",
                "Define the class once (at module level) and build instances of it; pass what changes as its "
                "fields",
            )
        if not site.static and function_in_structure(fresh) and "|" in fresh:  # jax.vjp's function, new each call
            what, when = fresh.split("|", 1)
            return (
                f"argument `{site.param}` of jitted `{site.function}` is {what}, made {when}: the callable in its "
                "tree structure is new with every call of the transform, and JAX compares tree structures to find the "
                "compiled program, so it compiles again each time",
                "Call the transform inside the jitted function (pass the primal point and take the vjp/jvp there), "
                "or pass the same returned function every time",
            )
        if site.static and fresh and "|" in fresh:  # made anew per iteration, or per call of a repeated function
            what, when = fresh.split("|", 1)
            return (
                f"static argument `{site.param}` of jitted `{site.function}` is {what}, made {when}: it compares "
                "by identity, so JAX sees a new static value and compiles again each time",
                "Create it once (before the loop, at module level, or in `__init__` of an object you keep) and pass "
                "that same object every time",
            )
        if site.static and fresh and site.call.in_loop:
            return (
                f"static argument `{site.param}` of jitted `{site.function}` is a new `{fresh}` object on every "
                f"iteration: `{fresh}` defines no __eq__/__hash__, so JAX sees a new static value and compiles again",
                f"Create the `{fresh}` once before the loop, or make it compare by value "
                "(`@dataclass(frozen=True)`, or define __eq__ and __hash__)",
            )
        varies = site.arg.varies
        if not site.static or not varies or not site.call.in_loop:
            return None
        names = ", ".join(f"`{n}`" for n in varies)
        if site.jitdef.python_static:
            transform = site.jitdef.transform.replace("equinox.", "eqx.")
            return (
                f"`{site.param}` of `{site.function}` ({transform}) is a Python number that changes with {the_loop(site)} "
                f"({names}): {transform} treats every non-array argument as static, so one XLA compile per "
                "distinct value",
                f"Pass it as an array (`jnp.asarray({site.arg.text})`): {transform} traces arrays, and one "
                "compile serves every value",
            )
        return (
            f"static argument `{site.param}` of jitted `{site.function}` changes with {the_loop(site)} ({names}): "
            "one XLA compile per distinct value",
            f"If `{site.function}` only computes with `{site.param}`, make it traced (drop it from "
            "static_argnums/static_argnames): one compile serves every value; if it sets a shape or a loop "
            "count, round it to a few bucket values (e.g. powers of two)",
        )
