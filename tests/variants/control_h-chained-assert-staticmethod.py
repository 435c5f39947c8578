# Variant of: tests/reports/control_s2fft-assert-el-range-traced.py
# Class: 4 (a chained comparison in an argument check, on a traced argument)
# Rule: JG103
# Axis: (h) the check is a `@staticmethod` called through the class from a jitted method.
import functools

import jax
import jax.numpy as jnp


class Transform:
    @staticmethod
    def check_args(el, L):
        assert 0 < el < L  # expect: JG103

    @functools.partial(jax.jit, static_argnums=(0, 3))
    def compute(self, dl, el, L):
        Transform.check_args(el, L)
        return dl * jnp.sqrt(2.0 * el + 1.0)

    def __hash__(self):
        return 0

    def __eq__(self, other):
        return isinstance(other, Transform)


# --- must be flagged ---


def bug():
    return Transform().compute(jnp.ones((7, 7)), 2, 4)


# --- must not be flagged ---


class TransformStatic:
    @staticmethod
    def check_args(el, L):
        assert 0 < el < L

    @functools.partial(jax.jit, static_argnums=(0, 2, 3))
    def compute(self, dl, el, L):
        TransformStatic.check_args(el, L)
        return dl * jnp.sqrt(2.0 * el + 1.0)

    def __hash__(self):
        return 0

    def __eq__(self, other):
        return isinstance(other, TransformStatic)


def fixed():
    return TransformStatic().compute(jnp.ones((7, 7)), 2, 4)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
