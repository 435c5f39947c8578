# Report: jax-ml/jax#14666 https://github.com/jax-ml/jax/issues/14666
# Class: 3 (everything created inside jit is traced: the result of an inner jitted call)
# Rule: JG104
# Reduced: "jit-within-jit turns static values into tracers": `jit_f = jax.jit(f, static_argnums=0)`
# returns its static argument unchanged, but called inside another jitted function its output is
# a traced array, so `float(jit_f(N))` raises ConcretizationTypeError, while calling the plain `f`
# keeps the Python int (the maintainers' `g1`/`g2` comparison). Kept as in the thread; the value is
# used as a scale so the functions take an array too.
from functools import partial

import jax
import jax.numpy as jnp


def f(N):
    return N


jit_f = jax.jit(f, static_argnums=0)

# --- must be flagged ---


@partial(jax.jit, static_argnums=0)
def g2(N, x):
    fN = jit_f(N)
    return x * float(fN)  # expect: JG104


def bug():
    return g2(1, jnp.ones(3))


# --- must not be flagged ---


@partial(jax.jit, static_argnums=0)
def g1(N, x):
    fN = f(N)
    return x * float(fN)


def fixed():
    return g1(1, jnp.ones(3))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
