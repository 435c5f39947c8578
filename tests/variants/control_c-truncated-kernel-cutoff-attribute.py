# Variant of: tests/reports/control_jax-vmap-truncated-kernel-if.py
# Class: 4 (Python control flow on a vmapped value)
# Rule: JG101
# Axis: (c) the kernel is a method of an object whose cutoff is set in `__init__`; the vmapped
# value is compared with it.
import jax
import jax.numpy as jnp


class TruncatedKernel:
    def __init__(self, lam=0.18, beta=1.0):
        self.lam = lam
        self.beta = beta

    def scalar(self, x):
        if jnp.abs(x) > self.lam:  # expect: JG101
            return 0.0
        return jnp.exp(-self.beta * x**2)


# --- must be flagged ---


def bug():
    return jax.vmap(TruncatedKernel().scalar)(jnp.linspace(-1.0, 1.0, 5))


# --- must not be flagged ---


class TruncatedKernelWhere(TruncatedKernel):
    def scalar(self, x):
        return jnp.where(jnp.abs(x) > self.lam, 0.0, jnp.exp(-self.beta * x**2))


def fixed():
    return jax.vmap(TruncatedKernelWhere().scalar)(jnp.linspace(-1.0, 1.0, 5))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
