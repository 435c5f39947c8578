# Report: Qazalbash/jaxampler#56 https://github.com/Qazalbash/jaxampler/issues/56
# Class: 2 (arguments JAX needs static: the stop of `jnp.arange` computed from a traced argument)
# Rule: JG105
# Reduced: "`rvs.Binomial.cdf_x` is not working as expected": `cdf_x` is a method jitted with
# `self` static; it sums the pmf over `0..x` with `jnp.arange` whose stop is computed from the
# traced `x` (`operation a:i32[] = add b c` on the line before), and the test fails with "It
# arose in the jnp.arange argument 'stop'". Fix: sum over the fixed support `0..n` (`n`, an int
# of the static `self`, is concrete) and mask the terms above `x`.
from functools import partial

import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln


class Binomial:
    def __init__(self, p, n):
        self._p = p
        self._n = n

    def pmf_x(self, k):
        log_comb = gammaln(self._n + 1.0) - gammaln(k + 1.0) - gammaln(self._n - k + 1.0)
        return jnp.exp(log_comb + k * jnp.log(self._p) + (self._n - k) * jnp.log1p(-self._p))


# --- must be flagged ---


class BinomialArange(Binomial):
    @partial(jax.jit, static_argnums=(0,))
    def cdf_x(self, x):
        k = jnp.arange(0, x + 1)  # expect: JG105
        return jnp.sum(self.pmf_x(k))


def bug():
    return BinomialArange(0.3, 10).cdf_x(jnp.asarray(4))


# --- must not be flagged ---


class BinomialMasked(Binomial):
    @partial(jax.jit, static_argnums=(0,))
    def cdf_x(self, x):
        k = jnp.arange(0, self._n + 1)
        return jnp.sum(jnp.where(k <= x, self.pmf_x(k), 0.0))


def fixed():
    return BinomialMasked(0.3, 10).cdf_x(jnp.asarray(4))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
