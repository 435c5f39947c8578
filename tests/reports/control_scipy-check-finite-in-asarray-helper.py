# Report: scipy/scipy#22219 https://github.com/scipy/scipy/pull/22219
# Class: 4 (a traced value's truth tested in a helper called from jitted code)
# Rule: JG101
# Reduced: `jax.jit(f)(a)` with `f` calling scipy's `_asarray(a, check_finite=True)`; the helper
# checks `not xp.all(xp.isfinite(a))` and, under jit, this takes the truth value of a traced
# array (the PR's "after" shows TracerBoolConversionError while tracing `kmeans`). `xp` is
# jax.numpy here; kmeans is shortened to one assignment step. Fix: skip the value check when the
# flag says so and keep the flag static (the PR makes the check lazy-array aware).
import jax
import jax.numpy as jnp


def _asarray(a, check_finite=False):
    a = jnp.asarray(a)
    if check_finite and not jnp.all(jnp.isfinite(a)):  # expect: JG101
        raise ValueError("array must not contain infs or NaNs")
    return a


def kmeans(obs, k_or_guess, check_finite=True):
    obs = _asarray(obs, check_finite=check_finite)
    centroids = obs[:k_or_guess]
    dist = jnp.sum((obs[:, None, :] - centroids[None]) ** 2, axis=-1)
    return jnp.argmin(dist, axis=1)


# --- must be flagged ---


def bug():
    return jax.jit(kmeans, static_argnums=1)(jnp.arange(12.0).reshape(6, 2), 2)


# --- must not be flagged ---


def fixed():
    km = jax.jit(kmeans, static_argnums=1, static_argnames=("check_finite",))
    return km(jnp.arange(12.0).reshape(6, 2), 2, check_finite=False)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
