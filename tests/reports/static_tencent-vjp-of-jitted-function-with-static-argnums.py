# Report: https://cloud.tencent.com/developer/ask/sof/107366264 (Stack Overflow question retold: vector-Jacobian product of a function jitted with static arguments)
# Class: 5 (what reaches a static position: a tracer, through `jax.vjp`)
# Rule: JG203
# Reduced: `func(variational_params, e, A, B)` is jitted with `static_argnums=(2, 3)` and works;
# `jacobian` of it works too. But `vjp(func_jitted, variational_params, e, A, B, has_aux=True)`
# raises "Non-hashable static arguments are not supported ... Static argument (index 2) of type
# JVPTracer": vjp differentiates (and so traces) every positional argument it is given, so `A`
# reaches the static position as a tracer. The accepted answer: vjp has no static_argnums; bind the
# static arguments first, `vjp(partial(func_jitted, A=A, B=B), variational_params, e, ...)`.
# (`A`, `B` are floats here: Python ints are not traced by vjp in JAX 0.10.2 and pass.)
from functools import partial

import jax
import jax.numpy as jnp


def func(variational_params, e, A, B):
    model_params = variational_params * e + A
    dlogp = jnp.sum(model_params ** 2) * B
    return model_params, dlogp


func_jitted = jax.jit(func, static_argnums=(2, 3))

variational_params = jnp.array([0.1, 0.2, 0.3])
e = jnp.array([1.0, -1.0, 0.5])
A, B = 2.0, 3.0

# --- must be flagged ---


def naive_vjp():
    return jax.vjp(func_jitted, variational_params, e, A, B)  # expect: JG203


# --- must not be flagged ---


def bound_vjp():
    out, vjp_function = jax.vjp(partial(func_jitted, A=A, B=B), variational_params, e)
    return vjp_function((jnp.ones(3), jnp.ones(())))


RAISES = [(naive_vjp, "ValueError")]
RUNS = [bound_vjp]
