"""Under ``equinox.filter_jit`` a module's Python fields stay Python values (only its arrays are
traced), and a list holds what is appended to it: a joint's ``a_id: int`` read from a list of
joints is a Python int, so ``assert id < n`` in the helper it is passed to is a Python test.

``eqx.filter_jit`` traces the array leaves of its arguments and keeps every other leaf static. A
value read off such an argument may be a Python number (jitguard does not report its truth
value); appending it to a list and iterating the list gives it back unchanged. Runs under JAX
0.10.2.
(``tests/precision_cases/fresh11_true_list_of_traced_ids.py``: the same list holding
``jnp.asarray(joint.a_id)``, arrays the trace stages, raises TracerBoolConversionError.)

Seen as (held-out 11): a vectorised multi-agent simulator's world step, ``joint =
self._joints.get(frozenset({a.id, b.id}), None); joints.append(joint)``, then
``self._vectorized_joint_constraints(joints)``, whose loop calls ``self.entity_id_to_entity(
joint.entity_a_id)`` (``assert id < len(self.entities)``) (1 finding).
"""

import equinox as eqx
import jax.numpy as jnp


class Joint(eqx.Module):
    a_id: int
    b_id: int


class World(eqx.Module):
    pos: jnp.ndarray
    joints: dict

    def entity(self, id: int):
        assert id < self.pos.shape[0], f"entity {id} out of bounds"
        return self.pos[id]

    def _constraints(self, joints: list):
        out = []
        for joint in joints:
            out.append(self.entity(joint.a_id) - self.entity(joint.b_id))
        return out

    @eqx.filter_jit
    def step(self):
        joints = []
        for a in range(self.pos.shape[0]):
            joint = self.joints.get(a, None)
            if joint is not None:
                joints.append(joint)
        return self._constraints(joints)


RUNS = [lambda: World(jnp.ones((3, 2)), {0: Joint(0, 1), 1: Joint(1, 2)}).step()]
