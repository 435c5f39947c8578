"""True (latent, behind a public configuration flag): `lax.dynamic_slice_in_dim(x, 0, n)` needs a
static slice size; with `n = jnp.sum(group_sizes)` computed inside a `shard_map`ped (or jitted)
function it is a tracer, and JAX raises as soon as the branch runs.

Seen as (held-out 2): the sparse mixture-of-experts layer of an LLM training library, inside its
`shard_map`ped `_sparse_call`, under `if self.config.use_ring_of_experts:` (a documented config
option, default False): `valid_token_count = jnp.sum(group_sizes)` then
`x = jax.lax.dynamic_slice_in_dim(x, 0, valid_token_count, axis=0)`.
"""

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

MESH = Mesh(np.array(jax.devices()[:1]), ("expert",))


def moe_layer(x, router_logits, ring_of_experts):
    @functools.partial(jax.shard_map, mesh=MESH, in_specs=(P("expert"), P("expert")), out_specs=P("expert"))
    def sparse_call(x, logits):
        selected = jnp.argmax(logits, axis=-1)
        group_sizes = jnp.bincount(selected, length=logits.shape[-1])
        if ring_of_experts:
            valid_token_count = jnp.sum(group_sizes[:2])
            x = jax.lax.dynamic_slice_in_dim(x, 0, valid_token_count, axis=0)  # expect: JG105
        return x * 2

    return sparse_call(x, router_logits)


RUNS = [lambda: moe_layer(jnp.ones((4, 3)), jnp.ones((4, 5)), False)]
RAISES = [(lambda: moe_layer(jnp.ones((4, 3)), jnp.ones((4, 5)), True), "TypeError")]
