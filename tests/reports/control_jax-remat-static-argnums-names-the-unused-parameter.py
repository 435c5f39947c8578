# Report: jax-ml/jax#24516 https://github.com/jax-ml/jax/pull/24516
# Class: 2 (arguments JAX needs static: jax.remat's static_argnums on the wrong parameter)
# Rule: JG101
# Reduced: "improve checkpoint / remat concreteness error with static_argnums": the PR's example
# decorates `f(x, _)` with `partial(jax.remat, static_argnums=(1,))` and branches with `if x > 0:`
# on `x`, which is not static: remat abstracts every argument it does not keep static, so
# `f(3., 1.)` raises TracerBoolConversionError although no jit is involved (the PR fixes only the
# message, which named `dyn_args[0]`). The fix: make the branched-on parameter the static one (a
# Python float is hashable), or branch with `jnp.where`.
from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged ---


@partial(jax.remat, static_argnums=(1,))
def f(x, _):
    if x > 0:  # expect: JG101
        return x
    else:
        return jnp.sin(x)


def call_f():
    return f(3.0, 1.0)


# --- must not be flagged ---


@partial(jax.checkpoint, static_argnums=(0,))
def scaled_sine(threshold, y):
    """jax#24516: the parameter the Python branch reads is the static one."""
    if threshold > 0:
        return y * threshold
    return jnp.sin(y)


def call_scaled_sine():
    return scaled_sine(3.0, jnp.ones(3))


RAISES = [(call_f, "TracerBoolConversionError")]
RUNS = [call_scaled_sine]
