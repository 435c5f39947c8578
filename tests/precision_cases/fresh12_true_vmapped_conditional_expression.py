"""True (held-out 12): a Python conditional expression on a comparison of two values computed
from the arguments of a ``jax.vmap``-decorated function. Under ``vmap`` the arguments are batch
tracers, ``sep_a > sep_b`` is a traced boolean, and ``a if is_a_best else b`` calls its
``__bool__``: TracerBoolConversionError (JAX 0.10.2), at the first call. The lines around it
select with ``jnp.where(is_a_best, ...)``, which is the fix for this one too.

Seen as (held-out 12): a 2D physics engine's ``_polygon_to_polygon_impl`` (``@jax.vmap``),
``world_normal = a_pos.rotate(raw_normal) if is_a_best else b_pos.rotate(raw_normal)``, reached
whenever two polygons collide (1 JG101 finding).
"""

import jax
import jax.numpy as jnp


@jax.vmap
def polygon_contact(a_normals, b_normals, a_angle, b_angle):
    sep_a = jnp.max(a_normals)
    sep_b = jnp.max(b_normals)
    is_a_best = sep_a > sep_b
    raw_normal = jnp.where(is_a_best, a_normals[0], -b_normals[0])
    world_normal = raw_normal * a_angle if is_a_best else raw_normal * b_angle  # expect: JG101
    return world_normal


RAISES = [(lambda: polygon_contact(jnp.ones((4, 3)), jnp.zeros((4, 3)), jnp.ones(4), jnp.ones(4)),
           "TracerBoolConversionError")]
