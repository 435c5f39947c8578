"""A helper that jits a new closure only under ``if not shape_only:``, called again and again
with ``shape_only=True``, never runs that jit.

Python evaluates the test with the value the call gives: ``prepare(state, n, shape_only=True)``
makes ``not shape_only`` False, so the branch with ``jax.jit(allocate)()`` is skipped on every
such call, and a caller that runs once per new batch size compiles nothing there (checked on JAX
0.10.2: the same compiles for 2 sizes as for 4, those of the caller's own ``eval_shape`` aside).
Only a call that leaves the flag False reaches the jit, once per state that lacks the buffers.
(``tests/precision_cases/fresh9_true_literal_flag_reaches_jit.py``: the same helper called per
size with ``shape_only=False`` compiles once per call.)

Seen as (held-out 9): a training framework's ``compile(state, batch)`` (run for each new batch
shape) calls ``self._initialize_accumulation(state, batch, shapes, shape_only=True)``, whose
``pending = jax.jit(allocate, out_shardings=placement)()`` sits under ``if not shape_only:``; the
jit runs only from the step function it returns, the first time a state has no accumulation.
"""

import jax
import jax.numpy as jnp


class Trainer:
    def prepare(self, state, n, *, shape_only=False):
        def allocate():
            return jnp.zeros((n,)) + state

        pending = jax.eval_shape(allocate)
        if not shape_only:
            pending = jax.jit(allocate)()
        return pending

    def compile(self, state, n):
        prepared = self.prepare(state, n, shape_only=True)
        return prepared.shape

    def fit(self, state, sizes):
        return [self.compile(state, n) for n in sizes]


def plan(k):
    trainer = Trainer()
    shapes = []
    for _ in range(k):
        shapes.extend(trainer.fit(jnp.float32(1.0), [2, 3]))
    return shapes


RUNS = [lambda: Trainer().prepare(jnp.float32(1.0), 3)]
BOUNDED = [plan]
