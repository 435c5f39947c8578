# Report: nstarman/quax#124 https://github.com/nstarman/quax/pull/124
# Class: 6 (churn: a primitive handler that wraps a stable jaxpr in a new lambda and jits it per call)
# Rule: JG301
# Reduced: "perf: enhance JIT caching": when a quaxified function (here `jnp.histogram2d`, "that
# contain[s] many internal @jit-decorated helpers") reaches a `jit_p` equation, the handler jitted
# a lambda around the equation's jaxpr on every invocation ("object identity, so a new lambda == a
# new compilation on every invocation"); the fix caches the jitted callable keyed by `id(jaxpr)`,
# which is stable across calls. Here the interpreter handles one jitted
# helper whose closed jaxpr is made once, and user code calls the quaxified function in a loop.
import jax
import jax.extend as jex
import jax.numpy as jnp


def _bin_counts(x, edges):
    return jnp.sum((x[:, None] >= edges[None, :-1]) & (x[:, None] < edges[None, 1:]), axis=0)


EDGES = jnp.linspace(0.0, 1.0, 5)
_BIN_JAXPR = jax.make_jaxpr(_bin_counts)(jnp.zeros(8), EDGES)

# --- must be flagged ---


def jit_p_handler(closed_jaxpr, *args):
    return jax.jit(lambda *a: jex.core.jaxpr_as_fun(closed_jaxpr)(*a))(*args)  # expect: JG301


def quax_histogram(x):
    return jit_p_handler(_BIN_JAXPR, x, EDGES)[0]


def histograms(n):
    return [quax_histogram(jnp.linspace(0.0, 0.9, 8) * (i + 1) / n) for i in range(n)]


# --- must not be flagged ---

_jit_quax_cache = {}


def jit_p_handler_cached(closed_jaxpr, *args):
    key = id(closed_jaxpr)
    if key not in _jit_quax_cache:
        _jit_quax_cache[key] = jax.jit(jex.core.jaxpr_as_fun(closed_jaxpr))
    return _jit_quax_cache[key](*args)


def quax_histogram_cached(x):
    return jit_p_handler_cached(_BIN_JAXPR, x, EDGES)[0]


def histograms_cached(n):
    return [quax_histogram_cached(jnp.linspace(0.0, 0.9, 8) * (i + 1) / n) for i in range(n)]


GROWS = [histograms]
BOUNDED = [histograms_cached]
