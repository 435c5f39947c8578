# Report: jax-ml/jax#1033 https://github.com/jax-ml/jax/issues/1033
# Class: 6 (churn from data: a loop index reaches a static argument)
# Rule: JG302
# Reduced: "jax.random.fold_in function is using static_argnum=(1,)": at the time jax/random.py
# declared `fold_in = jit(fold_in, static_argnums=(1,))`, so the user's innocent loop
# `for i in range(N): do_something_random(jax.random.fold_in(base_key, i))` compiled fold_in on
# every iteration. The library's declaration is copied here as a module-level jitted helper (its
# body calls today's fold_in). Fix (the gist in the thread, then JAX's own): jit fold_in with
# `data` traced, so one compile serves every `i`.
import jax
import jax.numpy as jnp


def _fold_in(key, data):
    return jax.random.fold_in(key, data)


fold_in_static = jax.jit(_fold_in, static_argnums=(1,))
fold_in_traced = jax.jit(_fold_in)


@jax.jit
def do_something_random(key):
    return jnp.sum(jax.random.normal(key, (3,)))


# --- must be flagged ---


def loop(n):
    base_key = jax.random.PRNGKey(0)
    total = 0.0
    for i in range(n):
        total += do_something_random(fold_in_static(base_key, i))  # expect: JG302
    return total


# --- must not be flagged ---


def loop_traced(n):
    base_key = jax.random.PRNGKey(0)
    total = 0.0
    for i in range(n):
        total += do_something_random(fold_in_traced(base_key, i))
    return total


GROWS = [loop]
BOUNDED = [loop_traced]
