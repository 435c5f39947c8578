# Report: https://openillumi.com/?p=109501 (Stack Overflow question, retold)
# Class: 6 (churn that comes from data: inputs whose leading dimension changes between calls)
# Rule: JG303
# Reduced: "Stop JAX JIT recompilation! Dynamic shape root cause": `@jax.jit def f(x):
# print('recompiling'); return (x + 10) * 100` called with `jnp.arange(300000000).reshape((-1, 2,
# 2))` twice (one compile) and then with `jnp.arange(450000000).reshape((-1, 2, 2))`, which
# compiles again ("It would be nice if it weren't"). Shapes are part of jit's cache key; the answer
# says there is no way around it except making the shapes uniform, e.g. padding inputs to a
# maximum shape. Sizes here are scaled down; the padded form pads every input to the largest
# leading dimension and slices the result back.
import jax
import jax.numpy as jnp

MAX_ROWS = 12


# --- must be flagged ---


@jax.jit
def f(x):
    return (x + 10) * 100


def calls():
    a = f(jnp.arange(32).reshape((-1, 2, 2)))
    b = f(jnp.arange(32).reshape((-1, 2, 2)))
    c = f(jnp.arange(48).reshape((-1, 2, 2)))  # expect: JG303
    return a, b, c


# --- must not be flagged ---


@jax.jit
def f_padded(x):
    return (x + 10) * 100


def pad_rows(x):
    return jnp.pad(x, ((0, MAX_ROWS - x.shape[0]), (0, 0), (0, 0)))


def calls_padded():
    outs = []
    for size in (32, 32, 48):
        x = jnp.arange(size).reshape((-1, 2, 2))
        outs.append(f_padded(pad_rows(x))[: x.shape[0]])
    return outs


COMPILES = [(calls, "f", 2), (calls_padded, "f_padded", 1)]
