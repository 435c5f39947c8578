# Variant of: tests/reports/control_jax-or-default-traced.py
# Class: 4 (`or` on a traced value to pick a default)
# Rule: JG103
# Axis: (e) the traced value arrives in `**kwargs` and is read with `kwargs.get(...)`.
import jax
import jax.numpy as jnp


def scale(x, **kwargs):
    z = kwargs.get("factor") or jnp.ones_like(x)  # expect: JG103
    return x * z


# --- must be flagged ---


@jax.jit
def apply(x, factor):
    return scale(x, factor=factor)


def bug():
    return apply(jnp.ones(3), jnp.asarray(2.0))


# --- must not be flagged ---


def scale_fixed(x, **kwargs):
    factor = kwargs.get("factor")
    z = jnp.ones_like(x) if factor is None else factor
    return x * z


@jax.jit
def apply_fixed(x, factor):
    return scale_fixed(x, factor=factor)


def fixed():
    return apply_fixed(jnp.ones(3), jnp.asarray(2.0))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
