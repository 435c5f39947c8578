# Report: jax-ml/jax#38603 https://github.com/jax-ml/jax/issues/38603
# Class: 2 (arguments JAX needs static: `size=` of jnp.compress under jit)
# Rule: JG105
# Reduced: the reproducer, `jax.jit(f)` of `jnp.compress(x.ravel() > 0, x.ravel())`;
# JAX 0.10.2 raises TracerBoolConversionError from inside jnp.compress. Fix: `size=`.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def f(x):
    return jnp.compress(x.ravel() > 0, x.ravel())  # expect: JG105


def bug():
    return jax.jit(f)(jnp.ones((4, 4), dtype=jnp.float32))


# --- must not be flagged ---


def f_sized(x):
    return jnp.compress(x.ravel() > 0, x.ravel(), size=16)


def fixed():
    return jax.jit(f_sized)(jnp.ones((4, 4), dtype=jnp.float32))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
