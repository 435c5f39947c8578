# Variant of: tests/reports/concrete_jax-min-traced-axis.py
# Class: 2 (arguments JAX needs static: the axis of a reduction)
# Rule: JG104
# Axis: (f) the axis is a loop variable over a traced array of axes (`for ax in axes`).
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def mins(x, axes):
    out = []
    for ax in axes:
        out.append(x.min(ax).sum())  # expect: JG104
    return out


def bug():
    return mins(jnp.ones((2, 3)), jnp.array([0, 1]))


# --- must not be flagged ---


@jax.jit
def mins_static(x):
    out = []
    for ax in (0, 1):
        out.append(x.min(ax).sum())
    return out


def fixed():
    return mins_static(jnp.ones((2, 3)))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
