# Variant of: tests/reports/control_jax-assert-on-sum-of-jnp-add.py
# Class: 3 (everything created inside jit is traced)
# Rule: JG103
# Axis: (c) the `assert` is in the `__init__` of a class built inside jit from a `jnp` result.
import jax
import jax.numpy as jnp

N = 10


class Total:
    def __init__(self, value):
        assert value > 0  # expect: JG103
        self.value = value


# --- must be flagged ---


@jax.jit
def f():
    return Total(sum(jnp.add(1, 1) for _ in range(N))).value


# --- must not be flagged ---


@jax.jit
def g():
    return jnp.asarray(Total(sum(1 + 1 for _ in range(N))).value)


RAISES = [(f, "TracerBoolConversionError")]
RUNS = [g]
