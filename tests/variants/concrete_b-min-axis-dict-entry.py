# Variant of: tests/reports/concrete_jax-min-traced-axis.py
# Class: 2 (arguments JAX needs static: the axis of a reduction)
# Rule: JG104
# Axis: (b) the axis is an entry of a dict of options passed to jit.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def func(x, opts):
    return jnp.min(x, axis=opts["axis"])  # expect: JG104


def bug():
    return func(jnp.ones((2, 3)), {"axis": 0})


# --- must not be flagged ---


def fixed():
    opts = {"axis": 0}
    return jax.jit(lambda x: jnp.min(x, axis=opts["axis"]))(jnp.ones((2, 3)))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
