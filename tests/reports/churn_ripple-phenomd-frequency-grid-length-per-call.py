# Report: tedwards2412/ripple#4 https://github.com/tedwards2412/ripple/issues/4
# Class: 6 (churn that comes from data: a frequency grid whose length changes between calls)
# Rule: JG303
# Reduced: "IMRPhenomD recompile everytime when input frequnecy changes": `gen_IMRPhenomD_polar` is
# jitted by default, "This makes jax recompile the code when the length of the input frequency array
# changes, which introduce massive overhead when trying to deal with dynamic frequency input length
# such as heterodyne likelihood". (The repository's answer was to drop the default jit and let
# users jit; the look-alike here keeps the jit and pads the grid to one bucket length, with a
# mask, built on the host with NumPy, which is what bounds the compiles.) Here the waveform is a toy chirp amplitude and phase.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


@jax.jit
def gen_IMRPhenomD_polar(f, theta):
    mc, phase0 = theta
    amp = mc * f ** (-7.0 / 6.0)
    phase = phase0 + 2 * jnp.pi * f * mc
    return amp * jnp.cos(phase), amp * jnp.sin(phase)


def heterodyne_grids(n):
    theta = jnp.array([1.2, 0.1])
    out = []
    for k in range(n):
        f = np.linspace(20.0, 512.0, 64 + 8 * k)
        out.append(gen_IMRPhenomD_polar(f, theta))  # expect: JG303
    return out


# --- must not be flagged ---

BUCKET = 256


@jax.jit
def gen_IMRPhenomD_polar_masked(f, mask, theta):
    mc, phase0 = theta
    amp = jnp.where(mask, mc * f ** (-7.0 / 6.0), 0.0)
    phase = phase0 + 2 * jnp.pi * f * mc
    return amp * jnp.cos(phase), amp * jnp.sin(phase)


def heterodyne_grids_padded(n):
    theta = jnp.array([1.2, 0.1])
    out = []
    for k in range(n):
        f = np.linspace(20.0, 512.0, 64 + 8 * k)
        length = f.shape[0]
        f_padded = np.pad(f, (0, BUCKET - length), mode="edge")
        mask = np.arange(BUCKET) < length
        out.append(gen_IMRPhenomD_polar_masked(f_padded, mask, theta))
    return out


GROWS = [heterodyne_grids]
BOUNDED = [heterodyne_grids_padded]
