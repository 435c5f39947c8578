# Report: keras-team/keras-hub#1137 https://github.com/keras-team/keras-hub/pull/1137
# Class: 3 (everything created inside jit is traced: a size cast to an array from static values)
# Rule: JG105
# Reduced (keras is not installed: `ops.cast`/`ops.arange` are the jnp calls the JAX backend
# makes): porting GPT-NeoX's rotary embedding to Keras Core, the JAX backend's `predict` failed
# in `_compute_cos_sin_embedding` at `ops.arange(0, rotary_dim, 2, "float32")` with "It arose in
# the jnp.arange argument 'stop'", the stop a `Traced<ShapedArray(float32[])>`: `rotary_dim` is
# computed from the static feature size and the rotary percentage, but through an array cast,
# and inside the jitted predict step every array op makes a tracer. Fix: compute the rotary
# size in Python (`int(...)`), so it stays a concrete number.
import jax
import jax.numpy as jnp


ROTARY_PERCENTAGE = 0.25


def cos_sin_for_rotary_dim(x, rotary_dim, max_wavelength=10000):
    freq_range = jnp.arange(0, rotary_dim, 2, dtype="float32")  # expect: JG105
    inverse_freq = 1.0 / (max_wavelength ** (freq_range / rotary_dim))
    freqs = jnp.einsum("i,j->ij", jnp.arange(x.shape[1], dtype="float32"), inverse_freq)
    return jnp.cos(freqs).sum() + jnp.sin(freqs).sum()


# --- must be flagged ---


@jax.jit
def predict_step(x):
    return cos_sin_for_rotary_dim(x, jnp.asarray(x.shape[-1] * ROTARY_PERCENTAGE, dtype="float32"))


def bug():
    return predict_step(jnp.ones((2, 8, 16)))


# --- must not be flagged ---


@jax.jit
def predict_step_static(x):
    return cos_sin_for_rotary_dim(x, int(x.shape[-1] * ROTARY_PERCENTAGE))


def fixed():
    return predict_step_static(jnp.ones((2, 8, 16)))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
