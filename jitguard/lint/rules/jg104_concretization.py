from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi, jaxsig, leaks
from jitguard.lint.analysis.jitcontext import DIFFERENTIATED, STAGED, TRACE_KINDS
from jitguard.lint.analysis.taint import Context
from jitguard.lint.rules.base import Rule, Scope
from jitguard.lint.rules.jg105_value_dependent_shape import traced_axis, traced_static_int


class Concretization(Rule):
    code = "JG104"
    scope = Scope.TRACED
    name = "traced-concretization"
    summary = "A traced value converted to a Python or NumPy value (`int()`, `.item()`, `np.asarray`, `range`, list index)."
    jax_error = "ConcretizationTypeError / TracerIntegerConversionError / TracerArrayConversionError"
    # also under grad without jit, where only the float-like conversions fail (see _RUN_UNDER_GRAD)
    trace_kinds = frozenset(TRACE_KINDS)
    what = """
        Flags conversions that need the concrete value of a traced value: `bool()`, `int()`,
        `float()`, `complex()`, `.item()`, `.tolist()`, NumPy and SciPy functions that turn their
        argument into a NumPy array (`np.asarray`, `np.exp`, `np.lexsort`, `np.random.normal`,
        `scipy.linalg.expm`, `scipy.special.gammaln`, `scipy.stats.norm.cdf`, ...: found by calling
        every public function of the installed NumPy and SciPy under jit with a traced array),
        `np.array_equal`/`np.array_equiv` of a traced value (NumPy catches the conversion error
        and answers False: no error, a wrong answer), `range(n)` with a
        traced `n`, a traced axis (`jnp.sum(x, axis)`, `x.min(axis)`, also through
        `functools.partial(jnp.max, axis=axis)`: the axis parameters JAX needs static, read from
        the installed JAX) or other integer parameter JAX needs static that leaves the output's
        shape alone (`jnp.triu(m, k)`, `jnp.round(x, decimals)`, `lax.sort(x, dimension)`,
        `x.argpartition(kth)`, ...: found by running every public function and array method of
        the installed JAX with a Python int and a traced one, leaving out parameters that also
        take a traced array, like `jnp.histogram`'s `bins`, or that a flag makes traceable, like
        `jnp.delete`'s `obj` with `assume_unique_indices=True`; those whose value sets the output's
        shape, `lax.top_k`'s `k`, `jnp.split`'s sections, `jnp.diff`'s `n`, are sizes: JG105),
        and indexing a Python list or tuple (also one
        holding tracers, filled by `append`), or a NumPy array (also one bound once at module level
        or in an enclosing function, or stored once, like a list literal, as `self.<name>` by the
        `__init__` of a plain class: never registered as a pytree nor passed to any call, the
        attribute stored nowhere else, by a caller or by `setattr`; or a parameter every call of
        the module fills with a NumPy array, or a dict, tuple or list of them, where JAX hands it
        over unconverted: a plain call, an `in_axes=None` position of `jax.vmap`, a position
        `jax.grad` does not differentiate, `jax.test_util.check_grads`' own evaluation of the
        function), with a traced integer (a vmapped index, a `fori_loop` counter), and
        looking a traced key up in a Python dict or set (`table[k]`, `table.get(k)`, `k in
        table`: Python hashes the key, and tracers are unhashable, a TypeError under every
        transform; the test of an `if` is reported by JG101). NumPy functions that
        dispatch to the array's own method (`np.sum`, `np.mean`, `np.reshape`, ...) and `abs(x)`
        work on tracers and are not flagged.

        Traced here means under jit, vmap, pmap, a lax primitive, ..., and also under `jax.grad`
        (`value_and_grad`, `jacfwd`, `jacrev`, `hessian`) without jit, whose differentiated
        arguments are tracers too: there `float()`, `complex()`, `.tolist()`, NumPy and `math`
        conversions and format specs fail, while `bool()`, `if`, `int()`, `.item()` and indexing
        work and are not flagged. A `jax.custom_vjp`/`custom_jvp` function called from jitted
        code gets tracers for every argument not in `nondiff_argnums`, and a class built inside
        traced code runs its `__init__` on the values it is given. A dataclass passed to a jit
        runs its `__post_init__` again in the trace, its data fields tracers, when its
        registration rebuilds it by calling the class (`register_dataclass`, a
        `register_pytree_node` whose unflatten lambda calls it, a `tree_unflatten` returning
        `cls(...)`; not one made with `object.__new__`). A function passed as an
        argument and called in traced code runs with the arguments of that call: a parameter
        (`step_fn(it)` in `@partial(jax.jit, static_argnums=2) def make_step(p, it, step_fn)`),
        or a parameter of a factory called in the function it makes (`decay_fn(t)` in a nested
        jitted `step`), runs each def or lambda of the file that the file's calls pass there
        (also as `functools.partial(f, lo=0.0)`),
        also a nested def a factory puts in a NamedTuple or dataclass field (`opt.update` of
        `opt = make_optimizer(schedule)`). For a helper that is not jitted itself (`def
        over_rows(fn, rows)` called by a jitted function), only the functions passed by calls
        made in traced code count: the one an eager call passes runs on concrete values.

        Also flagged outside traced code: a conversion of an attribute a jitted method left a
        tracer in (`np.array(box.cache)` after `@partial(jax.jit, static_argnums=0) def
        apply_jit(self, arr): self.cache = arr * 2`): the method's body runs once, while JAX
        traces it, so the static instance keeps the tracer. Claimed when every assignment of the
        attribute in the file (but `self.<attr> =` in other classes' methods) is such a traced one,
        and the instance is a name bound once to `Box(...)`.
        """
    why = """
        A traced value is a placeholder for any array of its shape and dtype; it has no Python
        number or NumPy buffer to hand over while the function is traced. JAX raises when the
        code runs. Keep the computation in `jax.numpy`, loop with `lax.fori_loop`, select with
        `jnp.take`/indexing on an array, or make the value static when it really is a setting.
        """
    example = """
        @jax.jit
        def scale(x, n):
            total = 0.0
            for i in range(n):
                total = total + np.exp(x[i])
            return float(total)
        """
    use_instead = """
        @jax.jit
        def scale(x, n):
            mask = jnp.arange(x.shape[0]) < n
            return jnp.sum(jnp.exp(x), where=mask)
        """

    def visit_Assign(self, node: cst.Assign, ctx: Context) -> None:
        leaks.note_assignment(node, ctx)  # self.<attr> = <traced> in a jitted method: judged by check_module

    def check_module(self, index, ctx) -> None:
        for call, value, klass in leaks.leaked_reads(index):
            text = index.module.code_for_node(value)
            ctx.report(
                call,
                f"`{text}` holds a tracer: a jitted method of `{klass}` (its `self` static) sets "
                f"`self.{value.attr.value}` to a traced value while JAX traces it, and the instance keeps the "
                "tracer after the call; converting it needs a value it never has (TracerArrayConversionError, "
                "ConcretizationTypeError for `float()`/`.item()`)",
                f"Return the value from the jitted method and set `.{value.attr.value}` outside jit "
                f"(`out, {value.value.value}.{value.attr.value} = ...`, the method returning both): JAX hands "
                "concrete arrays back only through the "
                "return value",
            )

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        name = ctx.resolve(node.func)
        grad_only = ctx.trace_kind == DIFFERENTIATED
        if grad_only and _runs_under_grad(node, name):
            return  # under grad alone bool(), int(), .item(), range() of a tracer run (JAX 0.10.2)
        axis = None if grad_only else traced_axis(node, name, ctx) or traced_static_int(node, name, ctx)
        if axis is not None:
            ctx.report(*axis)
            return
        if name in jaxsig.CALLBACK_CONVERSIONS and _check_callback(node, name, ctx):
            return
        first = node.args[0].value if node.args and node.args[0].keyword is None else None
        if name in jaxapi.CONCRETIZING_BUILTINS and first is not None:
            _check_builtin(node, name, first, ctx)
        elif isinstance(node.func, cst.Attribute) and node.func.attr.value in jaxapi.CONCRETIZING_METHODS:
            _check_method(node, node.func, ctx)
        elif name in jaxsig.CONVERTS_TO_NUMPY:
            _check_numpy(node, name, ctx)
        elif name in _SHAPE_QUERIES and first is not None:
            _check_shape_of_items(node, name, first, ctx)
        elif name in jaxapi.NUMPY_SWALLOWS_CONVERSION:
            _check_swallowed(node, name, ctx)
        elif name in jaxapi.MATH_FUNCTIONS:
            _check_math(node, name, ctx)
        elif name == "range":
            _check_range(node, ctx)
        elif (isinstance(node.func, cst.Attribute) and node.func.attr.value in _KEYED_METHODS and first is not None
              and ctx.is_mapping(node.func.value) and ctx.taint(node.func.value) is None):
            _traced_key(node, first, ctx)  # table.get(k, default): k is hashed

    def visit_Comparison(self, node: cst.Comparison, ctx: Context) -> None:
        """``k in table`` of a dict or set: Python hashes ``k``, and a tracer is unhashable
        (TypeError, JAX 0.10.2). In an if/while test JG101/JG102 report it."""
        if len(node.comparisons) != 1 or ctx.in_test(node):
            return
        comp = node.comparisons[0]
        if isinstance(comp.operator, (cst.In, cst.NotIn)) and _hashed_table(comp.comparator, ctx):
            _traced_key(node, node.left, ctx)

    def visit_FormattedStringExpression(self, node: cst.FormattedStringExpression, ctx: Context) -> None:
        if node.format_spec is None:
            return  # f"{x}" prints the tracer's repr: fine
        taint = ctx.array_taint(node.expression)
        if taint is not None:
            spec = ctx.source(node)
            ctx.report(
                node,
                f"a format spec needs a concrete number: {ctx.describe(node.expression, taint)}",
                f"Print it at run time: `jax.debug.print(\"{spec}\", {ctx.source(node.expression)}={ctx.source(node.expression)})` "
                "(or return the value and format it outside jit)",
            )

    def visit_Subscript(self, node: cst.Subscript, ctx: Context) -> None:
        if ctx.trace_kind != DIFFERENTIATED and ctx.is_numpy_array(node.value):
            parts = [p for el in node.slice for p in ((el.slice.value,) if isinstance(el.slice, cst.Index)
                                                     else (el.slice.lower, el.slice.upper, el.slice.step))]
            taint = next((t for p in parts if (t := ctx.array_taint(p)) is not None), None)
            if taint is not None:  # NumPy converts the index: TracerArrayConversionError (JAX 0.10.2)
                ctx.report(node, f"a NumPy array indexed with a traced value, which NumPy converts to a NumPy "
                           f"array: {ctx.describe(next(p for p in parts if ctx.array_taint(p) is taint), taint)}",
                           "Make the table a JAX array (`jnp.asarray(table)[i]`, `jnp.arange`, `lax.iota`) or index "
                           "with a static value")
                return
        if ctx.is_mapping(node.value) and ctx.taint(node.value) is None:
            for el in node.slice:
                if isinstance(el.slice, cst.Index) and _traced_key(node, el.slice.value, ctx):
                    return
            return
        held = ctx.taint(node.value)  # a list of tracers (filled by append, a literal) is a Python list still
        if not ctx.is_sequence(node.value) or (held is not None and not held.container) or ctx.trace_kind == DIFFERENTIATED:
            return  # (under grad alone a tracer indexes a list: it has a concrete value there)
        for el in node.slice:
            parts = (el.slice.value,) if isinstance(el.slice, cst.Index) else (el.slice.lower, el.slice.upper, el.slice.step)
            for part in parts:
                taint = ctx.array_taint(part)
                if taint is not None:
                    ctx.report(
                        node,
                        f"a Python list or tuple indexed with a traced integer: {ctx.describe(part, taint)}",
                        "Stack the items into an array and index that (`jnp.asarray(items)[i]`, `jnp.take`), "
                        "or select a function with `lax.switch(i, branches, *operands)`",
                    )
                    return


# NumPy's and jax.numpy's shape queries: of an array they read its shape, of anything else
# they build a NumPy array first (JAX 0.10.2: `jnp.ndim([x])` calls `np.ndim`, which calls
# `np.asarray`; tests/test_holdout26_mechanisms.py)
_SHAPE_QUERIES = frozenset({"jax.numpy.ndim", "jax.numpy.shape", "jax.numpy.size",
                            "numpy.ndim", "numpy.shape", "numpy.size"})


def _check_shape_of_items(node: cst.Call, name: str, first: cst.BaseExpression, ctx: Context) -> None:
    """``jnp.ndim([x])``: the shape query of a tuple or list display (or a name bound once in the
    function to one) that holds a traced array converts its items through NumPy
    (TracerArrayConversionError under every transform)."""
    items = first
    if isinstance(first, cst.Name) and ctx.is_sequence(first):
        items = ctx.index.binding(first.value, ctx.function)
    if not isinstance(items, (cst.Tuple, cst.List)):
        return
    for el in items.elements:
        taint = None if isinstance(el, cst.StarredElement) else ctx.array_taint(el.value)
        if taint is not None:
            short = name.rsplit(".", 1)[-1]
            ctx.report(
                node,
                f"`{short}` of a Python list or tuple builds a NumPy array from its items first, and one is traced: "
                f"{ctx.describe(el.value, taint)}",
                f"Ask the array itself (`x.{short}`, `jnp.{short}(x)`), or stack the items into a JAX array first "
                f"(`jnp.{short}(jnp.stack(items))`); the length of the list is `len(items)`",
            )
            return


# dict methods that hash their first argument
_KEYED_METHODS = frozenset({"get", "pop", "setdefault"})


def _hashed_table(expr: cst.BaseExpression, ctx: Context) -> bool:
    """A Python dict or set (a literal, a name bound to a dict) that is not itself traced."""
    return (isinstance(expr, (cst.Dict, cst.Set)) or ctx.is_mapping(expr)) and ctx.taint(expr) is None


def _hashed_tracer(key: cst.BaseExpression, ctx: Context):
    """The traced array a dict key hashes, with its taint: the key itself, an item of a tuple
    display (hashing a tuple hashes its items), or the array ``tuple(x)`` iterates into tracers
    (TypeError under jit and vmap, JAX 0.10.2); None when there is none."""
    taint = ctx.array_taint(key)
    if taint is not None:
        return key, taint
    if isinstance(key, cst.Tuple):
        for el in key.elements:
            if not isinstance(el, cst.StarredElement) and (found := _hashed_tracer(el.value, ctx)) is not None:
                return found
    elif (isinstance(key, cst.Call) and ctx.resolve(key.func) == "tuple" and len(key.args) == 1
          and not key.args[0].keyword and not key.args[0].star
          and (taint := ctx.array_taint(key.args[0].value)) is not None):
        return key.args[0].value, taint
    return None


def _traced_key(node: cst.CSTNode, key: cst.BaseExpression, ctx: Context) -> bool:
    """Report ``node``, a lookup of a traced ``key`` in a Python dict or set (tracers are
    unhashable: TypeError); whether it did."""
    found = _hashed_tracer(key, ctx)
    if found is None:
        return False
    part, taint = found
    ctx.report(
        node,
        f"a Python dict looked up with a traced key (tracers are unhashable): {ctx.describe(part, taint)}",
        "Turn the table into an array and index it (`jnp.asarray([...])[k]`), or select with "
        "`lax.switch(k, branches)`; if the key is a setting, mark it static",
    )
    return True


# Conversions that work on grad's tracers when no jit is around (JAX 0.10.2; checked by
# tests/test_analysis_paths.py::test_trace_kinds_are_what_jax_does): only float(), complex(),
# .tolist(), .tobytes(), NumPy and math conversions and format specs fail there.
_RUN_UNDER_GRAD = frozenset({"bool", "int", "operator.index", "item", "__bool__", "__int__", "__index__"})


def _runs_under_grad(node: cst.Call, name: str | None) -> bool:
    """Whether the call works on grad's tracers when no jit is around (``bool()``, ``int()``,
    ``.item()``, ``range()``, ...: see ``_RUN_UNDER_GRAD``)."""
    return name in _RUN_UNDER_GRAD or name == "range" or (
        isinstance(node.func, cst.Attribute) and node.func.attr.value in _RUN_UNDER_GRAD)


def _check_builtin(node: cst.Call, name: str, first: cst.BaseExpression, ctx: Context) -> None:
    """``int(x)``, ``float(x)``, ``bool(x)``, ...: a builtin that needs the concrete value of its
    (positional) first argument."""
    taint = ctx.array_taint(first)
    if taint is None:
        return
    hint = ctx.static_hint(taint) if taint.origin.flaglike else None
    fix = f"Keep it an array (`{ctx.source(first)}` works in jnp arithmetic as it is); to see it use `jax.debug.print`"
    if hint and taint.origin.name == ctx.source(first):
        fix += f"; if it is a Python setting, mark it static with {hint}"
    ctx.report(node, f"`{name}()` needs a concrete value: {ctx.describe(first, taint)}", fix)


def _check_method(node: cst.Call, func: cst.Attribute, ctx: Context) -> None:
    """``x.item()``, ``x.tolist()``, ...: a method that hands over the concrete value of ``x``."""
    taint = ctx.taint(func.value)
    if taint is None or taint.container:
        return
    method = func.attr.value
    ctx.report(
        node,
        f"`.{method}()` needs a concrete value: {ctx.describe(func.value, taint)}",
        "Keep it an array and return it; call `.item()`/`.tolist()` outside jit, or print with "
        "`jax.debug.print`",
    )


def _first_traced_arg(node: cst.Call, ctx: Context, arrays_only: bool = False):
    """(argument, taint) of the call's first traced argument (not opaque; ``arrays_only``: an
    array), or None."""
    for arg in node.args:
        taint = ctx.array_taint(arg.value) if arrays_only else ctx.taint(arg.value)
        if taint is not None and (arrays_only or not taint.opaque):
            return arg.value, taint
    return None


def _check_callback(node: cst.Call, name: str, ctx: Context) -> bool:
    """CALLBACKCONV: ``scipy.integrate.quad(f, a, b)`` (``brentq``, ``minimize``, ``odeint``, ...:
    ``jaxsig.CALLBACK_CONVERSIONS``, found by running each) in staged code, ``f`` a function of the
    module whose every ``return`` gives a JAX value: SciPy calls ``f`` with Python floats, and in
    staged code every jax.numpy/lax result is a tracer, constants included, which SciPy's
    conversion of the result cannot read (JAX 0.10.2: ConcretizationTypeError from ``float()``)."""
    if ctx.trace_kind not in (STAGED, None):
        return False  # under grad or vmap alone a constant's jnp result is concrete
    param = jaxsig.CALLBACK_CONVERSIONS[name][1]
    given = [a.value for a in node.args if a.keyword is not None and a.keyword.value == param]
    if not given and node.args and node.args[0].keyword is None and not node.args[0].star:
        given = [node.args[0].value]
    functions = ctx.functions_of_value(given[0]) if given else None
    if not functions or not all(_returns_staged_array(ctx.index, info) for info in functions):
        return False
    short = name.rsplit(".", 1)[-1]
    shown = " or ".join("the lambda" if isinstance(info.node, cst.Lambda) else f"`{info.display()}`"
                        for info in functions)
    ctx.report(
        node,
        f"`{short}()` calls `{ctx.source(given[0])}` with Python numbers and converts what it returns to a "
        f"number, but {shown} returns a JAX value, which inside staged code is a tracer even when "
        "computed from constants (a tracer conversion error: ConcretizationTypeError, TracerArrayConversionError)",
        "Run the SciPy call outside the jitted function and pass its result in, or compute the "
        "function with NumPy, or use a JAX routine (jax.scipy.integrate, a root finder written with "
        "lax.while_loop)",
    )
    return True


def _returns_staged_array(index, info) -> bool:
    """Every ``return`` of ``info`` (a lambda's body) gives a JAX array in staged code: a
    jax.numpy/lax/... array function's result, arithmetic with one, indexing of one."""
    from jitguard.lint.analysis.walk import own_nodes_of
    from jitguard.lint.analysis.walker import _is_jax_array_expr

    if isinstance(info.node, cst.Lambda):
        values = [info.node.body]
    else:
        values = [r.value for r in own_nodes_of(info.node.body, _RETURNS) if type(r) is cst.Return]
    return bool(values) and all(v is not None and _is_jax_array_expr(index, info, v, 1) for v in values)


_RETURNS = frozenset({cst.Return})


def _use(jax_fn: str) -> str:
    return f"Use `{jax_fn.replace('jax.numpy.', 'jnp.')}`, which works on traced values"


def _check_numpy(node: cst.Call, name: str, ctx: Context) -> None:
    """``np.<fn>(...)`` or ``scipy.<module>.<fn>(...)``, a function that converts its arguments to
    NumPy arrays (or, ``np.zeros(n)``, to Python numbers): the first traced (not opaque) argument."""
    found = _first_traced_arg(node, ctx)
    if found is None:
        return
    shown = "np." + name[len("numpy."):] if name.startswith("numpy.") else name
    form, jax_fn = jaxsig.CONVERTS_TO_NUMPY[name]
    does = ("needs concrete numbers (NumPy reads them as Python ints and shapes)" if form.startswith("n")
            else "converts its argument to a NumPy array")
    ctx.report(node, f"`{shown}` {does}, which a traced value cannot be: {ctx.describe(*found)}",
               _numpy_help(name, jax_fn))


def _check_swallowed(node: cst.Call, name: str, ctx: Context) -> None:
    """``np.array_equal(a, b)`` with a traced argument: NumPy catches the conversion error and
    answers False, at trace time, whatever the values."""
    found = _first_traced_arg(node, ctx)
    if found is None:
        return
    short = "np." + name[len("numpy."):]
    ctx.report(
        node,
        f"`{short}` of a traced value is always False under jit (NumPy cannot convert the tracer, "
        f"catches the error and answers False): {ctx.describe(*found)}",
        f"Use `j{short}` (jax.numpy), a traced boolean: select with `jnp.where`/`lax.cond`, or compare "
        "outside jit",
    )


def _numpy_help(name: str, jax_fn: str | None) -> str:
    if jax_fn is not None:
        return _use(jax_fn)
    if name.startswith("numpy.random."):
        return "Draw it with `jax.random` and a key passed in (NumPy's global generator cannot be traced)"
    return ("Compute it with jax.numpy operations in the traced function, or outside it (on concrete values); "
            "`jax.pure_callback` can run NumPy/SciPy code from traced code")


def _check_math(node: cst.Call, name: str, ctx: Context) -> None:
    """``math.<fn>(...)``/``cmath.<fn>(...)``, which convert their arguments to Python numbers:
    the first traced array argument."""
    found = _first_traced_arg(node, ctx, arrays_only=True)
    if found is None:
        return
    number = "a complex number" if name.startswith("cmath.") else "a Python number"
    jax_fn = jaxsig.PYTHON_CONVERSIONS.get(name, ("", "jax.numpy." + name.split(".", 1)[1]))[1]
    fix = _use(jax_fn) if jax_fn else "Compute it with jax.numpy operations, or outside jit on concrete values"
    ctx.report(node, f"`{name}` converts its argument to {number}: {ctx.describe(*found)}", fix)


def _check_range(node: cst.Call, ctx: Context) -> None:
    """``range(n)``, which needs concrete integer bounds: the first traced bound."""
    for arg in node.args:
        taint = ctx.array_taint(arg.value)
        if taint is not None:
            hint = ctx.static_hint(taint)
            fix = "Loop with `lax.fori_loop(lower, upper, body_fun, init_val)`, which accepts traced bounds"
            if hint:
                fix += f", or mark the bound static with {hint}"
            fix += "; `range(x.shape[0])` is static and fine"
            ctx.report(node, f"`range()` needs a concrete integer: {ctx.describe(arg.value, taint)}", fix)
            return
