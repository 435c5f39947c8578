# Report: pnkraemer/probfindiff#59 https://github.com/pnkraemer/probfindiff/pull/59
# Class: 5 (declarations: static_argnames naming parameters the function does not have)
# Rule: JG202
# Reduced: "Update CI and fix static-argname error": "the polynomial kernel jitted static argnames
# with names that did not match the signature" (newer JAX rejects such names when the decorator
# runs, ValueError "invalid argnames"). The thread does not show the names; here the kernel's
# keyword parameters are `order` and `scale` and the decorator lists the older `p`/`const`. Fix:
# name the parameters the signature has.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


def build_kernel():
    @functools.partial(jax.jit, static_argnames=("p", "const"))  # expect: JG202
    def polynomial(x, y, *, order=2, scale=1.0):
        return (scale * jnp.dot(x, y) + 1.0) ** order

    return polynomial(jnp.ones(3), jnp.ones(3), order=3)


# --- must not be flagged ---


def build_kernel_fixed():
    @functools.partial(jax.jit, static_argnames=("order",))
    def polynomial(x, y, *, order=2, scale=1.0):
        return (scale * jnp.dot(x, y) + 1.0) ** order

    return polynomial(jnp.ones(3), jnp.ones(3), order=3)


RAISES = [(build_kernel, "ValueError")]
RUNS = [build_kernel_fixed]
