"""JG203 unhashable-static, a static argument whose dataclass `__eq__` compares an array field:
examples that must and must not be flagged.

A jitted function finds its compiled program by the hash of each static argument, then compares
it with the cached one by `==`. A `@dataclass` gets a generated `__eq__` that compares the tuples
of its fields, taking the truth value of each field's `==`: for an array of more than one element
that is ValueError. With a `__hash__` of its own over other fields, two instances built with the
same values there hash alike, so the second one passed at the static position is compared with
the first and the call raises (JAX 0.10.2; the cache outlives the function that filled it, so any
later call with an equal-hash instance raises: each function here uses names of its own). The same instance again (Python compares identity
first), instances whose hashed fields differ, or an array of one element, run.
"""

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Robot:
    name: str
    base_position: jax.Array

    def __hash__(self):
        return hash(self.name)


@partial(jax.jit, static_argnames=("robot",))
def shifted(robot, offset):
    return robot.base_position + offset


# --- must be flagged ---------------------------------------------------------------------------


def two_equal_robots():
    first = Robot("arm", jnp.array([0.0, 0.5, 1.0]))
    second = Robot("arm", jnp.array([0.0, 0.5, 1.0]))
    shifted(robot=first, offset=1.0)
    return shifted(robot=second, offset=1.0)  # expect: JG203


def rebuilt_positionally():
    shifted(Robot("leg", jnp.zeros(2)), 0.0)
    return shifted(Robot("leg", jnp.zeros(2)), 0.0)  # expect: JG203


# --- must not be flagged ---------------------------------------------------------------------


def same_robot_twice():
    robot = Robot("base", jnp.array([0.0, 0.5, 1.0]))
    shifted(robot=robot, offset=1.0)
    return shifted(robot=robot, offset=2.0)


def robots_with_other_names():
    shifted(robot=Robot("elbow", jnp.array([0.0, 0.5, 1.0])), offset=1.0)
    return shifted(robot=Robot("wrist", jnp.array([0.0, 0.5, 1.0])), offset=1.0)


def one_element_positions():
    shifted(robot=Robot("finger", jnp.array([0.5])), offset=1.0)
    return shifted(robot=Robot("finger", jnp.array([0.5])), offset=1.0)


RAISES = [(two_equal_robots, "ValueError"), (rebuilt_positionally, "ValueError")]
RUNS = [same_robot_twice, robots_with_other_names, one_element_positions]
