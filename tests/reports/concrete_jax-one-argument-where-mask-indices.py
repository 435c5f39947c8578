# Report: jax-ml/jax#4418 https://github.com/jax-ml/jax/issues/4418
# Class: 4 (one-argument `jnp.where` (nonzero) on data inside jit, to index an update)
# Rule: JG105
# Reduced: the issue builds a mask from a dataset: `ax1, ax2 = np_jax.where(~Dataset[:,
# 0].any(axis=2))`, then `mask = index_update(mask, index[ax1, ax2], 0)`; it failed ("Array boolean
# indices must be concrete", today the size of jnp.nonzero must be static). `index_update` is gone:
# `.at[ax1, ax2].set(0)`. The dataset literal is 2-D although the code indexes it as 4-D;
# here a 4-D array, and the mask has the shape of the indexed result. The jit is implied by the
# error, not shown. Fix (jakevdp's answer): the three-argument `jnp.where(cond, 0, 1)`.
import jax
import jax.numpy as np_jax

# --- must be flagged ---


@jax.jit
def build_mask(Dataset):
    ax1, ax2 = np_jax.where(~Dataset[:, 0].any(axis=2))  # expect: JG105
    mask = np_jax.ones((Dataset.shape[0], Dataset.shape[2]))
    return mask.at[ax1, ax2].set(0)


def dataset():
    return np_jax.zeros((3, 2, 4, 5)).at[0, 0, 1, 2].set(1.0).at[2, 0, 3, 0].set(4.0)


def bug():
    return build_mask(dataset())


# --- must not be flagged ---


@jax.jit
def build_mask_select(Dataset):
    return np_jax.where(~Dataset[:, 0].any(axis=2), 0, 1)


def fixed():
    return build_mask_select(dataset())


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
