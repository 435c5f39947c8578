# Report: PennyLaneAI/catalyst#312 https://github.com/PennyLaneAI/catalyst/pull/312
# Class: 4 (NumPy and Python on traced values: a Python list indexed by a traced loop counter)
# Rule: JG104
# Reduced: "Autograph guide": the guide's example builds a Python list of rotation angles,
# `x = [0.0, 1 / 4 * jnp.pi, 2 / 4 * jnp.pi]`, and indexes it with the loop variable of a loop
# whose bound `n` is a traced argument; AutoGraph turns the loop into a compiled loop whose
# counter is traced, and `x[i]` raises TracerIntegerConversionError (a list asks for
# `__index__`). The guide's fix wraps the list into an array. Reduced to plain JAX: the
# converted loop is a `lax.fori_loop` with a traced bound under jit, and the rotation is
# reduced to its cosine.
import jax
import jax.numpy as jnp


# --- must be flagged ---


@jax.jit
def circuit(n):
    x = [0.0, 1 / 4 * jnp.pi, 2 / 4 * jnp.pi]

    def body(i, acc):
        return acc * jnp.cos(x[i])  # expect: JG104

    return jax.lax.fori_loop(0, n, body, 1.0)


def run_circuit():
    return circuit(3)


# --- must not be flagged ---


@jax.jit
def circuit_array(n):
    x = jnp.array([0.0, 1 / 4 * jnp.pi, 2 / 4 * jnp.pi])

    def body(i, acc):
        return acc * jnp.cos(x[i])

    return jax.lax.fori_loop(0, n, body, 1.0)


def run_circuit_array():
    return circuit_array(3)


RAISES = [(run_circuit, "TracerIntegerConversionError")]
RUNS = [run_circuit_array]
