# Report: https://errorhandle.ai/why-is-jax-treating-floating-point-values-as-tracers-rather-than-concretizing-them-when-nesting-jitted-functions (Q&A page: "Why is Jax treating floating point values as tracers rather than concretizing them when nesting jitted functions?")
# Class: 5 (what reaches a static position: a static-argnums function called from inside another jit)
# Rule: JG203
# Reduced: an inner function is jitted with its float parameter static (it is used in Python
# control flow); called directly with a float it works, but called from an outer jitted function
# that receives the float as an ordinary argument, it gets the outer trace's tracer at its static
# position, and the tracer has no hash: "Non-hashable static arguments are not supported". The
# answer: values stay tracers under the outer jit; mark the float static on the outer function
# too, so it arrives as a Python float.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def clip_step(x, limit):
    if limit > 1.0:
        return jnp.clip(x, -limit, limit)
    return x


# --- must be flagged ---


@jax.jit
def update(x, limit):
    return clip_step(x * 2.0, limit)  # expect: JG203


def run_nested():
    return update(jnp.array([0.5, 3.0]), 2.0)


# --- must not be flagged ---


@partial(jax.jit, static_argnums=(1,))
def update_static(x, limit):
    return clip_step(x * 2.0, limit)


def run_nested_static():
    return update_static(jnp.array([0.5, 3.0]), 2.0)


def run_direct():
    return clip_step(jnp.array([0.5, 3.0]), 2.0)


RAISES = [(run_nested, "ValueError")]
RUNS = [run_nested_static, run_direct]
