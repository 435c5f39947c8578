# Report: jax-ml/jax#13769 https://github.com/jax-ml/jax/issues/13769
# Class: 4 (NumPy and Python on traced values, deeper: split points converted to an array)
# Rule: JG105
# Reduced: "Improve jnp.split API": carlosgmartin passes a list of plain Python ints (built by
# "a complex series of function calls") as the split points of `jnp.split` inside a jitted
# function; mypy rejects the list, and wrapping it in `jnp.array` makes the split points
# traced, so jit raises ConcretizationTypeError ("in jax.numpy.split argument 1"). jakevdp: jit
# never infers staticness; the points must stay Python values. The surrounding function is
# not shown: the sizes come from a helper, as in the thread.
import jax
import jax.numpy as jnp


def compute_split_points(sizes):
    points, total = [], 0
    for size in sizes[:-1]:
        total += size
        points.append(total)
    return points


# --- must be flagged ---


@jax.jit
def split_heads(x):
    points = compute_split_points([2, 3, 3])
    return jnp.split(x, jnp.array(points))  # expect: JG105


def bug():
    return split_heads(jnp.arange(8.0))



# --- must not be flagged ---


@jax.jit
def split_heads_static(x):
    points = compute_split_points([2, 3, 3])
    return jnp.split(x, points)


def fixed():
    return split_heads_static(jnp.arange(8.0))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
