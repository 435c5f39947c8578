# Report: Quantinuum/qnlp_lorenz_etal_2021_resources#2 https://github.com/Quantinuum/qnlp_lorenz_etal_2021_resources/issues/2
# Class: 4 (NumPy and Python on traced values, deeper: a gate's matrix built with NumPy)
# Rule: JG104
# Reduced: "jax problems rp_task_simulation": the notebook's `get_cost_jit(rand_unshaped_pars)`
# (a jitted cost over the circuit parameters) fails inside discopy's
# `quantum/gates.py ... def array(self): half_theta = ...` with TracerArrayConversionError: the
# rotation gate builds its matrix with NumPy from its phase, which is a tracer under jit. Here the
# circuit is a chain of Rx gates applied to |0>, and the cost is the negative log-probability of
# the label. Fix: build the gate matrix with `jax.numpy` (discopy's JAX backend), never leaving JAX.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


class Rx:
    def __init__(self, phase):
        self.phase = phase

    @property
    def array(self):
        half_theta = np.pi * self.phase
        cos, sin = np.cos(half_theta), np.sin(half_theta)  # expect: JG104
        return jnp.array([[cos, -1j * sin], [-1j * sin, cos]])


def get_cost(unshaped_params):
    state = jnp.array([1.0 + 0j, 0.0 + 0j])
    for theta in unshaped_params:
        state = Rx(theta).array @ state
    return -jnp.log(jnp.abs(state[0]) ** 2 + 1e-9)


get_cost_jit = jax.jit(get_cost)


def bug():
    return get_cost_jit(jnp.array([0.1, 0.2, 0.3]))


# --- must not be flagged ---


class RxJax:
    def __init__(self, phase):
        self.phase = phase

    @property
    def array(self):
        half_theta = jnp.pi * self.phase
        cos, sin = jnp.cos(half_theta), jnp.sin(half_theta)
        return jnp.array([[cos, -1j * sin], [-1j * sin, cos]])


def get_cost_jax(unshaped_params):
    state = jnp.array([1.0 + 0j, 0.0 + 0j])
    for theta in unshaped_params:
        state = RxJax(theta).array @ state
    return -jnp.log(jnp.abs(state[0]) ** 2 + 1e-9)


get_cost_jax_jit = jax.jit(get_cost_jax)


def fixed():
    return get_cost_jax_jit(jnp.array([0.1, 0.2, 0.3]))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
