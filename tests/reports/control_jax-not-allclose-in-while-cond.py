# Report: jax-ml/jax#2708 https://github.com/jax-ml/jax/issues/2708
# Class: 4 (Python `not` on a traced value in a `lax.while_loop` condition function)
# Rule: JG103
# Reduced: the code, unchanged: `while_loop(cf_explicit, bf, 0.0)` runs, but with
# `cf_ac(x): return not jnp.allclose(x, 10.0)` it raised "Abstract value passed to `bool`" (today
# TracerBoolConversionError). The reporter blamed `allclose`; shoyer's answer: the builtin `not`
# casts to a Python bool, use `jnp.logical_not`. Fix: that.
from jax import numpy as jnp
from jax.lax import while_loop


def bf(x):
    return x + 1.0


def cf_explicit(x):
    return jnp.abs(x - 10.0) > 1e-4


# --- must be flagged ---


def cf_ac(x):
    return not jnp.allclose(x, 10.0)  # expect: JG103


def bug():
    return while_loop(cf_ac, bf, 0.0)


# --- must not be flagged ---


def cf_ac_logical(x):
    return jnp.logical_not(jnp.allclose(x, 10.0))


def fixed():
    return while_loop(cf_explicit, bf, 0.0), while_loop(cf_ac_logical, bf, 0.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
