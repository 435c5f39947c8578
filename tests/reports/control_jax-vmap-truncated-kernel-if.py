# Report: jax-ml/jax#1076 https://github.com/jax-ml/jax/issues/1076
# Class: 4 (Python `if` on a traced value under vmap, no jit in sight)
# Rule: JG101
# Reduced: "noob vmap question with if statement": a 1d truncated Gaussian kernel
# `kernel_scalar(x, lam=0.18, beta=1.0)` with `if np.abs(x) > lam: return 0.0` (np is jax.numpy
# in the issue), vmapped by `kernel(xs)`; the user notes they never call jit. Fix (the thread's):
# express the branch with `jnp.where`.
import jax
import jax.numpy as jnp
import numpy as onp

# --- must be flagged ---


def kernel_scalar(x, lam=0.18, beta=1.0):
    if jnp.abs(x) > lam:  # expect: JG101
        return 0.0
    else:
        return jnp.exp(-beta * x**2)


def kernel(xs):
    kernels = jax.vmap(kernel_scalar)(xs)
    return kernels


def bug():
    return kernel(onp.random.randn(10))


# --- must not be flagged ---


def kernel_scalar_where(x, lam=0.18, beta=1.0):
    return jnp.where(jnp.abs(x) > lam, 0.0, jnp.exp(-beta * x**2))


def fixed():
    return jax.vmap(kernel_scalar_where)(onp.random.randn(10))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
