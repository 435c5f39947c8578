# Report: jax-ml/bonsai#170 https://github.com/jax-ml/bonsai/pull/170
# Class: 5 (what reaches a static position: a list of lists from `.tolist()`)
# Rule: JG203
# Reduced: "Adding jit support to Qwen3VL": the vision forward is jitted with the image grid
# (`image_grid_thw`, one (t, h, w) row per image) static, because the model iterates over it to
# size the patch sequence. The runner produced it with `.tolist()`, a `list[list[int]]`; asked
# whether that could be accepted, the author answers that lists do not work with
# `static_argnums` ("TypeError: unhashable type: 'list'"), and converts with
# `tuple(tuple(row) for row in ...)`. The model is reduced to a patch projection and the processor
# output to a NumPy int array.
import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.jit, static_argnums=(4,))
def _forward_vision_jit(params, cache, input_ids, pixel_values, image_grid_thw, token_type_ids):
    n_patches = sum(t * h * w for t, h, w in image_grid_thw)
    patches = pixel_values[:n_patches] @ params["proj"]
    logits = jnp.sum(patches) + params["embed"][input_ids] * token_type_ids[:, None]
    return logits[-1], cache


PARAMS = {"proj": jnp.ones((6, 4)), "embed": jnp.ones((32, 4))}
GRID = np.array([[1, 2, 2], [1, 2, 4]])

# --- must be flagged ---


def run_list():
    image_grid_thw = GRID.tolist()
    pixel_values, input_ids = jnp.ones((16, 6)), jnp.arange(5)
    return _forward_vision_jit(PARAMS, jnp.zeros(2), input_ids, pixel_values, image_grid_thw, jnp.ones(5))  # expect: JG203


# --- must not be flagged ---


def run_tuple():
    image_grid_thw = tuple(tuple(row) for row in GRID.tolist())
    pixel_values, input_ids = jnp.ones((16, 6)), jnp.arange(5)
    return _forward_vision_jit(PARAMS, jnp.zeros(2), input_ids, pixel_values, image_grid_thw, jnp.ones(5))


RAISES = [(run_list, "ValueError")]
RUNS = [run_tuple]
