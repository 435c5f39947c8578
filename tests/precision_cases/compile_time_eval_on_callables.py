"""Inside `with jax.ensure_compile_time_eval():` JAX evaluates operations whose inputs are not
tracers eagerly, even under jit: a function passed as an argument (a callable default such as
`jax.nn.gelu`, never a JAX type, so never a tracer) applied to an array built from literals gives a
concrete array, and `.item()`, `if jnp.max(...) < tol:`, `if jnp.allclose(...)` on it are legal.

Seen as (held-out): e3nn-jax `normalize_function(phi)`, `parity_function(phi)`,
`is_zero_in_zero(phi)`, called by `scalar_activation(input, even_act=jax.nn.gelu, ...)` under
`jax.jit(jax.vmap(e3nn.gate))`: `c = jnp.mean(phi(x) ** 2) ** 0.5; c = c.item()`,
`if jnp.max(jnp.abs(a1 - a2)) < 1e-5:` with `x = jnp.linspace(0.0, 10.0, 256)`.
"""

from typing import Callable

import jax
import jax.numpy as jnp


def normalize_function(phi: Callable[[jax.Array], jax.Array]):
    with jax.ensure_compile_time_eval():
        x = jnp.linspace(-3.0, 3.0, 1001)
        c = jnp.mean(phi(x) ** 2) ** 0.5
        c = c.item()
        if jnp.allclose(c, 1.0):
            return phi
    return lambda x: phi(x) / c


def parity_function(phi) -> int:
    with jax.ensure_compile_time_eval():
        x = jnp.linspace(0.0, 10.0, 256)
        a1, a2 = phi(x), phi(-x)
        if jnp.max(jnp.abs(a1 - a2)) < 1e-5:
            return 1
        elif jnp.max(jnp.abs(a1 + a2)) < 1e-5:
            return -1
        return 0


def is_zero_in_zero(phi) -> bool:
    with jax.ensure_compile_time_eval():
        return jnp.allclose(phi(jnp.array(0.0)), 0.0)


def activation(x, even_act: Callable = jax.nn.gelu, odd_act: Callable = jnp.tanh):
    act = normalize_function(even_act)
    if parity_function(odd_act) != -1:
        raise ValueError("odd_act must be odd")
    out = act(x)
    if is_zero_in_zero(odd_act):
        out = out + odd_act(x)
    return out


RUNS = [
    lambda: jax.jit(activation)(jnp.ones(3)),
    lambda: jax.jit(jax.vmap(activation))(jnp.ones((2, 3))),
]
