# Report: jax-ml/jax#5454 https://github.com/jax-ml/jax/issues/5454
# Class: 2 (arguments JAX needs static: the length of `jnp.arange`, mapped by `vmap`)
# Rule: JG105
# Reduced: "VMap of jnp.arange throws 'Abstract Tracer Value encountered'": the user sums the
# first `i` rows of an array with `parts[jnp.arange(i)]`, which works for a Python `i`, and maps
# it over a vector of bounds with `vmap`; the mapped bound is a batched tracer and
# `jnp.arange(i)` needs a concrete length (the output shape would differ per batch element):
# ConcretizationTypeError. The fix keeps the shape fixed and masks: sum the rows whose index is
# below the bound.
import jax
import jax.numpy as jnp

PARTS = jnp.arange(80.0).reshape(40, 2)

# --- must be flagged ---


def inner_range(i):
    inds = jnp.arange(i)  # expect: JG105
    selected = PARTS[inds]
    return jnp.sum(selected, axis=0)


def simple_range_in_vmap():
    return jax.vmap(inner_range)(jnp.array([3, 4], dtype="int32"))


# --- must not be flagged ---


def inner_masked(i):
    mask = jnp.arange(PARTS.shape[0]) < i
    return jnp.sum(jnp.where(mask[:, None], PARTS, 0.0), axis=0)


def masked_in_vmap():
    return jax.vmap(inner_masked)(jnp.array([3, 4], dtype="int32"))


RAISES = [(simple_range_in_vmap, "ConcretizationTypeError")]
RUNS = [masked_in_vmap]
