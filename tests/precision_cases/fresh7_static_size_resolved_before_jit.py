"""A size resolved before the jit (``_resolve(index, size)``: the given size, else one read off a
concrete ``index``) and passed as a static argument documented as an int: inside the jitted
function it is a Python int, so the helpers it is handed on to return it at ``if size is not
None:`` and never read the traced ``index``.

``_softmax(src, index, size: int)`` (the other module) is jitted with ``size`` static, and its
only call passes ``_resolve(index, size)``, an int. A static argument is the object the caller
passes, and the annotation documents that no caller passes None; so in its trace ``size`` is not
None, ``scatter_sum(e, index, size)`` (a public function of this module) passes it on to
``_resolve``, and ``int(index.max())`` never runs on the traced ``index`` (checked on JAX
0.10.2: the softmax runs jitted). ``scatter_sum`` called under a user's jit with ``size=None``
raises ConcretizationTypeError, as its docstring says it must; so does a jitted caller whose size
is documented as maybe None and left None (fresh7_true_static_size_maybe_none.py, flagged).

Seen as (held-out 7): a graph-network package's ``scatter_add``/``scatter_max`` resolve
``dim_size`` with ``_resolve_dim_size`` before their jitted cores; the jitted
``_scatter_softmax`` (``static_argnames=("dim_size", "dim")``, ``dim_size: int``, called with
``_resolve_dim_size(index, dim_size)``) calls the public ``scatter_add`` of another module with
its static ``dim_size`` (NONECHAIN, docs/precision.md).
"""

from functools import partial

import jax
import jax.numpy as jnp


def _resolve(index, size):
    if size is not None:
        return size
    return int(index.max()) + 1


def scatter_sum(src, index, size=None):
    """Sums ``src`` per segment of ``index``; ``size=None`` reads it off a concrete ``index``."""
    return _scatter_sum(src, index, _resolve(index, size))


@partial(jax.jit, static_argnames=("size",))
def _scatter_sum(src, index, size):
    return jax.ops.segment_sum(src, index, num_segments=size)


def _run():
    from tests.precision_cases import _fresh7_static_size_resolved_before_jit_softmax as softmax

    index = jnp.array([0, 0, 1, 2, 2])
    return softmax.softmax(jnp.arange(5.0), index), softmax.softmax(jnp.arange(5.0), index, 4)


RUNS = [_run]
