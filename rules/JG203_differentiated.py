"""JG203 unhashable-static, a static position of a jitted function reached by a differentiation
transform: examples that must and must not be flagged.

`jax.vjp(f, *primals)`, `jax.linearize`, `jax.jvp(f, primals, tangents)` and `jax.grad(f,
argnums=...)(...)` (`jacrev`, `jacfwd`, ...) make a tracer of every argument they differentiate
that has an inexact dtype (a Python float, a float array). When `f` is jitted with that position
static, the jit gets the tracer there and cannot hash it: `ValueError: Non-hashable static
arguments are not supported` (JAX 0.10.2). An int or bool argument gets a `float0` tangent and
stays a Python value: it runs. So do the static arguments bound first (`partial(f, A=A, B=B)`)
and arguments `grad` does not differentiate.
"""

from functools import partial

import jax
import jax.numpy as jnp


def energy(params, x, scale, power):
    return jnp.sum((params * x) ** power) * scale


energy_jit = jax.jit(energy, static_argnums=(2, 3))


@partial(jax.jit, static_argnames=("scale",))
def loss(params, scale):
    return jnp.sum(params ** 2) * scale


PARAMS = jnp.array([0.1, 0.2, 0.3])
X = jnp.array([1.0, 2.0, 3.0])
SCALE, POWER = 0.5, 2


# --- must be flagged ---------------------------------------------------------------------------


def vjp_through_static():
    return jax.vjp(energy_jit, PARAMS, X, SCALE, POWER)  # expect: JG203


def linearize_through_static():
    return jax.linearize(energy_jit, PARAMS, X, 2.5, 2)  # expect: JG203


def jvp_through_static():
    return jax.jvp(energy_jit, (PARAMS, X, 0.5, 2.0), (PARAMS, X, 1.0, 0.0))  # expect: JG203


def grad_of_static_scale():
    return jax.grad(loss, argnums=(0, 1))(PARAMS, 2.0)  # expect: JG203


def vjp_after_positional_partial():
    weights = jnp.ones(3)
    return jax.vjp(partial(energy_jit, PARAMS), X, weights, 2)  # expect: JG203


# --- must not be flagged ---------------------------------------------------------------------


def vjp_with_int_statics():
    return jax.vjp(energy_jit, PARAMS, X, 2, 2)


def vjp_with_statics_bound():
    out, pullback = jax.vjp(partial(energy_jit, scale=SCALE, power=POWER), PARAMS, X)
    return pullback(jnp.ones(()))


def grad_of_params_only():
    return jax.grad(loss)(PARAMS, 2.0)


def grad_of_traced_scale():
    return jax.grad(energy, argnums=2)(PARAMS, X, 0.5, 2)


RAISES = [
    (vjp_through_static, "ValueError"),
    (linearize_through_static, "ValueError"),
    (jvp_through_static, "ValueError"),
    (grad_of_static_scale, "ValueError"),
    (vjp_after_positional_partial, "ValueError"),
]
RUNS = [vjp_with_int_statics, vjp_with_statics_bound, grad_of_params_only, grad_of_traced_scale]
