"""True twin of ``heldout26_optional_pytree_by_decorator_alias.py``: the same alias-registered
dataclass, but one that defines ``__bool__`` from its leaves. ``or`` calls it on the instance
rebuilt from traced leaves, and ``bool()`` of the traced test raises TracerBoolConversionError
under ``jit`` (JAX 0.10.2): the decorator alias leaves a class's own ``__bool__`` in place.
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._heldout26_optional_pytree_by_decorator_alias_boundaries import ActiveWallBC, WallBC


def wall_flux(x, wall_bc: ActiveWallBC | None = None):
    wall_bc = wall_bc or WallBC.empty()  # expect: JG103
    return x + jnp.sum(wall_bc.value)


RAISES = [(lambda: jax.jit(wall_flux)(jnp.ones(3), ActiveWallBC(jnp.ones(2, jnp.int32), jnp.ones(2))), "TracerBoolConversionError")]
