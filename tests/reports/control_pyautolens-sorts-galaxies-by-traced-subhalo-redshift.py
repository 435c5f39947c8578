# Report: PyAutoLabs/PyAutoLens#498 https://github.com/PyAutoLabs/PyAutoLens/issues/498
# Class: 2 (traced value reaches Python control flow through a library helper: a sort key)
# Rule: JG103
# Reduced: "subhalo redshift as free parameter raises TracerBoolConversionError under JAX": a lens
# model with a subhalo galaxy whose redshift is a free parameter (`af.UniformPrior(0.2, 0.9)`;
# "redshift_subhalo = 0.6 # <-- works fine") fails under `jax.jit`, because
# `tracer_util.plane_redshifts_from` and friends call `sorted(galaxies, key=lambda g: g.redshift)`
# (PR #499): with a traced redshift `sorted` performs pairwise `<` comparisons whose truth value
# Python needs. The look-alike is the reporter's working configuration: the subhalo redshift fixed
# to a Python float while its mass parameters stay free.
import jax
import jax.numpy as jnp


class Galaxy:
    def __init__(self, redshift, einstein_radius):
        self.redshift = redshift
        self.einstein_radius = einstein_radius


def deflections(galaxy, grid):
    r = jnp.sqrt(jnp.sum(grid ** 2, axis=-1, keepdims=True)) + 1e-6
    return galaxy.einstein_radius * grid / r


GRID = jnp.stack(jnp.meshgrid(jnp.linspace(-1.0, 1.0, 8), jnp.linspace(-1.0, 1.0, 8)), axis=-1).reshape(-1, 2)


# --- must be flagged ---


def plane_redshifts_from(galaxies):
    galaxies_ascending = sorted(galaxies, key=lambda g: g.redshift)  # expect: JG103
    return [g.redshift for g in galaxies_ascending], galaxies_ascending


def traced_source_grid(galaxies, grid):
    _, ordered = plane_redshifts_from(galaxies)
    for galaxy in ordered[:-1]:
        grid = grid - deflections(galaxy, grid)
    return grid


def log_likelihood(params):
    lens = Galaxy(0.5, params[0])
    subhalo = Galaxy(params[1], params[2])
    source = Galaxy(1.0, 0.0)
    source_grid = traced_source_grid([lens, subhalo, source], GRID)
    return -jnp.sum(source_grid ** 2)


def crashes():
    return jax.jit(log_likelihood)(jnp.array([1.2, 0.6, 0.05]))


# --- must not be flagged ---


REDSHIFT_SUBHALO = 0.6


def log_likelihood_fixed_subhalo_redshift(params):
    lens = Galaxy(0.5, params[0])
    subhalo = Galaxy(REDSHIFT_SUBHALO, params[1])
    source = Galaxy(1.0, 0.0)
    source_grid = traced_source_grid([lens, subhalo, source], GRID)
    return -jnp.sum(source_grid ** 2)


def works():
    return jax.jit(log_likelihood_fixed_subhalo_redshift)(jnp.array([1.2, 0.05]))


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
