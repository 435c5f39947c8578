"""Which of JAX's public functions trace the Python functions they are given (read by gen_jaxsig.py).

A function handed to `lax.cond`, `jnp.piecewise`, `odeint`, `jax.scipy.optimize.minimize`,
`jax.scipy.sparse.linalg.cg`, ... runs on tracers even when the call is made outside jit: a Python
`if` on its argument raises TracerBoolConversionError there. Others run it on concrete arrays
(`jax.tree.map`, `jnp.apply_over_axes`, `jax.scipy.linalg.funm`) or on tracers that still hold
their values (`jax.grad`, `jax.jvp`: the branch runs). Which is which is a fact of the installed
JAX, so it is found here by running each function once, outside jit, with recording functions in
its function slots: each recording function tests `if jnp.any(arg > 0):` on every array argument
it gets, and the slot is *traced* when that test raises a tracer error.

recipes() says only how to call each function (which slots take a function, what the recording
function returns so that the call type-checks); what the table holds is what JAX did.
`callable_parameters()` lists the public functions with a parameter annotated `Callable` (or named
like one): one of them without a recipe here is reported by `python scripts/gen_jaxsig.py --check`.
"""

from __future__ import annotations

import importlib
import inspect

# modules whose public functions are searched for function parameters
MODULES = ("jax", "jax.lax", "jax.numpy", "jax.scipy.optimize", "jax.scipy.integrate", "jax.scipy.sparse.linalg",
           "jax.scipy.linalg", "jax.experimental.ode", "jax.experimental.checkify", "jax.custom_derivatives")
FUNCTION_NAMES = frozenset({"fun", "f", "func", "fn", "func1d", "pyfunc", "function", "body_fun", "cond_fun",
                            "true_fun", "false_fun", "branches", "computation", "matvec", "solve", "tangent_solve",
                            "transpose_solve", "funclist", "callback", "fun_transpose", "decomposition"})
# functions that return a transformed function: jitguard's hand tables (jaxapi.TRACING_TRANSFORMS,
# TRANSPARENT_WRAPPERS) describe them, each kind checked under JAX by tests/test_analysis_paths.py
TRANSFORMS = frozenset({"jax.jit", "jax.pmap", "jax.vmap", "jax.checkpoint", "jax.remat", "jax.shard_map", "jax.smap",
                        "jax.jacobian", "jax.named_call", "jax.fwd_and_bwd"})
# parameters named or annotated like a function that are not functions JAX calls with the
# function's operands: options (`policy`, `is_leaf`, `mode`), or not a function at all (`M`, `A`
# of the window and matrix builders), or functions of other things (pytree registration)
NOT_OPERAND_FUNCTIONS = frozenset({
    "jax.checkpoint.policy", "jax.remat.policy", "jax.numpy.pad.mode", "jax.numpy.einsum._dot_general",
    "jax.lax.platform_dependent.per_platform", "jax.make_array_from_callback.data_callback",
    "jax.numpy.mask_indices.mask_func", "jax.numpy.gradient.f", "jax.scipy.linalg.leslie.f",
    # jax.experimental.ode's module-level helpers of odeint (not its API)
    *(f"jax.experimental.ode.{name}.{param}" for name, param in (
        ("initial_step_size", "fun"), ("ravel_first_arg", "f"), ("runge_kutta_step", "func"), ("tree_leaves", "is_leaf"),
        ("tree_map", "f"), ("tree_map", "is_leaf"))),
})


class Recorder:
    """A function for one slot: records, per call, how many positional arguments it got and
    whether a Python branch on any array among them raised a tracer error."""

    def __init__(self, returns=None):
        self.calls: list[tuple[int, bool, bool]] = []  # (positional count, abstract, batched)
        self.returns = returns
        self.__name__ = "recorder"

    def __call__(self, *args, **kwargs):
        import jax

        abstract = batched = False
        for leaf in jax.tree.leaves((args, kwargs)):
            if isinstance(leaf, jax.Array) or hasattr(leaf, "__array__") and hasattr(leaf, "dtype"):
                hit, is_batch = _branch_raises(leaf)
                abstract |= hit
                batched |= hit and is_batch
        self.calls.append((len(args), abstract, batched))
        return self.returns(*args, **kwargs) if self.returns is not None else args[0]


def _branch_raises(leaf) -> tuple[bool, bool]:
    import jax
    import jax.numpy as jnp

    try:
        if jnp.any(jnp.asarray(leaf) > 0):
            pass
    except (jax.errors.TracerBoolConversionError, jax.errors.ConcretizationTypeError):
        return True, type(leaf).__name__ == "BatchTracer"
    return False, False


def recipes():
    """qualified name -> a function of `slot(name, returns=None)` (which makes the recording
    function for the parameter `name`) that calls the JAX function once, outside jit."""
    import jax
    import jax.experimental.checkify as checkify
    import jax.experimental.ode as ode
    import jax.numpy as jnp
    import jax.scipy.linalg as jsla
    import jax.scipy.optimize as jopt
    import jax.scipy.sparse.linalg as jsl
    from jax import lax

    x = jnp.arange(1.0, 4.0)
    m = jnp.ones((2, 3))
    double = lambda v: 2.0 * v  # noqa: E731
    add = lambda a, b: a + b  # noqa: E731
    total = lambda v: jnp.sum(v ** 2)  # noqa: E731
    return {
        "jax.lax.cond": lambda s: lax.cond(True, s("true_fun"), s("false_fun"), x),
        "jax.lax.switch": lambda s: lax.switch(0, [s("branches"), s("branches")], x),
        "jax.lax.while_loop": lambda s: lax.while_loop(s("cond_fun", lambda v: v[0] > 5), s("body_fun", lambda v: v + 1), x),
        "jax.lax.fori_loop": lambda s: lax.fori_loop(0, 2, s("body_fun", lambda i, v: v + i), x),
        "jax.lax.scan": lambda s: lax.scan(s("f", lambda c, v: (c + v, v)), 0.0, x),
        "jax.lax.map": lambda s: lax.map(s("f"), x),
        "jax.lax.associative_scan": lambda s: lax.associative_scan(s("fn", add), x),
        "jax.lax.reduce": lambda s: lax.reduce(x, 0.0, s("computation", add), (0,)),
        "jax.lax.reduce_window": lambda s: lax.reduce_window(x, 0.0, s("computation", add), (2,), (1,), "VALID"),
        "jax.lax.custom_root": lambda s: lax.custom_root(s("f", lambda v: v - 1.0), x, s("solve", lambda g, y: y * 0 + 1.0),
                                                         s("tangent_solve", lambda g, y: y)),
        "jax.lax.custom_linear_solve": lambda s: lax.custom_linear_solve(s("matvec", double), x, s("solve", lambda mv, b: b / 2.0),
                                                                         s("transpose_solve", lambda mv, b: b / 2.0)),
        "jax.lax.composite": lambda s: lax.composite(s("decomposition"), "jitguard.probe")(x),
        "jax.eval_shape": lambda s: jax.eval_shape(s("fun"), x),
        "jax.make_jaxpr": lambda s: jax.make_jaxpr(s("fun"))(x),
        "jax.closure_convert": lambda s: jax.closure_convert(s("fun"), x),
        "jax.linear_transpose": lambda s: jax.linear_transpose(s("fun", double), x)(x),
        "jax.custom_derivatives.linear_call": lambda s: jax.custom_derivatives.linear_call(
            s("fun", lambda r, a: a), s("fun_transpose", lambda r, a: a), None, x),
        "jax.custom_gradient": lambda s: jax.custom_gradient(s("fun", lambda v: (v, lambda g: g)))(x),
        "jax.grad": lambda s: jax.grad(s("fun", total))(x),
        "jax.value_and_grad": lambda s: jax.value_and_grad(s("fun", total))(x),
        "jax.jacfwd": lambda s: jax.jacfwd(s("fun"))(x),
        "jax.jacrev": lambda s: jax.jacrev(s("fun"))(x),
        "jax.hessian": lambda s: jax.hessian(s("fun", total))(x),
        "jax.jvp": lambda s: jax.jvp(s("fun"), (x,), (x,)),
        "jax.vjp": lambda s: jax.vjp(s("fun"), x),
        "jax.linearize": lambda s: jax.linearize(s("fun", double), x),
        "jax.pure_callback": lambda s: jax.pure_callback(s("callback"), jax.ShapeDtypeStruct(x.shape, x.dtype), x),
        "jax.numpy.piecewise": lambda s: jnp.piecewise(x, [x < 2, x >= 2], [s("funclist"), s("funclist")]),
        "jax.numpy.fromfunction": lambda s: jnp.fromfunction(s("function", add), (3, 3)),
        "jax.numpy.apply_along_axis": lambda s: jnp.apply_along_axis(s("func1d", jnp.sum), 1, m),
        "jax.numpy.apply_over_axes": lambda s: jnp.apply_over_axes(s("func", lambda a, ax: jnp.sum(a, ax, keepdims=True)), m, [0]),
        "jax.numpy.vectorize": lambda s: jnp.vectorize(s("pyfunc"))(x),
        "jax.scipy.optimize.minimize": lambda s: jopt.minimize(s("fun", total), x, method="BFGS"),
        "jax.scipy.sparse.linalg.cg": lambda s: jsl.cg(s("A", double), x, M=s("M")),
        "jax.scipy.sparse.linalg.gmres": lambda s: jsl.gmres(s("A", double), x, M=s("M")),
        "jax.scipy.sparse.linalg.bicgstab": lambda s: jsl.bicgstab(s("A", double), x, M=s("M")),
        "jax.experimental.ode.odeint": lambda s: ode.odeint(s("func", lambda y, t: -y), x, jnp.array([0.0, 0.1])),
        "jax.experimental.checkify.checkify": lambda s: checkify.checkify(s("f"))(x),
        "jax.numpy.frompyfunc": lambda s: jnp.frompyfunc(s("func", add), 2, 1)(x, x),
        "jax.scipy.linalg.funm": lambda s: jsla.funm(jnp.eye(3), s("func", jnp.exp)),
        "jax.lax.platform_dependent": lambda s: lax.platform_dependent(x, default=s("default"), cpu=s("default")),
        "jax.lax.scatter_apply": lambda s: lax.scatter_apply(
            x, jnp.array([[0]]), s("func", double),
            lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)), update_shape=(1,)),
    }


def _signature(qual: str):
    module, name = qual.rsplit(".", 1)
    return list(inspect.signature(getattr(importlib.import_module(module), name)).parameters.values())


def probe(recipe) -> dict[str, tuple[bool, bool, int]]:
    """Run one recipe: parameter name -> (traced, batched: vmap's tracers, the most positional
    arguments one call got)."""
    slots: dict[str, list] = {}

    def slot(name, returns=None):
        rec = Recorder(returns)
        slots.setdefault(name, []).append(rec)
        return rec

    recipe(slot)
    out = {}
    for name, recs in slots.items():
        calls = [c for r in recs for c in r.calls]
        if calls:
            out[name] = (any(c[1] for c in calls), any(c[2] for c in calls), max(c[0] for c in calls))
    return out


def scan_traced_function_args() -> tuple[dict[str, tuple[tuple[int, str, int], ...]], frozenset[str]]:
    """Each recipe run once: (qualified name -> ((position or -1 when keyword-only, parameter name,
    how many positional arguments JAX passes the function), ...) for each function slot that JAX
    calls with abstract tracers even outside jit; the names whose traced slots all get vmap's
    tracers (`jnp.vectorize`, `jnp.fromfunction`, `jnp.apply_along_axis`: the operations that fail
    there are vmap's))."""
    table: dict[str, tuple[tuple[int, str, int], ...]] = {}
    batched = set()
    for qual, recipe in recipes().items():
        found = probe(recipe)
        slots = []
        for i, p in enumerate(_signature(qual)):
            traced = found.get(p.name)
            if traced and traced[0]:
                position = i if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) else -1
                slots.append((position, p.name, traced[2]))
        if slots:
            table[qual] = tuple(slots)
            if all(v[1] for v in found.values() if v[0]):
                batched.add(qual)
    return table, frozenset(batched)


def callable_parameters():
    """(qualified name, parameter) of the public functions of MODULES with a parameter annotated
    `Callable` or named like a function, less NOT_OPERAND_FUNCTIONS."""
    seen = {id(getattr(importlib.import_module(q.rsplit(".", 1)[0]), q.rsplit(".", 1)[1])) for q in TRANSFORMS}
    for modname in MODULES:
        module = importlib.import_module(modname)
        for name in sorted(dir(module)):
            fn = getattr(module, name)
            if name.startswith("_") or not callable(fn) or inspect.isclass(fn) or id(fn) in seen \
                    or not getattr(fn, "__module__", "").startswith("jax"):
                continue
            try:
                params = inspect.signature(fn).parameters.values()
            except (TypeError, ValueError):
                continue
            seen.add(id(fn))
            for p in params:
                if ("Callable" in str(p.annotation) or p.name in FUNCTION_NAMES) \
                        and f"{modname}.{name}.{p.name}" not in NOT_OPERAND_FUNCTIONS:
                    yield f"{modname}.{name}", p.name
