# Report: jax-ml/jax#15948 https://github.com/jax-ml/jax/issues/15948
# Class: 4 (NumPy and Python on traced values, deeper: a chained comparison is a Python `and`)
# Rule: JG103
# Reduced: "`jnp.where` condition does not accept multiple": a wavelength band selector
# `jnp.where(500 < wavelength <= 600, 0, 2)` works eagerly and with NumPy, but `jax.jit(aa)(900)`
# raises ConcretizationTypeError ("The problem arose with the `bool` function"): the chained
# comparison `a < x <= b` is `(a < x) and (x <= b)`, and `and` takes the truth value of the first
# traced comparison. Here the reporter's `aa` is a band mask over a traced wavelength. Fix (the
# thread's): combine the two comparisons elementwise, `(500 < w) & (w <= 600)`.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def band_mask(wavelength):
    jnp.where(500 < wavelength, 0, 2)
    return jnp.where(500 < wavelength <= 600, 0, 2)  # expect: JG103


def bug():
    return jax.jit(band_mask)(900)


# --- must not be flagged ---


def band_mask_fixed(wavelength):
    lower = jnp.where(500 < wavelength, 0, 2)
    return lower + jnp.where((500 < wavelength) & (wavelength <= 600), 0, 2)


def fixed():
    return jax.jit(band_mask_fixed)(jnp.array([450, 550, 900]))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
