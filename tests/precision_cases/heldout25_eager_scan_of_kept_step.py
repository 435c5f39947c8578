"""Legal look-alike of ``heldout25_true_eager_scan_of_nested_step.py``: the same eager
``jax.lax.scan`` once per experiment, on a step defined once at module level (what changes per
experiment travels in the carry and the scanned arrays), or on a step a factory built once before
the loop. The scan body is the same function object at every call, so JAX traces and compiles it
once per shape: as many compiles for 4 experiments as for 2 (JAX 0.10.2).
"""

import jax
import jax.numpy as jnp


def step(carry, dt):
    y, rate = carry
    y_next = y * jnp.exp(-jnp.tanh(rate * y[0]) * dt)
    return (y_next, rate), y_next


def zoh_states(rate, ts, y0):
    _, ys = jax.lax.scan(step, (y0, rate), jnp.diff(ts))
    return jnp.concatenate([y0[None, :], ys], axis=0)


def make_step(scale):
    def scaled(y, dt):
        y_next = y * jnp.exp(-scale * dt)
        return y_next, y_next

    return scaled


def recovery_plot(n):
    ts = jnp.linspace(0.0, 1.0, 6)
    y0 = jnp.array([1.0, 0.0])
    return [zoh_states(jnp.float32(j), ts, y0) for j in range(n)]


def kept_factory_step(n):
    ts = jnp.linspace(0.0, 1.0, 6)
    y0 = jnp.array([1.0, 0.0])
    scaled = make_step(0.5)
    out = []
    for _ in range(n):
        out.append(jax.lax.scan(scaled, y0, jnp.diff(ts))[1])
    return out


BOUNDED = [recovery_plot, kept_factory_step]
RUNS = [lambda: recovery_plot(2), lambda: kept_factory_step(2)]
