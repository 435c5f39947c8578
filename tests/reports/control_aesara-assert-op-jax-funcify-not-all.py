# Report: aesara-devs/aesara#629 https://github.com/aesara-devs/aesara/issues/629
# Class: 3 (everything created inside jit is traced: the checked condition is a graph input)
# Rule: JG101 (`if not <traced>:`; relabelled from JG103 after the blind run, to the corpus convention for this shape)
# Reduced: "Add a JAX conversion for `Assert` `Op`s": the proposed conversion registers
# `def assert_fn(value, *inps): if not jnp.all(*inps): raise ValueError(...)`, and the thread notes
# it breaks once the converted graph is jitted (PyMC's JAX samplers jit the logp): the condition
# is a traced input, and `not` takes its truth value. Here the dispatcher is a dict-based
# `jax_funcify` and the compiled graph is a closure calling the converted op; the Op is a plain
# class holding the message. Fix (what aesara shipped): the JAX conversion of CheckAndRaise
# warns once and returns the value unchecked, since the check cannot survive tracing.
import warnings

import jax
import jax.numpy as jnp


class CheckAndRaise:
    def __init__(self, msg):
        self.msg = msg


# --- must be flagged ---


def jax_funcify_assert(op):
    def assert_fn(value, *inps):
        if not jnp.all(*inps):  # expect: JG101
            raise ValueError("Check failed: " + op.msg)
        return value

    return assert_fn


def bug():
    assert_fn = jax_funcify_assert(CheckAndRaise("sigma > 0"))

    def logp(sigma, x):
        checked = assert_fn(sigma, sigma > 0)
        return -0.5 * jnp.sum((x / checked) ** 2) - x.size * jnp.log(checked)

    return jax.jit(logp)(1.5, jnp.ones(4))


# --- must not be flagged ---


def jax_funcify_assert_ok(op):
    warnings.warn(f"Skipping `CheckAndRaise` Op (assertion: {op.msg}) as JAX tracing would remove it.")

    def assert_fn(value, *inps):
        return value

    return assert_fn


def fixed():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert_fn = jax_funcify_assert_ok(CheckAndRaise("sigma > 0"))

    def logp(sigma, x):
        checked = assert_fn(sigma, sigma > 0)
        return -0.5 * jnp.sum((x / checked) ** 2) - x.size * jnp.log(checked)

    return jax.jit(logp)(1.5, jnp.ones(4))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
