from __future__ import annotations

import libcst as cst

from jitguard.lint.analysis import jaxapi
from jitguard.lint.analysis.jitcontext import keyword
from jitguard.lint.analysis.objects import chained_truth_link
from jitguard.lint.analysis.taint import Context
from jitguard.lint.analysis.walker import (identity_first, lookup_not_search, never_equal_members, number_valued,
                                           traced_member)
from jitguard.lint.rules.base import Rule, Scope

_BUILTIN_FIX = {
    "min": "`jnp.minimum(a, b)` (or `jnp.min(x)` to reduce an array)",
    "max": "`jnp.maximum(a, b)` (or `jnp.max(x)` to reduce an array)",
    "any": "`jnp.any(x)`",
    "all": "`jnp.all(x)`",
    "sorted": "`jnp.sort(x)`",
}


class TracedTruthValue(Rule):
    code = "JG103"
    scope = Scope.TRACED
    name = "traced-truth-value"
    summary = "`and`/`or`/`not`, `assert` or builtin `min`/`max`/`any`/`all` on a traced value."
    jax_error = "TracerBoolConversionError"
    what = """
        Flags Python operations that take the truth value of a traced value: the operands of
        `and`/`or` that Python tests, a chained comparison (`a < x <= b`, which is `(a < x) and
        (x <= b)`), membership in a list or tuple (`x in [1, 2]` tests `x == 1`, then `x == 2`,
        until one is true; not items a tracer never equals, None and strings), `not x`,
        `assert cond`, and the builtins `min`, `max`,
        `any`, `all` and `sorted`, which compare their arguments in Python. With `key=`,
        `sorted`/`min`/`max` compare what the key returns for each element: reported when it
        returns a traced value for one of two elements or more (`key=lambda g: g.z` over objects
        one of which holds a traced `z`); a key returning shapes or Python numbers is fine. The
        getter of a property and the methods of an object run with that object's values, so
        `not` in a NamedTuple's property reading a traced field is reported there. The test of an `if`,
        `elif`, conditional expression or `while` is reported as a whole by JG101/JG102, `and`,
        `or` and `not` in it included (one finding per test).
        """
    why = """
        `a and b` calls `bool(a)`; `max(a, b)` calls `bool(a > b)`; `assert` calls `bool` on its
        test. A traced value has no truth value while the function is traced, so JAX raises at
        run time. The array versions (`jnp.logical_and`, `jnp.maximum`, ...) stay inside the
        compiled program; runtime checks belong in `checkify` or `jax.debug`.
        """
    example = """
        @jax.jit
        def clipped(x, lo):
            assert x.ndim == 1
            assert lo >= 0
            return max(x.sum(), lo)
        """
    use_instead = """
        @jax.jit
        def clipped(x, lo):
            assert x.ndim == 1  # shapes are static: fine
            return jnp.maximum(x.sum(), lo)
        """

    def visit_BooleanOperation(self, node: cst.BooleanOperation, ctx: Context) -> None:
        if ctx.in_test(node):
            return  # the if/while/assert that consumes the test reports it once
        taint = ctx.array_taint(node.left)
        if taint is None:
            return
        op = "and" if isinstance(node.operator, cst.And) else "or"
        fix = f"Use `jnp.logical_{op}(a, b)` (or `{'&' if op == 'and' else '|'}` on boolean arrays)"
        ctx.report(node.left, f"`{op}` takes the truth value of a traced value: {ctx.describe(node.left, taint)}", fix)

    def visit_Comparison(self, node: cst.Comparison, ctx: Context) -> None:
        """``a < x <= b`` is ``(a < x) and (x <= b)``: outside a test, reported as that ``and`` is;
        ``x in [1, 2]`` compares ``x == 1`` and takes its truth value, as ``any`` would."""
        if ctx.in_test(node):
            return
        if len(node.comparisons) == 1:
            self._list_membership(node, ctx)
            self._array_membership(node, ctx)
            return
        link = chained_truth_link(node, ctx.taint)
        if link is None:
            return
        left, comp, taint = link
        first = f"{ctx.source(left, 20)}{ctx.module.code_for_node(comp.operator)}{ctx.source(comp.comparator, 20)}"
        ctx.report(
            node,
            f"a chained comparison takes the truth value of `{first}` (`a < x <= b` is `(a < x) and (x <= b)`): "
            f"{ctx.describe(node, taint)}",
            "Compare each pair and combine them with `&` (`(a < x) & (x <= b)`) or `jnp.logical_and`",
        )

    @staticmethod
    def _list_membership(node: cst.Comparison, ctx: Context) -> None:
        """``x in [1, 2]`` (or a tuple, ``x.shape``): Python tests ``x == item`` for each item until
        one is true, so a traced ``x`` raises TracerBoolConversionError at the ``in`` itself
        (JAX 0.10.2); not for items a tracer never equals (None, strings)."""
        comp = node.comparisons[0]
        if (not isinstance(comp.operator, (cst.In, cst.NotIn)) or not ctx.is_sequence(comp.comparator)
                or never_equal_members(comp.comparator) or identity_first(node.left, comp.comparator)):
            return
        traced, taint = node.left, ctx.array_taint(node.left)
        if taint is None and ctx.taint(node.left) is None and number_valued(ctx.index, ctx.function, node.left):
            # `0 in [a, b]`: each item's `==` with the number is a traced bool
            traced, taint = comp.comparator, traced_member(comp.comparator, ctx.taints)
        if taint is None:
            return
        ctx.report(
            node,
            f"`in` on a list or tuple takes the truth value of `==` for each item: {ctx.describe(traced, taint)}",
            f"Compare with an array: `jnp.isin({ctx.source(node.left, 20)}, jnp.asarray({ctx.source(comp.comparator, 30)}))`",
        )

    @staticmethod
    def _array_membership(node: cst.Comparison, ctx: Context) -> None:
        """``v in arr`` of a traced array: a JAX array's ``__contains__`` is ``(arr == v).any()``,
        whose truth value Python takes at the ``in`` itself (TracerBoolConversionError under jit
        and vmap, JAX 0.10.2), whatever ``v`` is."""
        comp = node.comparisons[0]
        if (not isinstance(comp.operator, (cst.In, cst.NotIn))
                or lookup_not_search(node.left, ctx.taint(node.left) is not None, comp.comparator,
                                     number_valued(ctx.index, ctx.function, node.left))
                or ctx.keyed_mapping(comp.comparator) or ctx.is_mapping(comp.comparator)):
            return
        taint = ctx.array_taint(comp.comparator)
        if taint is None:
            return
        value, array = ctx.source(node.left, 20), ctx.source(comp.comparator, 20)
        ctx.report(
            node,
            f"`in` on a traced array takes the truth value of `({array} == {value}).any()`: "
            f"{ctx.describe(comp.comparator, taint)}",
            f"Keep the test an array: `jnp.any({array} == {value})` (or `jnp.isin`), with `jnp.where` or `lax.cond`",
        )

    def visit_UnaryOperation(self, node: cst.UnaryOperation, ctx: Context) -> None:
        if not isinstance(node.operator, cst.Not) or ctx.in_test(node):
            return
        taint = ctx.array_taint(node.expression)
        if taint is None:
            return
        ctx.report(
            node,
            f"`not` takes the truth value of a traced value: {ctx.describe(node.expression, taint)}",
            "Use `jnp.logical_not(x)` (or `~mask` on a boolean array)",
        )

    def visit_Assert(self, node: cst.Assert, ctx: Context) -> None:
        taint = ctx.array_taint(node.test)
        if taint is None:
            return
        ctx.report(
            node.test,
            f"`assert` on a traced value: {ctx.describe(node.test, taint)}",
            "Check values at run time with `jax.experimental.checkify.check(pred, msg)` (wrap the function "
            "in `checkify.checkify`) or `jax.debug.callback`; keep `assert` for shapes and dtypes, which are static",
        )

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        name = ctx.resolve(node.func)
        if name not in jaxapi.TRUTH_BUILTINS:
            return
        key = keyword(node, "key")
        if key is not None:
            # Python compares what the key returns (`key=lambda v: v.shape[0]`: ints, fine)
            self._compared_keys(node, name, key, ctx)
            return
        plain = [arg for arg in node.args if arg.keyword is None]
        if len(plain) == 1 and not plain[0].star and ctx.keyed_mapping(plain[0].value):
            return  # sorted(d), max(d) of a mapping indexed by a string here: its keys, never tracers
        for arg in node.args:
            if arg.keyword is not None:
                continue
            taint = ctx.taint(arg.value)
            if taint is not None and not taint.opaque and (name != "sorted" or _sorts_arrays(arg.value, taint, ctx)):
                ctx.report(
                    node,
                    f"builtin `{name}` compares traced values in Python: {ctx.describe(arg.value, taint)}",
                    f"Use {_BUILTIN_FIX[name]}",
                )
                return

    @staticmethod
    def _compared_keys(node: cst.Call, name: str, key: cst.BaseExpression, ctx: Context) -> None:
        """``sorted(xs, key=f)`` of two elements or more where ``f`` returns a traced array for an
        element: Python compares the keys with ``<``, which takes a tracer's truth value."""
        taint = ctx.key_result(node)
        if taint is None or taint.container or taint.opaque:
            return
        ctx.report(
            node,
            f"builtin `{name}` compares what `key=` returns in Python, and `{ctx.source(key, 30)}` returns a traced "
            f"value for an element (it depends on `{taint.origin.name}`, which is traced: {taint.origin.why})",
            "Keep the sort key static (a Python number), or sort with `jnp.argsort` on an array of the keys"
            if name == "sorted" else f"Compare the keys as an array: `jnp.arg{name}` of `jnp.stack(keys)`",
        )


def _sorts_arrays(value: cst.BaseExpression, taint, ctx: Context) -> bool:
    """Whether ``sorted(value)`` compares traced arrays: a traced array's elements, or a list,
    tuple or set literal with a traced array among its elements (``sorted([a, b])``). Other
    containers are not judged: ``sorted(batch.items())`` orders by the (static) keys."""
    if not taint.container:
        return True
    if not isinstance(value, (cst.List, cst.Tuple, cst.Set)):
        return False
    for element in value.elements:
        inner = ctx.taint(element.value) if isinstance(element, cst.Element) else None
        if inner is not None and not inner.opaque and not inner.container:
            return True
    return False
