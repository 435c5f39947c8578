"""SAMECALL (analysis/samecall.py, docs/precision.md, 26th set): a call of a jitted function that
repeats an earlier call of the same iteration, nothing it reads touched between, finds the
program the earlier one compiled; the churn rules report the first only. Each program is linted
alone (the lines marked ``# flag`` get the code, nothing else is reported); then the JAX fact,
checked directly: the second identical call of an iteration adds nothing to the cache."""

from __future__ import annotations

import pytest

from tests.mechanisms import assert_flags_marked_lines

PRELUDE = """\
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def total(x):
    return x.sum()


@partial(jax.jit, static_argnums=1)
def scaled(x, k):
    return x * k


def helper(x):
    return x


"""

CASES: dict[str, tuple[str, str]] = {
    # the warm-up and the timed call: only the first compiles
    "repeat": ("JG303", """
        def study(n):
            for i in range(1, n):
                xs = np.ones(i)
                total(xs)  # flag
                out = total(xs)
            return out
        """),
    "repeat_static": ("JG302", """
        def study(n):
            xs = np.ones(3)
            for k in range(n):
                scaled(xs, k)  # flag
                t = 0
                out = scaled(xs, k)
            return out + t
        """),
    # the argument rebound between: a new shape, a new compile
    "rebound": ("JG303", """
        def study(n):
            for i in range(1, n):
                xs = np.ones(i)
                total(xs)  # flag
                xs = xs[1:]
                out = total(xs)  # flag
            return out
        """),
    # handed to another function between, which may change it in place
    "passed_on": ("JG303", """
        def study(n):
            for i in range(1, n):
                xs = np.ones(i)
                total(xs)  # flag
                helper(xs)
                out = total(xs)  # flag
            return out
        """),
    # the first call runs only on one branch
    "conditional_first": ("JG303", """
        def study(n, warm):
            for i in range(1, n):
                xs = np.ones(i)
                a = warm and total(xs)  # flag
                out = total(xs)  # flag
            return out, a
        """),
    "first_in_branch": ("JG303", """
        def study(n, warm):
            for i in range(1, n):
                xs = np.ones(i)
                if warm:
                    total(xs)  # flag
                out = total(xs)  # flag
            return out
        """),
    # an argument that is a call: a new value each time (a random size would differ)
    "call_argument": ("JG303", """
        def study(n):
            for i in range(1, n):
                total(np.ones(i))  # flag
                out = total(np.ones(i))  # flag
            return out
        """),
    # the first call's statement rebinds what the second reads
    "rebound_by_first": ("JG303", """
        def study(n):
            for i in range(1, n):
                xs = np.ones(i)
                xs = total(xs) + xs  # flag
                out = total(xs)  # flag
            return out
        """),
    # declared global in the module: a function called between could rebind it
    "global_name": ("JG303", """
        xs = None


        def reset():
            global xs
            xs = np.ones(1)


        def study(n):
            for i in range(1, n):
                ys = np.ones(i)
                total(ys)  # flag
                reset()
                out = total(ys)
            return out
        """),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_marked_lines(tmp_path, name):
    import textwrap

    code, body = CASES[name]
    assert_flags_marked_lines(tmp_path, name, PRELUDE + textwrap.dedent(body), code)


def test_second_identical_call_adds_no_compile():
    jax = pytest.importorskip("jax")
    import numpy as np

    batched = jax.jit(jax.vmap(lambda s: jax.numpy.sin(s) * 2.0))
    added = []
    for size in (1, 2, 4):
        scales = np.linspace(0.9, 1.1, size)
        before = batched._cache_size()
        batched(scales).block_until_ready()
        middle = batched._cache_size()
        batched(scales).block_until_ready()
        added.append((middle - before, batched._cache_size() - middle))
    assert added == [(1, 0), (1, 0), (1, 0)]
