"""True twin of ``heldout26_plan_from_memoized_builder.py``: the jitted lambda leaves the plan to
its default, so ``blocks_tensor`` derives it in the trace, through the same memo helper, and the
plan's NumPy reads the traced basis (JAX 0.10.2: TracerArrayConversionError from the marked
line, in ``blocks_tensor``'s ``if plan is None:`` branch)."""

import jax
import jax.numpy as jnp
import numpy as np

from tests.precision_cases._heldout26_plan_from_memoized_builder_plans import Plan, _plan_cached


def blocks_tensor(basis, plan=None):
    if plan is None:
        key = ("left-none", tuple(basis.shape))
        plan = _plan_cached(key, lambda: Plan(tuple(int(n) for n in np.asarray(basis).shape)))  # expect: JG104
    (n,) = plan.sizes
    return jnp.outer(basis, basis) * n


def build():
    return jax.jit(lambda b: blocks_tensor(b))(jnp.arange(3.0))


RAISES = [(build, "TracerArrayConversionError")]
