# Report: jax-ml/jax#17753 https://github.com/jax-ml/jax/issues/17753
# Class: 1 (values inside containers and objects: a function inside the residual tuple)
# Rule: JG206
# Reduced: "Class 'function' is not a valid JAX type with Custom VJP": adapting the docs' fixed
# point example, `fixed_point_finder(func, B0, z0, rhs, integrator)` is a
# `custom_vjp(nondiff_argnums=(0, 4))` (both function arguments marked non-differentiable), but
# `fixed_point_finder_fwd` returns the residuals `(B_star, z0, rhs, integrator)`. Residuals are
# traced as arrays, so differentiating raises "TypeError: Argument '<function integrator ...>'
# of type <class 'function'> is not a valid JAX type". Fix: leave `integrator` out of the
# residuals; `bwd` already receives the nondiff arguments first. JAX raises at the
# differentiating call, which is where the report is expected.
from functools import partial

import jax
import jax.numpy as jnp


def integrator(z0, rhs):
    return z0 + 0.1 * rhs


def func(B, z0, rhs, integrator):
    return 0.5 * B + 0.1 * integrator(z0, rhs)


def fixed_point(func, B0, z0, rhs, integrator):
    def cond_fun(carry):
        B_prev, B = carry
        return jnp.linalg.norm(B_prev - B) > 1e-2

    def body_fun(carry):
        _, B = carry
        return B, func(B, z0, rhs, integrator)

    _, B_star = jax.lax.while_loop(cond_fun, body_fun, (B0, func(B0, z0, rhs, integrator)))
    return B_star


def make_bwd(unpack):
    def fixed_point_finder_bwd(func, integrator, res, B_star_bar):
        B_star, z0, rhs = unpack(res)
        _, vjp_B = jax.vjp(lambda B: func(B, z0, rhs, integrator), B_star)
        _, vjp_rhs = jax.vjp(lambda r: func(B_star, z0, r, integrator), rhs)
        u = B_star_bar
        for _ in range(20):
            u = B_star_bar + vjp_B(u)[0]
        return None, None, vjp_rhs(u)[0]

    return fixed_point_finder_bwd


# --- must be flagged ---


@partial(jax.custom_vjp, nondiff_argnums=(0, 4))
def fixed_point_finder(func, B0, z0, rhs, integrator):
    return fixed_point(func, B0, z0, rhs, integrator)


def fixed_point_finder_fwd(func, B0, z0, rhs, integrator):
    B_star = fixed_point_finder(func, B0, z0, rhs, integrator)
    return B_star, (B_star, z0, rhs, integrator)


fixed_point_finder.defvjp(fixed_point_finder_fwd, make_bwd(lambda res: res[:3]))


def crashes():
    return jax.grad(lambda r: fixed_point_finder(func, jnp.ones(3), jnp.ones(3), r, integrator).sum())(jnp.ones(3))  # expect: JG206


# --- must not be flagged ---


@partial(jax.custom_vjp, nondiff_argnums=(0, 4))
def fixed_point_finder_ok(func, B0, z0, rhs, integrator):
    return fixed_point(func, B0, z0, rhs, integrator)


def fixed_point_finder_ok_fwd(func, B0, z0, rhs, integrator):
    B_star = fixed_point_finder_ok(func, B0, z0, rhs, integrator)
    return B_star, (B_star, z0, rhs)


fixed_point_finder_ok.defvjp(fixed_point_finder_ok_fwd, make_bwd(lambda res: res))


def works():
    return jax.grad(lambda r: fixed_point_finder_ok(func, jnp.ones(3), jnp.ones(3), r, integrator).sum())(jnp.ones(3))


RAISES = [(crashes, "TypeError")]
RUNS = [works]
