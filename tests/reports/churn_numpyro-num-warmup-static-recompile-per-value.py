# Report: pyro-ppl/numpyro#313 https://github.com/pyro-ppl/numpyro/issues/313
# Class: 6 (churn: a sampler setting passed as a static argument and changed from run to run)
# Rule: JG302
# Reduced: "Avoid recompiling when changing num_warmup, num_samples": the sampler is jitted with
# the warmup length static ("We just simply make a wrapper for mcmc and jit it"), because the warmup
# adapter branches on it in Python (`if num_warmup < 20: ...`), so every new `num_warmup` compiles
# the whole sampler again; the fix suggested is to "replace some thing like `if num_warmup < 20:`
# ... at warmup adapter to `lax.cond`", making the setting a traced value. Here the warmup adapts a
# step size for a fixed number of steps, and the user reruns warmup with a growing length until
# the step size settles.
import functools

import jax
import jax.numpy as jnp


def adapt(i, carry, short):
    step_size, x = carry
    x = x - step_size * x
    factor = jnp.where(short, 0.9, 0.99)
    return step_size * factor, x


# --- must be flagged ---


@functools.partial(jax.jit, static_argnames=("num_warmup",))
def warmup(init, num_warmup):
    if num_warmup < 20:
        short = True
    else:
        short = False
    return jax.lax.fori_loop(0, num_warmup, lambda i, c: adapt(i, c, short), init)


def tune(n):
    out = []
    for k in range(n):
        out.append(warmup((1.0, jnp.ones(3)), num_warmup=10 + 5 * k))  # expect: JG302
    return out


# --- must not be flagged ---


@jax.jit
def warmup_traced(init, num_warmup):
    short = jax.lax.cond(num_warmup < 20, lambda: True, lambda: False)
    return jax.lax.fori_loop(0, num_warmup, lambda i, c: adapt(i, c, short), init)


def tune_traced(n):
    out = []
    for k in range(n):
        out.append(warmup_traced((1.0, jnp.ones(3)), num_warmup=10 + 5 * k))
    return out


GROWS = [tune]
BOUNDED = [tune_traced]
