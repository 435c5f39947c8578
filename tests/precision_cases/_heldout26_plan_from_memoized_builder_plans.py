"""Helper module of ``heldout26_plan_from_memoized_builder.py`` (dftax's eri3c_bucketed, reduced):
a plan built with NumPy from the concrete basis, memoized through a builder lambda, and a tensor
builder that derives the plan itself only when it is not given."""

import jax.numpy as jnp
import numpy as np

_PLAN_CACHE = {}


class Plan:
    def __init__(self, sizes):
        self.sizes = sizes


def _plan_cached(key, build):
    hit = _PLAN_CACHE.get(key)
    if hit is not None:
        return hit
    val = build()
    _PLAN_CACHE[key] = val
    return val


def _plan_uncached(basis):
    sizes = tuple(int(n) for n in np.asarray(basis).shape)
    return Plan(sizes)


def plan_blocks(basis):
    key = ("blocks", tuple(basis.shape))
    return _plan_cached(key, lambda: _plan_uncached(basis))


def blocks_tensor(basis, plan=None):
    if plan is None:
        plan = plan_blocks(basis)
    (n,) = plan.sizes
    return jnp.outer(basis, basis) * n
