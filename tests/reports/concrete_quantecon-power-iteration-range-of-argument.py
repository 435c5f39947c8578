# Report: QuantEcon/lecture-jax#95 https://github.com/QuantEcon/lecture-jax/issues/95
# Class: 2 (an argument JAX needs static: a Python loop count)
# Rule: JG104
# Reduced: "edits to Markov asset pricing lecture": the lecture jits
# `power_iteration_sr(A, num_iterations=15, seed=1234)` with `static_argnums=(1, 2)`; the editor
# asks whether the static_argnums can go, and the answer is that a reader who then passes the
# iteration count "will run into TracerIntegerConversionError" (the loop is
# `for _ in range(num_iterations)`). The function body follows the lecture's power iteration for
# the spectral radius (reconstructed: the thread quotes only the jit line). Fix: keep the loop
# count static, as the lecture did (`static_argnums=(1, 2)`).
import jax
import jax.numpy as jnp


def power_iteration_sr(A, num_iterations=15, seed=1234):
    key = jax.random.PRNGKey(seed)
    b_k = jax.random.normal(key, (A.shape[1],))
    sr = 0
    for _ in range(num_iterations):  # expect: JG104
        b_k1 = jnp.dot(A, b_k)
        b_k1_norm = jnp.linalg.norm(b_k1)
        sr = jnp.dot(b_k1, jnp.dot(A, b_k1)) / jnp.dot(b_k1, b_k1)
        b_k = b_k1 / b_k1_norm
    return sr


A = jnp.array([[0.9, 0.1], [0.2, 0.8]])

# --- must be flagged ---

power_iteration_sr_jit = jax.jit(power_iteration_sr)


def bug():
    return power_iteration_sr_jit(A, 20)


# --- must not be flagged ---

power_iteration_sr_static = jax.jit(power_iteration_sr, static_argnums=(1, 2))


def fixed():
    return power_iteration_sr_static(A, 20)


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
