# Report: PyAutoLabs/PyAutoGalaxy#408 https://github.com/PyAutoLabs/PyAutoGalaxy/pull/408
# Class: 1 (values inside containers and objects: a multipole's fitted components, stored on the object, wrapped by Python `while` loops)
# Rule: JG102
# Reduced: making the ellipse-fitting geometry trace under `jax.jit` meant to "rewrite
# `EllipseMultipole.get_shape_angle`'s two Python `while` loops as a single `xp.mod` arithmetic
# wrap" (issue #407: "Rewrote ... as `xp.mod(angle + period/2, period) - period/2` so the method
# is JIT-traceable"): the angle comes from the multipole components, which the JAX likelihood
# traces, and `while angle < -period / 2:` asks for its truth value. Here a jitted perturbation
# of an ellipse builds the multipole from the traced components and reads its shape angle. Fix
# (the PR's): the modular wrap.
import jax
import jax.numpy as jnp
import numpy as np


class EllipseMultipole:
    def __init__(self, m=4, multipole_comps=(0.0, 0.0)):
        self.m = m
        self.multipole_comps = multipole_comps

    def amplitude(self, xp=np):
        return xp.sqrt(self.multipole_comps[0] ** 2 + self.multipole_comps[1] ** 2)

    def raw_angle(self, xp=np):
        return xp.arctan2(self.multipole_comps[0], self.multipole_comps[1]) * 180.0 / xp.pi / self.m + 45.0


# --- must be flagged ---


class WhileWrappedMultipole(EllipseMultipole):
    def get_shape_angle(self, xp=np):
        period = 360.0 / self.m
        angle = self.raw_angle(xp=xp)
        while angle < -period / 2.0:  # expect: JG102
            angle += period
        while angle > period / 2.0:
            angle -= period
        return angle


@jax.jit
def perturbed_radii(comps, phi):
    multipole = WhileWrappedMultipole(m=4, multipole_comps=(comps[0], comps[1]))
    angle = multipole.get_shape_angle(xp=jnp)
    return 1.0 + multipole.amplitude(xp=jnp) * jnp.cos(multipole.m * (phi - jnp.deg2rad(angle)))


def fit():
    return perturbed_radii(jnp.array([0.05, 0.02]), jnp.linspace(0.0, 2 * jnp.pi, 16))


# --- must not be flagged ---


class ModWrappedMultipole(EllipseMultipole):
    def get_shape_angle(self, xp=np):
        period = 360.0 / self.m
        angle = self.raw_angle(xp=xp)
        return xp.mod(angle + period / 2.0, period) - period / 2.0


@jax.jit
def perturbed_radii_mod(comps, phi):
    multipole = ModWrappedMultipole(4, tuple(comps))
    phase = phi - jnp.deg2rad(multipole.get_shape_angle(xp=jnp))
    return 1.0 + multipole.amplitude(xp=jnp) * jnp.cos(multipole.m * phase)


def fit_mod():
    phi = jnp.linspace(0.0, 2 * jnp.pi, 16)
    return perturbed_radii_mod(jnp.array([0.05, 0.02]), phi)


RAISES = [(fit, "TracerBoolConversionError")]
RUNS = [fit_mod]
