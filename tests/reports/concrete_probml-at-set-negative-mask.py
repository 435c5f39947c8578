# Report: probml/probml-notebooks#70 https://github.com/probml/probml-notebooks/pull/70
# Class: 4 (a NumPy idiom on a traced value: boolean-mask assignment)
# Rule: JG105
# Reduced: "Boolean indices is not jit compatible": the PR replaces the idiom
# `x.at[x < 0].set(0)` in the d2l notebooks (multi_head_attention_jax) because it fails under
# jit with NonConcreteBooleanIndexError. The PR shows only the idiom; it sits here in a small
# jitted function. Fix (the PR's): `jnp.where(x < 0, 0, x)`, which keeps the shape static.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def clip_negative(x):
    return x.at[x < 0].set(0)  # expect: JG105


def bug():
    return clip_negative(jnp.array([-1.0, 2.0, -3.0]))


# --- must not be flagged ---


@jax.jit
def clip_negative_where(x):
    return jnp.where(x < 0, 0, x)


def fixed():
    return clip_negative_where(jnp.array([-1.0, 2.0, -3.0]))


RAISES = [(bug, "NonConcreteBooleanIndexError")]
RUNS = [fixed]
