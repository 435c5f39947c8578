# Report: ott-jax/ott#114 https://github.com/ott-jax/ott/pull/114
# Class: 3 (everything created inside jit is traced: segment sizes given as a jnp array)
# Rule: JG105
# Reduced: the review's failing test calls the segment interface inside `@jax.jit` with
# `num_per_segment_x=jnp.array([10, 10])`; the helper turns the sizes into segment ids with
# `jnp.repeat`, whose output size then depends on traced values. Fix: give the sizes as a
# NumPy array (NumPy values stay concrete inside jit) or pass `total_repeat_length`.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def segment_ids_from_sizes(num_per_segment):
    return jnp.repeat(jnp.arange(len(num_per_segment)), num_per_segment)  # expect: JG105


def segment_interface(x, num_per_segment_x):
    ids = segment_ids_from_sizes(num_per_segment_x)
    return jax.ops.segment_sum(x, ids, num_segments=len(num_per_segment_x))


@jax.jit
def test():
    x = jnp.ones((20, 3))
    return segment_interface(x, num_per_segment_x=jnp.array([10, 10]))


def bug():
    return test()


# --- must not be flagged ---


@jax.jit
def test_numpy():
    x = jnp.ones((20, 3))
    return segment_interface(x, num_per_segment_x=np.array([10, 10]))


def fixed():
    return test_numpy()


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
