"""JG101 (JG103 as a value) on a number searched among traced items of a list or tuple.

Python's `in` on a list or tuple compares the searched value with each item (`item == value`,
after an identity test) and takes the truth value of the result. When an item is a traced array
and the searched value a number, `==` gives a traced bool and its truth value raises
TracerBoolConversionError under jit and vmap (JAX 0.10.2): `0 in [a, b]`, `2 in opts` with `opts`
a tuple of traced sums. Legal: a string or None searched (a tracer never equals one: `==` gives
False), the items shapes or other Python values, the test made with arrays (`jnp.isin`,
`jnp.any(jnp.stack(...) == v)`), or the first item the searched name itself (`x in [x, y]`: True
by identity, no `==`).
"""

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def shift_if_zero(x, low, high):
    if 0 in [low, high]:  # expect: JG101
        return x + 1
    return x


@jax.jit
def gated(x, y):
    sums = (jnp.sum(x), jnp.sum(y))
    return jnp.where(0.0 in sums, x, y)  # expect: JG103


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def shift_if_zero_array(x, low, high):
    return jnp.where(jnp.isin(0, jnp.stack([low, high])), x + 1, x)


@jax.jit
def square_only(x, y):
    if (3,) in [x.shape, y.shape]:
        return x
    return y


@jax.jit
def named(x, y):
    if "x" in [x, y]:
        return y
    return x


RAISES = [(lambda: shift_if_zero(jnp.ones(2), 0, 1), "TracerBoolConversionError"),
          (lambda: gated(jnp.ones(2), jnp.zeros(2)), "TracerBoolConversionError")]
RUNS = [lambda: shift_if_zero_array(jnp.ones(2), 0, 1), lambda: square_only(jnp.ones(3), jnp.ones(2)),
        lambda: named(jnp.ones(2), jnp.ones(2))]
