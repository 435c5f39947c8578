# Report: DifferentiableUniverseInitiative/jax_cosmo#132 https://github.com/DifferentiableUniverseInitiative/jax_cosmo/issues/132
# Class: 3 (everything created inside jit is traced: the redshift grid of the integral)
# Rule: JG105
# Reduced: a user-defined tomographic redshift distribution zeroes n(z) outside its bin with
# `selection = np.logical_or(z <= lower, z > upper); nz = nz.at[selection].set(0.)` (np is
# jax.numpy); inside the jitted likelihood the integration grid is traced, so the boolean mask
# is not concrete: "NonConcreteBooleanIndexError: Array boolean indices must be concrete; got
# ShapedArray(bool[513])". jax_cosmo's base class, the Smail n(z) and the integral are reduced to
# plain functions. Fix used here: `np.where(selection, 0., nz)`.
import jax
import jax.numpy as np


def smail_nz(z, a=1.0, b=2.0, z0=0.5):
    return z ** a * np.exp(-((z / z0) ** b))


# --- must be flagged ---


class binned_nz:
    def __init__(self, lower, upper, nz_gen):
        self.params = (lower, upper, nz_gen)

    def pz_fn(self, z):
        lower, upper, nz_gen = self.params
        nz = nz_gen(z)
        selection = np.logical_or(z <= lower, z > upper)
        nz = nz.at[selection].set(0.)  # expect: JG105
        return nz


@jax.jit
def mean_redshift(amplitude):
    z = np.linspace(0.0, 2.0, 513)
    nz = amplitude * binned_nz(0.3, 0.6, smail_nz).pz_fn(z)
    return np.sum(z * nz) / np.sum(nz)


def bug():
    return mean_redshift(1.0)


# --- must not be flagged ---


class binned_nz_where:
    def __init__(self, lower, upper, nz_gen):
        self.params = (lower, upper, nz_gen)

    def pz_fn(self, z):
        lower, upper, nz_gen = self.params
        nz = nz_gen(z)
        selection = np.logical_or(z <= lower, z > upper)
        return np.where(selection, 0., nz)


@jax.jit
def mean_redshift_where(amplitude):
    z = np.linspace(0.0, 2.0, 513)
    nz = amplitude * binned_nz_where(0.3, 0.6, smail_nz).pz_fn(z)
    return np.sum(z * nz) / np.sum(nz)


def fixed():
    return mean_redshift_where(1.0)


RAISES = [(bug, "NonConcreteBooleanIndexError")]
RUNS = [fixed]
