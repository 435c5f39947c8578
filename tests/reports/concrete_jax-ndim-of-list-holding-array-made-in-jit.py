# Report: jax-ml/jax#12083 https://github.com/jax-ml/jax/issues/12083
# Class: 3 (everything created inside jit is traced: an array made in the function, inside a list)
# Rule: JG104
# Reduced: "`jax.numpy.ndim` works on non-arrays, but not during tracing": `func = lambda x: x +
# jnp.ndim([jnp.ones(1)])` runs eagerly (`jnp.ndim` falls back to `np.ndim`, which builds a NumPy
# array from the list) but `jax.jit(func)(0.)` raises TracerArrayConversionError: under jit the
# `jnp.ones(1)` in the list is a tracer, and `np.ndim` calls `__array__` on it. The rank of a
# list of equal-shape arrays is that of their stack, which JAX builds from tracers
# (`jnp.ndim(jnp.stack(parts))`), or one plus the rank of an element.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def offset_by_rank(x):
    parts = [jnp.ones(1)]
    return x + jnp.ndim(parts)  # expect: JG104


def bug():
    return offset_by_rank(0.0)


# --- must not be flagged ---


@jax.jit
def offset_by_stacked_rank(x):
    parts = [jnp.ones(1)]
    return x + jnp.ndim(jnp.stack(parts))


def fixed():
    return offset_by_stacked_rank(0.0)


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
