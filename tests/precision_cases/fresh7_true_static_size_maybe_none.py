"""True look-alike of fresh7_static_size_resolved_before_jit: the jitted caller's static size is
documented as maybe None (``size: int | None = None``) and its public wrapper leaves it None, so
the public helper of this module gets None and ``int(index.max())`` runs on the traced
``index``.

``softmax(src, index)`` calls the jitted ``_softmax(src, index, None)``; there ``scatter_sum(e,
index, None)`` takes its ``if size is None:`` branch, and ``int(index.max())`` raises
ConcretizationTypeError (checked on JAX 0.10.2).
"""

import jax
import jax.numpy as jnp


def scatter_sum(src, index, size=None):
    if size is None:
        size = int(index.max()) + 1  # expect: JG104
    return jax.ops.segment_sum(src, index, num_segments=size)


def _run():
    from tests.precision_cases import _fresh7_true_static_size_maybe_none_softmax as softmax

    return softmax.softmax(jnp.arange(5.0), jnp.array([0, 0, 1, 2, 2]))


RAISES = [(_run, "ConcretizationTypeError")]
