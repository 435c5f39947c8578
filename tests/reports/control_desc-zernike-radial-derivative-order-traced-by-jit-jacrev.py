# Report: PlasmaControl/DESC#998 https://github.com/PlasmaControl/DESC/pull/998
# Class: 5 (what reaches a static position: a Python-int option passed through jit as an argument)
# Rule: JG101
# Reduced: from the PR thread ("Switch back to old version of the zernike radial function"):
# `jax.jit(jax.jacrev(zernike_radial))(r[:, None], modes[:, 0], modes[:, 1])` works, but
# `jax.jit(jax.jacrev(zernike_radial))(r[:, None], modes[:, 0], modes[:, 1], 0)` raises
# TracerBoolConversionError inside desc/basis.py: the derivative order `dr` is a plain
# Python int that selects the formula with Python `if`, and passing it positionally through
# `jax.jit` makes it a traced int32[]. Fix: keep `dr` static (`static_argnums=3`) or leave it
# at its default. The radial polynomial is reduced to the closed form used for each branch.
import jax
import jax.numpy as jnp


def zernike_radial(r, l, m, dr=0):
    """Radial part of zernike polynomials, or its dr-th derivative in r."""
    m = jnp.abs(m)
    k = (l - m) // 2
    if dr == 0:  # expect: JG101
        return r**m * (1 - r**2) ** k
    elif dr == 1:
        return m * r ** jnp.maximum(m - 1, 0) * (1 - r**2) ** k - 2 * k * r ** (m + 1) * (1 - r**2) ** jnp.maximum(k - 1, 0)
    raise NotImplementedError("Analytic radial derivatives of Zernike polynomials for order>1 have not been implemented.")


r = jnp.linspace(0.1, 1.0, 5)
modes = jnp.array([[0, 0], [1, 1], [2, 0], [2, 2], [3, 1]])


# --- must be flagged ---


def crashes():
    return jax.jit(jax.jacrev(zernike_radial))(r[:, None], modes[:, 0], modes[:, 1], 0)


# --- must not be flagged ---


def works():
    return jax.jit(jax.jacrev(zernike_radial), static_argnums=3)(r[:, None], modes[:, 0], modes[:, 1], 0)


def works_default():
    return jax.jit(jax.jacrev(zernike_radial))(r[:, None], modes[:, 0], modes[:, 1])


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works, works_default]
