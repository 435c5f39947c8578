# Report: jax-ml/jax#14740 https://github.com/jax-ml/jax/issues/14740
# Class: 5 (a non-array argument not declared static: an instance of a plain class)
# Rule: JG206 (an instance of a plain class of the module, not a pytree, at a non-static position)
# Reduced: the issue's `jax.jit(lambda x: x)(A())` with `class A: pass`; JAX raises TypeError
# (it cannot interpret the value as an array). The issue asks for a better message and shows no
# user program; the fix here declares the argument static (a plain instance hashes by identity).
import jax


class A:
    pass


# --- must be flagged ---


def bug():
    return jax.jit(lambda x: x)(A())  # expect: JG206


# --- must not be flagged ---


def fixed():
    return jax.jit(lambda x: 1.0, static_argnums=0)(A())


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
