"""True (held-out 13): inside a jitted function, ``jnp.int32(steps[0])`` of an array the function
closes over is a tracer (staged code gets a tracer from every jax.numpy call, even on a concrete
input; JAX 0.10.2), so ``jnp.arange(start, start + n)`` gets traced bounds:
ConcretizationTypeError at the first call that takes the branch. ``int(steps[0])`` outside the
jitted function (or ``start + jnp.arange(n)``) is the fix.

Seen as (held-out 13): an FDTD solver's distributed non-uniform runner, whose jitted ``run_fn``
pads the time steps of a segmented scan with ``jnp.arange(start_step, start_step + n_seg * chunk)``
and ``start_step = jnp.int32(opt_steps[0])``, when the step count is not a multiple of the
checkpoint interval (1 JG105).
"""

import jax
import jax.numpy as jnp


def make_runner(steps, chunk):
    n = steps.shape[0]
    n_seg = (n + chunk - 1) // chunk

    @jax.jit
    def run(c0):
        start = jnp.int32(steps[0])
        padded = jnp.arange(start, start + n_seg * chunk, dtype=jnp.int32)  # expect: JG105
        return c0 + padded.sum()

    return run


RAISES = [(lambda: make_runner(jnp.arange(5, 15), 4)(jnp.float32(0)), "ConcretizationTypeError")]
