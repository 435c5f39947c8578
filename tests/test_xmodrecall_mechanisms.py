"""General mechanisms of the sixth recall session of 2026-12-06 (branch fix-xmodrecall;
docs/recall.md, "the options of transforms", ...), each written in shapes of our own: the lines
marked ``# flag`` get the code and nothing else is reported, and each program runs under JAX 0.10.2
as its oracle says (a raised error, or it runs). Then the JAX facts they encode, checked directly:
the table of transform options (``jaxapi.TRANSFORM_OPTIONS``) against the installed signatures and
by calling each option under jit, traced (it raises) and as a Python value (it runs)."""

from __future__ import annotations

import inspect

import pytest

from jitguard.lint.analysis import jaxapi
from tests.mechanisms import case_tests

PRELUDE = """\
import functools

import jax
import jax.numpy as jnp


def pair_sum(a, b):
    return a + b

"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- JG104: an option of a transform or loop that JAX reads as a Python value, traced
    "vmap_in_axes_parameter": ("JG104", """
        @jax.jit
        def column_norms(x, axis):
            norms = jax.vmap(jnp.linalg.norm, in_axes=axis)  # flag
            return norms(x) / x.shape[0]


        def main():
            return column_norms(jnp.ones((2, 3)), 1)
        """, "TypeError"),
    "vmap_in_axes_positional_tuple": ("JG104", """
        @jax.jit
        def add_rows(x, y, axis):
            return jax.vmap(pair_sum, (0, axis))(x, y)  # flag


        def main():
            return add_rows(jnp.ones((2, 3)), jnp.ones((3, 2)), 1)
        """, "TypeError"),
    "vmap_in_axes_mapped_by_outer_vmap": ("JG104", """
        def totals(axis, x):
            return jax.vmap(jnp.sum, in_axes=axis)(x)  # flag


        def main():
            return jax.vmap(totals, in_axes=(0, None))(jnp.array([0, 1]), jnp.ones((2, 2)))
        """, "TypeError"),
    "vmap_axis_name_parameter": ("JG104", """
        @jax.jit
        def centred(x, name):
            return jax.vmap(lambda a: a - jax.lax.pmean(a, name), axis_name=name)(x)  # flag


        def main():
            return centred(jnp.ones(3), 0)
        """, "TypeError"),
    "scan_reverse_parameter": ("JG104", """
        @jax.jit
        def suffix(x, backwards):
            return jax.lax.scan(lambda c, a: (c + a, c), 0.0, x, reverse=backwards)  # flag


        def main():
            return suffix(jnp.ones(3), True)
        """, "TypeError"),
    "fori_unroll_parameter": ("JG104", """
        @jax.jit
        def halve(x, unroll):
            return jax.lax.fori_loop(0, 4, lambda i, c: c / 2, x, unroll=unroll)  # flag


        def main():
            return halve(jnp.ones(3), 2)
        """, "ConcretizationTypeError"),
    "grad_has_aux_parameter": ("JG104", """
        @jax.jit
        def slope(x, aux):
            return jax.grad(lambda a: (a * a, a), has_aux=aux)(x)  # flag


        def main():
            return slope(1.0, True)
        """, "TracerBoolConversionError"),
    # -- legal look-alikes: the option static, a constant, from shapes, outside jit
    "vmap_in_axes_static": (None, """
        @functools.partial(jax.jit, static_argnames=("axis",))
        def columns(x, axis):
            return jax.vmap(jnp.sum, in_axes=axis)(x)


        def main():
            return columns(jnp.ones((2, 3)), 1)
        """, None),
    "vmap_in_axes_from_shape": (None, """
        @jax.jit
        def columns(x):
            return jax.vmap(jnp.sum, in_axes=x.ndim - 1)(x)


        def main():
            return columns(jnp.ones((2, 3)))
        """, None),
    "vmap_in_axes_eager": (None, """
        def columns(x, axis):
            return jax.vmap(jnp.sum, in_axes=axis)(x)


        def main():
            return columns(jnp.ones((2, 3)), 1)
        """, None),
    "scan_reverse_default": (None, """
        @jax.jit
        def suffix(x, backwards=True):
            return jax.lax.scan(lambda c, a: (c + a, c), 0.0, x, reverse=True)


        def main():
            return suffix(jnp.ones(3))
        """, None),
    # -- JG101/JG103: a number searched among traced items of a list or tuple
    "number_in_list_of_traced": ("JG101", """
        @jax.jit
        def clip_if_edge(x, low, high):
            if 0 in [low, high]:  # flag
                return x
            return -x


        def main():
            return clip_if_edge(jnp.ones(2), 0, 1)
        """, "TracerBoolConversionError"),
    "number_name_in_named_tuple_of_sums": ("JG101", """
        @jax.jit
        def pick(x, y):
            target = 3
            totals = (x.sum(), y.sum())
            if target not in totals:  # flag
                return x
            return y


        def main():
            return pick(jnp.ones(3), jnp.ones(2))
        """, "TracerBoolConversionError"),
    "number_in_traced_items_as_value_under_vmap": ("JG103", """
        def zero_seen(a, b):
            seen = 0 in (a, b)  # flag
            return jnp.where(seen, a, b)


        def main():
            return jax.vmap(zero_seen)(jnp.ones(2), jnp.zeros(2))
        """, "TracerBoolConversionError"),
    "traced_not_first_item": ("JG101", """
        @jax.jit
        def same(x, y):
            if x in [y, x]:  # flag
                return x
            return y


        def main():
            return same(jnp.float32(1.0), jnp.float32(2.0))
        """, "TracerBoolConversionError"),
    # -- legal look-alikes: identity first, strings, shapes, Python items
    "traced_first_item_identity": (None, """
        @jax.jit
        def either(a, b):
            found = a in (a, b)  # True by identity: no `==` taken
            return jnp.where(found, a, b)


        def main():
            return either(jnp.ones(2), jnp.zeros(2))
        """, None),
    "string_in_list_of_traced": (None, """
        @jax.jit
        def named(x, y):
            if "x" in (x, y):
                return y
            return x


        def main():
            return named(jnp.ones(2), jnp.ones(2))
        """, None),
    "number_in_shapes": (None, """
        @jax.jit
        def has_three(x, y):
            if 3 in (x.shape[0], y.shape[0]):
                return x.sum()
            return y.sum()


        def main():
            return has_three(jnp.ones(3), jnp.ones(2))
        """, None),
    "number_in_python_items": (None, """
        @functools.partial(jax.jit, static_argnames=("k",))
        def scaled(x, k=2):
            if 0 in [k, 1]:
                return x
            return x * k


        def main():
            return scaled(jnp.ones(2))
        """, None),
}

test_marked_lines_are_flagged, test_programs_behave_under_jax = case_tests(CASES, PRELUDE, "xmodrecall")


def _option_call(qual: str, keyword: str, value):
    """A call of ``qual`` with ``keyword=value`` and otherwise valid arguments."""
    import jax
    import jax.numpy as jnp

    x = jnp.ones((1, 3))
    fn = eval(qual, {"jax": jax})  # noqa: S307 (a fixed table of JAX names)
    if qual in ("jax.vmap", "jax.pmap"):
        defaults = {"in_axes": 0, "out_axes": 0, "axis_name": "i", "axis_size": 1, "spmd_axis_name": "i",
                    "static_broadcasted_argnums": (), "donate_argnums": ()}
        kw = {keyword: value if value is not None else defaults[keyword]}
        return fn(lambda a: a, **kw)(x)
    if qual in ("jax.checkpoint", "jax.remat", "jax.jit"):
        return fn(lambda a, n: a * n, **{keyword: value})(x, 2)
    if qual == "jax.lax.scan":
        return fn(lambda c, a: (c + a, c), 0.0, x[0], **{keyword: value})
    if qual == "jax.lax.fori_loop":
        return fn(0, 3, lambda i, c: c, x, **{keyword: value})
    if qual == "jax.lax.associative_scan":
        return fn(jnp.add, x, **{keyword: value})
    if qual.startswith("jax.lax.cum"):
        return fn(x, **{keyword: value})
    # the differentiation transforms: has_aux
    return fn(lambda a: ((a ** 2).sum(), a), **{keyword: value})(1.0)


# a Python value each option takes (and a traced value of the same type raises)
_PYTHON_VALUES = {"in_axes": 0, "out_axes": 0, "axis_name": "i", "axis_size": 1, "spmd_axis_name": "i",
                  "static_broadcasted_argnums": (), "donate_argnums": 0, "prevent_cse": True, "static_argnums": 1,
                  "reverse": True, "unroll": 2, "axis": 0, "has_aux": True}
_TRACED_VALUES = {"in_axes": 0, "out_axes": 0, "axis_name": 0, "axis_size": 1, "spmd_axis_name": 0,
                  "static_broadcasted_argnums": 0, "donate_argnums": 0, "prevent_cse": True, "static_argnums": 1,
                  "reverse": True, "unroll": 2, "axis": 0, "has_aux": True}


@pytest.mark.parametrize("qual", sorted(jaxapi.TRANSFORM_OPTIONS))
def test_transform_options_are_read_as_python_values(qual):
    """Each option: at its position in the installed signature; traced under jit it raises, a
    Python value runs (the pmap entries on one CPU device)."""
    jax = pytest.importorskip("jax")
    fn = eval(qual, {"jax": jax})  # noqa: S307
    params = list(inspect.signature(fn).parameters)
    for position, keyword in jaxapi.TRANSFORM_OPTIONS[qual]:
        assert keyword in params, (qual, keyword)
        if position is not None:
            assert params[position] == keyword, (qual, position, keyword)
        jax.jit(lambda: _option_call(qual, keyword, _PYTHON_VALUES[keyword]))()
        with pytest.raises(Exception) as info:
            jax.jit(lambda v, k=keyword: _option_call(qual, k, v))(_TRACED_VALUES[keyword])
        assert isinstance(info.value, (TypeError, ValueError, jax.errors.ConcretizationTypeError)), (qual, keyword, info.value)
