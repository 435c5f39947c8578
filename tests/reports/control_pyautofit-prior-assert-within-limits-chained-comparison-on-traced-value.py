# Report: PyAutoLabs/PyAutoFit#1020 https://github.com/PyAutoLabs/PyAutoFit/pull/1020
# Class: 2 (traced value reaches Python control flow through a library object: a prior's limit check)
# Rule: JG101
# Reduced: "Update `assert_within_limits` on the `Prior` class": a model's physical parameter is
# mapped from the unit cube by a prior and then checked with `if not (self.lower_limit <= value <=
# self.upper_limit): raise exc.PriorLimitException(...)` (the method as quoted in PyAutoFit#884).
# With the JAX likelihood path the whole fit is jitted, `value` is a traced array, and the `if`
# needs its truth value. The PR replaces the `if` with `jax.lax.cond` on `jnp.logical_or(...)` and
# raises from a `jax.debug.callback`, so the check only fires at run time for values outside the
# limits; the look-alike is that fix.
import jax
import jax.numpy as jnp


class PriorLimitException(Exception):
    pass


class UniformPrior:
    def __init__(self, lower_limit, upper_limit):
        self.lower_limit = lower_limit
        self.upper_limit = upper_limit

    def value_for(self, unit):
        return self.lower_limit + unit * (self.upper_limit - self.lower_limit)


DATA = jnp.array([0.9, 1.1, 1.0, 0.95])


# --- must be flagged ---


class CheckedUniformPrior(UniformPrior):
    def assert_within_limits(self, value):
        if not (self.lower_limit <= value <= self.upper_limit):  # expect: JG101
            raise PriorLimitException(
                "The physical value {} for a prior was not within its limits {}, {}".format(
                    value, self.lower_limit, self.upper_limit))


def log_likelihood(unit_vector, prior):
    value = prior.value_for(unit_vector[0])
    prior.assert_within_limits(value)
    return -0.5 * jnp.sum((DATA - value) ** 2)


PRIOR = CheckedUniformPrior(0.0, 2.0)
fit = jax.jit(lambda u: log_likelihood(u, PRIOR))


def crashes():
    return fit(jnp.array([0.45]))


# --- must not be flagged ---


def _raise_limit(value):
    raise PriorLimitException(f"The physical value {value} for a prior was not within its limits")


class JaxUniformPrior(UniformPrior):
    def assert_within_limits(self, value):
        outside = jnp.logical_or(value < self.lower_limit, value > self.upper_limit)
        jax.lax.cond(outside, lambda v: jax.debug.callback(_raise_limit, v), lambda v: None, value)


JAX_PRIOR = JaxUniformPrior(0.0, 2.0)
fit_jax = jax.jit(lambda u: log_likelihood(u, JAX_PRIOR))


def works():
    return fit_jax(jnp.array([0.45]))


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
