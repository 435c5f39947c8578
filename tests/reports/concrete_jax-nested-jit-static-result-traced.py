# Report: jax-ml/jax#35090 https://github.com/jax-ml/jax/issues/35090
# Class: 3 (the result of an inner jitted function is traced, though its argument was static everywhere)
# Rule: JG105
# Reduced: the code, unchanged: `add1` and `my_arange` both jitted with
# `static_argnums=(0,)`; `jnp.arange(add1(k))` raises ConcretizationTypeError because the inner
# jit returns an array, a tracer in the outer trace. Fix (what the user found works): no jit on
# the small helper, so it returns a Python int.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


@functools.partial(jax.jit, static_argnums=(0,))
def add1(i):
    return i + 1


@functools.partial(jax.jit, static_argnums=(0,))
def my_arange(k):
    return jnp.arange(add1(k))  # expect: JG105


def bug():
    return my_arange(5)


# --- must not be flagged ---


def add1_plain(i):
    return i + 1


@functools.partial(jax.jit, static_argnums=(0,))
def my_arange_fixed(k):
    return jnp.arange(add1_plain(k))


def fixed():
    return my_arange_fixed(5)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
