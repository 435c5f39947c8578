"""JG203 unhashable-static, an unhashable callable object given to a `lax` control-flow primitive:
examples that must and must not be flagged.

`lax.scan`, `fori_loop`, `while_loop`, `cond` and `switch` cache the traces of their function
arguments keyed by the function, so they hash it. An instance of a class without a usable hash
given there (a mutable `@dataclass` with `__call__`, whose `__hash__` is None; an `equinox.Module`
with an array field, hashed by its fields) raises `TypeError: unhashable type` at the call,
eagerly or under jit (JAX 0.10.2). A lambda that calls it, or an instance that hashes by identity,
runs.
"""

import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Decay:
    rate: float

    def __call__(self, carry, x):
        carry = carry * self.rate + x
        return carry, carry


class IdentityDecay:
    def __init__(self, rate):
        self.rate = rate

    def __call__(self, carry, x):
        carry = carry * self.rate + x
        return carry, carry


# --- must be flagged ---------------------------------------------------------------------------


def scan_dataclass():
    step = Decay(0.5)
    return jax.lax.scan(step, 0.0, jnp.arange(3.0))  # expect: JG203


@jax.jit
def scan_dataclass_jitted(xs):
    return jax.lax.scan(Decay(0.5), 0.0, xs)  # expect: JG203


# --- must not be flagged ---------------------------------------------------------------------


def scan_through_lambda():
    step = Decay(0.5)
    return jax.lax.scan(lambda c, x: step(c, x), 0.0, jnp.arange(3.0))


def scan_identity_hashed():
    return jax.lax.scan(IdentityDecay(0.5), 0.0, jnp.arange(3.0))


RAISES = [(scan_dataclass, "TypeError"), (lambda: scan_dataclass_jitted(jnp.arange(3.0)), "TypeError")]
RUNS = [scan_through_lambda, scan_identity_hashed]
