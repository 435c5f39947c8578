"""JG203 unhashable-static, a tracer in a `custom_vjp` function's `nondiff_argnums` slot: examples
that must and must not be flagged.

`nondiff_argnums` positions of a `jax.custom_vjp` function are static-like: JAX passes them to the
backward rule as Python values and refuses a tracer there. A jitted function that passes one of
its traced parameters into such a slot raises `UnexpectedTracerError` at the call (JAX 0.10.2,
under jit alone, differentiated or not). A Python value there runs, so does a parameter the jit
keeps static, and so does `custom_jvp`, which accepts a tracer in that slot under jit.

In the body of `lax.scan` or `lax.fori_loop` every parameter is a tracer: passed (or spread from
the carry, `func(*carry)`) into a `custom_vjp` function's slot it raises the same way; into a
`custom_jvp` function's slot it runs until the function running the loop is differentiated
(`jax.grad`), which raises `UnexpectedTracerError` (JAX 0.10.2).
"""

from functools import partial

import jax
import jax.numpy as jnp


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


def gate(x, mask):
    return x * mask


gate_jvp = jax.custom_jvp(gate, nondiff_argnums=(1,))


@gate_jvp.defjvp
def gate_rule(mask, primals, tangents):
    (x,), (dx,) = primals, tangents
    return gate_jvp(x, mask), dx * mask


def gated_total(x, mask):
    def gated_step(pair, _):
        gated = gate_jvp(*pair)  # expect: JG203
        return (gated, pair[1]), None

    (out, _mask), _ = jax.lax.scan(gated_step, (x, mask), xs=None, length=3)
    return jnp.sum(out)


def call_gated_total_grad():
    return jax.grad(gated_total)(jnp.ones(4), jnp.ones(4))


def scaled_step(i, carry):
    x, scale = carry
    return scaled(scale, x), scale  # expect: JG203


def call_scaled_loop():
    return jax.lax.fori_loop(0, 2, scaled_step, (3.0, 2.0))


# --- must not be flagged ---------------------------------------------------------------------


def gated_step_undifferentiated(carry, _):
    return (gate_jvp(*carry), carry[1]), None


def gated_total_undifferentiated(x, mask):
    carry, _ = jax.lax.scan(gated_step_undifferentiated, (x, mask), None, length=3)
    return carry[0].sum()


FIXED_MASK = jnp.ones(4)


def gated_step_fixed_mask(carry, _):
    return gate_jvp(carry, FIXED_MASK), None  # a concrete array there: it stays concrete


def gated_total_fixed_mask(x):
    carry, _ = jax.lax.scan(gated_step_fixed_mask, x, None, length=3)
    return carry.sum()




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


RAISES = [
    (call_traced_scale, "UnexpectedTracerError"),
    (call_gated_total_grad, "UnexpectedTracerError"),
    (call_scaled_loop, "UnexpectedTracerError"),
]
RUNS = [
    lambda: apply_constant_scale(3.0),
    lambda: apply_static_scale(2.0, 3.0),
    lambda: apply_jvp_scale(2.0, 3.0),
    lambda: jax.grad(apply_constant_scale)(3.0),
    lambda: gated_total_undifferentiated(jnp.ones(4), jnp.ones(4)),
    lambda: jax.jit(gated_total_undifferentiated)(jnp.ones(4), jnp.ones(4)),
    lambda: jax.grad(gated_total_fixed_mask)(jnp.ones(4)),
]
