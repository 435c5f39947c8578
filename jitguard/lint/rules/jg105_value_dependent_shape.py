from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.jitcontext import arguments_at, keyword, positional_args
from jitguard.lint.analysis.taint import Context
from jitguard.lint.rules.base import Rule, Scope

_SHAPE_FIX = (
    "Shapes must be static under jit: build the array at a static size (e.g. `x.shape[0]` or a "
    "static argument) and mask the rest with `jnp.where(jnp.arange(size) < n, x, 0)`; or mark the size "
    "static"
)


class ValueDependentShape(Rule):
    code = "JG105"
    scope = Scope.TRACED
    name = "value-dependent-shape"
    summary = "An array shape that depends on traced values (boolean masks, `nonzero` without `size=`, traced sizes and slice bounds)."
    jax_error = "NonConcreteBooleanIndexError / ConcretizationTypeError"
    what = """
        Flags operations whose output shape would depend on the values of traced arrays:
        boolean-mask indexing `x[x > 0]` (and `x.at[mask]`), `jnp.nonzero`/`argwhere`/
        `flatnonzero`/`unique`/one-argument `jnp.where` without `size=`, `jnp.zeros(n)`/
        `jnp.arange(n)`/`reshape`/`jax.random.normal(key, (n,))` with a traced size, and slices
        with traced bounds (`x[i:i + k]`).
        """
    why = """
        XLA compiles for static shapes. A shape that depends on data cannot be known while the
        function is traced, so JAX raises at run time. Give the size statically (`size=`,
        `fill_value=`), keep the full shape and mask (`jnp.where(mask, x, 0)`,
        `jnp.sum(x, where=mask)`), or use `lax.dynamic_slice` with a static slice size.
        """
    example = """
        @jax.jit
        def positive_mean(x, start):
            window = x[start:start + 4]
            return window[window > 0].mean()
        """
    use_instead = """
        @jax.jit
        def positive_mean(x, start):
            window = lax.dynamic_slice(x, (start,), (4,))
            return jnp.mean(window, where=window > 0)
        """

    def visit_Subscript(self, node: cst.Subscript, ctx: Context) -> None:
        if ctx.is_sequence(node.value) and ctx.taint(node.value) is None:
            return  # a Python list/tuple: JG104 reports it
        for el in node.slice:
            sl = el.slice
            if isinstance(sl, cst.Index):
                taint = ctx.taint(sl.value)
                if taint is not None and taint.boolean:
                    ctx.report(
                        sl.value,
                        f"boolean-mask indexing has a value-dependent shape: {ctx.describe(sl.value, taint)}",
                        "Keep the shape and mask: `jnp.where(mask, x, 0)`, `jnp.sum(x, where=mask)`; or gather a "
                        "static number of indices with `jnp.nonzero(mask, size=N, fill_value=...)`",
                    )
                    return
                continue
            for part in (sl.lower, sl.upper, sl.step):
                taint = ctx.array_taint(part)
                if taint is not None:
                    ctx.report(
                        part,
                        f"slice bound is traced, so the slice has no static size: {ctx.describe(part, taint)}",
                        "Use `lax.dynamic_slice(x, (start,), (size,))` or `lax.dynamic_slice_in_dim` with a static "
                        "size, or mask with `jnp.where`",
                    )
                    return

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        name = ctx.resolve(node.func)
        args = positional_args(node)
        if name in jaxapi.VALUE_DEPENDENT_SHAPE or (name == "jax.numpy.where" and len(node.args) == 1):
            self._value_dependent(node, ctx, name.rsplit(".", 1)[1], [a.value for a in node.args])
            return
        if isinstance(node.func, cst.Attribute) and not (name or "").startswith(("jax.", "numpy.")):
            method = node.func.attr.value
            if method in jaxapi.VALUE_DEPENDENT_METHODS:
                self._value_dependent(node, ctx, method, [node.func.value])
            elif method in jaxapi.SHAPE_METHODS:
                self._shape_args(node, ctx, f".{method}()", [a.value for a in node.args if a.keyword is None])
            return
        if name == "jax.numpy.repeat" and keyword(node, "total_repeat_length") is None:
            repeats = args[1].value if len(args) > 1 else keyword(node, "repeats")
            self._shape_args(node, ctx, "jnp.repeat", [repeats] if repeats is not None else [],
                             extra="; or pass `total_repeat_length=` statically")
            return
        spec = jaxapi.SHAPE_ARGUMENTS.get(name or "")
        if spec is None:
            return
        exprs = arguments_at(node, spec)
        short = name.replace("jax.numpy.", "jnp.").replace("jax.lax.", "lax.")
        self._shape_args(node, ctx, short, exprs)

    def _value_dependent(self, node: cst.Call, ctx: Context, short: str, exprs: list) -> None:
        if keyword(node, "size") is not None:
            return
        for expr in exprs:
            taint = ctx.taint(expr)
            if taint is not None:
                ctx.report(
                    node,
                    f"`{short}` without `size=` has a value-dependent shape: {ctx.describe(expr, taint)}",
                    f"Pass a static bound: `{short}(..., size=N, fill_value=...)`; or keep the shape and mask with "
                    "`jnp.where(mask, x, fill)`",
                )
                return

    def _shape_args(self, node: cst.Call, ctx: Context, short: str, exprs: list, extra: str = "") -> None:
        for expr in exprs:
            taint = ctx.taint(expr)
            if taint is not None and not taint.opaque:
                hint = ctx.static_hint(taint)
                fix = _SHAPE_FIX + (f" with {hint}" if hint else "") + extra
                ctx.report(node, f"`{short}` gets a traced size: {ctx.describe(expr, taint)}", fix)
                return
