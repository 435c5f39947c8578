# Report: dfm/tinygp#85 https://github.com/dfm/tinygp/issues/85
# Class: 4 (NumPy on traced values inside a lambda mapped over a pytree)
# Rule: JG104
# Reduced: a kernel's quasiseparable form shifts the inputs with
# `jax.tree_util.tree_map(lambda x: np.append(x[0], x[:-1]), X2)` inside the jitted conditioning
# step; NumPy converts the traced leaves. Fix: `jnp.append`.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


@jax.jit
def condition(X1, X2):
    Xs = jax.tree_util.tree_map(lambda x: np.append(x[0], x[:-1]), X2)  # expect: JG104
    return jnp.sum(jnp.exp(-jnp.abs(X1 - Xs)))


def bug():
    return condition(jnp.arange(4.0), jnp.arange(4.0))


# --- must not be flagged ---


@jax.jit
def condition_jnp(X1, X2):
    Xs = jax.tree_util.tree_map(lambda x: jnp.append(x[0], x[:-1]), X2)
    return jnp.sum(jnp.exp(-jnp.abs(X1 - Xs)))


def fixed():
    return condition_jnp(jnp.arange(4.0), jnp.arange(4.0))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
