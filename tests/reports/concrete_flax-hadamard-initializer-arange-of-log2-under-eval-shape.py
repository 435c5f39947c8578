# Report: google/flax#1077 https://github.com/google/flax/issues/1077
# Class: 3 (everything created inside jit is traced: jnp on a Python shape inside an abstract trace)
# Rule: JG105
# Reduced: "Shape-dependent initialization gives concretization error at apply": the Hadamard
# initializer `lg2 = jnp.log2(shape[0]); for i in jnp.arange(lg2): H = jnp.vstack(...)` is used in
# `self.param("kernel", hadamard, (self.n_hadamard,))`. `model.init` works, `model.apply` raises
# ConcretizationTypeError on the `for` line: during apply, flax's `Scope.param` returns the stored
# value but checks its shape against `jax.eval_shape(lambda rng: init_fn(rng, *init_args), ...)`,
# so the initializer is traced and `jnp.log2(4096)` is a tracer, whose `jnp.arange` has no static
# size. Fix: compute the loop count with NumPy/Python (`int(np.log2(shape[0]))`, `range`). The
# Module.param check is written out as `param` below.
import jax
import jax.numpy as jnp
import numpy as np


def param(params, name, init_fn, *init_args):
    value = params[name]
    abs_value = jax.eval_shape(lambda rng: init_fn(rng, *init_args), jax.random.PRNGKey(0))
    if jnp.shape(value) != jnp.shape(abs_value):
        raise ValueError(f"shape mismatch for {name}")
    return value


# --- must be flagged ---


def hadamard(key, shape, dtype=jnp.float32):
    lg2 = jnp.log2(shape[0])
    H = jnp.ones((1,), dtype=dtype)
    for i in jnp.arange(lg2):  # expect: JG105
        H = jnp.vstack([jnp.hstack([H, H]), jnp.hstack([H, -H])])
    H = 2 ** (-lg2 / 2) * H
    return H


def apply_hadamard(params, X, n_hadamard=16):
    kernel = param(params, "kernel", hadamard, (n_hadamard,))
    return jnp.dot(X, kernel)


def crashes():
    params = {"kernel": hadamard(jax.random.PRNGKey(42), (16,))}  # init: runs eagerly
    return apply_hadamard(params, jnp.ones((1, 16)))


# --- must not be flagged ---


def hadamard_np(key, shape, dtype=jnp.float32):
    lg2 = int(np.log2(shape[0]))
    H = jnp.ones((1,), dtype=dtype)
    for _ in range(lg2):
        H = jnp.vstack([jnp.hstack([H, H]), jnp.hstack([H, -H])])
    return 2 ** (-lg2 / 2) * H


def works():
    params = {"kernel": hadamard_np(jax.random.PRNGKey(42), (16,))}
    kernel = param(params, "kernel", hadamard_np, (16,))
    return jnp.dot(jnp.ones((1, 16)), kernel)


RAISES = [(crashes, "ConcretizationTypeError")]
RUNS = [works]
