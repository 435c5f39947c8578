# Report: brainpy/BrainPy#465 https://github.com/brainpy/BrainPy/issues/465
# Class: 3 (everything created inside jit is traced: a spike mask computed in the step)
# Rule: JG101
# Reduced: '"TypeError: true_fun and false_fun output must have same type structure" in
# "brainpy.math.cond"': a custom short-term synaptic depression model updates its state only
# on steps with a spike, written first as `if bm.any(spike): x, x_old, d = func(...)`. Under
# the compiled step the spike mask is a tracer, so the Python `if` raises
# TracerBoolConversionError; the user moved to `cond` (and then hit a mistake of argument
# order, the thread's title). Reduced to plain JAX: the step computes the spikes from the
# membrane potential and updates the depression variables; the fix is `lax.cond` with both
# branches taking and returning the same state.
import jax
import jax.numpy as jnp


def depress(spike, t, x, x_old, d):
    x_old = jnp.where(spike, x, x_old)
    x = jnp.where(spike, t, x)
    d_next = 1.0 - (1.0 - d * 0.9) * jnp.exp(-(x - x_old) / 100.0)
    d = jnp.where(spike, d_next, d)
    return x, x_old, d


def keep(spike, t, x, x_old, d):
    return x, x_old, d


# --- must be flagged ---


@jax.jit
def synapse_step(t, v, x, x_old, d):
    spike = v > 0.0
    if jnp.any(spike):  # expect: JG101
        x, x_old, d = depress(spike, t, x, x_old, d)
    return x, x_old, d


def run_step():
    return synapse_step(10.0, jnp.array([0.5, -1.0, 0.2, -0.3, 1.0]), jnp.zeros(5), jnp.zeros(5), jnp.ones(5))


# --- must not be flagged ---


@jax.jit
def synapse_step_cond(t, v, x, x_old, d):
    spike = v > 0.0
    return jax.lax.cond(jnp.any(spike), depress, keep, spike, t, x, x_old, d)


def run_step_cond():
    return synapse_step_cond(10.0, jnp.array([0.5, -1.0, 0.2, -0.3, 1.0]), jnp.zeros(5), jnp.zeros(5), jnp.ones(5))


RAISES = [(run_step, "TracerBoolConversionError")]
RUNS = [run_step_cond]
