# Report: alonfnt/pcax#3 https://github.com/alonfnt/pcax/issues/3
# Class: 5 (what reaches a static position: a tracer, when a wrapper of a static-argnames function is jitted whole)
# Rule: JG203
# Reduced: the issue quotes the library: `fit(x, n_components, solver="full", rng=None)` dispatches
# to `_fit_full`, which is `@partial(jax.jit, static_argnames="n_components")`; compiling with
# `jax.jit` raised "Non-hashable static arguments are not supported". How the user jitted is not
# shown: here `jax.jit(fit)`, which makes `n_components` a tracer by the time it reaches
# `_fit_full`'s static argument. `_fit_full` is cut after the SVD (the issue's quote ends there
# too). Fix: declare the sizes static on the outer jit as well.
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class PCAState(NamedTuple):
    components: jax.Array
    means: jax.Array
    explained_variance: jax.Array


@partial(jax.jit, static_argnames="n_components")
def _fit_full(x, n_components):
    n_samples, n_features = x.shape
    means = x.mean(axis=0, keepdims=True)
    x = x - means
    U, S, Vt = jax.scipy.linalg.svd(x, full_matrices=False)
    explained_variance = (S[:n_components] ** 2) / (n_samples - 1)
    return PCAState(Vt[:n_components], means, explained_variance)


# --- must be flagged ---


def fit(x, n_components, solver="full", rng=None):
    if solver == "full":
        return _fit_full(x, n_components)  # expect: JG203
    else:
        raise ValueError("solver parameter is not correct")


def bug():
    x = jnp.arange(20.0).reshape(5, 4) ** 1.5
    return jax.jit(fit)(x, 2)


# --- must not be flagged ---


def fixed():
    x = jnp.arange(20.0).reshape(5, 4) ** 1.5
    return jax.jit(fit, static_argnames=("n_components", "solver"))(x, 2)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
