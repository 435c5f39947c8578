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


# --- must be flagged ---


def compute_cos_sin_embedding(x, rotary_percentage=0.25, max_wavelength=10000):
    rotary_dim = jnp.asarray(x.shape[-1] * rotary_percentage, dtype="float32")
    freq_range = jnp.arange(0, rotary_dim, 2, dtype="float32")  # expect: JG105
    inverse_freq = 1.0 / (max_wavelength ** (freq_range / rotary_dim))
    t = jnp.arange(x.shape[1], dtype="float32")
    freqs = jnp.einsum("i,j->ij", t, inverse_freq)
    return jnp.cos(freqs), jnp.sin(freqs)


@jax.jit
def predict_step(x):
    cos_emb, sin_emb = compute_cos_sin_embedding(x)
    return cos_emb.sum() + sin_emb.sum()


def bug():
    return predict_step(jnp.ones((2, 8, 16)))


# --- must not be flagged ---


def compute_cos_sin_embedding_static(x, rotary_percentage=0.25, max_wavelength=10000):
    rotary_dim = int(x.shape[-1] * rotary_percentage)
    freq_range = jnp.arange(0, rotary_dim, 2, dtype="float32")
    inverse_freq = 1.0 / (max_wavelength ** (freq_range / rotary_dim))
    t = jnp.arange(x.shape[1], dtype="float32")
    freqs = jnp.einsum("i,j->ij", t, inverse_freq)
    return jnp.cos(freqs), jnp.sin(freqs)


@jax.jit
def predict_step_static(x):
    cos_emb, sin_emb = compute_cos_sin_embedding_static(x)
    return cos_emb.sum() + sin_emb.sum()


def fixed():
    return predict_step_static(jnp.ones((2, 8, 16)))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
