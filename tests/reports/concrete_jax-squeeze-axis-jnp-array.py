# Report: jax-ml/jax#12334 https://github.com/jax-ml/jax/pull/12334 (fixes jax-ml/jax#12331)
# Class: 3 (everything created inside jit is traced: an axis given as a jnp array)
# Rule: JG104; no rule names axis arguments; JG104 (a traced value converted to a Python integer) is the closest
# Reduced: the PR's test, `jax.numpy.squeeze(x, jax.numpy.array(1))` under jit: the constant
# axis is a traced array there, and JAX needs a static index. Fix: a Python int axis.
import jax

# --- must be flagged ---


def f(x):
    return jax.numpy.squeeze(x, jax.numpy.array(1))  # expect: JG104


def bug():
    return jax.jit(f)(jax.numpy.arange(5.0).reshape(5, 1))


# --- must not be flagged ---


def f_int(x):
    return jax.numpy.squeeze(x, 1)


def fixed():
    return jax.jit(f_int)(jax.numpy.arange(5.0).reshape(5, 1))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
