# Variant of: tests/reports/concrete_jax-range-of-argument.py
# Class: 1 (values inside containers: an entry of a dict argument)
# Rule: JG104
# Axis: (b) the loop count is a dict entry unpacked into a local, the dict a jitted argument.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def foo(options):
    num, step = options["num"], options["step"]
    total = jnp.zeros(())
    for _ in range(num):  # expect: JG104
        total = total + step
    return total


def bug():
    return foo({"num": 3, "step": 1.0})


# --- must not be flagged ---


@jax.jit
def foo_fori(options):
    return jax.lax.fori_loop(0, options["num"], lambda i, t: t + options["step"], jnp.zeros(()))


def fixed():
    return foo_fori({"num": 3, "step": 1.0})


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
