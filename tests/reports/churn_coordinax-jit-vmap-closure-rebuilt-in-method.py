# Report: GalacticDynamics/coordinax#785 https://github.com/GalacticDynamics/coordinax/pull/785 ("document jit-identity closures")
# Class: 6 (churn from call structure: a method that builds a new jitted closure on every call, called in a loop)
# Rule: JG301
# Reduced: "`jax.jit` caches on the Python identity of the wrapped function, not argument
# equality, so rebuilding the closure inside a loop or method recompiles on every call.
# Measured: ~4000x (30ms vs 7us per call)"; the guide's right pattern builds the `jit`/`vmap`
# closure once. Here a frame object's method builds `jax.jit(jax.vmap(lambda p: ...))` each time
# it is called, and a helper that receives the frame as a parameter calls it for every batch of
# points (checked on JAX 0.10.2: one compile per call). Fix: build the jitted map once, in
# `__init__`, and reuse it.
import jax
import jax.numpy as jnp


class Rotation:
    def __init__(self, angle):
        self.c, self.s = jnp.cos(angle), jnp.sin(angle)

    def _act(self, p):
        return jnp.array([self.c * p[0] - self.s * p[1], self.s * p[0] + self.c * p[1]])

    def transform(self, points):
        pt_map = jax.jit(jax.vmap(lambda p: self._act(p)))  # expect: JG301
        return pt_map(points)


class CachedRotation(Rotation):
    def __init__(self, angle):
        super().__init__(angle)
        self._pt_map = jax.jit(jax.vmap(self._act))

    def transform(self, points):
        return self._pt_map(points)


def transform_batches(frame, n):
    return [frame.transform(jnp.full((4, 2), float(i))) for i in range(n)]


# --- must be flagged ---


def run(n):
    return transform_batches(Rotation(0.3), n)


# --- must not be flagged ---


def run_fixed(n):
    return transform_batches(CachedRotation(0.3), n)


GROWS = [run]
BOUNDED = [run_fixed]
