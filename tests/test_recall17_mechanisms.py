"""The mechanisms of the recall session of 2026-12-06, third session (docs/recall.md, "fix-recall17"),
written in shapes of our own (none keyed on the reports they came from: numpyro#1210, equinox#95):
the lines marked ``# flag`` get the code and nothing else is reported, and each program runs under
JAX 0.10.2 as its oracle says (a raised error, or it runs).

A factory that makes a jitted def with static positions and returns a ``*args`` forwarder into it:
a call of what it returns runs the forwarder's body on the call's arguments, and what that body
builds at a static position is hashed by the jit (``jitguard/lint/analysis/forwarders.py``)."""

from __future__ import annotations

from tests.mechanisms import case_tests

PRELUDE = """\
import functools
from functools import partial

import jax
import jax.numpy as jnp
import numpy as onp


class Tag:
    # hashed by a Python float of what it holds

    def __init__(self, value):
        self.value = value

    def __hash__(self):
        return hash(float(jnp.sum(self.value)))

    def __eq__(self, other):
        return type(other) is Tag and self.value is other.value


def scaled(x, table):
    return x * jnp.sum(table)
"""

# the factories, written into each case (the finding is on the forwarder's call of the jit, the
# line `{mark}` marks where the case expects one)
SPLIT_JIT = """
def split_jit(fn, held=1):
    @functools.partial(jax.jit, static_argnums=held)
    def run(arrays, rest):
        return fn(*[r if a is None else a for a, r in zip(arrays, rest)])

    def forward(*args, **kwargs):
        arrays = [x if isinstance(x, jax.Array) else None for x in args]
        rest = [None if isinstance(x, jax.Array) else x for x in args]
        return run(tuple(arrays), tuple(rest), **kwargs){mark}

    return forward
"""

KEYED_JIT = """
def keyed_jit(fn, keyed=()):
    @partial(jax.jit, static_argnums=keyed)
    def run(*values):
        return fn(*[v.value if i in keyed else v for i, v in enumerate(values)])

    def forward(*values):
        values = list(values)
        for pos in keyed:
            values[pos] = Tag(values[pos])
        return run(*values){mark}

    return forward
"""


# a factory returning the jit itself, and one returning a `functools.wraps` forwarder into a jit
# it binds to a local name
JIT_MAKERS = """
def jit_at(fn, where=()):
    return jax.jit(fn, static_argnums=where)


def wrapped_jit(fn, where=()):
    compiled = jax.jit(fn, static_argnums=where)

    @functools.wraps(fn)
    def call(*args, **kwargs):
        return compiled(*args, **kwargs){mark}

    return call
"""


def _with(factory: str, flagged: bool, body: str) -> str:
    import textwrap

    return factory.format(mark="  # flag" if flagged else "") + "\n\n" + textwrap.dedent(body)


CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- a NumPy array is not a jax.Array: the filtering forwarder puts it in the static tuple
    "numpy_array_through_decorated_forwarder": ("JG203", _with(SPLIT_JIT, True, """
        @split_jit
        def apply(w, x):
            return w * jnp.sum(x)


        def main():
            x = onp.linspace(0.0, 1.0, 5) * 2
            return apply(jnp.ones(2), x)
        """), "ValueError"),
    "numpy_draw_through_bound_forwarder": ("JG203", _with(SPLIT_JIT, True, """
        apply = split_jit(scaled)


        def main():
            rng = onp.random.default_rng(1)
            return apply(jnp.ones(2), rng.normal(0.0, 1.0, size=3))
        """), "ValueError"),
    "jax_arrays_only": (None, _with(SPLIT_JIT, False, """
        apply = split_jit(scaled)


        def main():
            return apply(jnp.ones(2), jnp.asarray(onp.linspace(0.0, 1.0, 5)))
        """), None),
    # -- what the forwarder wraps is hashed by the wrapper's __hash__: a tracer there raises
    "wrapped_tracer_from_traced_caller": ("JG203", _with(KEYED_JIT, True, """
        scaled_keyed = keyed_jit(scaled, keyed=(1,))


        def main():
            return jax.jit(lambda x: scaled_keyed(x, jnp.linspace(0.0, 1.0, 4) * x))(jnp.float32(2.0))
        """), "ValueError"),
    "wrapped_loop_index_in_a_lax_loop": ("JG203", _with(KEYED_JIT, True, """
        scaled_keyed = keyed_jit(scaled, keyed=(1,))


        def body(i, acc):
            return acc + scaled_keyed(acc, jnp.arange(3.0) * i)


        def main():
            return jax.lax.fori_loop(0, 3, body, jnp.float32(1.0))
        """), "ValueError"),
    # static positions written in any int literal form (`0x1` once raised an internal error here)
    "wrapped_tracer_at_a_hex_position": ("JG203", _with(KEYED_JIT, True, """
        scaled_keyed = keyed_jit(scaled, keyed=(0x1,))


        @jax.jit
        def main_traced(x):
            return scaled_keyed(x, jnp.ones(3) * x)


        def main():
            return main_traced(jnp.float32(3.0))
        """), "ValueError"),
    "wrapped_concrete_array_from_eager_caller": (None, _with(KEYED_JIT, False, """
        scaled_keyed = keyed_jit(scaled, keyed=(1,))


        def main():
            return scaled_keyed(jnp.float32(2.0), jnp.arange(4.0) + 1.0)
        """), None),
    "wrapped_position_not_static": (None, _with(KEYED_JIT, False, """
        scaled_plain = keyed_jit(scaled)


        def body(i, acc):
            return acc + scaled_plain(acc, jnp.arange(3.0) * i)


        def main():
            return jax.lax.fori_loop(0, 3, body, jnp.float32(1.0))
        """), None),
    # -- the factory returns the jit (the finding at the call) or a `functools.wraps` forwarder
    "numpy_array_to_returned_jit": ("JG203", _with(JIT_MAKERS, False, """
        def tiled(x, reps):
            return jnp.tile(x, reps)


        tile_at = jit_at(tiled, where=(1,))


        def main():
            return tile_at(jnp.ones(2), onp.array([2, 1]))  # flag
        """), "ValueError"),
    "tuple_to_returned_jit": (None, _with(JIT_MAKERS, False, """
        def tiled(x, reps):
            return jnp.tile(x, reps)


        tile_at = jit_at(tiled, where=(1,))


        def main():
            return tile_at(jnp.ones(2), (2, 1))
        """), None),
    "tracer_through_wraps_forwarder": ("JG203", _with(JIT_MAKERS, True, """
        def repeated(x, times):
            return jnp.repeat(x, times)


        repeat_at = wrapped_jit(repeated, where=(1,))


        def body(i, acc):
            return acc + jnp.sum(repeat_at(acc, i))


        def main():
            return jax.lax.fori_loop(0, 3, body, jnp.float32(1.0))
        """), "ValueError"),
    "int_through_wraps_forwarder": (None, _with(JIT_MAKERS, False, """
        def repeated(x, times):
            return jnp.repeat(x, times)


        repeat_at = wrapped_jit(repeated, where=(1,))


        def main():
            return [repeat_at(jnp.ones(2), k) for k in (1, 2)]
        """), None),
}

test_recall17_linted, test_recall17_under_jax = case_tests(CASES, PRELUDE, "recall17")


def test_isinstance_jax_array_under_jax():
    """The fact the filtering forwarder is read by: a tracer and a JAX array are ``jax.Array``, a
    NumPy array (and a NumPy scalar) is not."""
    import pytest

    jax = pytest.importorskip("jax")
    import numpy as np

    seen = []

    @jax.jit
    def f(x):
        seen.append(isinstance(x, jax.Array) and isinstance(x * 2, jax.Array))
        return x

    f(jax.numpy.ones(2))
    assert seen == [True]
    assert isinstance(jax.numpy.ones(2), jax.Array)
    assert not isinstance(np.ones(2), jax.Array) and not isinstance(np.float32(1.0), jax.Array)
