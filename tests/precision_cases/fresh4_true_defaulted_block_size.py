"""True (the module's own test passes it): a defaulted size parameter of a `@jax.jit` function,
used in Python control flow, without `static_argnames`.

A default no caller passes stays a Python value, but the parameter is traced as soon as a caller
passes it: `transform(x, 8)` raises TracerBoolConversionError at `if block <= 1:`; with that check
gone, at `while n > 1:` (the loop's test compares `n // block`, a tracer) and at `min(n, block)`.
Each line raises on its own (checked on JAX 0.10.2); the fix is `static_argnames=("block",)`.

Seen as (held-out 4): a federated-learning library's jitted Walsh-Hadamard transform takes
`small_n: int = 2**7` and checks `if small_n <= 1: raise ValueError(...)`, then splits the input
with `while n > 1: shape.append(min(n, small_n)); n //= small_n`; its test calls
`walsh_hadamard_transform(x, small_n)` for ten sizes.
"""

import jax
import jax.numpy as jnp


@jax.jit
def check_block(x, block=128):
    if block <= 1:  # expect: JG101
        raise ValueError(f"block must be > 1, got {block}")
    return x * 2


@jax.jit
def split_shape(x, block=128):
    n = x.shape[0]
    shape = []
    while n > 1:  # expect: JG102
        shape.append(n)
        n //= block
    return x.reshape(-1), len(shape)


@jax.jit
def first_block(x, block=128):
    return x[: min(x.shape[0], block)]  # expect: JG103


RUNS = [lambda: check_block(jnp.ones(8)), lambda: split_shape(jnp.ones(8)), lambda: first_block(jnp.ones(8))]
RAISES = [
    (lambda: check_block(jnp.ones(8), 8), "TracerBoolConversionError"),
    (lambda: split_shape(jnp.ones(8), 8), "TracerBoolConversionError"),
    (lambda: first_block(jnp.ones(8), 8), "TracerBoolConversionError"),
]
