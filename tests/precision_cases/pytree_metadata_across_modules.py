"""Pytree metadata is static across modules: the class (and the helpers that read its metadata)
live in one module, the jitted code in another, as in brax (`brax/base.py` defines `System`,
`brax/generalized/pipeline.py` jits `step(sys, ...)`, `brax/actuator.py` has
`if sys.act_size() == 0: return jnp.zeros(sys.qd_size())`).
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._pytree_metadata_across_modules_types import System, to_tau


@jax.jit
def step(sys, act):
    tau = to_tau(sys, act)
    if sys.matrix_inv_iterations == 0:
        tau = tau + jnp.arange(sys.num_links())
    return tau


RUNS = [lambda: step(System(jnp.ones(3), "f12", 0), jnp.ones(2))]
