# Report: LouisDesdoigts/dLux#260 https://github.com/LouisDesdoigts/dLux/issues/260
# Class: 4 (a shape from a traced value: `np.arange(n)` with `n` traced)
# Rule: JG105
# Reduced: `nd_coords` calls `pixel_fn(n, offset, scale)`, which builds `np.arange(n)` (np is
# jax.numpy in dLux); the user's class calls it under `jax.lax.cond`, whose branches trace their
# operands, so `n` is traced. The thread shows `pixel_fn` and the error, not the class or the
# cond: here a cond whose operands are the pixel count and the scale. Fix: keep the pixel count
# out of the cond's operands (a Python int the branches close over).
import jax
import jax.numpy as np

# --- must be flagged ---


def pixel_fn(n, offset, scale):
    pix = np.arange(n) - (n - 1) / 2.0  # expect: JG105
    pix *= scale
    pix -= offset
    return pix


def bug():
    return jax.lax.cond(True, lambda n, s: pixel_fn(n, 0.0, s), lambda n, s: pixel_fn(n, 0.0, 2 * s), 4, 1.0)


# --- must not be flagged ---


def fixed():
    n = 4
    return jax.lax.cond(True, lambda s: pixel_fn(n, 0.0, s), lambda s: pixel_fn(n, 0.0, 2 * s), 1.0)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
