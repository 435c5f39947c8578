"""True look-alike of fresh7_static_size_resolved_before_jit: the jitted caller's static size is
documented as maybe None (``size: int | None = None``) and its public wrapper leaves it None, so
the helpers hand None on and ``int(index.max())`` runs on the traced ``index``.

``softmax(src, index)`` calls the jitted ``_softmax(src, index, None)``; there ``scatter_sum(e,
index, None)`` reaches ``_resolve``'s ``int(index.max())``, which raises
ConcretizationTypeError (checked on JAX 0.10.2).
"""

from functools import partial

import jax
import jax.numpy as jnp


def _resolve(index, size):
    if size is not None:
        return size
    return int(index.max()) + 1  # expect: JG104


def scatter_sum(src, index, size=None):
    return _scatter_sum(src, index, _resolve(index, size))


@partial(jax.jit, static_argnames=("size",))
def _scatter_sum(src, index, size):
    return jax.ops.segment_sum(src, index, num_segments=size)


def _run():
    from tests.precision_cases import _fresh7_true_static_size_maybe_none_softmax as softmax

    return softmax.softmax(jnp.arange(5.0), jnp.array([0, 0, 1, 2, 2]))


RAISES = [(_run, "ConcretizationTypeError")]
