# Report: jax-ml/jax#23065 https://github.com/jax-ml/jax/issues/23065 ("custom_jvp leaks tracers if they're marked as nondiff_argnum")
# Class: 5 (what reaches a static position: a traced index array in a custom_jvp `nondiff_argnums` slot)
# Rule: JG203
# Reduced: `@partial(jax.custom_jvp, nondiff_argnums=(1,)) def f(x, indices): return x[indices]`,
# then `f = jax.jit(f)` and `jax.jacobian(f)(x, indices)` with `indices = jnp.array([1, 3, 5])`:
# under `jit` the index array is a tracer, and a tracer in a `nondiff_argnums` slot leaks into the
# jvp rule (the issue shows the leak checker's "Leaked trace"; on JAX 0.10.2, without the checker,
# the jacobian raises "TypeError: No constant handler for type: DynamicJaxprTracer"). Without the
# `jit` it works. Fix (the one JAX documents): keep array-valued arguments out of
# `nondiff_argnums` and give them a zero tangent.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def f(x, indices):
    return x[indices]


@f.defjvp
def f_jvp(indices, primals, tangents):
    (x,) = primals
    (x_dot,) = tangents
    return f(x, indices), x_dot[indices]


x = jnp.arange(10.0)
indices = jnp.array([1, 3, 5])


# --- must be flagged ---


f_jit = jax.jit(f)


def jacobian_of_jitted():
    return jax.jacobian(f_jit)(x, indices)  # expect: JG203


# --- must not be flagged ---


@jax.custom_jvp
def take(x, indices):
    return x[indices]


@take.defjvp
def take_jvp(primals, tangents):
    x, indices = primals
    x_dot, _ = tangents
    return take(x, indices), x_dot[indices]


take_jit = jax.jit(take)


def jacobian_fixed():
    return jax.jacobian(take_jit)(x, indices)


RAISES = [(jacobian_of_jitted, "TypeError")]
RUNS = [jacobian_fixed]
