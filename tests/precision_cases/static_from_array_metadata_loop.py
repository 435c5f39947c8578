"""Static arguments computed from an array's metadata (`len(x.shape) - 1`, a `shape` entry, the
size of a mesh axis its `NamedSharding` splits) inside a loop over the entries of a parameter
dict take one value per distinct layer layout, not one per entry: the compiles are bounded by
the model's structure and do not grow with the number of layers.

Seen as (held-out): maxtext `_fuse_moe_weights`: `for src_key in list(new_src_flat.keys()):`,
`axis = len(wi_0.shape) - 1`, `n_shards = _get_n_shards(matching_tgt, tgt_axis)` (the partition
size from `arr.sharding.mesh`, else 1), then `_interleave_moe_weights(wi_0, wi_1,
fused_shape_tuple, n_shards, axis=axis)` with `static_argnames=("tgt_shape", "n_shards", "axis")`.
"""

import functools

import jax
import jax.numpy as jnp


def get_n_shards(arr, axis):
    sharding = getattr(arr, "sharding", None)
    if isinstance(sharding, jax.sharding.NamedSharding):
        name = sharding.spec[axis] if axis < len(sharding.spec) else None
        return sharding.mesh.shape[name] if isinstance(name, str) else 1
    return 1


@functools.partial(jax.jit, static_argnames=("tgt_shape", "n_shards", "axis"))
def interleave(a, b, tgt_shape, n_shards, axis=0):
    parts = [jnp.concatenate(pair, axis=axis) for pair in zip(jnp.split(a, n_shards, axis), jnp.split(b, n_shards, axis))]
    return jnp.concatenate(parts, axis=axis).reshape(tgt_shape)


def fuse(params, n):
    for key in list(params.keys()):
        if not key.endswith("wi_0"):
            continue
        wi_0 = params.pop(key)
        wi_1 = params.pop(key[:-1] + "1")
        axis = len(wi_0.shape) - 1
        n_shards = get_n_shards(wi_0, axis)
        fused = list(wi_0.shape)
        fused[axis] = wi_0.shape[axis] + wi_1.shape[axis]
        params[key[:-2]] = interleave(wi_0, wi_1, tuple(fused), n_shards, axis=axis)
    return params


def convert(n):
    params = {}
    for layer in range(n):
        params[f"layer{layer}.wi_0"] = jnp.ones((2, 4))
        params[f"layer{layer}.wi_1"] = jnp.zeros((2, 4))
    return fuse(params, n)


BOUNDED = [convert]
RUNS = [lambda: convert(3)]
