# Report: dfm/tinygp#89 https://github.com/dfm/tinygp/issues/89
# Class: 4 (NumPy and Python on traced values, deeper: a NumPy call in a kernel's setup)
# Rule: JG104
# Reduced: "CARMA Kernel", the second of the two places of `tinygp/kernels/quasisep.py` that
# failed when the GP's loss was jitted: `np.roll` on an array computed from the traced CARMA
# parameters raises TracerArrayConversionError ("Changing `np.roll` to `jnp.roll` fixes the
# issue"). The first place, `jnp.roots` with its default `strip_zeros=True`, is
# tests/reports/concrete_tinygp-carma-roots-strip-zeros-under-jit.py. `beta` is the traced
# moving-average parameter vector.
import jax
import jax.numpy as jnp
import numpy as np


# --- must be flagged ---


def carma_observation(beta):
    padded = jnp.append(beta, jnp.zeros(2))
    return np.roll(padded, 1)  # expect: JG104


@jax.jit
def loss_observation(beta):
    return jnp.sum(carma_observation(beta))


def bug():
    return loss_observation(jnp.array([1.0, 0.5]))


# --- must not be flagged ---


def carma_observation_fixed(beta):
    return jnp.roll(jnp.append(beta, jnp.zeros(2)), 1)


@jax.jit
def loss_fixed(beta):
    return jnp.sum(carma_observation_fixed(beta))


def fixed():
    return loss_fixed(jnp.array([1.0, 0.5]))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
