# Variant of: tests/reports/concrete_jax-dict-entry-slice-bound.py
# Class: 1 (values inside containers: a keyword argument bounds a slice)
# Rule: JG105
# Axis: (e) the jitted function is called with `**d`; the entry arrives as a traced keyword.
import jax
import jax.numpy as jnp
import numpy as np


def head(x, num, val):
    return x[:num] + val  # expect: JG105


# --- must be flagged ---


@jax.jit
def foo(x, d):
    return head(x, **d)


def bug():
    return foo(jnp.arange(10), {"num": 5, "val": np.arange(5)})


# --- must not be flagged ---


def fixed():
    d = {"num": 5, "val": np.arange(5)}
    return jax.jit(lambda x, val: head(x, d["num"], val))(jnp.arange(10), d["val"])


RAISES = [(bug, "IndexError")]
RUNS = [fixed]
