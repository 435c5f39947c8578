# Report: jax-ml/jax#13838 https://github.com/jax-ml/jax/issues/13838
# Class: 2 (arguments JAX needs static: the exponent of lax.integer_pow)
# Rule: JG104 (relabelled from JG105 after the blind run: the exponent is a value JAX needs concrete, not a size; jitguard reported the line as JG104)
# Reduced: "`jax.lax.integer_pow` is not `jit` compilable": `jax.make_jaxpr(jax.lax.integer_pow)(x,
# y)` with `y: int = 4` fails (then ConcretizationTypeError; in JAX 0.10.2 a TypeError: the
# exponent is an equation parameter and a tracer is not one), and the user adds that `y` "is
# looped over". The answer: "It is `jit`-compatible. It's just that the exponent has to be static."
# Here a jitted power function is called for each exponent of a loop. Fix (the answer's): mark the
# exponent static; the loop compiles once per exponent.
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


# --- must be flagged ---


@jax.jit
def power(x, y):
    return lax.integer_pow(x, y)  # expect: JG104


def bug():
    x = jnp.arange(5.0)
    return [power(x, y) for y in range(1, 4)]


# --- must not be flagged ---


@partial(jax.jit, static_argnums=1)
def power_static(x, y):
    return lax.integer_pow(x, y)


def fixed():
    x = jnp.arange(5.0)
    return [power_static(x, y) for y in range(1, 4)]


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
