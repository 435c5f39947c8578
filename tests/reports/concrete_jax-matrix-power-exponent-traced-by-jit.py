# Report: jax-ml/jax#4723 https://github.com/jax-ml/jax/issues/4723
# Class: 2 (arguments JAX needs static: the exponent of jnp.linalg.matrix_power)
# Rule: JG104 (the exponent is a value JAX needs concrete; the corpus labels a traced exponent JG104)
# Reduced: "jax.numpy.linalg.matrix_power does not play well with jit": the user's
# `minimal_example(F, x, n)` returns `jnp.linalg.matrix_power(F, n) @ x @ ...T`; it works without
# jit, and `jit(minimal_example)(sample_F, sample_x, 2)` fails ("exponent must be an integer, got
# Traced<...>" then; in JAX 0.10.2 a ValueError: matrix_power jits itself with the exponent
# static, and the tracer cannot be hashed). The user's code, kept whole. Fix (the answer's): mark
# `n` static.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def minimal_example(F, x, n):
    return jnp.linalg.matrix_power(F, n) @ x @ jnp.linalg.matrix_power(F, n).T  # expect: JG104


sample_F = jnp.eye(2)
sample_x = jnp.array([2.0, 1.0])
sample_n = 2


def bug():
    jit_fun = jax.jit(minimal_example)
    return jit_fun(sample_F, sample_x, sample_n)


# --- must not be flagged ---


def fixed():
    jit_fun = jax.jit(minimal_example, static_argnums=2)
    return jit_fun(sample_F, sample_x, sample_n)


def eager():
    return minimal_example(sample_F, sample_x, sample_n)


RAISES = [(bug, "ValueError")]
RUNS = [fixed, eager]
