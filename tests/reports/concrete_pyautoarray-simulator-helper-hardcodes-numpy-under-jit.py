# Report: PyAutoLabs/PyAutoArray#420 https://github.com/PyAutoLabs/PyAutoArray/issues/420
# Class: 4 (NumPy on traced values, deeper: a helper two calls down that takes no `xp`)
# Rule: JG104
# Reduced: "fix: simulator @jax.jit path fails on un-threaded xp sites": the library threads an
# array namespace `xp` (NumPy or jax.numpy, from the simulator's `use_jax` flag) through its
# calls, and the documented recipe jits `simulator.via_tracer_from(...)`. One helper on the
# default path, the noise map from the data and the exposure time, takes no `xp` parameter and
# hardcodes `np.abs`; under `jax.jit` it receives a tracer and raises
# TracerArrayConversionError. The fix (PR #421) gives the helper an `xp` parameter and passes
# the caller's. Reduced to the simulator's `_xp` property, the preprocessing function that
# threads `xp`, and the helper; Poisson noise is left out.
import jax
import jax.numpy as jnp
import numpy as np


class Simulator:
    def __init__(self, exposure_time, use_jax=False):
        self.exposure_time = exposure_time
        self.use_jax = use_jax

    @property
    def _xp(self):
        return jnp if self.use_jax else np


# --- must be flagged ---


def noise_map_via_data_eps_and_exposure_time_from(data_eps, exposure_time):
    return np.abs(data_eps * exposure_time) ** 0.5 / exposure_time  # expect: JG104


def data_and_noise_from(image, exposure_time, xp=np):
    data_eps = xp.asarray(image) + 0.1
    return data_eps, noise_map_via_data_eps_and_exposure_time_from(data_eps, exposure_time)


def via_image_from(simulator, image):
    return data_and_noise_from(image, simulator.exposure_time, xp=simulator._xp)


SIMULATOR = Simulator(exposure_time=300.0, use_jax=True)


@jax.jit
def simulate(image):
    return via_image_from(SIMULATOR, image)


def run_simulate():
    return simulate(jnp.ones(16))


# --- must not be flagged ---


def noise_map_threaded(data_eps, exposure_time, xp=np):
    return xp.abs(data_eps * exposure_time) ** 0.5 / exposure_time


def data_and_noise_threaded(image, exposure_time, xp=np):
    data_eps = xp.asarray(image) + 0.1
    return data_eps, noise_map_threaded(data_eps, exposure_time, xp=xp)


@jax.jit
def simulate_threaded(image):
    return data_and_noise_threaded(image, SIMULATOR.exposure_time, xp=SIMULATOR._xp)


def run_simulate_threaded():
    eager = data_and_noise_from(np.ones(16), 300.0)
    return simulate_threaded(jnp.ones(16))[1] + eager[1]


RAISES = [(run_simulate, "TracerArrayConversionError")]
RUNS = [run_simulate_threaded]
