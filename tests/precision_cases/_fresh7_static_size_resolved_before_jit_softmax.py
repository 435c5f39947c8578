"""The jitted caller of fresh7_static_size_resolved_before_jit.scatter_sum (another module, as in
the package)."""

from functools import partial

import jax
import jax.numpy as jnp

from tests.precision_cases.fresh7_static_size_resolved_before_jit import _resolve, scatter_sum


def softmax(src, index, size=None):
    return _softmax(src, index, _resolve(index, size))


@partial(jax.jit, static_argnames=("size",))
def _softmax(src, index, size: int):
    e = jnp.exp(src - src.max())
    return e / scatter_sum(e, index, size)[index]
