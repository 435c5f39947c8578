# Report: jax-ml/jax#16994 https://github.com/jax-ml/jax/issues/16994
# Class: 2 (arguments JAX needs static: the `reps` of `jnp.tile`)
# Rule: JG105
# Reduced: porting a Keras IO example to Keras Core, the reporter found that `jnp.tile(a, b)` works
# eagerly but not in `foo_jit(a, b)` under `jax.jit`, with `b = np.array([64, 1, 1])`: the
# repetitions become tracers. The issue's `foo`/`foo_jit`, unchanged but for the prints of the
# shapes; `np.ndarray([1, 20, 20])` (uninitialised memory) is `np.ones`. JAX 0.10.2 raises
# TypeError ("parameters to jaxpr equations must have __hash__ ... the value of parameter reps
# was not hashable": tracers), not a ConcretizationTypeError. Fix: pass the repetitions as a
# static tuple (`static_argnums=1`).
import functools

import jax
import jax.numpy as jnp
import numpy as np


def foo(a, b):
    return jnp.tile(a, b)


# --- must be flagged ---


@jax.jit
def foo_jit(a, b):
    return jnp.tile(a, b)  # expect: JG105


def bug():
    a = np.ones([1, 20, 20], np.float32)
    b = np.array([64, 1, 1])
    return foo(a, b), foo_jit(a, b)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=1)
def foo_jit_static(a, b):
    return jnp.tile(a, b)


def fixed():
    a = np.ones([1, 20, 20], np.float32)
    b = np.array([64, 1, 1])
    return foo(a, b), foo_jit_static(a, tuple(int(r) for r in b))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
