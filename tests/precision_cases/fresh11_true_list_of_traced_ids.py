"""True look-alike of ``fresh11_list_of_filtered_fields.py``: the list holds ``jnp.asarray(
joint.a_id)``, a JAX operation the filter_jit trace stages, so each element is a tracer and
``assert id < n`` raises TracerBoolConversionError (JAX 0.10.2)."""

import equinox as eqx
import jax.numpy as jnp


class Joint(eqx.Module):
    a_id: int


class World(eqx.Module):
    pos: jnp.ndarray
    joints: dict

    def entity(self, id):
        assert id < self.pos.shape[0], "out of bounds"  # expect: JG103
        return self.pos[id]

    @eqx.filter_jit
    def step(self):
        ids = []
        for a in range(self.pos.shape[0]):
            joint = self.joints.get(a, None)
            if joint is not None:
                ids.append(jnp.asarray(joint.a_id))
        return [self.entity(i) for i in ids]


RAISES = [(lambda: World(jnp.ones((3, 2)), {0: Joint(0), 1: Joint(1)}).step(), "TracerBoolConversionError")]
