# Report: aesara-devs/aesara#43 https://github.com/aesara-devs/aesara/issues/43
# Class: 3 (everything created inside jit is traced: a shape computed with jnp.where)
# Rule: JG105
# Reduced: Theano-PyMC's JAX backend fails in `jnp.reshape(x, shape)` under jit (JAX 0.2): the
# traceback shows the new shape computed inside the jitted graph by `lt` and `_where` on
# integers, so it is a tracer ("The error arose in jax.numpy.reshape"). Here the graph's shape
# arithmetic is one `jnp.where` on a static size. JAX 0.10.2 raises TypeError ("Shapes must be 1D
# sequences of concrete values"). Fix: compute shapes with Python/NumPy, which stay concrete.
import jax
import jax.numpy as jnp


def reshape(x, shape):
    return jnp.reshape(x, shape)  # expect: JG105


def incsubtensor(x):
    rows = jnp.where(x.shape[0] < 4, x.shape[0], 4)
    return reshape(x, (rows, -1))


# --- must be flagged ---


def bug():
    return jax.jit(incsubtensor)(jnp.ones(8))


# --- must not be flagged ---


def incsubtensor_fixed(x):
    rows = min(x.shape[0], 4)
    return jnp.reshape(x, (rows, -1))


def fixed():
    return jax.jit(incsubtensor_fixed)(jnp.ones(8))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
