# Report: jax-ml/jax#8947 https://github.com/jax-ml/jax/pull/8947
# Class: 3 (everything created inside jit is traced: a sum of `jnp.add` of Python constants)
# Rule: JG103
# Reduced: "add limit to number of tracer provenance lines" (fixes #8910: "A user reported getting a
# ton of lines printed under 'this value became a tracer due to JAX operations on these lines'").
# The PR's reproduction of the user's case, kept whole: `result = sum(jnp.add(1, 1) for _ in
# range(N))` inside a jitted function, then `assert result > 0` (each `jnp.add` of two Python
# ints is staged, so `result` is a tracer: TracerBoolConversionError in JAX 0.10.2). The user's
# own code is not shown. Fix: compute the constant with Python (or NumPy) arithmetic, or check it
# with `jnp` ops / `checkify` instead of `assert`.
import jax
import jax.numpy as jnp

N = 10

# --- must be flagged ---


@jax.jit
def f():
    result = sum(jnp.add(1, 1) for _ in range(N))
    assert result > 0  # expect: JG103
    return result


def bug():
    return f()


# --- must not be flagged ---


@jax.jit
def f_python_sum():
    result = sum(1 + 1 for _ in range(N))
    assert result > 0
    return jnp.asarray(result)


def fixed():
    return f_python_sum()


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
