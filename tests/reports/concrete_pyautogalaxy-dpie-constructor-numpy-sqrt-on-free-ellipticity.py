# Report: PyAutoLabs/PyAutoGalaxy#527 https://github.com/PyAutoLabs/PyAutoGalaxy/pull/527
# Class: 4 (NumPy on traced values, deeper: a profile's constructor converts its free parameters with NumPy)
# Rule: JG104
# Reduced: "`dPIEMass.__init__` (and `dPIEMassB0.from_lenstool`) converted the Lenstool
# `ellipticity`/`angle_pos` parameterization to `ell_comps` via `np.sqrt` and an un-threaded
# `convert.ell_comps_from`. Under a real jitted model-fit those arguments arrive as JAX tracers
# ... and the `np.*` ops raise `TracerArrayConversionError`." Constructors take no `xp` argument
# (their signature is the model's parameter list), so the fix infers the array module from the
# argument values (`_xp_from(*values)`) and threads it into the conversion. Here a jitted
# likelihood builds the profile from its traced parameters.
import jax
import jax.numpy as jnp
import numpy as np


def ell_comps_from(axis_ratio, angle, xp=np):
    angle = angle * xp.pi / 180.0
    fac = (1 - axis_ratio) / (1 + axis_ratio)
    return fac * xp.sin(2 * angle), fac * xp.cos(2 * angle)


def convergence(ell_comps, b0, ra, rs, grid):
    e1, e2 = ell_comps
    y, x = grid[:, 0], grid[:, 1]
    r2 = (1 - e1) * x**2 + (1 + e1) * y**2 - 2 * e2 * x * y
    return 0.5 * b0 * (1 / jnp.sqrt(ra**2 + r2) - 1 / jnp.sqrt(rs**2 + r2))


GRID = jnp.stack(jnp.meshgrid(jnp.linspace(-1, 1, 8), jnp.linspace(-1, 1, 8)), -1).reshape(-1, 2)
DATA = jnp.ones(64) * 0.3


# --- must be flagged ---


class dPIEMass:
    def __init__(self, ellipticity=0.1, angle_pos=0.0, ra=0.1, rs=2.0, b0=1.0):
        axis_ratio = np.sqrt((1 - ellipticity) / (1 + ellipticity))  # expect: JG104
        self.ell_comps = ell_comps_from(axis_ratio, angle_pos + 90.0)
        self.ra, self.rs, self.b0 = ra, rs, b0


@jax.jit
def log_likelihood(params):
    ellipticity, angle_pos, b0 = params
    mass = dPIEMass(ellipticity=ellipticity, angle_pos=angle_pos, b0=b0)
    model = convergence(mass.ell_comps, mass.b0, mass.ra, mass.rs, GRID)
    return -0.5 * jnp.sum((model - DATA) ** 2)


def fit():
    return log_likelihood(jnp.array([0.2, 30.0, 1.1]))


# --- must not be flagged ---


def _xp_from(*values):
    return jnp if any(isinstance(v, jax.Array) for v in values) else np


class dPIEMassAnyBackend:
    def __init__(self, ellipticity=0.1, angle_pos=0.0, ra=0.1, rs=2.0, b0=1.0):
        xp = _xp_from(ellipticity, angle_pos)
        axis_ratio = xp.sqrt((1 - ellipticity) / (1 + ellipticity))
        self.ell_comps = ell_comps_from(axis_ratio, angle_pos + 90.0, xp=xp)
        self.ra, self.rs, self.b0 = ra, rs, b0


@jax.jit
def log_likelihood_any_backend(params):
    mass = dPIEMassAnyBackend(*params[:2], b0=params[2])
    residual = convergence(mass.ell_comps, mass.b0, mass.ra, mass.rs, GRID) - DATA
    return -0.5 * residual @ residual


def fit_any_backend():
    params = jnp.array([0.2, 30.0, 1.1])
    return log_likelihood_any_backend(params)


RAISES = [(fit, "TracerArrayConversionError")]
RUNS = [fit_any_backend]
