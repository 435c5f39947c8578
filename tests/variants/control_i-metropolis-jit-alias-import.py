# Variant of: tests/reports/control_jax-metropolis-if-de.py
# Class: 4 (Python control flow on a value computed from traced arrays, in a Python loop)
# Rule: JG101
# Axis: (i) `from jax import jit as compile_fn` used as a decorator with `static_argnums`, and
# `import jax.numpy as np`.
from functools import partial

import jax.numpy as np
from jax import jit as compile_fn


def energy(factors, word):
    return np.sum(factors * word)


# --- must be flagged ---


@partial(compile_fn, static_argnums=(1,))
def sample(factors, n_samps):
    state = np.zeros(factors.shape[0], dtype=np.int32)
    for _ in range(n_samps):
        for i in range(factors.shape[0]):
            flipped = state.at[i].set(1 - state[i])
            if energy(factors, flipped) < energy(factors, state):  # expect: JG101
                state = flipped
    return state


def bug():
    return sample(np.arange(4.0) - 2.0, 2)


# --- must not be flagged ---


@partial(compile_fn, static_argnums=(1,))
def sample_where(factors, n_samps):
    state = np.zeros(factors.shape[0], dtype=np.int32)
    for _ in range(n_samps):
        for i in range(factors.shape[0]):
            flipped = state.at[i].set(1 - state[i])
            state = np.where(energy(factors, flipped) < energy(factors, state), flipped, state)
    return state


def fixed():
    return sample_where(np.arange(4.0) - 2.0, 2)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
