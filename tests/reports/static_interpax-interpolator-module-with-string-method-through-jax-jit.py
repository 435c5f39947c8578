# Report: f0uriest/interpax#77 https://github.com/f0uriest/interpax/pull/77
# Class: 5 (what reaches a traced position: a module whose string field is a pytree leaf)
# Rule: JG206
# Reduced: "feat: pytree-static method str": "Interpax objects can't pass through a normal
# `jax.jit` because the method attribute is a string. `equinox.filter_jit` works because it
# partitions first. By declaring 'method' to be static then Interpolation1D etc can be used with
# `jax.jit`." `Interpolator1D(eqx.Module)` has fields `x`, `f`, `method: str`, ... ; passed to a
# jitted function, its `method` string is a leaf JAX cannot turn into an array. Reduced to linear
# and nearest-neighbour methods; the look-alike declares the field `eqx.field(static=True)`.
import equinox as eqx
import jax
import jax.numpy as jnp


# --- must be flagged ---


class Interpolator1D(eqx.Module):
    x: jax.Array
    f: jax.Array
    method: str

    def __call__(self, xq):
        if self.method == "nearest":
            idx = jnp.argmin(jnp.abs(xq[:, None] - self.x[None, :]), axis=1)
            return self.f[idx]
        return jnp.interp(xq, self.x, self.f)


@jax.jit
def evaluate(interpolator, xq):
    return interpolator(xq)


X = jnp.linspace(0.0, 1.0, 11)
F = X ** 2
XQ = jnp.array([0.25, 0.5, 0.75])


def crashes():
    return evaluate(Interpolator1D(X, F, "linear"), XQ)  # expect: JG206


# --- must not be flagged ---


class Interpolator1DStaticMethod(eqx.Module):
    x: jax.Array
    f: jax.Array
    method: str = eqx.field(static=True)

    def __call__(self, xq):
        if self.method == "nearest":
            idx = jnp.argmin(jnp.abs(xq[:, None] - self.x[None, :]), axis=1)
            return self.f[idx]
        return jnp.interp(xq, self.x, self.f)


def works():
    return (evaluate(Interpolator1DStaticMethod(X, F, "linear"), XQ),
            evaluate(Interpolator1DStaticMethod(X, F, "nearest"), XQ))


RAISES = [(crashes, "TypeError")]
RUNS = [works]
