# Report: SharmaLlama/ticktack#19 https://github.com/SharmaLlama/ticktack/issues/19
# Class: 4 (NumPy and Python on traced values, deeper: scipy.optimize inside a jitted method)
# Rule: JG104
# Reduced: "`scipy.optimize.minimize` vs `JAX` tension": `CarbonBoxModel.run` is jitted
# (ticktack.py:473) and, given a `target_C_14`, calls `_equilibrate_guttler` (ticktack.py:433)
# which hands a traced starting point to `scipy.optimize.minimize`; SciPy's
# `np.asarray(x0)` raises TracerArrayConversionError. The box model is reduced to a
# two-box steady state; the real objective and flows are not shown in the thread. Fix (what
# the `SingleFitter` path does): equilibrate eagerly on concrete values and pass the
# production rate into the jitted run.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import scipy.optimize


class CarbonBoxModel:
    def __init__(self, flows):
        self.flows = jnp.asarray(flows)

    def _equilibrate_guttler(self, target_C_14):
        def objective(production):
            steady = production / self.flows
            return float((steady[0] - target_C_14) ** 2)
        x0 = jnp.array([target_C_14]) * self.flows[0]
        return scipy.optimize.minimize(objective, x0).x[0]  # expect: JG104

    @partial(jax.jit, static_argnums=(0,))
    def run(self, time_values, target_C_14):
        production = self._equilibrate_guttler(target_C_14)
        return production * jnp.exp(-time_values / self.flows[1])


# --- must be flagged ---


def bug():
    cbm = CarbonBoxModel(np.array([2.0, 8.0]))
    return cbm.run(jnp.linspace(0.0, 10.0, 5), 707.0)


# --- must not be flagged ---


class CarbonBoxModelFixed(CarbonBoxModel):
    def equilibrate(self, target_C_14):
        def objective(production):
            steady = production / np.asarray(self.flows)
            return float((steady[0] - target_C_14) ** 2)
        return scipy.optimize.minimize(objective, np.array([target_C_14 * 2.0])).x[0]

    @partial(jax.jit, static_argnums=(0,))
    def run_with(self, time_values, production):
        return production * jnp.exp(-time_values / self.flows[1])


def fixed():
    cbm = CarbonBoxModelFixed(np.array([2.0, 8.0]))
    production = cbm.equilibrate(707.0)
    return cbm.run_with(jnp.linspace(0.0, 10.0, 5), production)


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
