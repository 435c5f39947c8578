from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.jitcontext import Taint
from jitguard.lint.analysis.taint import Context
from jitguard.lint.rules.base import Rule, Scope


def branch_fix(ctx: Context, taint: Taint, construct: str) -> str:
    """The fix for Python branching on a traced value: static flag, or a traced select/branch."""
    hint = ctx.static_hint(taint) if taint.origin.flaglike else None
    traced_fix = (
        "select values with `jnp.where(cond, a, b)` or `lax.select`, or branch with "
        "`lax.cond(pred, true_fn, false_fn, *operands)`"
    )
    if hint:
        return f"`{taint.origin.name}` looks like a Python flag: mark it static with {hint}; otherwise {traced_fix}"
    if taint.origin.captured and "." in taint.origin.captured:
        return (f"`{taint.origin.captured}` is a JAX array kept as pytree metadata: keep a Python number or a NumPy "
                f"array there, or make it a leaf; otherwise {traced_fix}")
    if taint.origin.captured:
        return (f"`{taint.origin.captured}` is a concrete array built before tracing: compute the condition on the host "
                f"with NumPy (`np.asarray({taint.origin.captured})`) or outside the jitted function; otherwise {traced_fix}")
    if construct == "comprehension":
        return "filtering has a value-dependent size under jit: keep every element and mask with `jnp.where(cond, x, fill)`"
    return traced_fix[0].upper() + traced_fix[1:]


class TracedCondition(Rule):
    code = "JG101"
    scope = Scope.TRACED
    name = "traced-condition"
    summary = "Python `if`/`elif`/conditional expression on a traced value."
    jax_error = "TracerBoolConversionError"
    what = """
        Flags an `if`/`elif` statement, a conditional expression (`a if cond else b`), a
        comprehension filter, or a `match` with a value pattern (`case 0:`, which compares with
        `==`) whose condition depends on a traced value inside jitted code (the whole condition:
        `if x > 0 or flag:` is one JG101, not a JG103 for its `or`): a
        parameter of a `jax.jit`/`vmap`/`pmap`-transformed function that is not static, a leaf of
        a `lax.scan`/`fori_loop`/`while_loop` carry (a Python bool in it included), a parameter
        of a function that a JAX function traces even without jit (the functions given to
        `lax.cond`, `jnp.piecewise`, `jnp.vectorize`, `jnp.fromfunction`, `odeint`,
        `jax.scipy.optimize.minimize`, `cg`, ...: found by running JAX, `rules/JG101_function_args.py`),
        or a value computed from one. In staged code (jit, pmap, lax loops) the result of every JAX operation
        is traced too, also on constants and on a concrete JAX array the function captures
        (`y = jnp.arange(10.0)` at module level: `y <= 0` is traced inside jit, `y` itself is
        not). Shapes, dtypes, `len(x)`, `x is None` and `isinstance(...)` are static and never
        flagged.
        """
    why = """
        Under `jax.jit` the arguments are abstract tracers: their values are unknown while the
        function is traced, so Python cannot decide which branch to take. JAX raises when the code
        runs, often minutes into a job. If the condition is really a Python setting (a mode, a
        flag), mark that parameter static; if it depends on data, compute both sides and select,
        or use `lax.cond`, which stages both branches into the compiled program.
        """
    example = """
        @jax.jit
        def relu(x):
            if x > 0:
                return x
            return 0.0
        """
    use_instead = """
        @jax.jit
        def relu(x):
            return jnp.where(x > 0, x, 0.0)
        """

    def _check(self, ctx: Context, test: cst.BaseExpression, construct: str) -> None:
        taint = ctx.array_taint(test)
        if taint is None:
            return
        ctx.report(
            test,
            f"Python {construct} on a traced value: {ctx.describe(test, taint)}",
            branch_fix(ctx, taint, construct),
        )

    def visit_If(self, node: cst.If, ctx: Context) -> None:
        self._check(ctx, node.test, "`if`")

    def visit_IfExp(self, node: cst.IfExp, ctx: Context) -> None:
        self._check(ctx, node.test, "conditional expression")

    def visit_CompIf(self, node: cst.CompIf, ctx: Context) -> None:
        self._check(ctx, node.test, "comprehension")

    def visit_Match(self, node: cst.Match, ctx: Context) -> None:
        """``match x: case 0:`` compares with ``==`` and takes the truth value, as ``if x == 0:``
        does. ``case None:`` (identity), class patterns (``isinstance``) and sequence or mapping
        patterns (an array is neither) stay static."""
        case = next((c for c in node.cases if _compares_by_value(c.pattern)), None)
        taint = ctx.array_taint(node.subject) if case is not None else None
        if taint is None:
            return
        ctx.report(  # at the first `case` that compares: JAX raises there
            case.pattern,
            f"`match` compares a traced value with `==` here: {ctx.describe(node.subject, taint)}",
            branch_fix(ctx, taint, "`match`"),
        )


def _compares_by_value(pattern: cst.MatchPattern) -> bool:
    if isinstance(pattern, cst.MatchValue):
        return True
    if isinstance(pattern, cst.MatchOr):
        return any(_compares_by_value(p.pattern) for p in pattern.patterns)
    if isinstance(pattern, cst.MatchAs) and pattern.pattern is not None:
        return _compares_by_value(pattern.pattern)
    return False
