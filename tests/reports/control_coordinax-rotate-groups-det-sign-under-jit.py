# Report: GalacticDynamics/coordinax#974 https://github.com/GalacticDynamics/coordinax/pull/974
# Class: 1 (values inside containers and objects: the matrix a transform object holds)
# Rule: JG101
# Reduced: "validate the matrices Rotate, Reflect and Shear rely on" (review thread): the new
# `Rotate.groups()` decides between SO(n) and O(n) with `if jnp.linalg.det(self.R) > 0:`; the
# review flags it and the author confirms that `jax.jit(lambda R: ...Rotate(R).groups()...)`
# raised TracerBoolConversionError. Fix (the PR's follow-up commit): under trace the sign is
# unknowable, so `groups()` answers conservatively (the orthogonal group, true for either sign)
# and keeps the eager distinction. Here the groups are strings, `Rotate` a plain class, and the
# traced caller picks an inverse based on the group membership.
import jax
import jax.numpy as jnp

SO, O = "SpecialOrthogonalGroup", "OrthogonalGroup"


# --- must be flagged ---


class Rotate:
    def __init__(self, R):
        self.R = R

    def groups(self):
        if jnp.linalg.det(self.R) > 0:  # expect: JG101
            return frozenset({SO, O})
        return frozenset({O})

    def inverse_matrix(self):
        return self.R.T if O in self.groups() else jnp.linalg.inv(self.R)


def bug():
    return jax.jit(lambda R: Rotate(R).inverse_matrix())(jnp.eye(3))


# --- must not be flagged ---


class RotateOk(Rotate):
    def groups(self):
        if isinstance(self.R, jax.core.Tracer):
            return frozenset({O})
        if jnp.linalg.det(self.R) > 0:
            return frozenset({SO, O})
        return frozenset({O})


def fixed():
    return jax.jit(lambda R: RotateOk(R).inverse_matrix())(jnp.eye(3))


def fixed_eager():
    return SO in RotateOk(jnp.eye(3)).groups()


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed, fixed_eager]
