"""A static argument forwarded through a ``*args, **kwargs`` helper stays static.

``forward(x, m, n=n)`` collects ``(x, m)`` in ``args`` and ``{"n": n}`` in ``kwargs``, and
``helper(*args, **kwargs)`` hands each on to its own parameter: ``n`` is the static argument of
the jitted ``f``, a Python int in ``helper`` too, so ``if n > 1`` and ``np.zeros(n)`` run under
jit (checked on JAX 0.10.2). Before, the tuple ``args`` lost its positions and every parameter
of ``helper`` was taken for what ``args`` held (traced).

Seen as: the lead's value-model audit (benchmarks/value_model_audit.py, 2026-12-03d), flow
"forwarded" with a static source: 5 false findings in a sample of 3,000 programs.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def helper(x, m, n):
    if n > 1:
        x = x + m
    return x + np.zeros(n).sum()


def forward(*args, **kwargs):
    return helper(*args, **kwargs)


@partial(jax.jit, static_argnames=("n",))
def f(x, m, n):
    return forward(x, m, n=n)


@partial(jax.jit, static_argnames=("n",))
def g(x, m, n):
    return forward(x, m, n)  # by position: the third position of `args` is the static int


@partial(jax.jit, static_argnames=("n",))
def h(x, n):
    return forward(x, m=x.sum(), n=n)  # traced and static values by keyword: each its own parameter


RUNS = [
    lambda: f(jnp.ones(3), 2, n=3),
    lambda: g(jnp.ones(3), 2, n=3),
    lambda: h(jnp.ones(3), n=3),
]
