"""``lax.cond(pred, f, g, *(a, b))``: a starred tuple literal passes its elements, as if written
out, so the branches get two operands and a parameter after them keeps its default.

Python unpacks ``*(a, b)`` into exactly the positional arguments ``a, b``: the call is the same
as ``lax.cond(pred, f, g, a, b)``. ``lax.cond`` calls each branch with its operands only, so
``fake=False`` stays the Python default in ``f`` and ``partial(f, fake=True)`` binds the literal
``True`` in ``g``; ``_eval`` is jitted with ``fake`` static, so even the partial-bound keyword is a
Python bool there and ``if fake:`` picks a branch at trace time (checked on JAX 0.10.2). The same
holds for ``jax.eval_shape(f, *[x])``.

Seen as (held-out 7): an unsupervised-environment-design runner evaluates mutated levels with
``lax.cond(use_mutations.any(), self._eval_and_update_plr, partial(self._eval_and_update_plr,
fake=True), *(rng, levels, ...))`` on a method jitted with ``static_argnums=(0, 8)`` whose
eighth parameter ``fake=False`` returns dummy outputs when set.
"""

from functools import partial

import jax
import jax.numpy as jnp


class Runner:
    def __init__(self):
        self.dummy = (jnp.zeros(()), jnp.zeros(()))

    @partial(jax.jit, static_argnums=(0, 3))
    def _eval(self, x, y, fake=False):
        if fake:
            return self.dummy
        return x + y, x * y

    @partial(jax.jit, static_argnums=(0,))
    def step(self, x, y):
        return jax.lax.cond(x > 0, self._eval, partial(self._eval, fake=True), *(x, y))


def _shape_of(x, scale=2):
    if scale > 1:
        return jnp.zeros(x.shape[0] * scale)
    return x


RUNS = [
    lambda: Runner().step(jnp.float32(1.0), jnp.float32(2.0)),
    lambda: Runner().step(jnp.float32(-1.0), jnp.float32(2.0)),
    lambda: jax.eval_shape(_shape_of, *[jnp.ones(3)]),
]
