# Report: https://crackedaicode.com/problems/jax-tracing-shape-vs-value (tutorial problem "Tracing: Shape vs Value": the pitfall it teaches)
# Class: 3 (everything created inside jit is traced: a reduction of an argument)
# Rule: JG101
# Reduced: "Value-based branching is dangerous": `if jnp.sum(x) > threshold:` inside a jitted
# function raises TracerBoolConversionError, the sum of a traced argument being a tracer; a
# branch on `x.shape[-1] == 3` is safe (the shape is a Python tuple at trace time). The fix for
# the value branch: `jax.lax.cond(jnp.sum(x) > threshold, ...)` (or `jnp.where`).
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def clip_if_large(x, threshold):
    if jnp.sum(x) > threshold:  # expect: JG101
        return x / jnp.sum(x)
    return x


def bug():
    return clip_if_large(jnp.ones(4), 2.0)


# --- must not be flagged ---


@jax.jit
def by_shape(x):
    if x.shape[-1] == 3:
        return x.sum(axis=-1)
    return x.mean(axis=-1)


@jax.jit
def clip_if_large_ok(x, threshold):
    return jax.lax.cond(jnp.sum(x) > threshold, lambda v: v / jnp.sum(v), lambda v: v, x)


def fixed():
    return by_shape(jnp.ones((2, 3))), clip_if_large_ok(jnp.ones(4), 2.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
