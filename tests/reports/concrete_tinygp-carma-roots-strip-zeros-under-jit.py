# Report: dfm/tinygp#89 https://github.com/dfm/tinygp/issues/89
# Class: 4 (NumPy and Python on traced values, deeper: a value-dependent shape in a kernel's setup)
# Rule: JG105
# Reduced: "CARMA Kernel": jitting the loss of a GP with the CARMA kernel failed in two places
# of `tinygp/kernels/quasisep.py`; the first is `jnp.roots` of the AR polynomial, whose default
# `strip_zeros=True` drops leading zeros and so gives an output length that depends on the traced
# coefficients ("Adding `strip_zeros=False` fixes the problem for me"). The second, `np.roll` on
# a traced array, is tests/reports/concrete_tinygp-carma-numpy-roll-under-jit.py. `alpha` is the
# traced autoregressive parameter vector.
import jax
import jax.numpy as jnp


# --- must be flagged ---


def carma_roots(alpha):
    return jnp.roots(jnp.append(alpha[::-1], 1.0))  # expect: JG105


@jax.jit
def loss_roots(alpha):
    return jnp.sum(jnp.abs(carma_roots(alpha)))


def bug():
    return loss_roots(jnp.array([0.1, 1.1]))


# --- must not be flagged ---


def carma_roots_fixed(alpha):
    return jnp.roots(jnp.append(alpha[::-1], 1.0), strip_zeros=False)


@jax.jit
def loss_fixed(alpha):
    return jnp.sum(jnp.abs(carma_roots_fixed(alpha)))


def fixed():
    return loss_fixed(jnp.array([0.1, 1.1]))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
