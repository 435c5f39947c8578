# Report: jax-ml/jax#7542 https://github.com/jax-ml/jax/issues/7542
# Class: 2 (arguments JAX needs static: one-argument jnp.where mapped by apply_along_axis)
# Rule: JG105
# Reduced: the call, `jnp.apply_along_axis(jnp.where, 1, x)`, without jit:
# apply_along_axis vmaps the function, and the one-argument `where` (nonzero) has a
# data-dependent size. Fix: `jnp.nonzero(row, size=2)`.
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def bug():
    x = np.array([[0, 0, 1, 1], [1, 1, 0, 0], [0, 1, 1, 0]])
    return jnp.apply_along_axis(jnp.where, 1, x).squeeze()  # expect: JG105


# --- must not be flagged ---


def fixed():
    x = np.array([[0, 0, 1, 1], [1, 1, 0, 0], [0, 1, 1, 0]])
    return jnp.apply_along_axis(lambda row: jnp.nonzero(row, size=2)[0], 1, x)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
