# Variant of: tests/reports/concrete_jax-linspace-num-from-jnp-maximum.py
# Class: 3 (everything created inside jit is traced: a jnp result used as a count)
# Rule: JG105
# Axis: (a) the step count is computed by a helper with jnp and returned to the jitted caller.
import jax
import jax.numpy as jnp


def n_steps(t0, tf, dt):
    return jnp.maximum(jnp.abs((tf - t0) / dt), 1).astype(int)


# --- must be flagged ---


@jax.jit
def grid(y):
    ts = jnp.linspace(0.0, 1.0, n_steps(0.0, 1.0, 0.1) + 1)  # expect: JG105
    return ts * y


def bug():
    return grid(2.0)


# --- must not be flagged ---


def n_steps_py(t0, tf, dt):
    return max(int(abs((tf - t0) / dt)), 1)


@jax.jit
def grid_py(y):
    ts = jnp.linspace(0.0, 1.0, n_steps_py(0.0, 1.0, 0.1) + 1)
    return ts * y


def fixed():
    return grid_py(2.0)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
