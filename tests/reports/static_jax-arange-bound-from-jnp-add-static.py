# Report: jax-ml/jax#6233 https://github.com/jax-ml/jax/issues/6233
# Class: 5 (what reaches a static position: a JAX array computed by jnp)
# Rule: JG203
# Reduced: the issue's `f_jit = jit(f, static_argnums=0)` with `f(x) = jnp.arange(-x, x)`: a
# Python int works, but `x_device_array = jnp.add(4, 1)` raises "Non-hashable static arguments
# are not supported ... JAX DeviceArray, like numpy.ndarray, is not hashable". Fix: pass a Python
# int (`int(...)` outside jit), as the answer explains.
import jax.numpy as jnp
from jax import jit


def f(x):
    return jnp.arange(-x, x)


f_jit = jit(f, static_argnums=0)

# --- must be flagged ---


def bug():
    x_device_array = jnp.add(4, 1)
    return f_jit(x_device_array)  # expect: JG203


# --- must not be flagged ---


def fixed():
    x_int = int(jnp.add(4, 1))
    return f_jit(x_int)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
