# Report: codestella/putting-nerf-on-a-diet#11 https://github.com/codestella/putting-nerf-on-a-diet/pull/11
# Class: 2 (arguments JAX needs static: the number of samples along a ray)
# Rule: JG105
# Reduced: "When `single_step` is jitted, we encountered invalid JAX type error from
# `flax.linen.Module` and other error from `N_samples`"; the fix is
# `jit(single_step_wojit, static_argnums=[6, 7])` for the model and `N_samples`. Here the model
# is already static and `N_samples` is not: it sets the number of points of `jnp.linspace`, which
# needs a concrete count. The flax model is a plain function; the rest of the step is shortened.
import jax
import jax.numpy as jnp


def model_fn(points):
    return jnp.sin(points)


def single_step_wojit(key, rays, near, far, lr, model, N_samples):
    t_vals = jnp.linspace(near, far, N_samples)  # expect: JG105
    z_vals = near * (1.0 - t_vals) + far * t_vals
    points = rays[:, None] * z_vals[None, :]
    return jnp.mean(model(points)) * lr


RAYS = jnp.ones(4)

# --- must be flagged ---


def bug():
    single_step = jax.jit(single_step_wojit, static_argnums=[5])
    return single_step(jax.random.PRNGKey(0), RAYS, 2.0, 6.0, 0.1, model_fn, 16)


# --- must not be flagged ---


def fixed():
    single_step = jax.jit(single_step_wojit, static_argnums=[5, 6])
    return single_step(jax.random.PRNGKey(0), RAYS, 2.0, 6.0, 0.1, model_fn, 16)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
