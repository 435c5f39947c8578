# Report: thomaspinder/GPJax#495 https://github.com/thomaspinder/GPJax/issues/495
# Class: 4 (NumPy and Python on traced values, deeper: a parameter class validates its traced value)
# Rule: JG101
# Reduced: "Can no longer JIT over kernel parameters due to Parameter class checks": in GPJax
# 0.9.x, `kgf_jit = jit(get_kernel_gram_func)` with `k = gpx.kernels.RBF(active_dims=[0],
# lengthscale=lengthscale, variance=jnp.array(1.0)); return k.gram(x)` fails with
# TracerBoolConversionError (it worked in 0.8.2): the kernel wraps the lengthscale in the new
# `PositiveReal` parameter class, whose constructor checks positivity with a Python `if` on the
# value, and under jit that value is a tracer. Fix (PR #504) made the checks JIT-safe; here the
# check is skipped while tracing. Parameter, RBF and gram are written out.
import jax
import jax.numpy as jnp
from jax import jit


def _check_is_positive(value):
    if jnp.any(value < 0):  # expect: JG101
        raise ValueError(f"Expected parameter value to be strictly positive. Got {value}.")


class PositiveReal:
    def __init__(self, value, tag="positive"):
        self.value = jnp.asarray(value)
        self.tag = tag
        _check_is_positive(self.value)


class RBF:
    def __init__(self, active_dims, lengthscale, variance):
        self.active_dims = active_dims
        self.lengthscale = PositiveReal(lengthscale)
        self.variance = PositiveReal(variance)

    def gram(self, x):
        x = x[:, self.active_dims] / self.lengthscale.value
        sq = jnp.sum((x[:, None, :] - x[None, :, :]) ** 2, axis=-1)
        return self.variance.value * jnp.exp(-0.5 * sq)


x = jnp.array([[1.0], [2.0], [3.0]])


# --- must be flagged ---


def get_kernel_gram_func(lengthscale):
    k = RBF(active_dims=[0], lengthscale=lengthscale, variance=jnp.array(1.0))
    return k.gram(x)


kgf_jit = jit(get_kernel_gram_func)


def crashes():
    return kgf_jit(jnp.array([3.0]))


# --- must not be flagged ---


def _check_is_positive_untraced(value):
    if not isinstance(value, jax.core.Tracer) and jnp.any(value < 0):
        raise ValueError(f"Expected parameter value to be strictly positive. Got {value}.")


class PositiveRealFixed(PositiveReal):
    def __init__(self, value, tag="positive"):
        self.value = jnp.asarray(value)
        self.tag = tag
        _check_is_positive_untraced(self.value)


class RBFFixed(RBF):
    def __init__(self, active_dims, lengthscale, variance):
        self.active_dims = active_dims
        self.lengthscale = PositiveRealFixed(lengthscale)
        self.variance = PositiveRealFixed(variance)


def get_kernel_gram_func_fixed(lengthscale):
    return RBFFixed(active_dims=[0], lengthscale=lengthscale, variance=jnp.array(1.0)).gram(x)


def works():
    return jit(get_kernel_gram_func_fixed)(jnp.array([3.0]))


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
