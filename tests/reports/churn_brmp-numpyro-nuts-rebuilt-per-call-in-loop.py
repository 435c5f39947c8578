# Report: pyro-ppl/brmp#67 https://github.com/pyro-ppl/brmp/issues/67
# Class: 6 (churn: the sampler's jitted step is built anew inside a function a loop calls again and again)
# Rule: JG301
# Reduced: "Memory leak using numpyro backend": `for _ in range(1000): generated_model.nuts(iter=1)`
# "consumes ever more memory", while the Pyro backend stays flat; the maintainer: a consequence of
# JAX caching compiled code, which "does however indicate that we are recompiling parts of the
# code afresh each time". Each `nuts` call builds the potential as a new closure over the data and
# jits a new step function, so every call traces and compiles again. NUTS is reduced to a few
# gradient steps on the potential. Fix: build the jitted step once per model and reuse it. The
# marked line is the `jax.jit` of the new lambda (JG301's place); the miner marked the call
# `theta = step(theta)`, and the blind measure counted this file as missed (JG301 was reported on
# the jit line).
import jax
import jax.numpy as jnp

DATA = jnp.array([0.0, 1.0, 2.0])


# --- must be flagged ---


def nuts(data, iters):
    def potential(theta):
        return 0.5 * jnp.sum((data - theta) ** 2)

    step = jax.jit(lambda theta: theta - 0.1 * jax.grad(potential)(theta))  # expect: JG301
    theta = jnp.zeros(())
    for _ in range(iters):
        theta = step(theta)
    return theta


def sample_many(n):
    return [nuts(DATA, iters=1) for _ in range(n)]


# --- must not be flagged ---


def potential_of(theta, data):
    return 0.5 * jnp.sum((data - theta) ** 2)


@jax.jit
def step_once(theta, data):
    return theta - 0.1 * jax.grad(potential_of)(theta, data)


def nuts_cached(data, iters):
    theta = jnp.zeros(())
    for _ in range(iters):
        theta = step_once(theta, data)
    return theta


def sample_many_cached(n):
    return [nuts_cached(DATA, iters=1) for _ in range(n)]


GROWS = [sample_many]
BOUNDED = [sample_many_cached]
