"""The twenty-fifth held-out set's true finding, reduced (docs/precision.md, "Twenty-fifth held-out
set"): ``jax.lax.scan`` run eagerly, outside any jit, on a ``step`` defined inside the function
that runs it, and that function called once per experiment by a plotting loop. Each call makes a
new ``step``, so the scan body is traced and the scan compiled again: one trace and one backend
compile per call under JAX 0.10.2, also when the same activity function is passed every time.
"""

import jax
import jax.numpy as jnp


def zoh_states(activity_fn, ts, y0):
    def step(y, i):
        a = activity_fn(ts[i], y[0])
        y_next = y * jnp.exp(-a * (ts[i + 1] - ts[i]))
        return y_next, y_next

    _, ys = jax.lax.scan(step, y0, jnp.arange(ts.shape[0] - 1))  # expect: JG301
    return jnp.concatenate([y0[None, :], ys], axis=0)


def recovery_plot(n):
    ts = jnp.linspace(0.0, 1.0, 6)
    y0 = jnp.array([1.0, 0.0])
    return [zoh_states(lambda t, ca, j=j: jnp.tanh(ca) + j, ts, y0) for j in range(n)]


GROWS = [recovery_plot]
