# Report: jaxleyverse/jaxley#610 https://github.com/jaxleyverse/jaxley/pull/610
# Class: 1 (values inside containers and objects: an assert on a parameter read from a dict in a helper that the jitted simulation calls)
# Rule: JG103
# Reduced (jaxley is not installed; the PR describes the bug, the helper's body is a sketch of
# it): "Bugfix: allow ion diffusion to be jitted": `get_all_parameters()` asserted a property of
# the ion-diffusion parameters, but the function runs inside the jitted simulation, where the
# trainable parameters are tracers, so the `assert` converts a traced bool and raises ("The
# assert within `get_all_parameters()` broke because this function gets `jit`ted"; "JAX's
# `checkify` did not work out of the box"). Fix (the PR's): check in `.set()`, on the concrete
# value the user passes, before anything is traced.
import jax
import jax.numpy as jnp


# --- must be flagged ---


def get_all_parameters(params):
    diffusion = params["axial_diffusion_CaCon_i"]
    assert jnp.all(diffusion >= 0.0), "diffusion constants must be non-negative"  # expect: JG103
    return {"axial_diffusion": diffusion, "radius": params["radius"]}


@jax.jit
def simulate(params, v0):
    all_params = get_all_parameters(params)
    return v0 * jnp.exp(-all_params["axial_diffusion"]) / all_params["radius"]


def bug():
    params = {"axial_diffusion_CaCon_i": jnp.array([1.0, 2.0]), "radius": jnp.array([1.0, 1.0])}
    return simulate(params, jnp.ones(2))


# --- must not be flagged ---


def set_diffusion(params, value):
    assert (value >= 0.0).all(), "diffusion constants must be non-negative"
    return {**params, "axial_diffusion_CaCon_i": value}


def get_all_parameters_unchecked(params):
    return {"axial_diffusion": params["axial_diffusion_CaCon_i"], "radius": params["radius"]}


@jax.jit
def simulate_unchecked(params, v0):
    all_params = get_all_parameters_unchecked(params)
    return v0 * jnp.exp(-all_params["axial_diffusion"]) / all_params["radius"]


def fixed():
    params = set_diffusion({"radius": jnp.array([1.0, 1.0])}, jnp.array([1.0, 2.0]))
    return simulate_unchecked(params, jnp.ones(2))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
