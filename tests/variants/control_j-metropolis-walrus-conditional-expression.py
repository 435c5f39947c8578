# Variant of: tests/reports/control_jax-metropolis-if-de.py
# Class: 4 (Python control flow on a value computed from traced arrays, in a Python loop)
# Rule: JG101
# Axis: (j) the energy difference is bound by a walrus inside a conditional expression.
import jax
import jax.numpy as jnp


def energy(factors, word):
    return jnp.sum(factors * word)


# --- must be flagged ---


@jax.jit
def sweep(factors):
    state = jnp.zeros(factors.shape[0], dtype=jnp.int32)
    for i in range(factors.shape[0]):
        flipped = state.at[i].set(1 - state[i])
        state = flipped if (dE := energy(factors, flipped) - energy(factors, state)) < 0 else state  # expect: JG101
    return state


def bug():
    return sweep(jnp.arange(4.0) - 2.0)


# --- must not be flagged ---


@jax.jit
def sweep_where(factors):
    state = jnp.zeros(factors.shape[0], dtype=jnp.int32)
    for i in range(factors.shape[0]):
        flipped = state.at[i].set(1 - state[i])
        state = jnp.where((dE := energy(factors, flipped) - energy(factors, state)) < 0, flipped, state)
    return state + 0 * dE.astype(jnp.int32)


def fixed():
    return sweep_where(jnp.arange(4.0) - 2.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
