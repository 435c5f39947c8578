# Report: https://pytroubles.com/ru/ampposts/id913-jax-i-jit-tracerarrayconversionerror-i-kak-ispravit (Stack Overflow question, retold in Russian: "Как избежать TracerArrayConversionError в JAX jit при работе с состоянием")
# Class: 3 (everything created inside jit is traced: a value stored on the instance during tracing)
# Rule: JG104
# Reduced: `class Box` has `@partial(jax.jit, static_argnums=0) def apply_jit(self, arr)` that
# computes `out = arr * 2`, stores `self.cache = out` and returns `out`; after
# `out1 = box.apply_jit(payload)`, `np.array(out1)` works but `np.array(box.cache)` raises
# TracerArrayConversionError: the attribute was set while the method was traced, so it holds the
# tracer (a leaked tracer), never a value; JAX only hands concrete arrays back through the return
# value. The answer's fix: return everything the caller needs and set the attribute outside jit.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def host_bootstrap():
    return jnp.array([1.0, 2.0, 3.0])


# --- must be flagged ---


class Box:
    @partial(jax.jit, static_argnums=0)
    def apply_jit(self, arr):
        out = arr * 2
        self.cache = out
        return out


def bug():
    payload = host_bootstrap()
    box = Box()
    out1 = box.apply_jit(payload)
    np.array(out1)
    return np.array(box.cache)  # expect: JG104


# --- must not be flagged ---


class BoxOk:
    @partial(jax.jit, static_argnums=0)
    def apply_jit(self, arr):
        out = arr * 2
        return out, out

    def apply(self, arr):
        out, cache = self.apply_jit(arr)
        self.cache = cache
        return out


def fixed():
    box = BoxOk()
    out1 = box.apply(host_bootstrap())
    return np.array(out1), np.array(box.cache)


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
