from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis.taint import Context
from jitguard.lint.rules.base import Rule, Scope


class TracedWhile(Rule):
    code = "JG102"
    scope = Scope.TRACED
    name = "traced-while"
    summary = "Python `while` loop whose condition is a traced value."
    jax_error = "TracerBoolConversionError"
    what = """
        Flags a `while` loop inside jitted code whose condition depends on a traced value,
        including a value carried round the loop (`while err > tol: err = ...`).
        """
    why = """
        Python must know after every iteration whether to go on, but a traced value has no value
        while the function is traced. JAX raises at run time. `lax.while_loop` stages the loop
        into the compiled program; `lax.fori_loop` does the same for a known trip count.
        """
    example = """
        @jax.jit
        def newton(x):
            err = jnp.abs(x * x - 2.0)
            while err > 1e-6:
                x = x - (x * x - 2.0) / (2.0 * x)
                err = jnp.abs(x * x - 2.0)
            return x
        """
    use_instead = """
        @jax.jit
        def newton(x):
            def cond(x):
                return jnp.max(jnp.abs(x * x - 2.0)) > 1e-6

            def body(x):
                return x - (x * x - 2.0) / (2.0 * x)

            return lax.while_loop(cond, body, x)
        """

    def visit_While(self, node: cst.While, ctx: Context) -> None:
        taint = ctx.array_taint(node.test)
        if taint is None:
            return
        hint = ctx.static_hint(taint) if taint.origin.flaglike else None
        fix = (
            "Use `lax.while_loop(cond_fun, body_fun, init_val)` with the loop state as a tuple, "
            "or `lax.fori_loop(lower, upper, body_fun, init_val)` for a fixed number of steps"
        )
        if hint:
            fix += f"; if `{taint.origin.name}` is a Python setting, mark it static with {hint}"
        ctx.report(node.test, f"Python `while` on a traced value: {ctx.describe(node.test, taint)}", fix)
