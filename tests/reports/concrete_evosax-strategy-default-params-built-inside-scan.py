# Report: RobertTLange/evosax#2 https://github.com/RobertTLange/evosax/issues/2
# Class: 3 (everything created inside jit is traced: recombination weights built in the scan body)
# Rule: JG105
# Reduced: "CMA_ES + jax.lax.scan": the user builds the strategy and asks for its default
# parameters inside the function that `jax.lax.scan` runs as the training loop. The default
# parameters derive the recombination weights from the population size with `jnp` calls and
# sum the positive ones with a boolean mask (`jnp.sum(weights_prime[weights_prime > 0])`).
# In a plain for loop the weights are concrete and the mask works; inside the scan body every
# `jnp` result is a tracer, so the mask's size is unknown and indexing raises. The fix (the
# maintainer's): build the strategy and its parameters once, outside the traced function, and
# pass them in. The strategy class is reduced to the weight computation.
import jax
import jax.numpy as jnp


class Strategy:
    def __init__(self, popsize, num_dims):
        self.popsize = popsize
        self.num_dims = num_dims

    # --- must be flagged ---

    def default_params(self):
        mu = self.popsize // 2
        weights_prime = jnp.log((self.popsize + 1) / 2) - jnp.log(jnp.arange(1, self.popsize + 1))
        positive_sum = jnp.sum(weights_prime[weights_prime > 0])  # expect: JG105
        return weights_prime[:mu] / positive_sum


def train_in_scan(n=3):
    def generation(mean, _):
        params = Strategy(popsize=8, num_dims=2).default_params()
        return mean + params.sum(), None

    return jax.lax.scan(generation, jnp.zeros(2), None, length=n)[0]


# --- must not be flagged ---


class StrategyWhere(Strategy):
    def default_params(self):
        weights_prime = jnp.log((self.popsize + 1) / 2) - jnp.log(jnp.arange(1, self.popsize + 1))
        positive_sum = jnp.sum(jnp.where(weights_prime > 0, weights_prime, 0.0))
        return weights_prime[: self.popsize // 2] / positive_sum


def train_with_params_built_outside(n=3):
    params = Strategy(popsize=8, num_dims=2).default_params()

    def generation(mean, _):
        return mean + params.sum(), None

    return jax.lax.scan(generation, jnp.zeros(2), None, length=n)[0]


def train_in_scan_where(n=3):
    def generation(mean, _):
        params = StrategyWhere(popsize=8, num_dims=2).default_params()
        return mean + params.sum(), None

    return jax.lax.scan(generation, jnp.zeros(2), None, length=n)[0]


RAISES = [(train_in_scan, "NonConcreteBooleanIndexError")]
RUNS = [train_with_params_built_outside, train_in_scan_where]
