"""Static arguments computed from array shapes (and from a fixed model structure), in a loop over
the entries of a parameter tree, compile once per distinct shape: no more compiles than the shapes
themselves already cause, and none per training step.

Seen as: tunix `_jit_fuse_and_unstack_moe(w0, w1, scan_axis, num_layers, n_shards, tgt.shape,
padded_axis, tgt_axis)` with `static_argnums=(2, ..., 7)`, once per fused weight group, memoised
in a dict.
"""

import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(2, 3, 4))
def fuse_and_unstack(w0, w1, axis, num_layers, tgt_shape):
    fused = jnp.concatenate([w0, w1], axis=axis + 1)
    return tuple(fused[i].reshape(tgt_shape) for i in range(num_layers))


def convert(src, tgt, n):
    out, cache = {}, {}
    for _ in range(n):  # the same conversion, run again: nothing compiles after the first
        for name, tgt_val in tgt.items():
            w0, w1 = src[name + "_0"], src[name + "_1"]
            num_layers = w0.shape[0]
            mismatched = [i for i, (s, t) in enumerate(zip(w0.shape[1:], tgt_val.shape)) if s != t]
            axis = mismatched[-1] if mismatched else len(tgt_val.shape) - 1
            if name not in cache:
                cache[name] = fuse_and_unstack(w0, w1, axis, num_layers, tgt_val.shape)
            out[name] = cache[name][0]
    return out


SRC = {"wi_0": jnp.ones((2, 4, 3)), "wi_1": jnp.ones((2, 4, 3)), "wo_0": jnp.ones((2, 5, 1)), "wo_1": jnp.ones((2, 5, 1))}
TGT = {"wi": jnp.ones((4, 6)), "wo": jnp.ones((5, 2))}

RUNS = [lambda: convert(SRC, TGT, 2)]
BOUNDED = [lambda n: convert(SRC, TGT, n)]
