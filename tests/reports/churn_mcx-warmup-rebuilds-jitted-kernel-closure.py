# Report: rlouf/mcx#29 https://github.com/rlouf/mcx/pull/29
# Class: 6 (churn: a jitted closure rebuilt whenever a warmup parameter changes)
# Rule: JG301
# Reduced: the HMC warmup "is very slow (2 mins for 500 steps) due to JAX's compilation
# overhead": the step size and inverse mass matrix are embedded in closures (integrator,
# kernel), so "every time a parameter changes during warmup we need to re-define and compile
# these functions". Fix (the PR's later, functional version): build the jitted kernel once and
# pass the adapted parameters as arguments. The target is a Gaussian; adaptation is a fixed
# shrink of the step size.
import jax
import jax.numpy as jnp


def logpdf(x):
    return -0.5 * jnp.sum(x ** 2)


# --- must be flagged ---


def hmc_kernel(step_size, inverse_mass):
    @jax.jit
    def kernel(position, momentum):
        grad = jax.grad(logpdf)(position)
        momentum = momentum + 0.5 * step_size * grad
        position = position + step_size * inverse_mass * momentum
        return position, momentum

    return kernel


def warmup(n):
    position, momentum = jnp.ones(3), jnp.zeros(3)
    step_size, inverse_mass = 0.5, jnp.ones(3)
    for _ in range(n):
        kernel = hmc_kernel(step_size, inverse_mass)
        position, momentum = kernel(position, momentum)  # expect: JG301
        step_size = step_size * 0.9
    return position


# --- must not be flagged ---


@jax.jit
def kernel_with_parameters(position, momentum, step_size, inverse_mass):
    grad = jax.grad(logpdf)(position)
    momentum = momentum + 0.5 * step_size * grad
    position = position + step_size * inverse_mass * momentum
    return position, momentum


def warmup_functional(n):
    position, momentum = jnp.ones(3), jnp.zeros(3)
    step_size, inverse_mass = jnp.float32(0.5), jnp.ones(3)
    for _ in range(n):
        position, momentum = kernel_with_parameters(position, momentum, step_size, inverse_mass)
        step_size = step_size * 0.9
    return position


GROWS = [warmup]
BOUNDED = [warmup_functional]
