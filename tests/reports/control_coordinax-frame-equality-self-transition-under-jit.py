# Report: GalacticDynamics/coordinax#940 https://github.com/GalacticDynamics/coordinax/issues/940
# Class: 1 (values inside containers and objects: `==` of two pytree frames is an array)
# Rule: JG101
# Reduced: "Frame self-transition: `==` breaks under `jit`": `frame_transition(from_frame, to_frame)`
# takes a fast path `if from_frame == to_frame:`. Frames are equinox Modules (pytrees) whose
# `__eq__` compares the array-valued fields and returns a 0-d jax.Array; eagerly its truth value
# works, but when the frames are jit arguments (the pattern the repo recommends) the comparison is
# traced and the `if` raises. Here the frame is a registered dataclass with two array fields and an
# equinox-like field-wise `__eq__`; the transform is a rotation by the frame's roll angle.
# Fix (the PR's): a structural check that never looks at traced values (`from_frame is to_frame`),
# the rest of the transition is computed with array ops.
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Galactocentric:
    roll: jax.Array
    z_sun: jax.Array

    def __eq__(self, other):
        return jnp.logical_and(jnp.all(self.roll == other.roll), jnp.all(self.z_sun == other.z_sun))


def rotation(angle):
    c, s = jnp.cos(angle), jnp.sin(angle)
    return jnp.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


def identity(q):
    return q


# --- must be flagged ---


def frame_transition(from_frame, to_frame):
    if from_frame == to_frame:  # expect: JG101
        return identity
    R = rotation(to_frame.roll - from_frame.roll)
    return lambda q: R @ q + (to_frame.z_sun - from_frame.z_sun)


def bug():
    a = Galactocentric(jnp.asarray(0.0), jnp.asarray(20.8))
    b = Galactocentric(jnp.asarray(0.17), jnp.asarray(20.8))
    return jax.jit(lambda a, b: frame_transition(a, b)(jnp.array([1.0, 2.0, 3.0])))(a, b)


# --- must not be flagged ---


def frame_transition_ok(from_frame, to_frame):
    if from_frame is to_frame:
        return identity
    R = rotation(to_frame.roll - from_frame.roll)
    return lambda q: R @ q + (to_frame.z_sun - from_frame.z_sun)


def fixed():
    a = Galactocentric(jnp.asarray(0.0), jnp.asarray(20.8))
    b = Galactocentric(jnp.asarray(0.17), jnp.asarray(20.8))
    return jax.jit(lambda a, b: frame_transition_ok(a, b)(jnp.array([1.0, 2.0, 3.0])))(a, b)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
