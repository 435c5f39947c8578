# Report: PennyLaneAI/pennylane#1894 https://github.com/PennyLaneAI/pennylane/pull/1894
# Class: 4 (Python and NumPy on traced values, deeper: a numerical shortcut in a compilation transform, taken on traced gate angles)
# Rule: JG101
# Reduced: "Make compilation transforms support `jax.jit`": the optimization transforms
# (`merge_rotations`, the ZYZ fusion in `optimization_utils`) "removes conditional statements
# where possible ... to enable `jax.jit` support for compiled QNodes". The fusion of two `Rot`
# gates skipped the full YZY->ZYZ conversion when an angle was (close to) zero, with Python `if`s
# on the angles; under `jax.jit` the angles are tracers (TracerBoolConversionError). The exact old
# code is not in the thread; here `fuse_rot_angles` with such a shortcut, `qml.math.allclose`
# written as `jnp.allclose`, and the (simplified) ZYZ fusion. Fix (the PR's direction): no branch
# on the angles (one formula for every case, or `lax.cond` when tracing).
import jax
import jax.numpy as jnp


def _yzy_to_zyz(middle_yzy):
    y1, z, y2 = middle_yzy
    return jnp.stack([z * 0.0 + y1 * 0.0, y1 + y2, z])


# --- must be flagged ---


def fuse_rot_angles(angles_1, angles_2):
    left_z = angles_1[0]
    middle_yzy = jnp.stack([angles_1[1], angles_1[2] + angles_2[0], angles_2[1]])
    right_z = angles_2[2]
    if jnp.allclose(middle_yzy[1], 0.0):  # expect: JG101
        return jnp.stack([left_z, middle_yzy[0] + middle_yzy[2], right_z])
    u, v, w = _yzy_to_zyz(middle_yzy)
    return jnp.stack([left_z + u, v, w + right_z])


def bug():
    return jax.jit(fuse_rot_angles)(jnp.array([0.1, 0.2, 0.3]), jnp.array([0.4, 0.5, 0.6]))


# --- must not be flagged ---


def fuse_rot_angles_branchless(angles_1, angles_2):
    left_z = angles_1[0]
    middle_yzy = jnp.stack([angles_1[1], angles_1[2] + angles_2[0], angles_2[1]])
    right_z = angles_2[2]
    u, v, w = _yzy_to_zyz(middle_yzy)
    return jnp.stack([left_z + u, v, w + right_z])


def fixed():
    return jax.jit(fuse_rot_angles_branchless)(jnp.array([0.1, 0.2, 0.3]), jnp.array([0.4, 0.5, 0.6]))


def eager():
    return fuse_rot_angles(jnp.array([0.1, 0.2, 0.3]), jnp.array([0.4, 0.5, 0.6]))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed, eager]
