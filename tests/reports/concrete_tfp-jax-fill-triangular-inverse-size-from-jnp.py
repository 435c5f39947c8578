# Report: tensorflow/probability#1210 https://github.com/tensorflow/probability/issues/1210
# Class: 3 (everything created inside jit is traced: a size computed with array ops from a static shape)
# Rule: JG105
# Reduced: "JAX substrates bijector does not work with JIT compilation": `@jax.jit def
# transform(x): return tfb.FillScaleTriL(diag_bijector=tfb.Exp(), diag_shift=None).inverse(x)`
# fails in `jax.numpy.reshape`: `fill_triangular_inverse` computes the vector length
# `m = n * (n + 1) / 2` from the static matrix size with the backend's tensor ops (jax.numpy in the
# substrate, so a tracer under jit) and reshapes to it. TFP is not installed; the bijector
# pipeline keeps its shape (bijector class, `inverse` calling a linalg helper), the diagonal
# transform is `log`. Fix (what TFP's prefer-static helpers do): compute the length from
# `x.shape` with Python ints.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def fill_triangular_inverse(x):
    n = x.shape[-1]
    m = jnp.asarray(n) * (n + 1) // 2
    rows = [x[..., i, : i + 1] for i in range(n)]
    flat = jnp.concatenate(rows, axis=-1)
    return jnp.reshape(flat, x.shape[:-2] + (m,))  # expect: JG105


class FillScaleTriL:
    def __init__(self, diag_bijector=jnp.log):
        self.diag_bijector = diag_bijector

    def inverse(self, y):
        d = jnp.diagonal(y, axis1=-2, axis2=-1)
        y = y - jnp.diag(d) + jnp.diag(self.diag_bijector(d))
        return fill_triangular_inverse(y)


@jax.jit
def transform(x):
    return FillScaleTriL().inverse(x)


def bug():
    return transform(jnp.eye(3, dtype=jnp.float32))


# --- must not be flagged ---


def fill_triangular_inverse_static(x):
    n = x.shape[-1]
    m = n * (n + 1) // 2
    rows = [x[..., i, : i + 1] for i in range(n)]
    flat = jnp.concatenate(rows, axis=-1)
    return jnp.reshape(flat, x.shape[:-2] + (m,))


class FillScaleTriLStatic(FillScaleTriL):
    def inverse(self, y):
        d = jnp.diagonal(y, axis1=-2, axis2=-1)
        y = y - jnp.diag(d) + jnp.diag(self.diag_bijector(d))
        return fill_triangular_inverse_static(y)


@jax.jit
def transform_static(x):
    return FillScaleTriLStatic().inverse(x)


def fixed():
    return transform_static(jnp.eye(3, dtype=jnp.float32))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
