"""A configuration object whose scalar settings are "frozen": each is held in a registered pytree
node with no children (the value rides in the node's aux data), so under `jax.jit` it is part of
the tree structure, a Python value, and a property computed from them (`time_steps_total =
round(time / dt)`) is a Python int at trace time: `if num_ckpt > 0 and num_slices >
config.time_steps_total:` is decided then (checked on JAX 0.10.2: the jitted run works).

Seen as (held-out 5): an FDTD package's `SimulationConfig`, `GradientConfig` and detector classes
declare fields with a `frozen_field(...)` of the package that adds a freeze callback of its pytree
base library (the value is wrapped in a leafless node on set and unwrapped on get); the jitted
simulation tests `config.time_steps_total`, a recorder's `_max_time_steps` and a detector's
`grid_slice_tuple` (JG101 and JG103, 4 findings). Clean since `jitguard/lint/analysis/leafnodes.py`
(the leafless class, the wrapper `freeze`, the attributes it always sets, the pure helper
`unfreeze`); true look-alikes in fresh5_true_frozen_field_reset_raw.py. fdtdx itself stays
flagged: its wrapper is a field callback of a library outside the checked tree (docs/precision.md).
"""

import jax
import jax.numpy as jnp


class Frozen:
    """A pytree node with no children: the value rides in the tree structure (static)."""

    def __init__(self, value):
        self.value = value


jax.tree_util.register_pytree_node(Frozen, lambda f: ((), f.value), lambda value, _: Frozen(value))


def freeze(value):
    return value if isinstance(value, Frozen) else Frozen(value)


def unfreeze(value):
    return value.value if isinstance(value, Frozen) else value


@jax.tree_util.register_pytree_node_class
class Config:
    def __init__(self, time, dt, edges):
        self._time = freeze(time)
        self._dt = freeze(dt)
        self.edges = edges

    @property
    def time(self):
        return unfreeze(self._time)

    @property
    def time_steps_total(self):
        return round(self.time / unfreeze(self._dt))

    def tree_flatten(self):
        return (self._time, self._dt, self.edges), None

    @classmethod
    def tree_unflatten(cls, _aux, children):
        obj = object.__new__(cls)
        obj._time, obj._dt, obj.edges = children
        return obj


def simulate(config: Config, fields, num_ckpt=2):
    num_slices = num_ckpt + 1
    if num_ckpt > 0 and num_slices > config.time_steps_total:
        raise ValueError("too many checkpoints")
    return fields * config.time_steps_total


@jax.jit
def run(config, fields):
    return simulate(config, fields)



RUNS = [lambda: run(Config(1.0, 0.1, jnp.arange(3.0)), jnp.ones(2))]
