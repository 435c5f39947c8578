# Report: jax-ml/jax#23229 https://github.com/jax-ml/jax/pull/23229
# Class: 2 (arguments JAX needs static: the `unroll` of `lax.scan`)
# Rule: JG104
# Reduced: "improve `scan` error message on non-concrete `unroll` argument": the PR's example
# jits `lambda n, x: jax.lax.scan(lambda c, z: (c, z), x, (), 10, unroll=n)` and calls it with
# `(3, 1.)`, so the unroll factor is a tracer; before the PR JAX raised a puzzling
# TracerBoolConversionError, JAX 0.10.2 raises "The `unroll` argument to `scan` expects a
# concrete `int` or `bool` value". The unroll factor is a value JAX needs concrete, not a size.
# Fix: make `n` static.
from functools import partial

import jax


def body(c, z):
    return c, z


# --- must be flagged ---


@jax.jit
def run(n, x):
    return jax.lax.scan(body, x, (), 10, unroll=n)  # expect: JG104


def bug():
    return run(3, 1.0)


# --- must not be flagged ---


@partial(jax.jit, static_argnums=0)
def run_static(n, x):
    return jax.lax.scan(body, x, (), 10, unroll=n)


def fixed():
    return run_static(3, 1.0)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
