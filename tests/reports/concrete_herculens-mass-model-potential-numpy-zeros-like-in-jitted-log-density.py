# Report: Herculens/herculens#58 https://github.com/Herculens/herculens/issues/58
# Class: 4 (NumPy on traced values: a NumPy buffer filled with traced profile values)
# Rule: JG104
# Reduced: "MassModel.fermat_potential/potential not JAX-compatible": the user adds a time-delay
# term to a numpyro NUTS log-density, which calls `MassModel.fermat_potential`; "a plain call
# works, `jax.jit` fails with a tracer array conversion error ... The root cause appears to be in
# `MassModel.potential`, which allocates with NumPy: `potential = np.zeros_like(x)`" and then adds
# the potential of each mass profile to it. Fix (the user's PR): `np` -> `jnp`. Here two profiles
# (a singular isothermal sphere and an external shear), the image positions sampled parameters of
# the log-density (so `x` is traced), and the log-density jitted directly (numpyro's NUTS jits it
# the same way).
import jax
import jax.numpy as jnp
import numpy as np


def sis_potential(x, y, theta_E, center_x=0.0, center_y=0.0):
    return theta_E * jnp.hypot(x - center_x, y - center_y)


def shear_potential(x, y, gamma1, gamma2):
    return 0.5 * (gamma1 * (x**2 - y**2) + 2.0 * gamma2 * x * y)


class MassModel:
    def __init__(self, func_list):
        self.func_list = func_list

    def fermat_potential(self, x_image, y_image, x_source, y_source, kwargs):
        geometry = ((x_image - x_source) ** 2 + (y_image - y_source) ** 2) / 2.0
        return geometry - self.potential(x_image, y_image, kwargs)

    # --- must be flagged ---

    def potential(self, x, y, kwargs):
        potential = np.zeros_like(x)  # expect: JG104
        for i, func in enumerate(self.func_list):
            potential += func(x, y, **kwargs[i])
        return potential

    # --- must not be flagged ---

    def potential_jnp(self, x, y, kwargs):
        potential = jnp.zeros_like(x)
        for i, func in enumerate(self.func_list):
            potential += func(x, y, **kwargs[i])
        return potential

    def fermat_potential_jnp(self, x_image, y_image, x_source, y_source, kwargs):
        geometry = ((x_image - x_source) ** 2 + (y_image - y_source) ** 2) / 2.0
        return geometry - self.potential_jnp(x_image, y_image, kwargs)


MODEL = MassModel([sis_potential, shear_potential])
Y_IMG = jnp.array([0.3, -0.2])
DT_OBS = 0.1


@jax.jit
def log_density(x_image, theta_E, gamma1):
    kwargs = [{"theta_E": theta_E}, {"gamma1": gamma1, "gamma2": 0.0}]
    phi = MODEL.fermat_potential(x_image, Y_IMG, 0.05, 0.02, kwargs)
    return -0.5 * ((phi[0] - phi[1]) - DT_OBS) ** 2


@jax.jit
def log_density_jnp(x_image, theta_E, gamma1):
    kwargs = [{"theta_E": theta_E}, {"gamma1": gamma1, "gamma2": 0.0}]
    phi = MODEL.fermat_potential_jnp(x_image, Y_IMG, 0.05, 0.02, kwargs)
    return -0.5 * ((phi[0] - phi[1]) - DT_OBS) ** 2


def bug():
    return log_density(jnp.array([1.1, -0.9]), jnp.float32(1.0), jnp.float32(0.02))


def fixed():
    return log_density_jnp(jnp.array([1.1, -0.9]), jnp.float32(1.0), jnp.float32(0.02))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
