# Report: jax-ml/jax#7545 https://github.com/jax-ml/jax/issues/7545
# Class: 4 (NumPy and Python on traced values, deeper: NumPy arrays from a params dict indexed by a traced index)
# Rule: JG104
# Reduced: "grads works but check_grads throws Tracer Array Conversion Error": a visibility
# model reads `radec = params["radec"]`, `stokes = params["stokes"]` and "later on index[es] these
# arrays with a traced value". `jax.grad(model)(params, ...)` works because grad hands the
# function JAX arrays; `check_grads` evaluates it on the plain NumPy arrays it was given, and
# indexing a NumPy array with a tracer calls `__array__` on the tracer
# (TracerArrayConversionError). Fix (jakevdp): `radec = jnp.asarray(params["radec"])`, same for
# `stokes`. The traced index is the counter of a `lax.fori_loop` over sources.
import jax
import jax.numpy as jnp
import numpy as np
from jax.test_util import check_grads

rng = np.random.default_rng(0)
params = {"radec": rng.normal(size=(3, 2)), "stokes": rng.normal(size=3)}
lm = jnp.array([0.1, 0.2])


# --- must be flagged ---


def model(params, lm):
    radec = params["radec"]
    stokes = params["stokes"]

    def body(i, vis):
        return vis + stokes[i] * jnp.exp(-jnp.sum((lm - radec[i]) ** 2))  # expect: JG104

    return jax.lax.fori_loop(0, radec.shape[0], body, 0.0)


def crashes():
    check_grads(lambda p: model(p, lm), (params,), order=1, modes=["rev"])


# --- must not be flagged ---


def model_fixed(params, lm):
    radec = jnp.asarray(params["radec"])
    stokes = jnp.asarray(params["stokes"])

    def body(i, vis):
        return vis + stokes[i] * jnp.exp(-jnp.sum((lm - radec[i]) ** 2))

    return jax.lax.fori_loop(0, radec.shape[0], body, 0.0)


def works():
    check_grads(lambda p: model_fixed(p, lm), (params,), order=1, modes=["rev"])
    return jnp.zeros(())


RAISES = [(crashes, "TracerArrayConversionError")]
RUNS = [works]
