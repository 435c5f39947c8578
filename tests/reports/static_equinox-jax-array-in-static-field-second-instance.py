# Report: patrick-kidger/equinox#798 https://github.com/patrick-kidger/equinox/issues/798
# Class: 5 (what reaches a static position: a JAX array as a static field of a module)
# Rule: JG203
# Reduced: "Realistic scenario in which jax array is static": "users set jax arrays as a static
# field (incorrectly) which results in hard to debug results". A module with an index array in an
# `eqx.field(static=True)` runs under `eqx.filter_jit` for the first instance; a second instance
# with an equal array makes JAX compare the cached static metadata, and comparing two arrays
# raises (today: ValueError "static arguments should be comparable using __eq__"). Fix: keep the
# static field hashable, a tuple of Python ints.
import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def run(m, x):
    return m(x)


# --- must be flagged ---


class Gather(eqx.Module):
    w: jax.Array
    idx: jax.Array = eqx.field(static=True)

    def __call__(self, x):
        return (self.w * x)[self.idx]


def bug():
    m1 = Gather(jnp.ones(4), jnp.array([0, 2]))
    run(m1, 2.0)
    m2 = Gather(jnp.ones(4), jnp.array([0, 2]))
    return run(m2, 2.0)  # expect: JG203


# --- must not be flagged ---


class GatherTuple(eqx.Module):
    w: jax.Array
    idx: tuple = eqx.field(static=True)

    def __call__(self, x):
        return (self.w * x)[jnp.array(self.idx)]


def fixed():
    m1 = GatherTuple(jnp.ones(4), (0, 2))
    run(m1, 2.0)
    m2 = GatherTuple(jnp.ones(4), (0, 2))
    return run(m2, 2.0)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
