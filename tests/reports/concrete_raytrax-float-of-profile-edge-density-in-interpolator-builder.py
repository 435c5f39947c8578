# Report: proximafusion/raytrax#38 https://github.com/proximafusion/raytrax/pull/38
# Class: 1 (values inside containers and objects: a traced field of a registered dataclass)
# Rule: JG104
# Reduced: "Fix tracing blocker in profile edge density warning": the ray tracer builds its
# electron-density interpolator from `RadialProfiles`, a registered dataclass whose arrays are
# leaves, inside the traced computation. The builder warns when the density at the last closed
# flux surface is not zero, reading it with `float(radial_profiles.electron_density[-1])`;
# under jit that element is a tracer and `float()` raises ConcretizationTypeError. The PR's fix
# reads the value only when it is not a tracer (the warning is skipped while tracing). Reduced:
# the interpolator is `jnp.interp`, the ray a path of rho values.
import dataclasses
import warnings

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class RadialProfiles:
    rho: jax.Array
    electron_density: jax.Array


def interpolator(radial_profiles):
    return lambda rho: jnp.interp(rho, radial_profiles.rho, radial_profiles.electron_density, right=0.0)


# --- must be flagged ---


def build_electron_density_profile_interpolator(radial_profiles):
    ne_edge = float(radial_profiles.electron_density[-1])  # expect: JG104
    if ne_edge > 1e-3:
        warnings.warn(f"Electron density at the LCFS is {ne_edge:.3g}, which is not zero.")
    return interpolator(radial_profiles)


@jax.jit
def trace_ray(rho_path, radial_profiles):
    ne = build_electron_density_profile_interpolator(radial_profiles)
    return ne(rho_path).sum()


def run_trace():
    profiles = RadialProfiles(jnp.linspace(0.0, 1.0, 5), jnp.linspace(1.0, 0.0, 5))
    return trace_ray(jnp.array([0.1, 0.5, 1.1]), profiles)


# --- must not be flagged ---


def warn_if_edge_density(edge):
    """raytrax#38: the warning only where the value is concrete (skipped while tracing)."""
    if isinstance(edge, jax.core.Tracer):
        return
    if float(edge) > 1e-3:
        warnings.warn("Electron density at the LCFS is not zero.")


@jax.jit
def trace_ray_guarded(rho_path, radial_profiles):
    warn_if_edge_density(radial_profiles.electron_density[-1])
    return jnp.sum(interpolator(radial_profiles)(rho_path))


def run_trace_guarded():
    return trace_ray_guarded(jnp.array([0.1, 0.5, 1.1]), RadialProfiles(jnp.linspace(0.0, 1.0, 5), jnp.linspace(1.0, 0.0, 5)))


RAISES = [(run_trace, "ConcretizationTypeError")]
RUNS = [run_trace_guarded]
