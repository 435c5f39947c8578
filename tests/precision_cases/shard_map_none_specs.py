"""`jax.shard_map` passes an argument whose entry in `in_specs` is `None` through unchanged: a
Python int, bool or config object stays a Python value inside the mapped function (an argument
with a `PartitionSpec` is traced), so `if cp_size > 1 and load_balanced:` and sizes computed from
a config's fields and shapes are static there.

Seen as (held-out): maxtext `AttentionOp.tpu_flash_attention`: `wrap_flash_attention` under
`jax.shard_map(in_specs=(..., None,  # no sharding for config ..., None,  # no sharding for
cp_size, None, ...))`: `if cp_size > 1 and load_balanced_context_parallel:`,
`pad_q = padded_q_len - mask.shape[-2]` with `padded_q_len` from `sa_config.block_q`,
`if pad_q > 0 or pad_kv > 0:`.
"""

import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

MESH = jax.make_mesh((1,), ("x",))


@dataclasses.dataclass(frozen=True)
class SplashConfig:
    block_q: int = 4
    block_kv: int = 4


def attention(query, mask, cfg, cp_size, load_balanced):
    @functools.partial(
        jax.shard_map,
        mesh=MESH,
        in_specs=(P(), P(), None, None, None),
        out_specs=P(),
        check_vma=False,
    )
    def wrap_flash_attention(query, mask, sa_config, cp_size, load_balanced):
        if cp_size > 1 and load_balanced:
            query = jnp.flip(query, 0)
        padded_q_len = ((mask.shape[-2] + sa_config.block_q - 1) // sa_config.block_q) * sa_config.block_q
        pad_q = padded_q_len - mask.shape[-2]
        if pad_q > 0:
            mask = jnp.pad(mask, [(0, pad_q), (0, 0)])
        return query * mask[: query.shape[0]].sum()

    return wrap_flash_attention(query, mask, cfg, cp_size, load_balanced)


step = jax.jit(attention, static_argnums=(2, 3, 4))

RUNS = [
    lambda: step(jnp.ones((3, 2)), jnp.ones((3, 2)), SplashConfig(), 2, True),
    lambda: step(jnp.ones((4, 2)), jnp.ones((4, 2)), SplashConfig(), 1, False),
]
