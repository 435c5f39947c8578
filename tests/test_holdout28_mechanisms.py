"""The mechanism of the 28th report batch (docs/recall.md, "28th batch"), written in shapes of our
own (none keyed on the reports it came from): the lines marked ``# flag`` get the code and nothing
else is reported, and each program runs under JAX 0.10.2 as its oracle says (a raised error, or it
runs). Then the JAX facts they encode, checked directly: ``tuple(x)`` / ``list(x)`` of a traced
array iterates its rows, each a tracer (ARRAYROWS), whatever the array was built from; and a NumPy
array a jitted function passes to a helper stays a NumPy array there (``isinstance(a, np.ndarray)``
holds, ``isinstance(a, jax.Array)`` does not), while ``jnp.asarray`` of it is a tracer (NPTYPE)."""

from __future__ import annotations

import pytest

from tests.mechanisms import case_tests

PRELUDE = """\
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- JG105: an item of tuple()/list() of a traced array used as a size
    "tuple_of_argument_rows": ("JG105", """
        @jax.jit
        def head(x, counts):
            n = tuple(counts)[0]
            return jnp.ones(n) + x[0]  # flag


        def main():
            return head(jnp.ones(3), jnp.array([2, 1]))
        """, "TypeError"),
    "list_of_staged_constants_in_a_helper": ("JG105", """
        def widths(total):
            return list(jnp.diff(jnp.array([0, 1, total])))


        @jax.jit
        def split_rows(x):
            first, second = widths(x.shape[0])
            return jnp.zeros((first, second)).sum() + x.sum()  # flag


        def main():
            return split_rows(jnp.ones(3))
        """, "TypeError"),
    "unpacked_rows_as_split_point": ("JG105", """
        @jax.jit
        def halves(x):
            cut, _ = tuple(jnp.array([1, 2]))
            a, b = jnp.split(x, [cut])  # flag
            return a.sum() - b.sum()


        def main():
            return halves(jnp.ones(3))
        """, "ConcretizationTypeError"),
    # NumPy rows: host values, Python-side integers
    "list_of_numpy_rows": (None, """
        @jax.jit
        def split_rows(x):
            first, second = list(np.diff(np.array([0, 1, x.shape[0]])))
            return jnp.zeros((first, second)).sum() + x.sum()


        def main():
            return split_rows(jnp.ones(3))
        """, None),
    # a shape's items, a static tuple's items: Python ints
    "tuple_of_shape_and_static_items": (None, """
        @partial(jax.jit, static_argnames="sizes")
        def tiled(x, sizes):
            rows, cols = tuple(x.shape)
            k = list(sizes)[0]
            return jnp.zeros((rows * k, cols)).sum() + x.sum()


        def main():
            return tiled(jnp.ones((2, 2)), sizes=(2, 1))
        """, None),
    # rows used as arrays, not sizes: legal
    "rows_used_as_values": (None, """
        @jax.jit
        def total(x):
            return sum(list(x)) * 2.0


        def main():
            return total(jnp.ones((3, 2)))
        """, None),
    # -- JG104 after a type test of the helper's argument (NPTYPE)
    # one call passes a Python list: the jnp path runs there, its result is a tracer
    "type_test_of_mixed_arguments": ("JG104", """
        def host_copy(arr):
            if isinstance(arr, np.ndarray):
                return arr.copy()
            return jnp.asarray(arr)


        @jax.jit
        def picks(x):
            a = host_copy(np.ones(3))
            b = host_copy([1.0, 0.0, 1.0])
            return x[np.flatnonzero(a * b)]  # flag


        def main():
            return picks(jnp.arange(3.0))
        """, "TracerArrayConversionError"),
    # rebound before the test: the test sees what the helper made, not what the call passed
    "type_test_after_rebinding": ("JG104", """
        def host_copy(arr):
            arr = jnp.asarray(arr)
            if isinstance(arr, np.ndarray):
                return arr.copy()
            return arr + 0


        @jax.jit
        def picks(x):
            return x[np.flatnonzero(host_copy(np.ones(3)))]  # flag


        def main():
            return picks(jnp.arange(3.0))
        """, "TracerArrayConversionError"),
    # every call passes a NumPy array: the early return always runs
    "type_test_of_numpy_arguments": (None, """
        def host_copy(arr):
            if not isinstance(arr, np.ndarray):
                return jnp.asarray(arr)
            return arr.copy()


        @jax.jit
        def picks(x):
            a = host_copy(np.ones(3))
            b = host_copy(np.arange(3) % 2)
            return x[np.flatnonzero(a * b)]


        def main():
            return picks(jnp.arange(3.0))
        """, None),
    "device_type_test_of_numpy_argument": (None, """
        def host_copy(arr):
            if isinstance(arr, jnp.ndarray):
                return arr + 0
            return np.asarray(arr)


        @jax.jit
        def picks(x):
            return x[np.flatnonzero(host_copy(np.ones(3)))]


        def main():
            return picks(jnp.arange(3.0))
        """, None),
}

test_marked_lines_are_flagged, test_programs_behave_under_jax = case_tests(CASES, PRELUDE, "holdout28")


@pytest.mark.parametrize("view", [tuple, list])
def test_rows_of_a_traced_array_are_tracers(view):
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    import numpy as np

    seen = []

    @jax.jit
    def f(x):
        rows = view(jnp.diff(jnp.array([2]), prepend=0, append=x.shape[0]))  # constants: staged too
        seen.append(all(isinstance(r, jax.core.Tracer) for r in rows))
        seen.append(all(isinstance(r, jax.core.Tracer) for r in view(x)))
        seen.append(not any(isinstance(r, jax.core.Tracer) for r in view(np.arange(3))))
        return x

    f(jnp.ones(4))
    assert seen == [True, True, True]
    with pytest.raises(jax.errors.ConcretizationTypeError):
        jax.jit(lambda x: jnp.split(x, [view(jnp.array([1, 2]))[0]]))(jnp.ones(3))


def test_numpy_argument_stays_numpy_in_a_helper_under_jit():
    jax = pytest.importorskip("jax")
    import jax.numpy as jnp
    import numpy as np

    seen = []

    def helper(arr):
        seen.append((isinstance(arr, np.ndarray), isinstance(arr, jax.Array),
                     isinstance(jnp.asarray(arr), jax.core.Tracer)))
        return arr

    jax.jit(lambda x: x + helper(np.zeros(3)).sum())(jnp.ones(3))
    assert seen == [(True, False, True)]

    def staged(x):
        return x[np.flatnonzero(jnp.asarray(np.ones(3)))]  # noqa: JG104 (raises, as the test asserts)

    with pytest.raises(jax.errors.TracerArrayConversionError):
        jax.jit(staged)(jnp.ones(3))
