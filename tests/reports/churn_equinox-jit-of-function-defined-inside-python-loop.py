# Report: patrick-kidger/equinox#1141 https://github.com/patrick-kidger/equinox/issues/1141
# Class: 6 (churn that comes from data: a new function object per iteration reaches jax.jit)
# Rule: JG301
# Reduced: "jax loops use": the user asks whether `for _ in range(..): ... = jax.jit(fun_name)`
# costs the same as a `lax` loop; the answer given is that putting the `jit` inside the for loop
# recompiles. Checked under JAX 0.10.2: the jit cache is keyed on the function object, so
# `jax.jit(fun_name)` of the same module-level function in the loop compiles once; what
# recompiles every iteration is a function *defined* in the loop body (a new object each
# time), as the user's step function is when it closes over the loop's state. The flagged loop
# defines the step in the body; the look-alikes jit the module-level function inside the loop
# (legal: one compile) and define the step once before the loop.
import jax
import jax.numpy as jnp


def fun_name(a, b):
    return jnp.matmul(a, b)


# --- must be flagged ---


def loop_with_step_defined_inside(n):
    a = jnp.ones((3, 3))
    acc = jnp.zeros((3, 3))
    for _ in range(n):
        def step(x, y):
            return jnp.matmul(x, y) + 1.0

        acc = acc + jax.jit(step)(a, a)  # expect: JG301
    return acc


# --- must not be flagged ---


def loop_jitting_module_function(n):
    a = jnp.ones((3, 3))
    acc = jnp.zeros((3, 3))
    for _ in range(n):
        acc = acc + jax.jit(fun_name)(a, a)
    return acc


def loop_with_step_defined_once(n):
    a = jnp.ones((3, 3))
    acc = jnp.zeros((3, 3))

    def step(x, y):
        return jnp.matmul(x, y) + 1.0

    fast_step = jax.jit(step)
    for _ in range(n):
        acc = acc + fast_step(a, a)
    return acc


GROWS = [loop_with_step_defined_inside]
BOUNDED = [loop_jitting_module_function, loop_with_step_defined_once]
