# Report: jax-ml/jax#15412 https://github.com/jax-ml/jax/issues/15412
# Class: 6 (churn from data: matrix shapes read from a list of sizes)
# Rule: JG303
# Reduced: the user runs one jitted computation repeatedly with `Lmat` and `Cs` whose sizes come
# from `shape_array = jnp.asarray([940, 929, 971, ...])`; each new size compiles again. The
# issue's computation and matrix sizes (1660 x 14940) are cut down; the excerpt does not show
# how the loop builds the matrices: here `jnp.ones` of the listed size. Fix (bucketing, as in
# jax-ml/jax#803): pad to one size and mask; the fix builds the padded
# matrices with numpy, since eager jnp slicing by a changing size compiles per size too.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


@jax.jit
def compute(Lmat, Cs):
    return jnp.sum(Lmat @ Cs)


def run(n):
    shape_array = jnp.asarray([94, 92, 97, 90, 99, 91])
    out = []
    for k in shape_array[:n]:
        Lmat = jnp.ones((16, int(k)))
        Cs = jnp.ones((int(k), 16))
        out.append(compute(Lmat, Cs))  # expect: JG303
    return out


# --- must not be flagged ---


def run_padded(n, size=100):
    shape_array = np.asarray([94, 92, 97, 90, 99, 91])
    out = []
    for k in shape_array[:n]:
        Lmat = np.zeros((16, size), np.float32)
        Lmat[:, :k] = 1.0
        Cs = np.zeros((size, 16), np.float32)
        Cs[:k] = 1.0
        out.append(compute(Lmat, Cs))
    return out


GROWS = [run]
BOUNDED = [run_padded]
