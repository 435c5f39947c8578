# Report: jax-ml/jax#1605 https://github.com/jax-ml/jax/pull/1605
# Class: 6 (churn: jit applied to a new lambda on every iteration)
# Rule: JG301
# Reduced: "fix a leak where compiled results lived too long": levskaya's repro that OOMed,
# `for i in range(40): f = jit(lambda: 1. * np.ones((300, 1024, 1024))); f().block_until_ready()`.
# The PR fixed the leak (dropped functions free their cache entries), but every iteration still
# jits a new lambda, so each one traces and compiles again. The array is shrunk to (3, 4, 4).
# Fix: jit the function once, outside the loop.
import jax.numpy as np
from jax import jit


# --- must be flagged ---


def run(n):
    out = None
    for i in range(n):
        f = jit(lambda: 1. * np.ones((3, 4, 4)))  # expect: JG301
        out = f().block_until_ready()
    return out


# --- must not be flagged ---


def run_hoisted(n):
    out = None
    f = jit(lambda: 1. * np.ones((3, 4, 4)))
    for i in range(n):
        out = f().block_until_ready()
    return out


GROWS = [run]
BOUNDED = [run_hoisted]
