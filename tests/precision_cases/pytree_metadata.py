"""Pytree metadata is static: fields a pytree registration marks as metadata (and methods and
helpers that only read them, or the shapes of data fields) are Python values under jit/vmap.

Seen as: brax `sys.num_links()`, `sys.qd_size()`, `sys.link_parents`, `sys.matrix_inv_iterations`
(flax `struct.field(pytree_node=False)`); jax-md `grid.max_grid_distance`, `grid.factors`
(`dataclasses.static_field()`). Registered here with plain JAX: `register_dataclass` with
`meta_fields`, a `field(metadata={"static": True})`, and `register_pytree_node_class` aux data.
"""

import dataclasses
import functools

import jax
import jax.numpy as jnp

WIDTHS = {"f": 6, "1": 1, "2": 2, "3": 3}


@functools.partial(jax.tree_util.register_dataclass, data_fields=["gravity", "damping"],
                   meta_fields=["link_types", "link_parents", "inv_iterations"])
@dataclasses.dataclass
class Model:
    gravity: jax.Array
    damping: jax.Array
    link_types: str
    link_parents: tuple
    inv_iterations: int

    def num_links(self) -> int:
        return len(self.link_types)

    def qd_size(self) -> int:
        return sum(WIDTHS[t] for t in self.link_types)

    def dof_ranges(self):
        beg, ranges = 0, []
        for t in self.link_types:
            ranges.append(list(range(beg, beg + WIDTHS[t])))
            beg += WIDTHS[t]
        return ranges


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Grid:
    cells: jax.Array
    factors: tuple = dataclasses.field(metadata=dict(static=True))
    halo: int = dataclasses.field(metadata=dict(static=True))


@jax.tree_util.register_pytree_node_class
class Table:
    def __init__(self, values, names):
        self.values = values
        self.names = names

    def tree_flatten(self):
        return (self.values,), self.names

    @classmethod
    def tree_unflatten(cls, names, children):
        return cls(children[0], names)

    def width(self):
        return len(self.names)


def to_tau(sys, act):
    if sys.num_links() == 0:
        return jnp.zeros(sys.qd_size())
    return jnp.zeros(sys.qd_size()).at[0].add(act.sum())


def roots(sys):
    return jnp.array([p == -1 for p in sys.link_parents])


def mask_pairs(sys):
    si = []
    ranges = sys.dof_ranges()
    for i in range(len(sys.link_parents)):
        j = i
        while j > -1:
            si.extend(ranges[j])
            j = sys.link_parents[j]
    return jnp.array(si)


def integrate(sys, qd):
    if sys.inv_iterations == 0:
        return jnp.linalg.solve(jnp.eye(sys.qd_size()) + 1.0, qd)
    return qd * 0.5


@jax.jit
def step(sys, act, qd):
    links = jnp.arange(sys.num_links())
    tau = to_tau(sys, act)
    for i in range(sys.num_links()):
        tau = tau + links[i]
    return integrate(sys, qd + tau), roots(sys), mask_pairs(sys)


def per_link(sys, link):
    return jnp.arange(sys.num_links()) == link


def all_links(sys):
    return jax.vmap(per_link, in_axes=(None, 0))(sys, jnp.arange(sys.num_links()))


@jax.jit
def halo(grid):
    pad = grid.halo
    shape = list(grid.cells.shape)
    shape[0] = pad
    p = jnp.ones(shape)
    for i, f in enumerate(grid.factors):
        _, ragged = divmod(grid.cells.shape[i], f)
        assert ragged == 0
    return jnp.concatenate([p, grid.cells[pad:-pad], p])


@jax.jit
def table_sum(t):
    return t.values[: t.width()].sum() if t.width() > 1 else t.values.sum()


def _model():
    return Model(jnp.ones(3), jnp.ones(4), "f12", (-1, 0, 1), 0)


RUNS = [
    lambda: step(_model(), jnp.ones(2), jnp.ones(9)),
    lambda: jax.jit(all_links)(_model()),
    lambda: halo(Grid(jnp.ones((8, 4)), (2, 2), 2)),
    lambda: table_sum(Table(jnp.ones(5), ("a", "b"))),
]
