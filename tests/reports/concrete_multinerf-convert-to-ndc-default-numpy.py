# Report: google-research/multinerf#62 https://github.com/google-research/multinerf/pull/62
# Class: 4 (NumPy on traced values in a helper: a module parameter `xnp=np` left at its NumPy default)
# Rule: JG104
# Reduced: "Fix TracerArrayConversionError when Config.cast_rays_in_train_step=True": the ray
# batches are then cast inside the jitted `train_step`, and `camera_utils.convert_to_ndc(origins,
# directions, pixtocam, near, xnp=np)` is called without passing `xnp`, so it runs `np.*` on the
# traced rays. The helper keeps the library's `xnp` parameter (NumPy or jax.numpy); the ray
# casting is reduced to the NDC conversion and a loss. Fix (the PR's): pass `xnp=jnp`.
import jax
import jax.numpy as jnp
import numpy as np

PIXTOCAM = np.array([[1.0, 0.0, 2.0], [0.0, 1.0, 2.0], [0.0, 0.0, 1.0]], np.float32)

# --- must be flagged ---


def convert_to_ndc(origins, directions, pixtocam, near=1.0, xnp=np):
    t = -(near + origins[..., 2]) / directions[..., 2]
    origins = origins + t[..., None] * directions
    dx, dy, dz = xnp.moveaxis(directions, -1, 0)
    ox, oy, oz = xnp.moveaxis(origins, -1, 0)
    xmult = 1.0 / pixtocam[0, 2]
    ymult = 1.0 / pixtocam[1, 2]
    origins_ndc = xnp.stack([xmult * ox / oz, ymult * oy / oz, -xnp.ones_like(oz)], axis=-1)  # expect: JG104
    directions_ndc = xnp.stack([xmult * (dx / dz - ox / oz), ymult * (dy / dz - oy / oz), -2.0 * near / oz], axis=-1)
    return origins_ndc, directions_ndc


def cast_ray_batch(origins, directions):
    return convert_to_ndc(origins, directions, PIXTOCAM)


@jax.jit
def train_step(params, origins, directions):
    o, d = cast_ray_batch(origins, directions)
    return jnp.sum((o @ params) ** 2 + (d @ params) ** 2)


def bug():
    return train_step(jnp.ones((3, 3)), jnp.ones((8, 3)), jnp.ones((8, 3)))


# --- must not be flagged ---


def cast_ray_batch_jnp(origins, directions):
    return convert_to_ndc(origins, directions, PIXTOCAM, xnp=jnp)


@jax.jit
def train_step_jnp(params, origins, directions):
    o, d = cast_ray_batch_jnp(origins, directions)
    return jnp.sum((o @ params) ** 2 + (d @ params) ** 2)


def fixed():
    return train_step_jnp(jnp.ones((3, 3)), jnp.ones((8, 3)), jnp.ones((8, 3)))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
