"""`static_broadcasted_argnums` (and `static_argnums`) given as one int, not a tuple, marks that
position static, also when the transformed function is defined in another module.

Seen as: flashbax `jax.pmap(get_fake_batch, static_broadcasted_argnums=1)(transition, batch_size)`
in a test module, with `range(batch_size)` inside `get_fake_batch` in conftest.py.
"""

import functools

import jax
import jax.numpy as jnp

from tests.precision_cases._pmap_static_int_helpers import fake_batch


def per_device(transition, batch_size):
    n = jax.local_device_count()
    stacked = jax.tree.map(lambda x: jnp.broadcast_to(x, (n,) + x.shape), transition)
    return jax.pmap(fake_batch, static_broadcasted_argnums=1)(stacked, batch_size)


@functools.partial(jax.jit, static_argnums=1)
def repeat(x, times):
    return jnp.stack([x for _ in range(times)])


RUNS = [
    lambda: per_device({"obs": jnp.ones(2), "reward": jnp.zeros(())}, 3),
    lambda: repeat(jnp.ones(2), 3),
]
