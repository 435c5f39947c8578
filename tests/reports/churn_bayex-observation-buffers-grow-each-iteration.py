# Report: alonfnt/bayex#64 https://github.com/alonfnt/bayex/issues/64
# Class: 6 (churn that comes from data: buffers resized on every step of an optimization loop)
# Rule: JG303
# Reduced: "Make the optimization loop scannable and vmappable": "`fit` calls `expand` outside
# jit, which resizes buffers and forces recompilation. Fixed-capacity buffers would let the loop
# run under `lax.scan` and `vmap`." Each step of the Bayesian-optimization loop appends the new
# observation to the data arrays, so the jitted Gaussian-process fit sees a new shape and
# compiles again. Fix (the issue's): preallocate fixed-capacity buffers and a mask of the filled
# rows, written with `.at[i].set`.
import jax
import jax.numpy as jnp


@jax.jit
def fit_gp(xs, ys):
    k = jnp.exp(-((xs[:, None] - xs[None, :]) ** 2)) + 1e-3 * jnp.eye(xs.shape[0])
    return jnp.linalg.solve(k, ys).sum()


@jax.jit
def fit_gp_masked(xs, ys, mask):
    k = jnp.exp(-((xs[:, None] - xs[None, :]) ** 2)) * (mask[:, None] & mask[None, :])
    k = k + jnp.eye(xs.shape[0])
    return jnp.linalg.solve(k, jnp.where(mask, ys, 0.0)).sum()


# --- must be flagged ---


def optimize(n):
    xs = jnp.zeros((1,))
    ys = jnp.zeros((1,))
    for i in range(n):
        fit_gp(xs, ys)  # expect: JG303
        xs = jnp.concatenate([xs, jnp.array([float(i)])])
        ys = jnp.concatenate([ys, jnp.array([float(i) ** 2])])
    return xs, ys


# --- must not be flagged ---


def optimize_fixed_capacity(n, capacity=16):
    xs = jnp.zeros((capacity,))
    ys = jnp.zeros((capacity,))
    mask = jnp.zeros((capacity,), dtype=bool)
    for i in range(n):
        fit_gp_masked(xs, ys, mask)
        xs = xs.at[i].set(float(i))
        ys = ys.at[i].set(float(i) ** 2)
        mask = mask.at[i].set(True)
    return xs, ys


GROWS = [optimize]
BOUNDED = [optimize_fixed_capacity]
