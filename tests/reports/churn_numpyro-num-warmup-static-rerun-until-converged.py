# Report: pyro-ppl/numpyro#1211 https://github.com/pyro-ppl/numpyro/issues/1211 ("Request for dynamic `num_warmup` argument to MCMC object")
# Class: 6 (churn from data: a static step count raised on every re-run until convergence)
# Rule: JG302
# Reduced: "It would be useful if it wasn't a requirement to specify the number of warmups for
# MCMC sampling before the model is compiled to save time if it is necessary to re-run the MCMC
# with more iterations to ensure convergence": `num_warmup` is fixed when the sampler compiles,
# so each re-run with more warmup compiles again. Here the warmup is a jitted function with the
# step count static, re-run with a growing count until a convergence check passes (checked on
# JAX 0.10.2: one compile per count). Fix: pass the count traced, `lax.fori_loop` with a traced
# upper bound runs as a while loop and compiles once. The NUTS adaptation is reduced to a
# step-size recursion.
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("num_warmup",))
def warmup(step_size, num_warmup):
    return jax.lax.fori_loop(0, num_warmup, lambda i, s: 0.9 * s + 0.01, step_size)


@jax.jit
def warmup_dynamic(step_size, num_warmup):
    return jax.lax.fori_loop(0, num_warmup, lambda i, s: 0.9 * s + 0.01, step_size)


# --- must be flagged ---


def run_until_converged(max_reruns):
    num_warmup, step_size = 100, jnp.float32(1.0)
    for _ in range(max_reruns):
        step_size = warmup(step_size, num_warmup=num_warmup)  # expect: JG302
        num_warmup *= 2
    return step_size


# --- must not be flagged ---


def run_until_converged_fixed(max_reruns):
    num_warmup, step_size = 100, jnp.float32(1.0)
    for _ in range(max_reruns):
        step_size = warmup_dynamic(step_size, num_warmup)
        num_warmup *= 2
    return step_size


GROWS = [run_until_converged]
BOUNDED = [run_until_converged_fixed]
