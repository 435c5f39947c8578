# Report: https://github.com/ARHashemi/JAXTrace (the note "Phase 3E: Particle Tracking Fix (JAX Tracing Issue)", on jaxtrace/fields/shared_octree_fem_field.py: "Falling back to step-by-step path (JAX scan failed): Abstract tracer value encountered where concrete value is expected: traced array with shape int32[] / The problem arose with the `int` function.")
# Class: 1 (values inside containers and objects: a Python dict keyed by a time step, read with a traced index)
# Rule: JG104
# Reduced: the field object keeps one precomputed octree per time step in a Python dict
# `_hash_octree_cache`; `_find_temporal_indices_jax` finds the bracketing steps of a time with
# `jnp.searchsorted`, and `_sample_field_gpu_single_timestep` computed `revolution_idx =
# int(timestep_idx) - self.revolution_start_idx` to pick the dict entry. The tracker integrates
# with a jitted `lax.scan` whose time is traced, so `int(...)` raised ConcretizationTypeError
# (the tracker caught it and fell back to a slow Python loop; 183 minutes for 6000 particles).
# Here the octree is a velocity array per step and the integrator a forward Euler step. Fix (the
# note's): the dict lookup moved into a host function called with `io_callback`, which receives
# NumPy values and may call `int()`.
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


def track(sample, x0, t0, dt, n_steps):
    @jax.jit
    def run(x0, t0):
        def step(carry, _):
            x, t = carry
            return (x + dt * sample(x, t), t + dt), x

        return jax.lax.scan(step, (x0, t0), None, length=n_steps)[0][0]

    return run(x0, t0)


class SharedOctreeField:
    def __init__(self, times, velocities, revolution_start_idx=0):
        self._times = np.asarray(times, dtype=np.float32)
        self.revolution_start_idx = revolution_start_idx
        self._hash_octree_cache = {i: np.asarray(v, dtype=np.float32) for i, v in enumerate(velocities)}

    def _find_temporal_indices_jax(self, t):
        times = jnp.asarray(self._times)
        right = jnp.clip(jnp.searchsorted(times, t), 1, times.shape[0] - 1)
        return right - 1, right

    # --- must be flagged ---

    def _sample_field_gpu_single_timestep(self, positions, timestep_idx):
        revolution_idx = int(timestep_idx) - self.revolution_start_idx  # expect: JG104
        octree = self._hash_octree_cache[revolution_idx]
        return jnp.broadcast_to(jnp.asarray(octree), positions.shape)

    def sample(self, positions, t):
        left_idx, _ = self._find_temporal_indices_jax(t)
        return self._sample_field_gpu_single_timestep(positions, left_idx)

    # --- must not be flagged ---

    def _host_timestep_sample(self, positions_np, timestep_np):
        revolution = int(timestep_np) - self.revolution_start_idx
        octree = self._hash_octree_cache[revolution]
        return np.broadcast_to(octree, positions_np.shape).astype(np.float32)

    def sample_with_callback(self, positions, t):
        left_idx, _ = self._find_temporal_indices_jax(t)
        shape = jax.ShapeDtypeStruct(positions.shape, jnp.float32)
        return io_callback(self._host_timestep_sample, shape, positions, left_idx)


def _field():
    return SharedOctreeField([0.0, 1.0, 2.0, 3.0], [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 1.0, 0.0]])


RAISES = [(lambda: track(_field().sample, jnp.zeros((5, 3)), 0.5, 0.1, 4), "ConcretizationTypeError")]
RUNS = [lambda: track(_field().sample_with_callback, jnp.zeros((5, 3)), 0.5, 0.1, 4)]
