# Report: FarrOutLab/GWInferno#24 https://github.com/FarrOutLab/GWInferno/issues/24
# Class: 4 (Python control flow on traced values, deeper: a lazily-extended lookup table)
# Rule: JG101
# Reduced: "Review: cosmology.py": gwkokab adopted `gwinferno.cosmology.Cosmology` and the
# `PowerlawRedshift` numpyro model, whose redshift grid runs up to a sampled `z_max`; under the
# sampler's jit the distance conversions fail. `Cosmology.z2DL` (and `DL2z`) grow their
# integration table on demand: `max_z = jnp.max(z); if max_z > jnp.max(self.z):
# self.extend(max_z=max_z, dz=dz)` — a Python `if` on a value computed from the traced grid.
# The maintainer suggests integrating far enough once at construction (a larger initial
# `max_z`) so the conversion is a plain `jnp.interp`. Cosmology, z2DL and a jitted log-density
# of the redshift model are written out.
import jax
import jax.numpy as jnp
import numpy as np

C_CGS = 299792458.0 * 1e2
MPC_CGS = 3.085677581491367e16 * 1e6 * 1e2
PLANCK_2018_Ho = 67.32 / (3.085677581491367e16 * 1e6 * 1e-3)
DEFAULT_DZ = 1e-3


class Cosmology(object):
    def __init__(self, Ho, omega_matter, omega_lambda, initial_z_integ=2.3):
        self.c_over_Ho = C_CGS / Ho
        self.unit_mod = MPC_CGS
        self.OmegaMatter = omega_matter
        self.OmegaLambda = omega_lambda
        self.z = np.array([0.0])
        self.Dc = np.array([0.0])
        self.extend(max_z=initial_z_integ, dz=0.01)

    @property
    def DL(self):
        return self.Dc * (1 + self.z)

    def extend(self, max_z=-np.inf, dz=DEFAULT_DZ):
        z = self.z[-1]
        Dc = self.Dc[-1]
        while z < max_z:
            new_z = z + dz
            new_Dc = Dc + 0.5 * (self.dDcdz(z) + self.dDcdz(new_z)) * dz
            z, Dc = new_z, new_Dc
            self.z = np.append(self.z, z)
            self.Dc = np.append(self.Dc, Dc)

    def z2E(self, z):
        return (self.OmegaLambda + self.OmegaMatter * (1.0 + z) ** 3) ** 0.5

    def dDcdz(self, z):
        return self.c_over_Ho / self.z2E(z)

    def z2DL(self, z, dz=DEFAULT_DZ):
        max_z = jnp.max(z)
        if max_z > jnp.max(self.z):  # expect: JG101
            self.extend(max_z=max_z, dz=dz)
        return jnp.interp(z, self.z, self.DL) / self.unit_mod

    def z2DL_tabulated(self, z):
        return jnp.interp(z, self.z, self.DL) / self.unit_mod


PLANCK_2018_Cosmology = Cosmology(PLANCK_2018_Ho, 0.3158, 1.0 - 0.3158)


# --- must be flagged ---


@jax.jit
def redshift_log_norm(kappa, z_max):
    zgrid = jnp.linspace(0.001, z_max, 200)
    dl = PLANCK_2018_Cosmology.z2DL(zgrid)
    dvcdz = 4 * jnp.pi * (dl / (1 + zgrid)) ** 2
    return jnp.log(jnp.trapezoid(dvcdz * (1 + zgrid) ** (kappa - 1), zgrid))


def crashes():
    return redshift_log_norm(0.0, 1.9)


# --- must not be flagged ---


@jax.jit
def redshift_log_norm_tabulated(kappa, z_max):
    zgrid = jnp.linspace(0.001, z_max, 200)
    dl = PLANCK_2018_Cosmology.z2DL_tabulated(zgrid)
    dvcdz = 4 * jnp.pi * (dl / (1 + zgrid)) ** 2
    return jnp.log(jnp.trapezoid(dvcdz * (1 + zgrid) ** (kappa - 1), zgrid))


def works():
    return redshift_log_norm_tabulated(0.0, 1.9)


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
