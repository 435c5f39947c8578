# Report: patrick-kidger/equinox#1062 https://github.com/patrick-kidger/equinox/issues/1062
# Class: 6 (churn: a Python int field of a static object changes every iteration)
# Rule: JG302
# Reduced (plain JAX: filter_jit makes non-array fields static): a fitting loop updates an
# integer field of the module (`MyModule(x=0)` -> `MyModule(x=1)` -> ...) and passes the module
# to the jitted step, which compiles again for every value. Fix (the issue's): make the changing
# field an array (traced).
import dataclasses
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


@dataclasses.dataclass(frozen=True)
class MyModule:
    x: int


@functools.partial(jax.jit, static_argnums=0)
def _step(module, data):
    return data * module.x + 1.0


def fit(n):
    module, data = MyModule(x=0), jnp.ones(3)
    for _ in range(n):
        data = _step(module, data)  # expect: JG302
        module = MyModule(x=module.x + 1)
    return data


# --- must not be flagged ---


@jax.jit
def _step_traced(x, data):
    return data * x + 1.0


def fit_traced(n):
    x, data = jnp.asarray(0), jnp.ones(3)
    for _ in range(n):
        data = _step_traced(x, data)
        x = x + 1
    return data


GROWS = [fit]
BOUNDED = [fit_traced]
