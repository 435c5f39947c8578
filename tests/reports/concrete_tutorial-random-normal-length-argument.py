# Report: https://theneuralbase.com/jax/learn/beginner/jit-with-static-argnums/ (tutorial lesson "jit with static_argnums": the pitfall it teaches)
# Class: 2 (arguments JAX needs static: a length that sets a shape)
# Rule: JG105
# Reduced: `compute_output(key, length, scale)` ("key: random key (traced), length: how many
# elements to generate") draws `jax.random.normal(key, (length,))` and scales it; jitted without
# static arguments, `length` is a tracer and the shape `(length,)` cannot be built (TypeError
# "Shapes must be 1D sequences of concrete values of integer type"). The lesson's fix:
# `jax.jit(compute_output, static_argnums=(1,))`, recompiling only when `length` changes.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def compute_output(key, length, scale):
    samples = jax.random.normal(key, (length,))  # expect: JG105
    return samples * scale


def bug():
    return jax.jit(compute_output)(jax.random.PRNGKey(0), 5, 2.0)


# --- must not be flagged ---


compute_output_jit = jax.jit(compute_output, static_argnums=(1,))


def fixed():
    key = jax.random.PRNGKey(0)
    return compute_output_jit(key, 5, 2.0), compute_output_jit(key, 5, 3.0)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
