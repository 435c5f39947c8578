# Report: jax-ml/jax#3740 https://github.com/jax-ml/jax/issues/3740
# Class: 3 (everything created inside jit is traced: singular values computed in the function)
# Rule: JG101
# Reduced: "Inequation inside Jax.jit function": `tt_round_model(tt, delta)` loops
# `for x in s: if x < delta: ...` over singular values; the user made `delta` static
# (`jit(tt_round_model, static_argnums=(1))`) but `s` comes from an SVD inside the function,
# so `x < delta` is still traced (TracerBoolConversionError). The thread shows only those
# lines; the tensor-train cores are reduced to one matrix and the truncation to zeroing the
# small singular values. Fix (jakevdp): express it with broadcasting and `jnp.where`.
import math

import jax.numpy as jnp
from jax import jit


# --- must be flagged ---


def tt_round_model(tt, delta):
    u, s, vt = jnp.linalg.svd(tt, full_matrices=False)
    kept = []
    for x in s:
        if x < delta:  # expect: JG101
            kept.append(0.0 * x)
        else:
            kept.append(x)
    return (u * jnp.stack(kept)) @ vt


def bug():
    eps = 1e-2
    tts_s = jnp.diag(jnp.array([3.0, 1.0, 1e-4]))
    fast_tt_round = jit(tt_round_model, static_argnums=(1))
    return fast_tt_round(tts_s, eps / math.sqrt(2))


# --- must not be flagged ---


def tt_round_where(tt, delta):
    u, s, vt = jnp.linalg.svd(tt, full_matrices=False)
    return (u * jnp.where(s < delta, 0.0, s)) @ vt


def fixed():
    eps = 1e-2
    tts_s = jnp.diag(jnp.array([3.0, 1.0, 1e-4]))
    return jit(tt_round_where, static_argnums=(1))(tts_s, eps / math.sqrt(2))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
