# Report: jax-ml/jax#6501 https://github.com/jax-ml/jax/pull/6501
# Class: 5 (declarations: static_argnums beyond the positional parameters of a library function)
# Rule: JG201
# Reduced: the PR's own example, `jit(jnp.nonzero, static_argnums=1)(x, 3)`, written when `size`
# was positional. In JAX 0.10.2 `size` is keyword-only (`nonzero(a, *, size=None, ...)`): the
# call fails. Fix: `static_argnames=("size",)` and pass `size=` by name.
import jax.numpy as jnp
from jax import jit

# --- must be flagged ---


def bug():
    x = jnp.array([0, 1, 1, 0, 0, 1])
    return jit(jnp.nonzero, static_argnums=1)(x, 3)  # expect: JG201


# --- must not be flagged ---


def fixed():
    x = jnp.array([0, 1, 1, 0, 0, 1])
    return jit(jnp.nonzero, static_argnames=("size",))(x, size=3)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
