# Variant of: tests/reports/control_jax-metropolis-if-de.py
# Class: 4 (Python control flow on a value computed from traced arrays, in nested Python loops)
# Rule: JG101
# Axis: (i) jit written as a call, `sample = jax.jit(_sample, static_argnames=(...))`, and the energy
# difference computed by an augmented assignment (`dE -= ...`).
import jax
import jax.numpy as jnp


def energy(factors, word):
    return jnp.sum(factors * word)


# --- must be flagged ---


def _sample(factors, n_samps=3):
    state = jnp.zeros(factors.shape[0], dtype=jnp.int32)
    for _ in range(n_samps):
        for i in range(factors.shape[0]):
            flipped = state.at[i].set(1 - state[i])
            dE = energy(factors, flipped)
            dE -= energy(factors, state)
            if dE < 0:  # expect: JG101
                state = flipped
    return state


sample = jax.jit(_sample, static_argnames=("n_samps",))


def bug():
    return sample(jnp.arange(4.0) - 2.0)


# --- must not be flagged ---


def _sample_where(factors, n_samps=3):
    state = jnp.zeros(factors.shape[0], dtype=jnp.int32)
    for _ in range(n_samps):
        for i in range(factors.shape[0]):
            flipped = state.at[i].set(1 - state[i])
            dE = energy(factors, flipped)
            dE -= energy(factors, state)
            state = jnp.where(dE < 0, flipped, state)
    return state


sample_where = jax.jit(_sample_where, static_argnames=("n_samps",))


def fixed():
    return sample_where(jnp.arange(4.0) - 2.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
