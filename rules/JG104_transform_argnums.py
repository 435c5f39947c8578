"""JG104 on a traced `argnums` of a differentiation transform.

`jax.grad`, `jax.value_and_grad`, `jax.jacfwd`, `jax.jacrev` and `jax.hessian` read `argnums` as
Python ints to choose the arguments they differentiate: a traced one (a parameter of a jitted
function, a position mapped by `jax.vmap`) raises ConcretizationTypeError, a tuple holding one
TracerIntegerConversionError (JAX 0.10.2). Legal: a Python int (a constant, a loop over Python
positions, a static argument), or one transform of all positions (`jax.hessian` and its
diagonal).
"""

import functools

import jax
import jax.numpy as jnp


def energy(x, y):
    return x * y**2


# --- must be flagged -------------------------------------------------------------------------


def second_derivative(position):
    return jax.grad(jax.grad(energy, position), position)(1.0, 2.0)  # expect: JG104


mapped_second = jax.vmap(second_derivative)


@jax.jit
def value_and_slope(position):
    return jax.value_and_grad(energy, argnums=position)(1.0, 2.0)  # expect: JG104


@jax.jit
def jacobian_in(position):
    return jax.jacrev(energy, argnums=(position,))(1.0, 2.0)  # expect: JG104


# --- must not be flagged ---------------------------------------------------------------------


def second_derivatives():
    return jnp.stack([jax.grad(jax.grad(energy, p), p)(1.0, 2.0) for p in (0, 1)])


@functools.partial(jax.jit, static_argnames=("position",))
def value_and_slope_static(x, position):
    return jax.value_and_grad(energy, argnums=position)(x, 2.0)


@jax.jit
def hessian_diagonal(x):
    return jnp.diagonal(jnp.stack([jnp.stack(row) for row in jax.hessian(energy, (0, 1))(x, 2.0)]))


RAISES = [(lambda: mapped_second(jnp.array([0, 1])), "ConcretizationTypeError"),
          (lambda: value_and_slope(0), "ConcretizationTypeError"),
          (lambda: jacobian_in(0), "TracerIntegerConversionError")]
RUNS = [second_derivatives, lambda: value_and_slope_static(1.0, position=1), lambda: hessian_diagonal(1.0)]
