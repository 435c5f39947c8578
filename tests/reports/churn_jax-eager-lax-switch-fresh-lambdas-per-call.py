# Report: jax-ml/jax#5210 https://github.com/jax-ml/jax/issues/5210
# Class: 6 (churn: control-flow branches that are new function objects on every call)
# Rule: JG301
# Reduced: "jax.lax.switch host memory leak": `do_thing()` draws `i, x, y` and calls
# `fn(i, x, y)` with `def fn(i, x, y): return jax.lax.switch(i, [(lambda _: x), (lambda _: y)],
# None)` defined inside `do_thing`; run 1000 times, host memory grows steadily. Maintainer:
# "we are repeatedly compiling `cond` primitive and never getting cache hits for it" — outside
# jit, lax.switch stages and compiles its branches, and the branches are new lambdas (closing
# over new arrays) on every call. Fix: make the branches functions of the operand, defined once,
# and jit the caller.
import jax
import jax.numpy as jp
import numpy as np

d = 100


# --- must be flagged ---


def do_thing():
    i = jp.array(np.random.rand() > 0.5, dtype="int32")
    x = jp.array(np.random.randn(d))
    y = jp.array(np.random.randn(d))

    def fn(i, x, y):
        return jax.lax.switch(i, [(lambda _: x), (lambda _: y)], None)  # expect: JG301

    return fn(i, x, y)


def run(n):
    out = None
    for _ in range(n):
        out = do_thing()
    return out


# --- must not be flagged ---


def pick_x(ops):
    return ops[0]


def pick_y(ops):
    return ops[1]


@jax.jit
def fn_once(i, x, y):
    return jax.lax.switch(i, [pick_x, pick_y], (x, y))


def run_once(n):
    out = None
    for _ in range(n):
        i = jp.array(np.random.rand() > 0.5, dtype="int32")
        out = fn_once(i, jp.array(np.random.randn(d)), jp.array(np.random.randn(d)))
    return out


GROWS = [run]
BOUNDED = [run_once]
