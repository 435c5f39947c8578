# Variant of: tests/reports/static_jax-list-static-argnum-identity.py
# Class: 5 (what reaches a static position: a list, unhashable)
# Rule: JG203
# Axis: (b) the list is a field of a NamedTuple built by the caller, passed as `spec.offsets`.
from typing import NamedTuple

import jax


class Spec(NamedTuple):
    offsets: object
    scale: float = 1.0


def g(x, y):
    return x + y[0]


# --- must be flagged ---


def bug():
    spec = Spec(offsets=[2, 3])
    f = jax.jit(g, static_argnums=(1,))
    return f(1, spec.offsets)  # expect: JG203


# --- must not be flagged ---


def fixed():
    spec = Spec(offsets=(2, 3))
    f = jax.jit(g, static_argnums=(1,))
    return f(1, spec.offsets)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
