"""The jitted caller of fresh7_true_static_size_maybe_none.scatter_sum (another module)."""

from functools import partial

import jax
import jax.numpy as jnp

from tests.precision_cases.fresh7_true_static_size_maybe_none import scatter_sum


def softmax(src, index):
    return _softmax(src, index)


@partial(jax.jit, static_argnames=("size",))
def _softmax(src, index, size: int | None = None):
    e = jnp.exp(src - src.max())
    return e / scatter_sum(e, index, size)[index]
