# Report: gbionics/jaxsim#196 https://github.com/gbionics/jaxsim/issues/196
# Class: 1 (values inside containers and objects: a static object whose equality uses jnp on arrays)
# Rule: JG203
# Reduced: "PlaneTerrain eq operator raising TracerBoolConversionError when simulating with
# Optuna": a simulation runs fine once, but inside an Optuna objective (the model, with its
# `PlaneTerrain`, is rebuilt for every trial) `integrator.init(...)` fails with
# TracerBoolConversionError from `PlaneTerrain.__eq__`. The terrain is static metadata of the
# model, so the jitted functions that receive it look it up in their cache by hash and then
# `__eq__`; when the lookup happens inside an enclosing trace, the equal-but-new terrain is
# compared with `jnp.allclose` on its normal array, which is staged to a tracer and cannot be a
# Python bool. Fix (PR #198): store the normal as a tuple of floats and compare with NumPy, so
# equality of the static object is always concrete (JAX 0.10.2 reports the failed comparison as
# ValueError "static arguments should be comparable using __eq__"). The integrator is written as three explicit
# steps of a contact-force update.
import functools

import jax
import jax.numpy as jnp
import numpy as np


class PlaneTerrain:
    def __init__(self, plane_normal, height=0.0):
        self.plane_normal = jnp.array(plane_normal, dtype=float)
        self._height = height

    def height(self, x, y):
        A, B, C = self.plane_normal
        return -(A * x + B * y - C * self._height) / C

    def __hash__(self):
        return hash((self._height, tuple(np.array(self.plane_normal).tolist())))

    def __eq__(self, other):
        if not isinstance(other, PlaneTerrain):
            return False
        return self._height == other._height and jnp.allclose(self.plane_normal, other.plane_normal)


x0 = jnp.array([0.1, 0.2, -0.01])


# --- must be flagged ---


@functools.partial(jax.jit, static_argnames=("terrain",))
def contact_force(x, terrain):
    return jnp.maximum(terrain.height(x[0], x[1]) - x[2], 0.0) * 1e3


def build_simulator(terrain):
    @jax.jit
    def simulate(x):
        for _ in range(3):
            x = x + 0.001 * contact_force(x, terrain=terrain)  # expect: JG203
        return x

    return simulate


def objective():
    terrain = PlaneTerrain([0.0, 0.0, 1.0])
    return build_simulator(terrain)(x0)


def crashes():
    objective()
    return objective()


# --- must not be flagged ---


class PlaneTerrainFixed:
    def __init__(self, plane_normal, height=0.0):
        normal = np.array(plane_normal, dtype=float)
        self._normal = tuple((normal / np.linalg.norm(normal)).tolist())
        self._height = float(height)

    def height(self, x, y):
        A, B, C = self._normal
        return -(A * x + B * y - C * self._height) / C

    def __hash__(self):
        return hash((self._height, self._normal))

    def __eq__(self, other):
        if not isinstance(other, PlaneTerrainFixed):
            return False
        return bool(np.allclose(self._height, other._height) and np.allclose(self._normal, other._normal))


@functools.partial(jax.jit, static_argnames=("terrain",))
def contact_force_fixed(x, terrain):
    return jnp.maximum(terrain.height(x[0], x[1]) - x[2], 0.0) * 1e3


def build_simulator_fixed(terrain):
    @jax.jit
    def simulate(x):
        for _ in range(3):
            x = x + 0.001 * contact_force_fixed(x, terrain=terrain)
        return x

    return simulate


def works():
    build_simulator_fixed(PlaneTerrainFixed([0.0, 0.0, 1.0]))(x0)
    return build_simulator_fixed(PlaneTerrainFixed([0.0, 0.0, 1.0]))(x0)


RAISES = [(crashes, "ValueError")]
RUNS = [works]
