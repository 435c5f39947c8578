# Report: pyro-ppl/brmp#12 https://github.com/pyro-ppl/brmp/issues/12
# Class: 6 (churn from data: the data set grows by one point per refit)
# Rule: JG303
# Reduced: numpyro avoids recompiling MCMC only when "the data shape needs to be the same too
# (XLA will recompile the code if the input data shape changes)"; the brmp use case is
# "repeatedly performing inference on a model every time a new data point arrives", so every
# refit sees one more observation and compiles again. MCMC is reduced to a few gradient steps on
# a jitted potential gradient. Fix (the maintainers' suggestion, "embed the current data into a
# holder"): a fixed-capacity buffer with a mask.
import jax
import jax.numpy as jnp
import numpy as np

DATA = np.random.default_rng(0).normal(size=64).astype(np.float32)
CAPACITY = 64


def potential(theta, y):
    return 0.5 * jnp.sum((y - theta) ** 2)


grad_potential = jax.jit(jax.grad(potential))

# --- must be flagged ---


def refit_on_each_new_point(n):
    theta = jnp.zeros(())
    for t in range(n):
        y = DATA[: 10 + t]
        for _ in range(3):
            theta = theta - 0.01 * grad_potential(theta, y)  # expect: JG303
    return theta


# --- must not be flagged ---


def potential_masked(theta, y, mask):
    return 0.5 * jnp.sum(mask * (y - theta) ** 2)


grad_potential_masked = jax.jit(jax.grad(potential_masked))


def refit_with_data_holder(n):
    theta = jnp.zeros(())
    for t in range(n):
        mask = (np.arange(CAPACITY) < 10 + t).astype(np.float32)
        for _ in range(3):
            theta = theta - 0.01 * grad_potential_masked(theta, DATA, mask)
    return theta


GROWS = [refit_on_each_new_point]
BOUNDED = [refit_with_data_holder]
