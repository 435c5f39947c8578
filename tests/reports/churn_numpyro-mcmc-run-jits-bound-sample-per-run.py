# Report: pyro-ppl/numpyro#441 https://github.com/pyro-ppl/numpyro/issues/441
# Class: 6 (churn: jax.jit of a bound method re-read on every run of a sampler reused in a loop)
# Rule: JG301
# Reduced: "Avoid recompilation in MCMC.run with new data": running the same `MCMC` object again on
# new (same-shaped) data should reuse the compiled sampler; fehiepsi traces it to "how JAX jit
# works": `jit(f.sample)()` on a bound method (which in the JAX of the time even returned a stale
# value after `f.a` changed). `run` jitted `self._sample` afresh each time and closed over the data.
# Fix (PR #456, `jit_model_args`): jit the sample function once and pass the model arguments (the
# data) to it, so a second `run` on same-shaped data compiles nothing. Here the kernel is a
# fixed-step random-walk Metropolis over a Gaussian mean.
import jax
import jax.numpy as jnp


def potential(mu, data):
    return 0.5 * jnp.sum((data - mu) ** 2)


# --- must be flagged ---


class MCMC:
    def __init__(self, num_samples):
        self.num_samples = num_samples

    def _sample(self, key, data):
        def body(i, carry):
            mu, key = carry
            key, k1, k2 = jax.random.split(key, 3)
            prop = mu + 0.1 * jax.random.normal(k1)
            accept = jnp.log(jax.random.uniform(k2)) < potential(mu, data) - potential(prop, data)
            return jnp.where(accept, prop, mu), key

        return jax.lax.fori_loop(0, self.num_samples, body, (0.0, key))[0]

    def run(self, key, data):
        return jax.jit(self._sample)(key, data)  # expect: JG301


def rerun_on_new_data(n):
    mcmc = MCMC(num_samples=20)
    return [mcmc.run(jax.random.key(i), jnp.full(5, float(i))) for i in range(n)]


# --- must not be flagged ---


class MCMCJitModelArgs:
    def __init__(self, num_samples):
        self.num_samples = num_samples
        self._sample_jit = jax.jit(self._sample)

    def _sample(self, key, data):
        def body(i, carry):
            mu, key = carry
            key, k1, k2 = jax.random.split(key, 3)
            prop = mu + 0.1 * jax.random.normal(k1)
            accept = jnp.log(jax.random.uniform(k2)) < potential(mu, data) - potential(prop, data)
            return jnp.where(accept, prop, mu), key

        return jax.lax.fori_loop(0, self.num_samples, body, (0.0, key))[0]

    def run(self, key, data):
        return self._sample_jit(key, data)


def rerun_on_new_data_cached(n):
    mcmc = MCMCJitModelArgs(num_samples=20)
    return [mcmc.run(jax.random.key(i), jnp.full(5, float(i))) for i in range(n)]


GROWS = [rerun_on_new_data]
BOUNDED = [rerun_on_new_data_cached]
