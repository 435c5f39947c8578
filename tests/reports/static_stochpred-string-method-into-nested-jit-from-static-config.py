# Report: https://github.com/obosio/STOCHASTIC_PREDICTOR (stochastic_predictor/kernels/base.py, and the repository's structural test audit, "PROD-1: JAX JIT Decorator Errors", instance 1 `normalize_signal()`: "TypeError: Argument 'zscore' of type <class 'str'> is not a valid JAX type ... this argument was not marked as static using static_argnames"; "`normalize_signal()` called by: `kernel_a_predict()`")
# Class: 5 (what reaches a static position: a string from a static config passed into a nested jit that traces it)
# Rule: JG206
# Reduced: `normalize_signal(signal, method, epsilon)` is a plain `@jax.jit` that branches on
# `method == "zscore"`; the kernel `kernel_a_predict` is jitted with its config static and calls
# `normalize_signal(signal, method=config.signal_normalization_method, ...)`. The string is a Python
# value in the outer trace, but the inner jit flattens its arguments and cannot make a string an
# abstract array: TypeError at the call. Here the config is a frozen dataclass and the kernel keeps
# the normalization step. Fix (the audit's): `method` static in the inner jit
# (`static_argnames=["method"]`).
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class PredictorConfig:
    signal_normalization_method: str = "zscore"
    numerical_epsilon: float = 1e-10


# --- must be flagged ---


@jax.jit
def normalize_signal(signal, method, epsilon=1e-10):
    if method == "zscore":
        return (signal - jnp.mean(signal)) / (jnp.std(signal) + epsilon)
    return (signal - jnp.min(signal)) / (jnp.max(signal) - jnp.min(signal) + epsilon)


@partial(jax.jit, static_argnames=("config",))
def kernel_a_predict(signal, config):
    method, epsilon = config.signal_normalization_method, config.numerical_epsilon
    normalized = normalize_signal(signal, method=method, epsilon=epsilon)  # expect: JG206
    return normalized[-1]


# --- must not be flagged ---


_SCALERS = {
    "zscore": lambda s, eps: (s - jnp.mean(s)) / (jnp.std(s) + eps),
    "minmax": lambda s, eps: (s - jnp.min(s)) / (jnp.ptp(s) + eps),
}
scale_signal = jax.jit(lambda signal, scheme, epsilon=1e-10: _SCALERS[scheme](signal, epsilon), static_argnums=(1,))


@partial(jax.jit, static_argnames=("config",))
def kernel_a_predict_static(signal, config):
    return scale_signal(signal, config.signal_normalization_method, config.numerical_epsilon)[-1]


RAISES = [(lambda: kernel_a_predict(jnp.arange(8.0), PredictorConfig()), "TypeError")]
RUNS = [lambda: kernel_a_predict_static(jnp.arange(8.0), PredictorConfig())]
