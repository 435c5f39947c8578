"""JG203 unhashable-static, a tracer in a `custom_vjp` function's `nondiff_argnums` slot: examples
that must and must not be flagged.

`nondiff_argnums` positions of a `jax.custom_vjp` function are static-like: JAX passes them to the
backward rule as Python values and refuses a tracer there. A jitted function that passes one of
its traced parameters into such a slot raises `UnexpectedTracerError` at the call (JAX 0.10.2,
under jit alone, differentiated or not). A Python value there runs, so does a parameter the jit
keeps static, and so does `custom_jvp`, which accepts a tracer in that slot under jit.
"""

from functools import partial

import jax


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def scaled(scale, x):
    return scale * x


# the backward rule receives the nondiff argument first, as a Python value
scaled.defvjp(lambda scale, x: (scaled(scale, x), None), lambda scale, _res, g: (scale * g,))


# --- must be flagged ---------------------------------------------------------------------------


@jax.jit
def apply_traced_scale(scale, x):
    return scaled(scale, x)  # expect: JG203


def call_traced_scale():
    return apply_traced_scale(2.0, 3.0)


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def apply_constant_scale(x):
    return scaled(2.0, x)


@partial(jax.jit, static_argnames=("scale",))
def apply_static_scale(scale, x):
    return scaled(scale, x)


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def jvp_scaled(scale, x):
    return scale * x


@jvp_scaled.defjvp
def jvp_scaled_rule(scale, primals, tangents):
    return jvp_scaled(scale, primals[0]), scale * tangents[0]


@jax.jit
def apply_jvp_scale(scale, x):
    return jvp_scaled(scale, x)


RAISES = [(call_traced_scale, "UnexpectedTracerError")]
RUNS = [
    lambda: apply_constant_scale(3.0),
    lambda: apply_static_scale(2.0, 3.0),
    lambda: apply_jvp_scale(2.0, 3.0),
    lambda: jax.grad(apply_constant_scale)(3.0),
]
