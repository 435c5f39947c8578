# Report: https://docs.jax.dev/en/latest/tracing.html (JAX tutorial "Tracing", section "Static vs traced operations")
# Class: 3 (everything created inside jit is traced: a jnp array built from static shape numbers)
# Rule: JG105
# Reduced: `@jit def f(x): return x.reshape(jnp.array(x.shape).prod())`. `x.shape` is static,
# but `jnp.array(...)` of it is a traced array inside jit, so the new shape is a tracer
# (TypeError "Shapes must be 1D sequences of concrete values of integer type"). The
# tutorial's fix: compute static values with NumPy, `x.reshape((np.prod(x.shape),))`.
import jax.numpy as jnp
import numpy as np
from jax import jit

# --- must be flagged ---


@jit
def f(x):
    return x.reshape(jnp.array(x.shape).prod())  # expect: JG105


def bug():
    return f(jnp.ones((2, 3)))


# --- must not be flagged ---


@jit
def f_static(x):
    return x.reshape((np.prod(x.shape),))


def fixed():
    return f_static(jnp.ones((2, 3)))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
