# Report: jax-ml/jax#5208 https://github.com/jax-ml/jax/issues/5208
# Class: 3 (everything created inside jit is traced: jnp arithmetic on local Python constants)
# Rule: JG105
# Reduced: the issue's `grid2()`: the number of points is computed from local constants with
# `jnp.maximum(jnp.abs((tf - t0) / dt), 1)`, which is a traced array inside jit, and then passed
# as `num` of `jnp.linspace`. `grid1()` (a literal count) works. Fix: compute the count with
# Python (or NumPy) arithmetic.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def grid2():
    t0, tf, dt = 0.0, 1.0, 1e-1
    num_steps = jnp.maximum(jnp.abs((tf - t0) / dt), 1)
    ts = jnp.linspace(t0, tf, num_steps + 1)  # expect: JG105
    return ts


def bug():
    return grid2()


# --- must not be flagged ---


@jax.jit
def grid1():
    t0, tf, num_steps = 0.0, 1.0, 10
    return jnp.linspace(t0, tf, num_steps + 1)


@jax.jit
def grid2_python():
    t0, tf, dt = 0.0, 1.0, 1e-1
    num_steps = max(round(abs((tf - t0) / dt)), 1)
    return jnp.linspace(t0, tf, num_steps + 1)


def fixed():
    return grid1(), grid2_python()


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
