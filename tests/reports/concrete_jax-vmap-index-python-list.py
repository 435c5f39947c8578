# Report: jax-ml/jax#4309 https://github.com/jax-ml/jax/issues/4309
# Class: 4 (a Python list indexed by a vmapped index)
# Rule: JG104
# Reduced: a double loop is flattened into a Python list of (j, i) pairs and the inner loop is
# vmapped over `n`; `j, i = newMap[n]` indexes the list with a batched tracer. Fix: make the
# pairs an array and index it.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def get_feature(x, res_map):
    new_map = []
    for j in range(res_map.shape[0] - 1):
        for i in range(res_map.shape[1] - 1):
            new_map.append([j, i])

    def inner_loop(n):
        j, i = new_map[n]  # expect: JG104
        return x[res_map[j, i]] + x[res_map[j, i + 1]]

    return jax.vmap(inner_loop)(jnp.arange(len(new_map)))


def bug():
    return get_feature(jnp.arange(10.0), jnp.arange(9).reshape(3, 3))


# --- must not be flagged ---


def get_feature_array(x, res_map):
    pairs = jnp.array([[j, i] for j in range(res_map.shape[0] - 1) for i in range(res_map.shape[1] - 1)])

    def inner_loop(n):
        j, i = pairs[n]
        return x[res_map[j, i]] + x[res_map[j, i + 1]]

    return jax.vmap(inner_loop)(jnp.arange(pairs.shape[0]))


def fixed():
    return get_feature_array(jnp.arange(10.0), jnp.arange(9).reshape(3, 3))


RAISES = [(bug, "TracerIntegerConversionError")]
RUNS = [fixed]
