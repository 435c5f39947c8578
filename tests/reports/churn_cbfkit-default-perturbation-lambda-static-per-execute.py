# Report: bardhh/cbfkit#22 https://github.com/bardhh/cbfkit/pull/22
# Class: 6 (churn: a default built as a new closure on every call, passed at a static position)
# Rule: JG302
# Reduced: "perf(sim): hoist default lambdas to fix JAX recompilation": `execute` filled the
# defaults of `sensor`, `estimator` and `perturbation` (when `None` was passed) with local lambdas,
# `_perturbation = perturbation if perturbation else (lambda x, u, f, g: (lambda k:
# jnp.zeros(x.shape)))`; "These closures are new objects on every call. `simulator_jit` lists these
# arguments in `static_argnames`. When JAX sees a new object for a static argument, it recompiles
# the function" (5 sequential runs: 6.25 s a run before, 1.36 s after). Here one of the three
# defaults (the perturbation) and a single-integrator simulator; the loop is the benchmark's
# sequential runs. Fix (the PR's): the default defined once at module level.
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("perturbation", "num_steps"))
def simulator_jit(x0, key, perturbation, num_steps):
    def step(x, k):
        u = -x
        p = perturbation(x, u, None, None)(k)
        return x + 0.1 * (u + p), x

    _, xs = jax.lax.scan(step, x0, jax.random.split(key, num_steps))
    return xs


def _default_perturbation(x, u, f, g):
    def p(key):
        return jnp.zeros_like(x)

    return p


# --- must be flagged ---


def execute(x0, key, perturbation=None, num_steps=10):
    _perturbation = perturbation if perturbation else (lambda x, u, f, g: (lambda k: jnp.zeros(x.shape)))
    return simulator_jit(x0, key, perturbation=_perturbation, num_steps=num_steps)  # expect: JG302


def benchmark(n):
    return [execute(jnp.ones(2), jax.random.PRNGKey(i)) for i in range(n)]


# --- must not be flagged ---


def execute_hoisted(x0, key, perturbation=None, num_steps=10):
    _perturbation = perturbation if perturbation else _default_perturbation
    return simulator_jit(x0, key, perturbation=_perturbation, num_steps=num_steps)


def benchmark_hoisted(n):
    return [execute_hoisted(jnp.ones(2), jax.random.PRNGKey(i)) for i in range(n)]


GROWS = [benchmark]
BOUNDED = [benchmark_hoisted]
