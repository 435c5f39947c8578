"""``wall_bc = wall_bc or WallBC.empty()`` on a parameter annotated ``WallBC | None``, where
``WallBC`` (another module) is a frozen dataclass decorated with ``@_pytree_base``, a module-level
alias of ``jax.tree_util.register_pytree_node_class``. The alias is that decorator: it registers
the class and returns it unchanged, adding no ``__bool__`` or ``__len__``, so an instance (rebuilt
from traced leaves under ``jit``) is always true and ``or`` only tests whether one was passed, at
trace time (JAX 0.10.2: runs jitted with and without the boundary data).

Seen as: the twenty-sixth held-out set's edge-plasma code (docs/precision.md, "26th held-out
set"): its cut-wall boundary data in the perpendicular Laplacian stencil (2 findings before,
JG103).
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._heldout26_optional_pytree_by_decorator_alias_boundaries import WallBC


def wall_flux(x, wall_bc: WallBC | None = None):
    wall_bc = wall_bc or WallBC.empty()
    return x + jnp.sum(wall_bc.value)


RUNS = [
    lambda: jax.jit(wall_flux)(jnp.ones(3), WallBC(jnp.ones(2, jnp.int32), jnp.ones(2))),
    lambda: jax.jit(wall_flux)(jnp.ones(3)),
]
