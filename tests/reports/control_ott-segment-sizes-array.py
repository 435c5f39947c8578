# Report: ott-jax/ott#114 https://github.com/ott-jax/ott/pull/114
# Class: 3 (everything created inside jit is traced: segment sizes given as a jnp array)
# Rule: JG103
# Reduced: the review's failing test calls the segment interface inside `@jax.jit` with
# `num_per_segment_x=jnp.array([10, 10])`; the segmenting helper takes the padding size as
# `max(num_per_segment)` (Python's max compares the traced elements). The library's docstring
# now says the sizes "must be a tuple and not a jnp.ndarray to allow jitting": the fix.
import jax
import jax.numpy as jnp


def segment_point_cloud(x, num_per_segment):
    num = x.shape[0]
    max_measure_size = max(num_per_segment)  # expect: JG103
    num_segments = len(num_per_segment)
    segment_ids = jnp.arange(num_segments).repeat(jnp.asarray(num_per_segment), total_repeat_length=num)
    max_measure_size = min(max_measure_size, num)
    out = []
    for i in range(num_segments):
        idx = jnp.where(segment_ids == i, jnp.arange(num), num + 1)
        idx = jax.lax.dynamic_slice(jnp.sort(idx), (0,), (max_measure_size,))
        out.append(x.at[idx].get(mode="fill", fill_value=0.0))
    return jnp.stack(out)


def segment_interface(x, num_per_segment_x):
    return segment_point_cloud(x, num_per_segment_x).sum(axis=1)


# --- must be flagged ---


@jax.jit
def test():
    x = jnp.ones((20, 3))
    return segment_interface(x, num_per_segment_x=jnp.array([10, 10]))


def bug():
    return test()


# --- must not be flagged ---


@jax.jit
def test_tuple():
    x = jnp.ones((20, 3))
    return segment_interface(x, num_per_segment_x=(10, 10))


def fixed():
    return test_tuple()


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
