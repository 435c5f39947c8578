# Report: oughtinc/ergo#303 https://github.com/oughtinc/ergo/issues/303
# Class: 4 (a check in the initializer of a class built inside jitted code)
# Rule: JG101 (`if <traced> < 0:` in the constructor; relabelled from JG103 after the blind run, to the corpus convention for this shape)
# Reduced: "LSDistribution should raise ValueError on scale < 0", "Nontrivial because of Jax:
# TypeError: Abstract value passed to `bool`": ergo builds its location-scale distributions inside
# jitted fitting code (from parameters being optimized), so a Python `if scale < 0: raise` in the
# constructor runs on a tracer (TracerBoolConversionError in JAX 0.10.2). Fix: validate concrete
# inputs where the distribution is built eagerly, and keep the jitted path free of Python checks
# (the parameters reach the jitted log density as arrays).
import jax
import jax.numpy as jnp


class Logistic:
    def __init__(self, loc, scale):
        if scale < 0:  # expect: JG101
            raise ValueError("scale must be non-negative")
        self.loc = loc
        self.scale = scale

    def logpdf(self, x):
        z = (x - self.loc) / self.scale
        return -z - 2 * jnp.log1p(jnp.exp(-z)) - jnp.log(self.scale)


# --- must be flagged ---


@jax.jit
def loss(params, data):
    dist = Logistic(params[0], params[1])
    return -jnp.sum(dist.logpdf(data))


def bug():
    return loss(jnp.array([0.0, 1.0]), jnp.linspace(-1.0, 1.0, 5))


# --- must not be flagged ---


def logistic_logpdf(x, loc, scale):
    z = (x - loc) / scale
    return -z - 2 * jnp.log1p(jnp.exp(-z)) - jnp.log(scale)


@jax.jit
def loss_unchecked(params, data):
    return -jnp.sum(logistic_logpdf(data, params[0], params[1]))


def fixed():
    dist = Logistic(0.0, 1.0)
    params = jnp.array([dist.loc, dist.scale])
    return loss_unchecked(params, jnp.linspace(-1.0, 1.0, 5))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
