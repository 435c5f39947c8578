"""The mechanisms of the 26th report batch (docs/recall.md, "26th batch"), each written in shapes
of our own (none keyed on the reports they came from): the lines marked ``# flag`` get the code
and nothing else is reported, and each program runs under JAX 0.10.2 as its oracle says (a raised
error, or it runs). Then the JAX facts they encode, checked directly: ``jax.jit`` hands a list or
tuple argument to the function as a list or tuple of tracers, and ``jnp.ndim``/``jnp.shape``/
``jnp.size`` (and NumPy's) of a list or tuple holding a tracer build a NumPy array from it."""

from __future__ import annotations

import pytest

from tests.mechanisms import case_tests

PRELUDE = """\
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

STEPS = (1.0, 0.5, 0.25)

"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- JG104: a jitted function's parameter every call fills with a list/tuple literal
    "jitted_list_argument_indexed": ("JG104", """
        @jax.jit
        def choose(options, k):
            return options[k] + 1.0  # flag


        def main():
            return choose([2.0, 3.0, 4.0], 1)
        """, "TracerIntegerConversionError"),
    "jitted_tuple_name_indexed": ("JG104", """
        @partial(jax.jit, static_argnames="scale")
        def step_size(k, sizes, scale):
            return scale * sizes[k]  # flag


        def main():
            return step_size(2, STEPS, 3.0)
        """, "TracerIntegerConversionError"),
    # the position static: a Python int indexes the tuple
    "jitted_tuple_static_index": (None, """
        @partial(jax.jit, static_argnums=0)
        def step_size(k, sizes):
            return sizes[k] * 2.0


        def main():
            return step_size(2, STEPS)
        """, None),
    # one call passes an array: not a Python sequence in every call
    "jitted_mixed_calls": (None, """
        @jax.jit
        def choose(options, k):
            return options[k]


        def main():
            return choose(jnp.arange(3.0), 1), choose(jnp.ones(2), 0)
        """, None),
    # the name also used as a value (handed to another function): its calls are not all seen
    "jitted_function_passed_on": (None, """
        @jax.jit
        def choose(options, k):
            return jnp.asarray(options)[k]


        def apply(fn, *args):
            return fn(*args)


        def main():
            return apply(choose, [2.0, 3.0], 1), choose([1.0, 2.0], 0)
        """, None),
    # -- JG104: the shape query of a list/tuple holding a traced array
    "ndim_of_list_of_tracers": ("JG104", """
        @jax.jit
        def depth(x, y):
            stacked = [x, y]
            return x * jnp.ndim(stacked)  # flag


        def main():
            return depth(jnp.ones(2), jnp.zeros(2))
        """, "TracerArrayConversionError"),
    "shape_of_tuple_display": ("JG104", """
        def outer(v):
            return np.shape((v, v))[0] * v  # flag


        def main():
            return jax.vmap(outer)(jnp.ones(3))
        """, "TracerArrayConversionError"),
    "shape_of_the_array_itself": (None, """
        @jax.jit
        def depth(x, y):
            stacked = jnp.stack([x, y])
            return x * jnp.ndim(stacked) + np.size(x) + jnp.shape(x)[0] + len([x, y])


        def main():
            return depth(jnp.ones(2), jnp.zeros(2))
        """, None),
}

test_marked_lines_are_flagged, test_programs_behave_under_jax = case_tests(CASES, PRELUDE, "holdout26")


def test_jit_hands_a_list_argument_over_as_a_list_of_tracers():
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp

    seen = {}

    @jax.jit
    def f(items, pair):
        seen["items"], seen["pair"] = type(items), type(pair)
        seen["leaf"] = isinstance(items[0], jax.core.Tracer)
        return items[0] + pair[1]

    f([1.0, 2.0], (jnp.ones(2), jnp.zeros(2)))
    assert seen == {"items": list, "pair": tuple, "leaf": True}
    with pytest.raises(jax.errors.TracerIntegerConversionError):
        jax.jit(lambda items, k: items[k])([1.0, 2.0], 1)


@pytest.mark.parametrize("query", ["ndim", "shape", "size"])
def test_shape_queries_of_a_list_holding_a_tracer_convert_it(query):
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    import numpy as np

    for module in (jnp, np):
        fn = getattr(module, query)
        with pytest.raises(jax.errors.TracerArrayConversionError):
            jax.jit(lambda x: fn([x, x]))(jnp.ones(2))
        with pytest.raises(jax.errors.TracerArrayConversionError):
            jax.jit(lambda x: fn((x,)))(jnp.ones(2))
        jax.jit(lambda x: (x, fn([1.0, 2.0])))(jnp.ones(2))  # Python numbers: fine
        jax.jit(lambda x: (x, fn(x)))(jnp.ones(2))  # the array itself: its static shape
