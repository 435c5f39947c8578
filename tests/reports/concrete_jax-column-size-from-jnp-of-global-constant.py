# Report: jax-ml/jax#9463 https://github.com/jax-ml/jax/issues/9463
# Class: 3 (everything created inside jit is traced, constants included)
# Rule: JG105
# Reduced: the MWE packs parameters into columns whose length and offsets come from a fixed
# array `smf`: `kvals = jnp.cumsum(...)` and `jnp.zeros(num_rows*num_cols - (num_cols-1) *
# jnp.sum(jnp.isinf(smf)))`. It works without jit; under jit those jnp results are traced, so the
# size of the zeros array is not concrete. The MWE's top level is wrapped in the function the user
# jitted; lb/ub columns are left out. Fix: compute the sizes and offsets with NumPy (`smf` is a
# constant), keeping only the data in jnp.
import jax
import jax.numpy as jnp
import numpy as np

num_rows = 5
num_cols = 20
smf = jnp.array([jnp.inf, 0.1, 0.1, 0.1, 0.1])
smf_np = np.array([np.inf, 0.1, 0.1, 0.1, 0.1])

# --- must be flagged ---


@jax.jit
def pack_columns(par_init):
    par = jnp.broadcast_to(par_init[:, None], (num_rows, num_cols))
    kvals = jnp.where(jnp.isinf(smf), 1, num_cols)
    kvals = jnp.insert(kvals, 0, 0)
    kvals = jnp.cumsum(kvals)
    par0_col = jnp.zeros(num_rows * num_cols - (num_cols - 1) * jnp.sum(jnp.isinf(smf)))  # expect: JG105
    for i in range(num_rows):
        par0_col = par0_col.at[kvals[i]:kvals[i + 1]].set(par[i, :kvals[i + 1] - kvals[i]])
    return par0_col


def bug():
    return pack_columns(jnp.array([1.0, 2.0, 3.0, 4.0, 5.0]))


# --- must not be flagged ---


@jax.jit
def pack_columns_static(par_init):
    par = jnp.broadcast_to(par_init[:, None], (num_rows, num_cols))
    kvals = np.where(np.isinf(smf_np), 1, num_cols)
    kvals = np.insert(kvals, 0, 0)
    kvals = np.cumsum(kvals)
    par0_col = jnp.zeros(num_rows * num_cols - (num_cols - 1) * int(np.sum(np.isinf(smf_np))))
    for i in range(num_rows):
        par0_col = par0_col.at[kvals[i]:kvals[i + 1]].set(par[i, :kvals[i + 1] - kvals[i]])
    return par0_col


def fixed():
    return pack_columns_static(jnp.array([1.0, 2.0, 3.0, 4.0, 5.0]))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
