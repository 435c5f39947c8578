"""JG101 on a field a `dataclasses.replace` call fills with a traced value.

`dataclasses.replace(obj, field=v)` builds a new instance of `obj`'s class with `field` set to
`v` and the other fields copied from `obj`: inside `jax.jit` a traced `v` is a traced field, so a
method's `if` on it raises TracerBoolConversionError (JAX 0.10.2; soromox#152: parameters rebuilt
with a traced base pose, then validated). Also when `obj` is a parameter of a helper whose calls
all pass an instance of one class. Legal: a field replaced with a Python value, a method that
branches only on the fields kept static, and the check moved outside the jitted function.
"""

import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Pose:
    angles: jnp.ndarray
    limit: float = 10.0

    def check(self):
        if jnp.any(jnp.abs(self.angles) > self.limit):  # expect: JG101
            raise ValueError("out of range")
        return self

    def scaled(self, x):
        if self.limit > 5.0:
            return x * self.limit
        return x


def with_angle(pose, theta):
    return dataclasses.replace(pose, angles=jnp.array([0.0, theta])).check()


# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def rotate(x, theta):
    return x * with_angle(Pose(jnp.zeros(2)), theta).angles[1]


@jax.jit
def rotate_inline(x, theta):
    pose = dataclasses.replace(Pose(jnp.zeros(2)), angles=x * theta)
    return pose.check().angles


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def rotate_static_limit(x, theta):
    pose = dataclasses.replace(Pose(jnp.zeros(2)), limit=20.0, angles=jnp.array([0.0, theta]))
    return pose.scaled(x)


def rotate_checked_outside(x, theta):
    Pose(jnp.array([0.0, theta])).check()
    return jax.jit(lambda a, t: a * t)(x, theta)


RAISES = [(lambda: rotate(jnp.ones(2), 0.5), "TracerBoolConversionError"),
          (lambda: rotate_inline(jnp.ones(2), 0.5), "TracerBoolConversionError")]
RUNS = [lambda: rotate_static_limit(jnp.ones(2), 0.5), lambda: rotate_checked_outside(jnp.ones(2), 0.5)]
