"""GRADINT (value-model audit, benchmarks/value_model_audit.py, 2026-12-03e): under `jax.grad`
without jit an integer or boolean result computed from the differentiated argument has no
tangent, so JAX gives a concrete array: `np.zeros(jnp.argmax(x) + 1)`, `float(x.sum().astype(int))`
and a format spec of `x[0] > 0` run (checked on JAX 0.10.2). The float result itself is still a
tracer: `float(x.sum())` raises there (the true look-alike below).
"""

import jax
import jax.numpy as jnp
import numpy as np


def loss(x):
    width = jnp.argmax(x) + 1  # an integer: concrete under grad alone
    pad = np.zeros(width)
    count = float(x.sum().astype(int))
    label = f"{x[0] > 0:d}"
    return (x * count).sum() + pad.sum() + len(label)


def loss_float(x):
    return x.sum() * float(x.sum())  # expect: JG104


RUNS = [lambda: jax.grad(loss)(jnp.arange(1.0, 4.0))]
RAISES = [(lambda: jax.grad(loss_float)(jnp.arange(1.0, 4.0)), "ConcretizationTypeError")]
