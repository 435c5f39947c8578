"""jitguard/lint/analysis/jaxsig.py is generated from the installed JAX's signatures
(scripts/gen_jaxsig.py): check that it still matches JAX and that its claims hold under jit."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

jax = pytest.importorskip("jax")
import jax.numpy as jnp  # noqa: E402

from jitguard.lint.analysis import jaxapi, jaxsig  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TRACER_ERRORS = (jax.errors.ConcretizationTypeError, jax.errors.TracerIntegerConversionError, TypeError)


def _resolve(qual: str):
    module, name = qual.rsplit(".", 1)
    import importlib

    return getattr(importlib.import_module(module), name)


def test_every_entry_still_comes_out_of_the_installed_jax():
    """A JAX release may add entries (then regenerate); it must not take one of ours away."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from gen_jaxsig import scan
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    sizes, bounded = scan()
    assert {k: v for k, v in jaxsig.SIZE_PARAMETERS.items() if sizes.get(k) != v} == {}
    assert jaxsig.SIZE_BOUNDED_OUTPUTS <= bounded


@pytest.mark.parametrize("qual", sorted(jaxsig.SIZE_PARAMETERS))
def test_each_size_parameter_exists_where_the_table_says(qual):
    import inspect

    params = list(inspect.signature(_resolve(qual)).parameters)
    positions, keywords = jaxsig.SIZE_PARAMETERS[qual]
    for name in keywords:
        assert name in params, (qual, name)
    for i in positions:
        assert params[i] in keywords, (qual, i)


# A traced value at a size parameter fails under jit: checked on one function of each kind.
SIZED_CALLS = {
    "jax.numpy.zeros": lambda n: jnp.zeros(n),
    "jax.numpy.full": lambda n: jnp.full(n, 1.0),
    "jax.numpy.reshape": lambda n: jnp.reshape(jnp.ones(4), (n, -1)),
    "jax.numpy.broadcast_to": lambda n: jnp.broadcast_to(jnp.ones(1), (n,)),
    "jax.numpy.tile": lambda n: jnp.tile(jnp.ones(2), n),
    "jax.numpy.linspace": lambda n: jnp.linspace(0.0, 1.0, n),
    "jax.nn.one_hot": lambda n: jax.nn.one_hot(jnp.array([0, 1]), n),
    "jax.ops.segment_sum": lambda n: jax.ops.segment_sum(jnp.ones(3), jnp.array([0, 0, 1]), n),
    "jax.random.normal": lambda n: jax.random.normal(jax.random.key(0), (n,)),
    "jax.random.split": lambda n: jax.random.split(jax.random.key(0), n),
    "jax.lax.iota": lambda n: jax.lax.iota(jnp.int32, n),
    "jax.lax.dynamic_slice": lambda n: jax.lax.dynamic_slice(jnp.ones(4), (0,), (n,)),
    "jax.lax.full": lambda n: jax.lax.full((n,), 1.0),
}


def test_a_shape_named_parameter_that_is_no_output_size_is_left_out():
    jax.jit(lambda n: jnp.unravel_index(1, (n, 2)))(2)  # runs: the shape is only divided by
    assert "jax.numpy.unravel_index" not in jaxsig.SIZE_PARAMETERS


@pytest.mark.parametrize("qual", sorted(SIZED_CALLS))
def test_a_traced_size_fails_under_jit(qual):
    assert qual in jaxapi.SHAPE_ARGUMENTS
    with pytest.raises(TRACER_ERRORS):
        jax.jit(SIZED_CALLS[qual])(2)
    jax.jit(SIZED_CALLS[qual], static_argnums=0)(2)  # the same call with a static size runs


@pytest.mark.parametrize("qual", sorted(jaxsig.SIZE_BOUNDED_OUTPUTS))
def test_a_size_bounded_output_fails_under_jit_without_size_and_runs_with_it(qual):
    fn = _resolve(qual)
    x = jnp.array([1, 0, 2, 2])
    arity = 2 if qual.rsplit(".", 1)[1] in ("compress", "extract", "intersect1d", "setdiff1d", "setxor1d", "union1d") else 1
    args = (x > 0, x) if qual.endswith(("compress", "extract")) else (x,) * arity
    with pytest.raises(jax.errors.ConcretizationTypeError):
        jax.jit(lambda *a: fn(*a))(*args)
    jax.jit(lambda *a: fn(*a, size=4))(*args)
