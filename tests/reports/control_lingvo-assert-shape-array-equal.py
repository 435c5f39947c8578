# Report: tensorflow/lingvo#332 https://github.com/tensorflow/lingvo/issues/332
# Class: 3 (everything created inside jit is traced: `jnp.array_equal` of two static shapes)
# Rule: JG101
# Reduced: the issue's `AssertShape(x, shape)`, unchanged: `if not jnp.array_equal(x.shape,
# shape): raise ValueError(...)` raised TracerBoolConversionError, although both operands are
# static tuples: inside jit the jnp result is a tracer. The thread does not show the caller: here
# a jitted layer checks its input. Fix: the user's own answer in the thread, which compares the
# rank and each dimension in Python.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def AssertShape(x, shape):
    if not jnp.array_equal(x.shape, shape):  # expect: JG101
        raise ValueError(f"Shape mismatch: found {x.shape}, expected: {shape}")


@jax.jit
def project(x, w):
    AssertShape(x, (4, 3))
    return x @ w


def bug():
    return project(jnp.ones((4, 3)), jnp.ones((3, 2)))


# --- must not be flagged ---


def AssertShapeStatic(x, expected_shape):
    xs = x.shape
    if len(xs) != len(expected_shape):
        raise ValueError(f"Wrong rank: got [{len(xs)}] {x.shape}, expected [{len(expected_shape)}] {expected_shape}")
    for k, d in enumerate(expected_shape):
        if xs[k] != d:
            raise ValueError(f"Wrong shape at dim {k}: got {x.shape}, expected {expected_shape}")


@jax.jit
def project_fixed(x, w):
    AssertShapeStatic(x, (4, 3))
    return x @ w


def fixed():
    return project_fixed(jnp.ones((4, 3)), jnp.ones((3, 2)))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
