"""Legal look-alike (heldout26, dftax's tests/unit/test_packed_eri3c.py): the plan is built
eagerly, ``plan = plan_blocks(basis)``, and the jitted lambda passes it on
(``jax.jit(lambda b: blocks_tensor(b, plan=plan))``). ``plan_blocks`` returns what its memo
helper gives, the cached plan (``if hit is not None: return hit``) or ``build()`` of the lambda
it passed, whose ``_plan_uncached`` returns a ``Plan``: never None, so ``blocks_tensor``'s
``if plan is None:`` branch, whose NumPy reads the basis, does not run in the trace (JAX 0.10.2:
runs jitted). Still flagged (STILL_FLAGGED in tests/test_precision_cases.py): the analysis knows
no function's result to be not None (docs/precision.md, 26th set, MEMOPLAN).
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._heldout26_plan_from_memoized_builder_plans import blocks_tensor, plan_blocks


def build():
    basis = jnp.arange(3.0)
    plan = plan_blocks(basis)
    return jax.jit(lambda b: blocks_tensor(b, plan=plan))(basis)


RUNS = [build]
