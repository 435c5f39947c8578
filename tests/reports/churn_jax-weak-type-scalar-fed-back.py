# Report: jax-ml/jax#4274 https://github.com/jax-ml/jax/issues/4274
# Class: 6 (churn from data: a Python scalar fed back as a JAX array changes the argument's weak type)
# Rule: JG304; the closest rule (scalar type churn), opt-in; here the two kinds are a Python float and the float32 array the function returns
# Reduced: "How to detect recompilation reason?": jekbradbury's answer in the thread is JAX weak
# types: with `x = 0.`, `f = jax.jit(lambda x: x + np.float32(0.))`, `y = f(x)`, `z = f(y)`
# compiles `f` twice, "a bit of a gotcha for training loops"; the fix he gives is to start such
# scalars as typed NumPy/jnp scalars (`np.float32(0.)`). Here the thread's pattern as a training
# loop: a running scalar starts as a Python float and is fed back from the jitted step. The
# count does not grow with the loop (one extra compile), so COMPILES gives it: 2 for the bug, 1
# for the fix.
import jax
import numpy as np


@jax.jit
def accumulate(total, loss):
    return total + loss + np.float32(0.0)


# --- must be flagged ---


def train(steps=5):
    total = 0.0
    for step in range(steps):
        total = accumulate(total, np.float32(step))  # expect: JG304
    return total


# --- must not be flagged ---


def train_typed(steps=5):
    total = np.float32(0.0)
    for step in range(steps):
        total = accumulate(total, np.float32(step))
    return total


COMPILES = [(train, "accumulate", 2), (train_typed, "accumulate", 1)]
