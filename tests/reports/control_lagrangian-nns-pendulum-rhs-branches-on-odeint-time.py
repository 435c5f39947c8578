# Report: MilesCranmer/lagrangian_nns#7 https://github.com/MilesCranmer/lagrangian_nns/issues/7
# Class: 2 (traced value reaches Python control flow through a function another transform traces)
# Rule: JG101
# Reduced: "Get time in analytical_fn": the double-pendulum right-hand side is `@jit def
# analytical_fn(state, t=0, m1=1, m2=1, l1=1, l2=1, g=9.8)`, integrated by
# `get_trajectory(y0, times)` -> `odeint(analytical_fn, y0, t=times, rtol=1e-10, atol=1e-10)`.
# The user adds a time-dependent control, `if(t > 1.5): out = t1 else: out = t2`, and "the
# traced<shapedarray(float32[])> data type does not allow me to capture its values": `t` is a
# traced argument of the jitted RHS (and odeint traces it again), so the `if` needs the truth
# value of a tracer. Answer: "you cannot use normal if statements on JAX arrays (within a jit or
# grad-wrapped function)", use the structured form (lax.cond / jnp.where). (The repo's
# `jax.jit(..., backend='cpu')` on get_trajectory is dropped; the look-alike integrates with looser
# tolerances to keep it quick.)

import jax
import jax.numpy as jnp
from jax import jit
from jax.experimental.ode import odeint

y0 = jnp.array([3 * jnp.pi / 7, 3 * jnp.pi / 4, 0.0, 0.0])
times = jnp.linspace(0.0, 2.0, 5)


# --- must be flagged ---


@jit
def analytical_fn(state, t=0, m1=1, m2=1, l1=1, l2=1, g=9.8):
    t1, t2, w1, w2 = state
    if t > 1.5:  # expect: JG101
        out = t1
    else:
        out = t2
    a1 = (l2 / l1) * (m2 / (m1 + m2)) * jnp.cos(t1 - t2)
    a2 = (l1 / l2) * jnp.cos(t1 - t2)
    f1 = -(l2 / l1) * (m2 / (m1 + m2)) * (w2**2) * jnp.sin(t1 - t2) - (g / l1) * jnp.sin(t1) - 0.1 * out
    f2 = (l1 / l2) * (w1**2) * jnp.sin(t1 - t2) - (g / l2) * jnp.sin(t2)
    g1 = (f1 - a1 * f2) / (1 - a1 * a2)
    g2 = (f2 - a2 * f1) / (1 - a1 * a2)
    return jnp.stack([w1, w2, g1, g2])


@jax.jit
def get_trajectory(y0, times):
    return odeint(analytical_fn, y0, times, rtol=1e-10, atol=1e-10)


def crashes():
    return get_trajectory(y0, times)


# --- must not be flagged ---


@jit
def analytical_fn_where(state, t=0, m1=1, m2=1, l1=1, l2=1, g=9.8):
    t1, t2, w1, w2 = state
    out = jnp.where(t > 1.5, t1, t2)
    a1 = (l2 / l1) * (m2 / (m1 + m2)) * jnp.cos(t1 - t2)
    a2 = (l1 / l2) * jnp.cos(t1 - t2)
    f1 = -(l2 / l1) * (m2 / (m1 + m2)) * (w2**2) * jnp.sin(t1 - t2) - (g / l1) * jnp.sin(t1) - 0.1 * out
    f2 = (l1 / l2) * (w1**2) * jnp.sin(t1 - t2) - (g / l2) * jnp.sin(t2)
    g1 = (f1 - a1 * f2) / (1 - a1 * a2)
    g2 = (f2 - a2 * f1) / (1 - a1 * a2)
    return jnp.stack([w1, w2, g1, g2])


@jax.jit
def get_trajectory_where(y0, times):
    return odeint(analytical_fn_where, y0, times, rtol=1e-6, atol=1e-6)


def works():
    return get_trajectory_where(y0, times)


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
