# Report: https://code-examples.net/ja/q/4c0cde6 (Stack Overflow question, retold in Japanese: "JAX初心者向け:scanとクロージャの再コンパイルを避ける方法")
# Class: 6 (churn: a new function object per call reaches a cached transformation)
# Rule: JG301
# Reduced: the question uses `jax.lax.scan` with a closure (a step function defined inside the
# function that calls scan, reading a parameter of the outer function) and sees a recompile on
# every call of the outer function: run eagerly, `lax.scan` caches its traced body on the
# function object, and every call of the outer function defines a new closure, so scan traces and
# XLA compiles the loop again each time (checked: 2 more compiles per 2 more calls). The answers'
# fixes: jit the outer function (the closure is then traced once per compile of the jit), or
# define the step once at module level and pass the parameter through the carry.
import jax
import jax.numpy as jnp

XS = jnp.ones(5)

# --- must be flagged ---


def simulate(decay, xs):
    def step(carry, x):
        new = carry * decay + x
        return new, new

    return jax.lax.scan(step, 0.0, xs)  # expect: JG301


def run_many(n):
    return [simulate(jnp.float32(0.9), XS)[0] for _ in range(n)]


# --- must not be flagged ---


@jax.jit
def simulate_jit(decay, xs):
    def step(carry, x):
        new = carry * decay + x
        return new, new

    return jax.lax.scan(step, 0.0, xs)


def run_many_jit(n):
    return [simulate_jit(jnp.float32(0.9), XS)[0] for _ in range(n)]


def step_outside(carry, x):
    c, decay = carry
    new = c * decay + x
    return (new, decay), new


def run_many_module_step(n):
    return [jax.lax.scan(step_outside, (0.0, jnp.float32(0.9)), XS)[0] for _ in range(n)]


GROWS = [run_many]
BOUNDED = [run_many_jit, run_many_module_step]
