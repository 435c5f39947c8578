"""JG203 unhashable-static, a `custom_jvp`/`custom_vjp` function jitted with its `nondiff_argnums`
parameters traced: examples that must and must not be flagged.

`jax.jit(f)` traces every argument it does not keep static. When `f` is a custom-derivative
function, the arguments at its `nondiff_argnums` positions then reach the custom rule as tracers,
where JAX wants Python values (JAX 0.10.2): a `custom_vjp` function raises `UnexpectedTracerError`
at every call of the jit; a `custom_jvp` one runs, and raises `TypeError` ("No constant handler
for type: DynamicJaxprTracer") as soon as the jitted function is differentiated (`jax.jacobian`,
`jax.grad`, `jax.jvp`, ...; also a function that calls it, given to `jax.grad`), an int in the
slot as well as an array. Keeping the parameter static
in the jit (hashable values), or moving arrays out of `nondiff_argnums`, runs, and so does a call
that leaves the parameter at its default (jit traces only the arguments it is given).
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def gather(x, indices):
    return x[indices]


@gather.defjvp
def gather_jvp(indices, primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return gather(x, indices), x_dot[indices]


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def power(x, n):
    return x**n


@power.defjvp
def power_jvp(n, primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return power(x, n), n * x ** (n - 1) * x_dot


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_grad(x, bound):
    return x


clip_grad.defvjp(lambda x, bound: (x, None), lambda bound, _res, g: (jnp.clip(g, -bound, bound),))

X = jnp.arange(6.0)
INDICES = jnp.array([0, 2, 4])

gather_jit = jax.jit(gather)
power_jit = jax.jit(power)
clip_jit = jax.jit(clip_grad)


# --- must be flagged ---------------------------------------------------------------------------


def gather_jacobian():
    return jax.jacobian(gather_jit)(X, INDICES)  # expect: JG203


def power_grad():
    return jax.grad(power_jit)(2.0, 3)  # expect: JG203


def clip_call():
    return clip_jit(X, 1.0)  # expect: JG203


def cubic_energy(x):
    return power_jit(x, 3) + 1.0  # expect: JG203


def cubic_force():
    return jax.grad(cubic_energy)(2.0)


# --- must not be flagged ---------------------------------------------------------------------


power_static = jax.jit(power, static_argnames=("n",))
clip_static = jax.jit(clip_grad, static_argnums=(1,))


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_default(x, bound=1.0):
    return x


clip_default.defvjp(lambda x, bound: (x, None), lambda bound, _res, g: (jnp.clip(g, -bound, bound),))
clip_default_jit = jax.jit(clip_default)  # called without `bound`: jit traces only what it is given


def gather_rows(x, indices):
    return jnp.take(x, indices, axis=0)


# no nondiff_argnums: the index array is an ordinary argument with a float0 tangent
gather_rows_jvp = jax.custom_jvp(gather_rows)
gather_rows_jvp.defjvp(lambda primals, tangents: (gather_rows(*primals), jnp.take(tangents[0], primals[1], axis=0)))
gather_plain_jit = jax.jit(gather_rows_jvp)


RAISES = [
    (gather_jacobian, "TypeError"),
    (power_grad, "TypeError"),
    (clip_call, "UnexpectedTracerError"),
    (cubic_force, "TypeError"),
]
RUNS = [
    lambda: gather_jit(X, INDICES),  # custom_jvp under jit, not differentiated
    lambda: jax.grad(power_static)(2.0, 3),
    lambda: clip_static(X, 1.0),
    lambda: clip_default_jit(X),
    lambda: jax.grad(lambda x: clip_default_jit(x).sum())(X),
    lambda: jax.jacobian(gather_plain_jit)(X, INDICES),
    lambda: jax.jit(jax.grad(lambda x, n: power(x, n)))(2.0, 3),
]
