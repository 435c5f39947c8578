# Variant of: tests/reports/concrete_jax-arange-of-argument.py
# Class: 2 (arguments JAX needs static: the stop of jnp.arange)
# Rule: JG105
# Axis: (b) the size is a field of a NamedTuple passed to jit (a pytree: every field is traced).
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Spec(NamedTuple):
    n: int
    scale: float


# --- must be flagged ---


@jax.jit
def grid(spec):
    return spec.scale * jnp.arange(0, spec.n, 1)  # expect: JG105


def bug():
    return grid(Spec(5, 0.5))


# --- must not be flagged ---


def fixed():
    spec = Spec(5, 0.5)
    return jax.jit(lambda scale: scale * jnp.arange(0, spec.n, 1))(spec.scale)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
