"""A `@jax.jit` function defined inside a model's method is traced with the enclosing function
when the model only runs inside an outer jit (the training or inference step): the nested jit
is inlined into the outer program and compiles nothing of its own, however often the step runs.

Seen as (held-out): maxtext `AttentionOp.tpu_flash_attention` (an `nnx.Module` method reached
from `__call__` -> `apply_attention`) defines `@partial(jax.jit, static_argnames=[...]) def
wrap_..._splash_kernel(single_head_mask)` and calls it; the model is applied only inside the
jitted `train_step` and the jitted `MaxEngine.prefill`/`generate`.
"""

import functools

import jax
import jax.numpy as jnp


class AttentionOp:
    def __init__(self, block):
        self.block = block

    def __call__(self, q, k):
        return self.apply_attention(q, k)

    def apply_attention(self, q, k):
        return self.flash_attention(q, k)

    def flash_attention(self, q, k):
        @functools.partial(jax.jit, static_argnames=["causal"])
        def wrap_kernel(q, k, causal):
            s = q @ k.T
            return jnp.tril(s) if causal else s

        return wrap_kernel(q, k, causal=True).sum() * self.block


class Model:
    def __init__(self):
        self.attention = AttentionOp(2)

    def __call__(self, x):
        return self.attention(x, x)


MODEL = Model()


@jax.jit
def train_step(x):
    return jax.grad(lambda x: MODEL(x))(x)


def train(n):
    x = jnp.ones((3, 2))
    for _ in range(n):
        x = x - 0.1 * train_step(x)
    return x


RUNS = [lambda: train(2)]
BOUNDED = [train]
