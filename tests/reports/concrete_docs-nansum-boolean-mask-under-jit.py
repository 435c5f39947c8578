# Report: https://jax.readthedocs.io/en/latest/notebooks/Common_Gotchas_in_JAX.html (JAX - The Sharp Bits, "Dynamic shapes")
# Class: 3 (everything created inside jit is traced: a mask computed from the argument)
# Rule: JG105
# Reduced: `def nansum(x): mask = ~jnp.isnan(x); x_without_nans = x[mask]; return
# x_without_nans.sum()` under `jax.jit`: the number of entries the mask keeps depends on the
# values, so the indexed array has no static shape (NonConcreteBooleanIndexError). The page's
# fix: keep the shape and zero the NaNs, `jnp.where(mask, x, 0).sum()`.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def nansum(x):
    mask = ~jnp.isnan(x)  # boolean mask selecting non-nan values
    x_without_nans = x[mask]  # expect: JG105
    return x_without_nans.sum()


def bug():
    return nansum(jnp.array([1.0, jnp.nan, 2.0]))


# --- must not be flagged ---


@jax.jit
def nansum_2(x):
    mask = ~jnp.isnan(x)
    return jnp.where(mask, x, 0).sum()


def fixed():
    return nansum_2(jnp.array([1.0, jnp.nan, 2.0]))


RAISES = [(bug, "NonConcreteBooleanIndexError")]
RUNS = [fixed]
