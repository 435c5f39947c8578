"""True look-alike of ``fresh9_literal_flag_skips_jit.py``: the helper called again and again
with ``shape_only=False`` (or leaving it at that default) runs ``jax.jit(allocate)()`` on a new
closure every time: one compile per call (JAX 0.10.2: more compiles for 4 rounds than for 2).
"""

import jax
import jax.numpy as jnp


class Trainer:
    def prepare(self, state, n, *, shape_only=False):
        def allocate():
            return jnp.zeros((n,)) + state

        pending = jax.eval_shape(allocate)
        if not shape_only:
            pending = jax.jit(allocate)()  # expect: JG301
        return pending

    def step(self, state, n):
        return self.prepare(state, n, shape_only=False).sum()


def train(k):
    trainer = Trainer()
    total = 0.0
    for _ in range(k):
        total += trainer.step(jnp.float32(1.0), 3)
    return total


GROWS = [train]
