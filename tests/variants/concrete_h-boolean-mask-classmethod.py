# Variant of: tests/reports/concrete_evox-boolean-mask-in-helper-of-jit.py
# Class: 4 (a boolean mask on a traced array, in code jit calls)
# Rule: JG105
# Axis: (h) the masking helper is a `@classmethod` of a class, called through `cls` from another.
import jax
import jax.numpy as jnp


class Filter:
    @classmethod
    def select(cls, x, mask):
        return x[mask]  # expect: JG105

    @classmethod
    def positive(cls, x):
        return cls.select(x, x > 0)


# --- must be flagged ---


@jax.jit
def foo(x):
    return Filter.positive(x)


def bug():
    return foo(jnp.array([-1.0, 2.0, 3.0]))


# --- must not be flagged ---


def fixed():
    return Filter.positive(jnp.array([-1.0, 2.0, 3.0]))


RAISES = [(bug, "NonConcreteBooleanIndexError")]
RUNS = [fixed]
