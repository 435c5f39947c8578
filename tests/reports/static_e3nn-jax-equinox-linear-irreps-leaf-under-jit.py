# Report: e3nn/e3nn-jax#96 https://github.com/e3nn/e3nn-jax/pull/96
# Class: 1 (values inside containers and objects: non-array fields of a module under jax.jit)
# Rule: JG206
# Reduced: "Add static fields to e3nn_jax.equinox.Linear": the equinox `Linear` layer kept its
# `irreps_in`/`irreps_out` (an `Irreps`, a tuple subclass, so a pytree leaf) as ordinary
# fields, so passing the layer through plain `jax.jit` fails: the leaf cannot be interpreted
# as an array (TypeError). The PR marks them `eqx.field(static=True)`, "in order to be able
# to use non-arrays in your model whilst still using the original jax.{jit, grad, ...}".
# `Irreps` is reduced to a tuple subclass of (mul, l) pairs and the layer to one weight
# matrix.
import equinox as eqx
import jax
import jax.numpy as jnp


class Irreps(tuple):
    @property
    def dim(self):
        return sum(mul * (2 * l + 1) for mul, l in self)


class Linear(eqx.Module):
    irreps_in: Irreps
    irreps_out: Irreps
    w: jax.Array

    def __init__(self, irreps_in, irreps_out, key):
        self.irreps_in = Irreps(irreps_in)
        self.irreps_out = Irreps(irreps_out)
        self.w = jax.random.normal(key, (self.irreps_in.dim, self.irreps_out.dim))

    def __call__(self, x):
        return x @ self.w


def loss(model, x):
    return jnp.sum(model(x) ** 2)


# --- must be flagged ---


def bug():
    model = Linear([(4, 0), (2, 1)], [(3, 0)], jax.random.PRNGKey(0))
    return jax.jit(loss)(model, jnp.ones(10))  # expect: JG206


# --- must not be flagged ---


class StaticLinear(eqx.Module):
    irreps_in: Irreps = eqx.field(static=True)
    irreps_out: Irreps = eqx.field(static=True)
    w: jax.Array

    def __init__(self, irreps_in, irreps_out, key):
        self.irreps_in = Irreps(irreps_in)
        self.irreps_out = Irreps(irreps_out)
        self.w = jax.random.normal(key, (self.irreps_in.dim, self.irreps_out.dim))

    def __call__(self, x):
        return x @ self.w


def fixed():
    model = StaticLinear([(4, 0), (2, 1)], [(3, 0)], jax.random.PRNGKey(0))
    return jax.jit(loss)(model, jnp.ones(10))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
