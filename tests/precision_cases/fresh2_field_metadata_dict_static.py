"""A dataclass field declared `dataclasses.field(metadata={"pytree_node": False})` is aux data
when the class is registered by a decorator that reads that metadata (what `flax.struct.field(
pytree_node=False)` writes, and what `flax.struct.dataclass` and similar decorators read): under
`jax.vmap`/`jax.jit` the field keeps its Python value (a dict of axis positions, a shape tuple),
so comparisons and branches on it, and on values read from it, are static (checked on JAX
0.10.2).

Seen as (held-out 2): a named-axis array view registered by the library's own
`pytree_dataclass` decorator, with `data_axis_for_name: dict = dataclasses.field(metadata=
{"pytree_node": False})`; a recursive function vmapped once per axis name (via
`functools.partial`) reads `vmap_axis = view.data_axis_for_name[name]` and shifts the other axes
in a nested helper: `assert other != vmap_axis`, `if other < vmap_axis:`. And a frozen variable
value with `label = dataclasses.field(metadata={"pytree_node": False})`, thawed inside a jitted
wrapper, whose `get_slot()` returns `Slot(label=self.label)`: `if var_slot in substitution:`.
"""

import dataclasses
import functools

import jax
import jax.numpy as jnp


def pytree_dataclass(cls):
    cls = dataclasses.dataclass(frozen=True)(cls)
    fields = dataclasses.fields(cls)
    meta = [f.name for f in fields if not f.metadata.get("pytree_node", True)]
    data = [f.name for f in fields if f.metadata.get("pytree_node", True)]
    return jax.tree_util.register_dataclass(cls, data_fields=data, meta_fields=meta)


@pytree_dataclass
class AxisView:
    data: jax.Array
    axis_for_name: dict = dataclasses.field(metadata={"pytree_node": False})
    shape: tuple = dataclasses.field(metadata={"pytree_node": False})


def named_map(fun, views):
    names = sorted({name for view in views for name in view.axis_for_name})

    def step(current, remaining):
        if not remaining:
            return fun([view.data for view in current])
        name = remaining[0]
        reduced, axes = [], []
        for view in current:
            if name in view.axis_for_name:
                mapped = view.axis_for_name[name]
                axes.append(mapped)

                def shift(other):
                    assert other != mapped
                    if other < mapped:
                        return other
                    return other - 1

                reduced.append(
                    AxisView(
                        view.data,
                        {n: shift(a) for n, a in view.axis_for_name.items() if n != name},
                        view.shape[:mapped] + view.shape[mapped + 1 :],
                    )
                )
            else:
                axes.append(None)
                reduced.append(view)
        return jax.vmap(functools.partial(step, remaining=remaining[1:]), in_axes=(axes,))(reduced)

    return step(views, names)


@pytree_dataclass
class Slot:
    label: str = dataclasses.field(metadata={"pytree_node": False})


@pytree_dataclass
class FrozenVariable:
    value: jax.Array
    label: str = dataclasses.field(metadata={"pytree_node": False})

    def get_slot(self):
        return Slot(label=self.label)


def bind(tree, variables):
    substitution = {}
    for var in variables:
        var_slot = var.get_slot()
        if var_slot in substitution:
            raise ValueError(f"two variables for {var_slot}")
        substitution[var_slot] = var
    leaves, treedef = jax.tree_util.tree_flatten(tree, is_leaf=lambda x: isinstance(x, Slot))
    return treedef.unflatten([substitution[x].value if isinstance(x, Slot) else x for x in leaves])


@jax.jit
def apply_bound(tree, frozen_variables):
    bound = bind(tree, frozen_variables)
    return bound["w"] * bound["x"]


RUNS = [
    lambda: apply_bound({"w": Slot("w"), "x": jnp.arange(3.0)}, [FrozenVariable(jnp.ones(3) * 2, "w")]),
    lambda: named_map(
        lambda xs: xs[0] * xs[1].sum(),
        [
            AxisView(jnp.ones((2, 3)), {"batch": 0, "seq": 1}, (2, 3)),
            AxisView(jnp.arange(4.0), {}, (4,)),
        ],
    ),
    lambda: jax.jit(lambda a: named_map(lambda xs: xs[0] + 1, [AxisView(a, {"i": 1, "j": 0}, a.shape)]))(jnp.ones((3, 2))),
]
