# Report: wesselb/stheno#21 https://github.com/wesselb/stheno/issues/21
# Class: 3 (everything created inside jit is traced: a NaN mask computed from closed-over data)
# Rule: JG104
# Reduced: "Unable to jit logpdf": `jax.jit(jax.grad(lambda l: GP(EQ().stretch(l))(x).logpdf(y)))`
# fails inside `FDD.logpdf`, which handles missing data with
# `available = B.jit_to_numpy(~B.isnan(x[:, 0]))` followed by `if not B.all(available):` — the
# mask is computed by JAX inside the trace (even though `y` itself is a concrete closed-over
# array), and lab's `jit_to_numpy` ends in a NumPy conversion of the tracer. Here the GP is a
# plain class with an EQ kernel, lab's helper is a two-line function, and the observations are
# a column. Fix: keep the mask as an array and weight the residuals with it, never leaving JAX.
import jax
import jax.numpy as jnp
import numpy as np


def eq_kernel(x1, x2, lengthscale):
    return jnp.exp(-0.5 * ((x1[:, None] - x2[None, :]) / lengthscale) ** 2)


# --- must be flagged ---


def jit_to_numpy(a):
    return np.asarray(a)  # expect: JG104


class FDD:
    def __init__(self, x, lengthscale):
        self.x = x
        self.lengthscale = lengthscale

    def logpdf(self, y):
        y = y[:, None]
        if y.ndim == 2 and y.shape[1] == 1:
            available = jit_to_numpy(~jnp.isnan(y[:, 0]))
            if not np.all(available):
                y = y[available]
        K = eq_kernel(self.x, self.x, self.lengthscale) + 1e-3 * jnp.eye(self.x.shape[0])
        r = y[:, 0]
        return -0.5 * r @ jnp.linalg.solve(K, r) - 0.5 * jnp.linalg.slogdet(K)[1]


X = jnp.linspace(0.0, 1.0, 10)
Y = jnp.arange(10.0)


def bug():
    loss_fn = lambda lengthscale: FDD(X, lengthscale).logpdf(Y)
    return jax.jit(jax.grad(loss_fn))(jnp.array(1.0))


# --- must not be flagged ---


class FDDMasked:
    def __init__(self, x, lengthscale):
        self.x = x
        self.lengthscale = lengthscale

    def logpdf(self, y):
        available = ~jnp.isnan(y)
        r = jnp.where(available, y, 0.0)
        K = eq_kernel(self.x, self.x, self.lengthscale) + 1e-3 * jnp.eye(self.x.shape[0])
        K = jnp.where(available[:, None] & available[None, :], K, jnp.eye(self.x.shape[0]))
        return -0.5 * r @ jnp.linalg.solve(K, r) - 0.5 * jnp.linalg.slogdet(K)[1]


def fixed():
    loss_fn = lambda lengthscale: FDDMasked(X, lengthscale).logpdf(Y)
    return jax.jit(jax.grad(loss_fn))(jnp.array(1.0))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
