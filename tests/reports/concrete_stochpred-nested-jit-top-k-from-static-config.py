# Report: https://github.com/obosio/STOCHASTIC_PREDICTOR (Python/kernels/kernel_a.py and the repository's code-structure test report: "kernel_a.py:475: in compute_koopman_spectrum / top_power, top_idx = jax.lax.top_k(power, top_k) / jax.errors.TracerBoolConversionError")
# Class: 3 (everything created inside jit is traced: a Python int from a static config passed into a nested jit)
# Rule: JG105
# Reduced: `kernel_a_predict` is jitted with the config static; it computes `koopman_top_k =
# min(config.koopman_top_k, (signal.shape[0] // 2) + 1)`, a Python int, and passes it as `top_k=`
# to `compute_koopman_spectrum`, itself a plain `@jax.jit` with no static arguments: the inner jit
# traces `top_k` again, so `jax.lax.top_k(power, top_k)` gets a tracer for its `k` and raises
# TracerBoolConversionError (all the repository's kernel A tests and warm-ups failed with it).
# Here the config is a frozen dataclass and the kernel keeps only the spectrum step. Fix: the inner
# jit takes `top_k` as a static argument (`static_argnames=("top_k",)`).
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class PredictorConfig:
    koopman_top_k: int = 3
    koopman_min_power: float = 1e-3
    signal_sampling_interval: float = 1.0


# --- must be flagged ---


@jax.jit
def compute_koopman_spectrum(signal, top_k, min_power, sampling_interval):
    centered = signal - jnp.mean(signal)
    power = jnp.abs(jnp.fft.rfft(centered)) ** 2
    power = jnp.where(power < min_power, 0.0, power)
    freqs = jnp.fft.rfftfreq(signal.shape[0], d=1.0) / sampling_interval
    top_power, top_idx = jax.lax.top_k(power, top_k)  # expect: JG105
    return freqs[top_idx], top_power


@partial(jax.jit, static_argnames=("config",))
def kernel_a_predict(signal, config):
    koopman_top_k = min(config.koopman_top_k, (signal.shape[0] // 2) + 1)
    freqs, powers = compute_koopman_spectrum(
        signal,
        top_k=koopman_top_k,
        min_power=config.koopman_min_power,
        sampling_interval=config.signal_sampling_interval,
    )
    return jnp.mean(signal), freqs, powers


# --- must not be flagged ---


def _spectrum(signal, min_power):
    power = jnp.abs(jnp.fft.rfft(signal - jnp.mean(signal))) ** 2
    return jnp.where(power < min_power, 0.0, power)


def _koopman_modes(signal, n_modes, min_power, sampling_interval):
    best, where = jax.lax.top_k(_spectrum(signal, min_power), n_modes)
    return (jnp.fft.rfftfreq(signal.shape[0], d=1.0) / sampling_interval)[where], best


koopman_modes = jax.jit(_koopman_modes, static_argnums=(1,))


@partial(jax.jit, static_argnames=("config",))
def kernel_a_predict_static_k(signal, config):
    n_modes = min(config.koopman_top_k, signal.shape[0] // 2 + 1)
    grid, best = koopman_modes(signal, n_modes, config.koopman_min_power, config.signal_sampling_interval)
    return jnp.mean(signal), grid, best


RAISES = [(lambda: kernel_a_predict(jnp.sin(jnp.arange(16.0)), PredictorConfig()), "TracerBoolConversionError")]
RUNS = [lambda: kernel_a_predict_static_k(jnp.sin(jnp.arange(16.0)), PredictorConfig())]
