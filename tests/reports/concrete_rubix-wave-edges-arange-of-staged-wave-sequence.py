# Report: AstroAI-Lab/rubix#155 https://github.com/AstroAI-Lab/rubix/issues/155
# Class: 3 (everything created inside jit is traced: an array built by `jnp.arange` of constants)
# Rule: JG105
# Reduced: "functions based on `jnp.arange` produce incompatibility with jax transformations": the
# telescope helpers build the wavelength grid with `calculate_wave_seq(wave_range, wave_res) =
# jnp.arange(wave_range[0], wave_range[1], wave_res)` and its bin edges with
# `calculate_wave_edges(wave_bin_edges, wave_res)`, which reads `wave_bin_edges[0]` and
# `wave_bin_edges[-1]` and calls `jnp.arange(wave_start, wave_end, wave_res)`. Called from a loss
# function under `jax.jit`, the grid is a staged array (the traceback names the
# `convert_element_type` of the `f32[466]` grid), so its first element is traced and the second
# `jnp.arange` raises ConcretizationTypeError ("It arose in the jnp.arange argument 'start'"),
# though every input is a constant of the telescope configuration. Here the grid and edges feed a
# toy spectrum loss. Fix (the maintainers' guidance, rubix#242: compute the sequences outside
# the transformation): the grid built on the host with NumPy, so its ends stay concrete.
import jax
import jax.numpy as jnp
import numpy as np

WAVE_RANGE = [4700.0, 4800.0]
WAVE_RES = 1.25


def calculate_wave_seq(wave_range, wave_res):
    return jnp.arange(wave_range[0], wave_range[1], wave_res)


# --- must be flagged ---


def calculate_wave_edges(wave_bin_edges, wave_res):
    wave_start = wave_bin_edges[0] - (wave_res / 2)
    wave_end = wave_bin_edges[-1] + (wave_res / 2)
    return jnp.arange(wave_start, wave_end, wave_res)  # expect: JG105


@jax.jit
def loss(age, metallicity):
    wave_seq = calculate_wave_seq(WAVE_RANGE, WAVE_RES)
    wave_edges = calculate_wave_edges(wave_seq, WAVE_RES)
    spectrum = age * jnp.exp(-metallicity * wave_seq / 1000.0)
    return jnp.sum(spectrum) + jnp.sum(wave_edges) * 0.0


def bug():
    return loss(jnp.float32(2.0), jnp.float32(0.5))


# --- must not be flagged ---


def host_wave_seq(wave_range, wave_res):
    return np.arange(wave_range[0], wave_range[1], wave_res)


def host_wave_edges(wave_bin_edges, wave_res):
    wave_start = wave_bin_edges[0] - (wave_res / 2)
    wave_end = wave_bin_edges[-1] + (wave_res / 2)
    return np.arange(wave_start, wave_end, wave_res)


@jax.jit
def loss_host_grid(age, metallicity):
    wave_seq = host_wave_seq(WAVE_RANGE, WAVE_RES)
    wave_edges = host_wave_edges(wave_seq, WAVE_RES)
    spectrum = age * jnp.exp(-metallicity * jnp.asarray(wave_seq) / 1000.0)
    return jnp.sum(spectrum) + jnp.sum(jnp.asarray(wave_edges)) * 0.0


def fixed():
    return loss_host_grid(jnp.float32(2.0), jnp.float32(0.5))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
