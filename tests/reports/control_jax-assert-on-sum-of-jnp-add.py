# Report: jax-ml/jax#8947 https://github.com/jax-ml/jax/pull/8947 (fixes jax-ml/jax#8910)
# Class: 3 (everything created inside jit is traced: a sum of `jnp.add(1, 1)` on constants)
# Rule: JG103
# Reduced: the PR's example: a jitted function with no arguments builds
# `result = sum(jnp.add(1, 1) for _ in range(N))` and then `assert result > 0`; the assert
# converts a tracer to bool even though every input is a Python constant (the PR is about the
# long provenance list in the message). Fix: compute the constant with Python arithmetic, which
# stays concrete under jit, so the assert checks a Python int.
import jax
import jax.numpy as jnp

N = 10

# --- must be flagged ---


@jax.jit
def f():
    result = sum(jnp.add(1, 1) for _ in range(N))
    assert result > 0  # expect: JG103
    return result


# --- must not be flagged ---


@jax.jit
def g():
    result = sum(1 + 1 for _ in range(N))
    assert result > 0
    return jnp.asarray(result)


RAISES = [(f, "TracerBoolConversionError")]
RUNS = [g]
