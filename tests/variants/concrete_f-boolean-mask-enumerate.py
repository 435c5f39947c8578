# Variant of: tests/reports/concrete_evox-boolean-mask-in-helper-of-jit.py
# Class: 4 (a boolean mask on a traced array, in code jit calls)
# Rule: JG105
# Axis: (f) the arrays come from `enumerate` over a list argument of the jitted function.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def foo(xs):
    out = 0.0
    for i, x in enumerate(xs):
        out = out + i * x[x > 0].sum()  # expect: JG105
    return out


def bug():
    return foo([jnp.array([-1.0, 2.0]), jnp.array([3.0, -4.0])])


# --- must not be flagged ---


@jax.jit
def foo_where(xs):
    out = 0.0
    for i, x in enumerate(xs):
        out = out + i * jnp.where(x > 0, x, 0.0).sum()
    return out


def fixed():
    return foo_where([jnp.array([-1.0, 2.0]), jnp.array([3.0, -4.0])])


RAISES = [(bug, "NonConcreteBooleanIndexError")]
RUNS = [fixed]
