"""The mechanisms of the recall session of 2026-12-06 (docs/recall.md, "fix-recall16"), each written
in shapes of our own (none keyed on the reports they came from: jax-md#249): the lines marked
``# flag`` get the code and nothing else is reported, and each program runs under JAX 0.10.2 as
its oracle says (a raised error, or it runs)."""

from __future__ import annotations

from tests.mechanisms import case_tests

PRELUDE = """\
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as onp


@partial(jax.tree_util.register_dataclass, data_fields=["nodes"], meta_fields=["shape"])
@dataclasses.dataclass(frozen=True)
class Mesh:
    nodes: jax.Array
    shape: object


@jax.jit
def relax(mesh):
    return mesh.nodes * 0.5
"""

CASES: dict[str, tuple[str | None, str, str | None]] = {
    # -- JG203: metadata arrays made anew by a helper the module runs more than once
    "helper_run_in_a_loop": ("JG203", """
        EXTENT = jnp.array([2.0, 3.0, 4.0])


        def refine(nodes, extent, h):
            mesh = Mesh(nodes, jnp.ceil(extent / h))
            return relax(mesh)  # flag


        def main():
            out = []
            for h in (0.5, 0.25):
                out.append(refine(jnp.zeros(3), EXTENT, h))
            return out
        """, "ValueError"),
    "numpy_arithmetic_at_two_sites": ("JG203", """
        SIDES = onp.array([4, 4])


        def build(nodes, sides):
            return relax(Mesh(nodes, sides * 2))  # flag


        def main():
            build(jnp.zeros(3), SIDES)
            return build(jnp.ones(3), SIDES)
        """, "ValueError"),
    "helper_run_once": (None, """
        EXTENT = jnp.array([2.0, 3.0, 4.0])


        def refine(nodes, extent, h):
            return relax(Mesh(nodes, jnp.ceil(extent / h)))


        def main():
            return refine(jnp.zeros(3), EXTENT, 0.5)
        """, None),
    "same_array_object_every_run": (None, """
        EXTENT = jnp.array([2.0, 3.0, 4.0])


        def refine(nodes, extent):
            return relax(Mesh(nodes, jnp.asarray(extent)))  # `jnp.asarray` of a JAX array returns it


        def main():
            refine(jnp.zeros(3), EXTENT)
            return refine(jnp.ones(3), EXTENT)
        """, None),
    "one_element_every_run": (None, """
        def refine(nodes, extent, h):
            return relax(Mesh(nodes, jnp.ceil(extent / h)))


        def main():
            refine(jnp.zeros(3), 2.0, 0.5)
            return refine(jnp.ones(3), 3.0, 0.5)
        """, None),
    "hashable_values_every_run": (None, """
        EXTENT = jnp.array([2.0, 3.0, 4.0])


        def refine(nodes, extent, h):
            return relax(Mesh(nodes, tuple(int(c) for c in onp.ceil(onp.asarray(extent) / h))))


        def main():
            refine(jnp.zeros(3), EXTENT, 0.5)
            return refine(jnp.ones(3), EXTENT, 0.5)
        """, None),
}

test_recall16_linted, test_recall16_under_jax = case_tests(CASES, PRELUDE, "recall16")
