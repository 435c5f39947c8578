# Report: jax-ml/jax#6134 https://github.com/jax-ml/jax/issues/6134
# Class: 2 (arguments JAX needs static: `argnums` of `jax.grad`, mapped by `vmap`)
# Rule: JG104
# Reduced: "'TypeError: iteration over a 0-d array' when using vmap": to get the second
# derivative in each input variable the user maps `lambda p: grad(grad(f, p), p)(*point)` over
# `jnp.array([0, 1])`; `vmap` makes the position a batched tracer, and `grad` needs `argnums`
# as Python integers to pick the arguments it differentiates (on JAX 0.10.2:
# ConcretizationTypeError). The fix loops over the positions in Python (or uses `jax.hessian`
# and takes the diagonal).
import jax
import jax.numpy as jnp


def target_function(x, y):
    single_input = jnp.array([x, y])
    return jnp.sum(single_input**3)


POINT = (1.0, 1.0)

# --- must be flagged ---


def second_derivative(variable_position):
    return jax.grad(jax.grad(target_function, variable_position), variable_position)(*POINT)  # expect: JG104


def bug():
    return jax.vmap(second_derivative)(jnp.array([0, 1]))


# --- must not be flagged ---


def second_derivative_fixed(variable_position):
    return jax.grad(jax.grad(target_function, variable_position), variable_position)(*POINT)


def fixed():
    return jnp.stack([second_derivative_fixed(p) for p in (0, 1)])


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
