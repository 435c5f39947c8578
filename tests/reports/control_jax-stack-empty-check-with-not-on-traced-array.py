# Report: jax-ml/jax#1271 https://github.com/jax-ml/jax/issues/1271
# Class: 4 (NumPy and Python on traced values, deeper: an emptiness test inside a library helper)
# Rule: JG101 (`if not <traced>:`; relabelled from JG103 after the blind run, to the corpus convention for this shape)
# Reduced: "np.stack raises incorrect exception when given a traced array": `jax.jit(lambda x:
# np.stack(x))(np.zeros(2))` fails because `stack` starts with `if not arrays:`, which assumes a
# sequence and asks a traced array for its truth value ("Abstract value passed to `bool`"). JAX
# fixed its own `stack`; here the helper is a stacking utility of our own written the same way,
# called from a jitted function with an array instead of a list. Fix (the thread's): test the
# length, `if len(arrays) == 0:`, which the static shape answers.
import jax
import jax.numpy as jnp
import numpy as np


# --- must be flagged ---


def stack(arrays, axis=0):
    if not arrays:  # expect: JG101
        raise ValueError("Need at least one array to stack.")
    return jnp.stack([jnp.asarray(a) for a in arrays], axis=axis)


@jax.jit
def foo(x):
    return stack(x)


def bug():
    return foo(np.zeros(2))


# --- must not be flagged ---


def stack_len(arrays, axis=0):
    if len(arrays) == 0:
        raise ValueError("Need at least one array to stack.")
    return jnp.stack([jnp.asarray(a) for a in arrays], axis=axis)


@jax.jit
def foo_len(x):
    return stack_len(x)


def fixed():
    return foo_len(np.zeros(2))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
