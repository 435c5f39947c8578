# Report: pyro-ppl/numpyro#821 https://github.com/pyro-ppl/numpyro/pull/821
# Class: 3 (everything created inside jit is traced: a comparison of a closed-over array)
# Rule: JG101
# Reduced: the PR author's example: `f` closes over a module-level jnp array `y`, checks
# `not_jax_tracer(y)` (true: `y` is a constant), then `if np.all(y <= 0):`; under `jax.jit(f)`
# the comparison `y <= 0` is computed inside the trace, so it is a tracer and the `if` raises.
# `not_jax_tracer` is numpyro's helper (an isinstance test), written out here. The fix in the PR,
# `np.less(y, 0)`, computes on the host with NumPy; here it is applied to the same example.
import jax
import jax.numpy as jnp
import numpy as np
from jax.core import Tracer


def not_jax_tracer(x):
    return not isinstance(x, Tracer)


y = jnp.arange(10.0)

# --- must be flagged ---


def f(x):
    if not_jax_tracer(y):
        if np.all(y <= 0):  # expect: JG101
            print("nooo")
    return x + y


def bug():
    return jax.jit(f)(1)


# --- must not be flagged ---


def f_fixed(x):
    if not_jax_tracer(y):
        if np.all(np.less(y, 0)):
            print("nooo")
    return x + y


def fixed():
    return jax.jit(f_fixed)(1)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
