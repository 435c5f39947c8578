# Report: jax-ml/jax#2285 https://github.com/jax-ml/jax/issues/2285
# Class: 4 (NumPy and Python on traced values, deeper: a Python dict indexed by a vmapped index)
# Rule: JG104
# Reduced: "Vmap with non-array containers": a predictor X_i(t) = sum over j not in S_i of
# B[i, j] X_j(t) + alpha_j X_j(t) I(t > t0), written per column as `_elementwise_update(x_col,
# b_val, alpha, j, t0=1)` and vmapped over the column index `j`; its first line is
# `if j in forbidden_idx[j]:` with `forbidden_idx` a dict of Python sets, and "jax tries tracing
# the vmap function - it has an error attempting to index into the dictionary" (the user's
# try/except "exists purely to fool the JAX jit"): `j` is a batched tracer, which cannot be a
# dict key (JAX 0.10.2: "unhashable type: 'BatchTracer'"). Fix used here: turn the Python
# container into an array first (a boolean exclusion table) and index it with the tracer.
import jax
import jax.numpy as jnp
import numpy as np

forbidden_idx = {0: {0}, 1: {1, 2}, 2: {2}}
X = jnp.linspace(0.0, 1.0, 15).reshape(5, 3)
B = jnp.array([0.5, 1.0, 2.0])
ALPHA = jnp.array([0.1, 0.2, 0.3])


# --- must be flagged ---


def _elementwise_update(x_col, b_val, alpha, j, t0=1):
    if j in forbidden_idx[j]:  # expect: JG104
        return jnp.zeros_like(x_col)
    x_ret = b_val * x_col
    return x_ret.at[t0:].add(alpha * x_col[t0:])


def crashes():
    return jax.vmap(_elementwise_update, in_axes=(1, 0, 0, 0))(X, B, ALPHA, jnp.arange(3))


# --- must not be flagged ---

excluded = jnp.asarray(np.array([[j in forbidden_idx[i] for j in range(3)] for i in range(3)]))


def _elementwise_update_fixed(x_col, b_val, alpha, j, t0=1):
    x_ret = b_val * x_col
    x_ret = x_ret.at[t0:].add(alpha * x_col[t0:])
    return jnp.where(excluded[j, j], jnp.zeros_like(x_col), x_ret)


def works():
    return jax.vmap(_elementwise_update_fixed, in_axes=(1, 0, 0, 0))(X, B, ALPHA, jnp.arange(3))


RAISES = [(crashes, "TypeError")]
RUNS = [works]
