# Report: https://github.com/JingZhaoQi/hicosmo-jax (hicosmo/core/fast_integration.py, and the project's status report: "Error: Abstract tracer value encountered where concrete value is expected / The problem arose with the `float` function / from line /hicosmo/core/fast_integration.py:178"; cause given there: "FastIntegration uses `float()` casts", seen "during MCMC sampling, NumPyro passes JAX tracers to the model")
# Class: 1 (values inside containers and objects: traced cosmological parameters stored in an object's dict, read by its jitted method)
# Rule: JG104
# Reduced: the likelihood builds a `FastIntegration` engine from the sampled parameters (`H0`,
# `Omega_m`, stored in `self.params`); its `comoving_distance` calls the jitted method
# `_ultra_fast_single` (jitted with `self` static, so the traced dict entries are closed over)
# and returns `float(...)` of the result for a scalar redshift. NumPyro's NUTS traces the
# log-density under jit, so the result is a tracer and `float()` raises ConcretizationTypeError.
# Here the sampler is a `jax.jit` of the log-likelihood of three distance moduli and the engine
# keeps the 8-point Gauss-Legendre rule. Fix (the report's plan: "remove all `float()` calls, use
# JAX native operations"): return the JAX scalar.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

C_KM_S = 299792.458
_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(8)


class FastIntegration:
    def __init__(self, params):
        self.params = dict(params)
        self.params["Omega_Lambda"] = 1.0 - self.params["Omega_m"]
        self.params["D_H"] = C_KM_S / self.params["H0"]

    @partial(jax.jit, static_argnums=(0,))
    def _ultra_fast_single(self, z):
        z_nodes = 0.5 * z * (jnp.asarray(_NODES) + 1.0)
        e_vals = jnp.sqrt(self.params["Omega_m"] * (1.0 + z_nodes) ** 3 + self.params["Omega_Lambda"])
        return self.params["D_H"] * 0.5 * z * jnp.sum(jnp.asarray(_WEIGHTS) / e_vals)

    # --- must be flagged ---

    def comoving_distance(self, z):
        return float(self._ultra_fast_single(z))  # expect: JG104

    # --- must not be flagged ---

    def comoving_distance_jax(self, z):
        return self._ultra_fast_single(z)


def _log_likelihood(distance, H0, Omega_m, z_obs, mu_obs):
    engine = FastIntegration({"H0": H0, "Omega_m": Omega_m})
    mu = jnp.stack([5.0 * jnp.log10((1.0 + z) * distance(engine, z)) + 25.0 for z in z_obs])
    return -0.5 * jnp.sum((mu - mu_obs) ** 2)


log_likelihood = jax.jit(partial(_log_likelihood, FastIntegration.comoving_distance), static_argnums=(2,))
log_likelihood_jax = jax.jit(partial(_log_likelihood, FastIntegration.comoving_distance_jax), static_argnums=(2,))

_Z = (0.1, 0.5, 1.0)
_MU = jnp.array([38.3, 42.3, 44.1])
RAISES = [(lambda: log_likelihood(70.0, 0.3, _Z, _MU), "ConcretizationTypeError")]
RUNS = [lambda: log_likelihood_jax(70.0, 0.3, _Z, _MU)]
