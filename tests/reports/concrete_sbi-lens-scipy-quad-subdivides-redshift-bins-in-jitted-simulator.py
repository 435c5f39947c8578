# Report: DifferentiableUniverseInitiative/sbi_lens#31 https://github.com/DifferentiableUniverseInitiative/sbi_lens/pull/31
# Class: 3 (everything created inside jit is traced: a density built from constants, integrated by SciPy inside the jitted simulator)
# Rule: JG104
# Reduced: the LSST Year 10 PR notes that "the subdivided function defined in redshift.py contains
# Scipy functions (for integration and optimization), so in all function containing the redshift
# distribution `@jax.jit` can not be used"; the options it lists are to define the redshift
# distribution outside, or to write the root finder in JAX. Here the tomographic bins are cut
# from a Smail n(z) whose parameters are plain constants: inside the jitted simulator its `jnp`
# density is traced all the same, and `scipy.integrate.quad` reads each value with `float()`:
# ConcretizationTypeError (checked on JAX 0.10.2). Fix (the PR's first option): subdivide the
# distribution once, outside the jitted simulator, which then only evaluates it.
import jax
import jax.numpy as jnp
from scipy.integrate import quad
from scipy.optimize import brentq


class SmailNz:
    def __init__(self, a, b, z0):
        self.a, self.b, self.z0 = a, b, z0

    def pz_fn(self, z):
        return z**self.a * jnp.exp(-((z / self.z0) ** self.b))


def subdivide(nz, nbins, zmax=3.0):
    total = quad(nz.pz_fn, 0.0, zmax)[0]  # expect: JG104
    edges = [0.0]
    for i in range(1, nbins):
        frac = i / nbins
        edges.append(brentq(lambda z: quad(nz.pz_fn, 0.0, z)[0] / total - frac, 1e-3, zmax))
    edges.append(zmax)
    return edges, total


def shear_weights(edges, total, nz, omega_c):
    z = jnp.linspace(1e-3, 3.0, 64)
    bins = [jnp.where((z >= lo) & (z < hi), nz.pz_fn(z), 0.0) / total for lo, hi in zip(edges[:-1], edges[1:])]
    return jnp.stack([jnp.sum(b * z) * omega_c for b in bins])


# --- must be flagged ---


@jax.jit
def simulator(omega_c):
    nz = SmailNz(2.0, 1.5, 0.5)
    edges, total = subdivide(nz, nbins=3)
    return shear_weights(edges, total, nz, omega_c)


def run_simulator():
    return simulator(0.25)


# --- must not be flagged ---

NZ = SmailNz(2.0, 1.5, 0.5)
EDGES, TOTAL = subdivide(NZ, nbins=3)


@jax.jit
def simulator_fixed_bins(omega_c):
    return shear_weights(EDGES, TOTAL, NZ, omega_c)


def run_fixed():
    return simulator_fixed_bins(0.25)


RAISES = [(run_simulator, "ConcretizationTypeError")]
RUNS = [run_fixed]
