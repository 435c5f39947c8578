"""The true look-alike of `precgaps_fields_of_collected_objects.py`: the attribute read back from
the list or dict is the traced one (`p.mass`, built from the jitted argument), so each test takes a
tracer's truth value: TracerBoolConversionError under `jit` (JAX 0.10.2)."""

import jax
import jax.numpy as jnp


class Particle:
    """A mass and the index of its cell."""

    def __init__(self, mass, cell):
        self.mass, self.cell = mass, cell


@jax.jit
def heavy_after_append(m):
    group = []
    for c in (4, 5):
        group.append(Particle(m / c, c))
    return sum(1 for p in group if p.mass < 2)  # expect: JG101


@jax.jit
def heavy_after_add(m):
    group = [Particle(m, 9)]
    group += [Particle(-m, 8)]
    total = jnp.zeros(())
    for i, p in enumerate(group):
        while p.mass > i:  # expect: JG102
            total = total + 1
            break
    return total


@jax.jit
def heavy_in_pairs(m):
    group = [Particle(m * c, c) for c in range(3)]
    return [a.cell for a, b in zip(group, group[1:]) if a.mass != b.mass]  # expect: JG101


@jax.jit
def heavy_by_name(m):
    cells = {}
    cells["near"] = Particle(m, 1)
    cells["far"] = Particle(2 * m, 2)
    assert all(p.mass > 0 for _, p in cells.items())  # expect: JG103
    return m


RAISES = [
    (lambda: heavy_after_append(jnp.array(3.0)), "TracerBoolConversionError"),
    (lambda: heavy_after_add(jnp.array(3.0)), "TracerBoolConversionError"),
    (lambda: heavy_in_pairs(jnp.array(3.0)), "TracerBoolConversionError"),
    (lambda: heavy_by_name(jnp.array(3.0)), "TracerBoolConversionError"),
]
