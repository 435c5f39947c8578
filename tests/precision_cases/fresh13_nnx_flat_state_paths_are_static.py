"""Legal (held-out 13): iterating ``nnx.to_flat_state(state)`` gives (path, Variable) pairs whose
paths are tuples of attribute names and indices, Python values even when the Variables hold
tracers (flax 0.12.8 on JAX 0.10.2: ``{path for path, _ in nnx.to_flat_state(...)}`` is a set of
tuples of str). Comparing two such sets (``_state_paths(graph) != paths``) inside a jitted step
runs at trace time. Needs flax (skipped where it is not installed; checked with flax 0.12.8).

Seen as (held-out 13): a data-pipeline library's ``_run_tracking_writes``, called while tracing a
compiled step, which checks that the step body did not add or remove module state (1 JG101).
"""

import jax
import jax.numpy as jnp
from flax import nnx


class Counter(nnx.Module):
    def __init__(self):
        self.w = nnx.Param(jnp.ones(3))
        self.count = nnx.BatchStat(jnp.zeros(()))


def _state_paths(graph):
    return {path for path, _ in nnx.to_flat_state(nnx.state(graph, graph=True))}


graphdef, state = nnx.split(Counter())


@jax.jit
def step(state, x):
    graph = nnx.merge(graphdef, state)
    paths = _state_paths(graph)
    graph.count[...] = graph.count[...] + 1
    if _state_paths(graph) != paths:
        raise ValueError("the step changed the module structure")
    return nnx.state(graph), (graph.w[...] * x).sum()


RUNS = [lambda: step(state, jnp.ones(3))]
