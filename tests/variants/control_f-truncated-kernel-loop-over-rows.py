# Variant of: tests/reports/control_jax-vmap-truncated-kernel-if.py
# Class: 4 (Python control flow on traced values inside a Python loop)
# Rule: JG101
# Axis: (f) the kernel loops over the rows of a jitted argument (`for x in xs`) instead of vmapping.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def kernel(xs, lam=0.18):
    out = []
    for x in xs:
        if jnp.abs(x) > lam:  # expect: JG101
            out.append(0.0)
        else:
            out.append(jnp.exp(-(x**2)))
    return jnp.stack(out)


def bug():
    return kernel(jnp.linspace(-1.0, 1.0, 5))


# --- must not be flagged ---


@jax.jit
def kernel_where(xs, lam=0.18):
    out = []
    for x in xs:
        out.append(jnp.where(jnp.abs(x) > lam, 0.0, jnp.exp(-(x**2))))
    return jnp.stack(out)


def fixed():
    return kernel_where(jnp.linspace(-1.0, 1.0, 5))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
