# Variant of: tests/reports/control_jax-assert-on-sum-of-jnp-add.py
# Class: 3 (everything created inside jit is traced)
# Rule: JG103
# Axis: (j) the sum is accumulated with `+=` over a comprehension of `jnp` results.
import jax
import jax.numpy as jnp

N = 10

# --- must be flagged ---


@jax.jit
def f():
    result = 0
    for term in [jnp.add(1, k) for k in range(N)]:
        result += term
    assert result > 0  # expect: JG103
    return result


# --- must not be flagged ---


@jax.jit
def g():
    result = 0
    for term in [1 + k for k in range(N)]:
        result += term
    assert result > 0
    return jnp.asarray(result)


RAISES = [(f, "TracerBoolConversionError")]
RUNS = [g]
