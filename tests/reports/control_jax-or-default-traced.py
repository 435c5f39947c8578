# Report: jax-ml/jax#16430 https://github.com/jax-ml/jax/pull/16430
# Class: 3 (truth value of a traced array outside an `if`: `a or b`)
# Rule: JG103
# Reduced: a reviewer of the PR that created TracerBoolConversionError says that is how he hit it:
# `z = nullable_value or default_value`, where the optional value may be None. The thread shows
# only that one line; the function around it, its jit and the call are not shown: here the
# optional value is an argument of a jitted function, passed a scalar array (a larger array raises
# ValueError for an ambiguous truth value instead). Fix: test `is None`,
# which Python answers without converting the array.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def scale(x, nullable_value=None):
    default_value = jnp.ones_like(x)
    z = nullable_value or default_value  # expect: JG103
    return x * z


def bug():
    return scale(jnp.ones(3), jnp.asarray(2.0))


# --- must not be flagged ---


@jax.jit
def scale_fixed(x, nullable_value=None):
    default_value = jnp.ones_like(x)
    z = default_value if nullable_value is None else nullable_value
    return x * z


def fixed():
    return scale_fixed(jnp.ones(3), jnp.asarray(2.0)), scale_fixed(jnp.ones(3))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
