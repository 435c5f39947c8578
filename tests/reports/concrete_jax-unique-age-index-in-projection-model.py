# Report: jax-ml/jax#10231 https://github.com/jax-ml/jax/issues/10231
# Class: 4 (a value-dependent size: `jnp.unique` of a traced data argument inside the traced model)
# Rule: JG105
# Reduced: "NonConcreteBooleanIndexError on call to jnp.unique": in a pitcher projection model
# (`stuff_proj.py`), `ages_pred = jnp.unique(age_idx)` on an integer index array passed into the
# model fails once the model is traced ("JAX currently only support static shape, while return
# value of `unique` has a shape depends on input value"). The model is reduced to an age effect
# evaluated on the unique ages; its sampler is replaced by `jax.jit` of the log density. Fix
# (the thread's answer): compute the unique ages outside the traced function (or give
# `jnp.unique` a static `size`).
import jax
import jax.numpy as jnp
import numpy as np

AGE_IDX = np.array([24, 25, 26, 6, 14, 10, 25, 24], dtype=np.int32)

# --- must be flagged ---


def stuff_proj(beta, age_idx):
    ages_pred = jnp.unique(age_idx)  # expect: JG105
    age_effect = beta * (ages_pred - 20.0) ** 2
    return -jnp.sum(age_effect)


def bug():
    return jax.jit(stuff_proj)(0.1, AGE_IDX)


# --- must not be flagged ---


AGES_PRED = np.unique(AGE_IDX)


def stuff_proj_fixed(beta, ages_pred):
    age_effect = beta * (ages_pred - 20.0) ** 2
    return -jnp.sum(age_effect)


def stuff_proj_sized(beta, age_idx):
    ages_pred = jnp.unique(age_idx, size=8, fill_value=20)
    return -jnp.sum(beta * (ages_pred - 20.0) ** 2)


def fixed():
    return jax.jit(stuff_proj_fixed)(0.1, AGES_PRED) + jax.jit(stuff_proj_sized)(0.1, AGE_IDX)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
