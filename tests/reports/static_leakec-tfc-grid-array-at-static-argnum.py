# Report: leakec/tfc#4 https://github.com/leakec/tfc/issues/4
# Class: 5 (what reaches a static position: the collocation grid, a JAX array)
# Rule: JG203
# Reduced: "Can we cache inner functions for speed improvement?": the solver's residual
# `f2 = lambda x2, xi: np.dot(H(x2), xi)` is jitted with the grid `x2` static
# (`jit(f2, static_argnums=(0,))`) so that the basis matrix `H(x2)` is built once at compile
# time. The grid is a JAX array, which has no hash: the call raises "Non-hashable static
# arguments are not supported" (the thread then tries an unsafe hashable ndarray subclass). The
# fix closes over the grid (a constant of the trace) and jits a function of `xi` alone. `H` is
# reduced to a cubic polynomial basis.
import jax
import jax.numpy as jnp


def H(x):
    return jnp.stack([jnp.ones_like(x), x, x ** 2, x ** 3], axis=-1)


x = jnp.linspace(0.0, 1.0, 5)
xi = jnp.zeros(H(x).shape[1])

f2 = lambda x2, xi: jnp.dot(H(x2), xi)
jf2 = jax.jit(f2, static_argnums=(0,))

f = lambda xi: jnp.dot(H(x), xi)
fj = jax.jit(f)

# --- must be flagged ---


def residual_static_grid():
    return jf2(x, xi)  # expect: JG203


# --- must not be flagged ---


def residual_closed_grid():
    return fj(xi)


RAISES = [(residual_static_grid, "ValueError")]
RUNS = [residual_closed_grid]
