# Report: jax-ml/jax#10493 https://github.com/jax-ml/jax/issues/10493
# Class: 2 (arguments JAX needs static: the axis of a reduction, mapped by `vmap`)
# Rule: JG104; no rule names reduction axes; JG104 (a traced value converted to a Python integer) is the closest
# Reduced: "improve error when vmapped array passed as axes argument": `vmap(lambda x, y:
# jnp.sum(x, y))(x, y)` maps both arguments, so the axis `y` arrives as a batched tracer and
# `jnp.sum` raises ConcretizationTypeError ("The axis argument must be known statically").
# The fix keeps the axes out of the mapping: a Python tuple closed over (or `in_axes=(0, None)`
# with a Python value).
import jax
import jax.numpy as jnp

X = jnp.ones((3, 2, 2))
Y = jnp.array([[0, 1]] * 3)

# --- must be flagged ---


def reduce_over(x, y):
    return jnp.sum(x, y)  # expect: JG104


def bug():
    return jax.vmap(reduce_over)(X, Y)


# --- must not be flagged ---


def reduce_over_fixed(x, y):
    return jnp.sum(x, y)


def fixed():
    return jax.vmap(reduce_over_fixed, in_axes=(0, None))(X, (0, 1))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
