# Report: PlasmaControl/DESC#1873 https://github.com/PlasmaControl/DESC/issues/1873
# Class: 6 (churn: jitted helpers defined inside a routine that callers run again and again)
# Rule: JG301
# Reduced: "Recompilation": the original coordinate-mapping routines (`map_coordinates`) define
# their residual/Jacobian as locally `@jit`-decorated functions and hand them to the root finder,
# so every call of the routine makes new function objects and compiles them again (DESC#1826:
# "make rootfun/jacfun/vecroot global (private) functions rather than define them locally"; the
# issue: "you should be able to just jit the outer function"). Here the equilibrium is a
# coefficient vector, the root finder a fixed number of Newton steps, and a plotting loop maps one
# surface per call. Fix: jit the outer function once at module level.
import jax
import jax.numpy as jnp


def newton(residual, jac, x0, coords, maxiter=8):
    x = x0
    for _ in range(maxiter):
        x = x - residual(x, coords) / jac(x, coords)
    return x


# --- must be flagged ---


def map_coordinates(L_lmn, coords, x0):
    @jax.jit  # expect: JG301
    def residual(theta, alpha):
        lmbda = jnp.sum(L_lmn * jnp.sin(jnp.arange(1, L_lmn.size + 1) * theta[:, None]), axis=-1)
        return theta + lmbda - alpha

    @jax.jit  # expect: JG301
    def jac(theta, alpha):
        return jax.vmap(jax.grad(lambda t, a: residual(t[None], a[None])[0]))(theta, alpha)

    return newton(residual, jac, x0, coords)


def plot_surfaces(n):
    L_lmn = jnp.array([0.1, 0.02, 0.005])
    return [map_coordinates(L_lmn, jnp.linspace(0.0, 1.0, 5) + 0.1 * i, jnp.zeros(5)) for i in range(n)]


# --- must not be flagged ---


@jax.jit
def map_coordinates_jit(L_lmn, coords, x0):
    def residual(theta, alpha):
        lmbda = jnp.sum(L_lmn * jnp.sin(jnp.arange(1, L_lmn.size + 1) * theta[:, None]), axis=-1)
        return theta + lmbda - alpha

    def jac(theta, alpha):
        return jax.vmap(jax.grad(lambda t, a: residual(t[None], a[None])[0]))(theta, alpha)

    return newton(residual, jac, x0, coords)


def plot_surfaces_jit(n):
    L_lmn = jnp.array([0.1, 0.02, 0.005])
    return [map_coordinates_jit(L_lmn, jnp.linspace(0.0, 1.0, 5) + 0.1 * i, jnp.zeros(5)) for i in range(n)]


GROWS = [plot_surfaces]
BOUNDED = [plot_surfaces_jit]
