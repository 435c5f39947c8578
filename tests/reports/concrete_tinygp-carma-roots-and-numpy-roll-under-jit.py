# Report: dfm/tinygp#89 https://github.com/dfm/tinygp/issues/89
# Class: 4 (NumPy and Python on traced values, deeper: a NumPy call and a value-dependent shape in a kernel's setup)
# Rule: JG105, JG104
# Reduced: "CARMA Kernel": jitting the loss of a GP with the CARMA kernel failed in two places
# of `tinygp/kernels/quasisep.py`: `jnp.roots` of the AR polynomial, whose default
# `strip_zeros=True` drops leading zeros and so gives an output shape that depends on the traced
# coefficients ("Adding `strip_zeros=False` fixes the problem for me"), and `np.roll` on a traced
# array ("Changing `np.roll` to `jnp.roll` fixes the issue"). The kernel's setup is cut down to
# the two calls; `alpha` and `beta` are the traced CARMA parameters.
import jax
import jax.numpy as jnp
import numpy as np


# --- must be flagged ---


def carma_roots(alpha):
    return jnp.roots(jnp.append(alpha[::-1], 1.0))  # expect: JG105


def carma_observation(beta):
    padded = jnp.append(beta, jnp.zeros(2))
    return np.roll(padded, 1)  # expect: JG104


@jax.jit
def loss_roots(alpha):
    return jnp.sum(jnp.abs(carma_roots(alpha)))


@jax.jit
def loss_observation(beta):
    return jnp.sum(carma_observation(beta))


def bug_roots():
    return loss_roots(jnp.array([0.1, 1.1]))


def bug_roll():
    return loss_observation(jnp.array([1.0, 0.5]))


# --- must not be flagged ---


def carma_roots_fixed(alpha):
    return jnp.roots(jnp.append(alpha[::-1], 1.0), strip_zeros=False)


def carma_observation_fixed(beta):
    padded = jnp.append(beta, jnp.zeros(2))
    return jnp.roll(padded, 1)


@jax.jit
def loss_fixed(alpha, beta):
    return jnp.sum(jnp.abs(carma_roots_fixed(alpha))) + jnp.sum(carma_observation_fixed(beta))


def fixed():
    return loss_fixed(jnp.array([0.1, 1.1]), jnp.array([1.0, 0.5]))


RAISES = [(bug_roots, "ConcretizationTypeError"), (bug_roll, "TracerArrayConversionError")]
RUNS = [fixed]
