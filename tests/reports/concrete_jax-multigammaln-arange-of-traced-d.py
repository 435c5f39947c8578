# Report: jax-ml/jax#5073 https://github.com/jax-ml/jax/issues/5073
# Class: 2 (an argument JAX needs static: the dimension `d` sizes an arange)
# Rule: JG105
# Reduced: "jax.scipy.special.multigammaln fails under jit": `jit(multigammaln)(1, 2)` raises
# ConcretizationTypeError in `jnp.arange(d)` ("It arose in jax.numpy.arange argument `stop`").
# The function body of the time is copied with jnp operations in place of the lax ones (today's
# jax checks `d` first, so calling the library would fail elsewhere). Fix: the thread notes `d`
# must be static; `jit(multigammaln, static_argnums=1)`.
import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln


def multigammaln(a, d):
    constant = 0.25 * d * (d - 1) * jnp.log(jnp.pi)
    res = jnp.sum(gammaln(jnp.expand_dims(a, axis=-1) - jnp.arange(d) / 2.0), axis=-1)  # expect: JG105
    return res + constant


# --- must be flagged ---


def bug():
    return jax.jit(multigammaln)(1.0, 2)


# --- must not be flagged ---


def fixed():
    return jax.jit(multigammaln, static_argnums=1)(1.0, 2)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
