# Report: jax-ml/jax#2765 https://github.com/jax-ml/jax/issues/2765
# Class: 3 (everything created inside jit is traced: a mask computed from the array it filters)
# Rule: JG105
# Reduced: "Alternative to array-based boolean indexing for jax.jit": functions in a long
# differentiable workflow (the reporter maintains gradhep/neos) use `thing = thing[thing > 0]`,
# and jitting them fails with "Array boolean indices must be static". "The shape of the output of
# `thing[thing > 0]` depends on the values in `thing`"; the answer is to keep the shape and mask
# instead, here with `jnp.where` inside the reduction, the look-alike.
import jax
import jax.numpy as jnp


# --- must be flagged ---


@jax.jit
def log_yield_sum(thing):
    thing = thing[thing > 0]  # expect: JG105
    return jnp.sum(jnp.log(thing))


def crashes():
    return log_yield_sum(jnp.array([3.0, -1.0, 0.5, 0.0, 2.0]))


# --- must not be flagged ---


@jax.jit
def log_yield_sum_masked(thing):
    positive = thing > 0
    return jnp.sum(jnp.where(positive, jnp.log(jnp.where(positive, thing, 1.0)), 0.0))


def works():
    return log_yield_sum_masked(jnp.array([3.0, -1.0, 0.5, 0.0, 2.0]))


RAISES = [(crashes, "NonConcreteBooleanIndexError")]
RUNS = [works]
