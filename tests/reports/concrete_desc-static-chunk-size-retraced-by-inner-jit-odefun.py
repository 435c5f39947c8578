# Report: PlasmaControl/DESC#2228 https://github.com/PlasmaControl/DESC/pull/2228
# Class: 5 (what reaches a static position: a static int re-traced by an inner jit)
# Rule: JG104
# Reduced: "Fix the error in `field_line_integrate` with `bs_chunk_size`" (resolves #2214):
# `field_line_integrate(..., bs_chunk_size=...)` passes the chunk size in `args` to
# `diffeqsolve`, whose `filter_jit` keeps the plain int static; but the vector field `_odefun`
# was itself decorated with `@jit`, so `args` (with the int inside) is traced again at that
# boundary and `bs_chunk_size` arrives as a tracer where the batched Biot-Savart evaluation
# needs a Python int. Fix (the PR): drop the inner `@jit`. The outer `filter_jit` is written as
# `jax.jit(..., static_argnames="bs_chunk_size")`, the chunked field evaluation as
# `jax.lax.map(..., batch_size=bs_chunk_size)`, the ODE solve as a few Euler steps.
import functools

import jax
import jax.numpy as jnp


def compute_magnetic_field(coils, x):
    d = x[None, :] - coils
    return jnp.sum(d / jnp.linalg.norm(d, axis=-1, keepdims=True) ** 3, axis=0)


# --- must be flagged ---


@jax.jit
def _odefun(t, y, args):
    coils, bs_chunk_size = args
    B = jax.lax.map(lambda c: compute_magnetic_field(c[None], y), coils, batch_size=bs_chunk_size)  # expect: JG104
    return jnp.sum(B, axis=0)


@functools.partial(jax.jit, static_argnames="bs_chunk_size")
def field_line_integrate(y0, coils, bs_chunk_size):
    y = y0
    for k in range(4):
        y = y + 0.01 * _odefun(0.01 * k, y, (coils, bs_chunk_size))
    return y


coils = jnp.stack([jnp.array([jnp.cos(a), jnp.sin(a), 0.0]) for a in jnp.linspace(0, 6.0, 8)])


def crashes():
    return field_line_integrate(jnp.array([0.1, 0.2, 0.3]), coils, bs_chunk_size=4)


# --- must not be flagged ---


def _odefun_nojit(t, y, args):
    coils, bs_chunk_size = args
    B = jax.lax.map(lambda c: compute_magnetic_field(c[None], y), coils, batch_size=bs_chunk_size)
    return jnp.sum(B, axis=0)


@functools.partial(jax.jit, static_argnames="bs_chunk_size")
def field_line_integrate_fixed(y0, coils, bs_chunk_size):
    y = y0
    for k in range(4):
        y = y + 0.01 * _odefun_nojit(0.01 * k, y, (coils, bs_chunk_size))
    return y


def works():
    return field_line_integrate_fixed(jnp.array([0.1, 0.2, 0.3]), coils, bs_chunk_size=4)


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
