# Report: tancik/fourier-feature-networks#13 https://github.com/tancik/fourier-feature-networks/issues/13
# Class: 5 (what reaches a static position: a list of NumPy arrays stored into an argument list, then spread into the call)
# Rule: JG203
# Reduced: "Error with 3D Shape reconstruction": the occupancy notebook jits
# `render_rays = jit(render_rays_native_hier, static_argnums=(3,4,5,6,7,8))`, keeps its render
# arguments in a list `render_args_lr = [rays, None, R-1, R+1, N_samples, N_samples_2, True]`,
# stores each mesh's bounding corners into it (`render_args_lr[1] = corners`, with
# `corners = [c0, c1]` two NumPy vectors) and calls `render_rays(params, ab, *render_args_lr)`:
# the corners land at static position 3, and JAX raises "Non-hashable static arguments are not
# supported ... unhashable type: 'list'". Fix: hand the corners over as a tuple of tuples of
# floats, which hashes by value (the clip test broadcasts them the same way).
import jax
import jax.numpy as jnp
import numpy as onp


def render_rays_native_hier(params, ab, rays, corners, near, far, n_samples, n_samples_2, clip):
    rays_o, rays_d = rays[0], rays[1]
    c0, c1 = corners
    z_vals = jnp.linspace(near, far, n_samples)
    pts = rays_o[..., None, :] + rays_d[..., None, :] * z_vals[..., :, None]
    alpha = jax.nn.sigmoid(jnp.sum(jnp.sin(pts @ ab) * params, -1))
    if clip:
        mask = jnp.logical_or(jnp.any(0.5 * (pts + 1) < jnp.asarray(c0), -1), jnp.any(0.5 * (pts + 1) > jnp.asarray(c1), -1))
        alpha = jnp.where(mask, 0.0, alpha)
    depth_map = jnp.sum(alpha * z_vals, -1)
    z_vals = jnp.linspace(-1.0, 1.0, n_samples_2) * 0.01 + depth_map[..., None]
    return depth_map, jnp.sum(alpha, -1) + 0.0 * z_vals.sum()


render_rays = jax.jit(render_rays_native_hier, static_argnums=(3, 4, 5, 6, 7, 8))

RAYS = jnp.stack([jnp.zeros((4, 4, 3)), jnp.ones((4, 4, 3)) * 0.5])
PARAMS = jnp.ones(3) * 0.1
AB = jnp.eye(3)


def mesh_corners(seed):
    vertices = onp.random.RandomState(seed).uniform(size=(50, 3))
    return vertices.min(0) - 1e-3, vertices.max(0) + 1e-3


# --- must be flagged ---


def bug():
    render_args_lr = [RAYS, None, 1.0, 3.0, 8, 8, True]
    c0, c1 = mesh_corners(0)
    corners = [c0, c1]
    render_args_lr[1] = corners
    return render_rays(PARAMS, AB, *render_args_lr)  # expect: JG203


# --- must not be flagged ---


def fixed():
    render_args_lr = [RAYS, None, 1.0, 3.0, 8, 8, True]
    c0, c1 = mesh_corners(0)
    corners = (tuple(float(v) for v in c0), tuple(float(v) for v in c1))
    render_args_lr[1] = corners
    return render_rays(PARAMS, AB, *render_args_lr)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
