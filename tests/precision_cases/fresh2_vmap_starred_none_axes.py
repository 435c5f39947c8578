"""`jax.vmap(f, in_axes=(0, 0, *nones, None))` with `nones = [None] * len(extra)`: `vmap` needs one
`in_axes` entry per positional argument, so every argument after the leading mapped ones falls
on a `None` entry, whatever the length of the starred list. Those arguments are passed through
untouched: NumPy index arrays stay NumPy arrays (`np.isin`, `np.sum(mask) > 0`, boolean
indexing with them are static) and a Python int stays an int (`jnp.ones(n)`) (checked on JAX
0.10.2, also inside an outer `jax.jit`).

Seen as (held-out 2): a simulator's step builds `solver_kwargs = {"sinks": np.asarray(...),
"sources": ..., "types": ..., "n_nodes": self._n_nodes}`, then `nones = [None] *
len(solver_kwargs)` and `vmap(step, in_axes=(0, 0, 0, 0, *nones, None))(*state.values(),
*solver_kwargs.values(), dt)`; the step's helper does `condition = np.isin(types, [3, 4])`, `if
np.sum(condition) > 0:`, `sinks[condition]` and `jnp.ones(n_nodes)`.
"""

import jax
import jax.numpy as jnp
import numpy as np


def vector_field(voltages, conductances, sinks, sources, types, n_nodes):
    field = -voltages
    condition = np.isin(types, [3, 4])
    if np.sum(condition) > 0:
        sink = sinks[condition]
        voltages = voltages.at[sink].set(0.0)
        norm = jnp.ones(n_nodes).at[sink].add(conductances[condition])
        voltages = voltages / norm
    condition = np.isin(types, [0, 1, 2])
    if np.sum(condition) > 0:
        field = field.at[sinks[condition]].add(voltages[sources[condition]] * conductances[condition])
    return field


def explicit_step(voltages, conductances, sinks, sources, types, n_nodes, dt):
    return voltages + dt * vector_field(voltages, conductances, sinks, sources, types, n_nodes)


def step_all(states, edges, dt):
    extra = {
        "sinks": np.asarray(edges[0]),
        "sources": np.asarray(edges[1]),
        "types": np.asarray(edges[2]),
        "n_nodes": 4,
    }
    nones = [None] * len(extra)
    mapped = jax.vmap(explicit_step, in_axes=(0, 0, *nones, None))
    return mapped(*states, *extra.values(), dt)


EDGES = ([1, 2, 3], [0, 1, 2], [0, 3, 1])
STATES = (jnp.ones((2, 4)), jnp.full((2, 3), 0.5))

RUNS = [
    lambda: step_all(STATES, EDGES, 0.1),
    lambda: jax.jit(lambda s: step_all(s, EDGES, 0.1))(STATES),
]
