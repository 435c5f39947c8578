# Report: jcmgray/quimb#220 https://github.com/jcmgray/quimb/issues/220
# Class: 3 (everything created inside jit is traced: a tensor entry of the contracted circuit)
# Rule: JG101
# Reduced: "`qtn.Circuit.amplitude()` does not work with `jax.jit`": the tensor-network
# simplification `find_antidiag_axes` tests each pair of equal-size axes with
# `if do('allclose', do('where', indxrs[i] != dj - 1 - indxrs[j], x, 0.0), 0.0, ...): return (i, j)`
# on the tensor's data, a tracer under jit (TracerBoolConversionError); the reporter notes the
# function's return type (None or a tuple) depends on the data, so it can never be traced. Fix (the
# maintainer's): `simplify_sequence='R'`, which skips the data-dependent simplifications, so the
# jitted amplitude only contracts. Here the network is one tensor and the contraction is a sum.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def find_antidiag_axes(x, atol=1e-12):
    shape = x.shape
    indxrs = jnp.indices(shape)
    for i, di in enumerate(shape):
        for j in range(i + 1, len(shape)):
            dj = shape[j]
            if di != dj:
                continue
            if jnp.allclose(jnp.where(indxrs[i] != dj - 1 - indxrs[j], x, 0.0), 0.0, atol=atol):  # expect: JG101
                return (i, j)
    return None


def amplitude(x, simplify_sequence="ADCRS"):
    if "A" in simplify_sequence:
        axes = find_antidiag_axes(x)
        if axes is not None:
            x = jnp.flip(x, axis=axes[1])
    return jnp.sum(x)


def bug():
    return jax.jit(amplitude)(jnp.eye(2)[::-1])


# --- must not be flagged ---


def amplitude_rank_simplified(x):
    return jnp.sum(x * jnp.ones_like(x))


def fixed():
    return jax.jit(amplitude_rank_simplified)(jnp.eye(2)[::-1])


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
