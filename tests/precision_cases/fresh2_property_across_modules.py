"""A property inherited from a base class in another module, computing a Python int from
metadata fields with builtins and host queries (`divmod(self.n_chains, jax.device_count())`), is
static on a traced instance: `jax.device_count()` is a Python int, `divmod` of ints is a tuple
of ints, and the metadata fields keep their Python values under `jax.jit`. A shape built from it
(`(self.n_batches, self.n_sites)`) and a comparison with an array's shape are static (checked on
JAX 0.10.2). The same property defined in the module of the jitted method is not flagged.

Seen as (held-out 2): a Markov-chain sampler (a pytree whose chain count and Hilbert space are
`pytree_node=False` fields) checks `_assert_good_sample_shape(x, (self.n_batches,
self.hilbert.size), ...)` and `if log_prob.shape != (n_chains_per_rank,):` in its jitted
`_init_state` and sampling loop; `n_batches` and `n_chains_per_rank` are properties of the base
class, in another module, built from `divmod(self.n_chains, jax.device_count())`.
"""

import dataclasses
import functools

import jax
import jax.numpy as jnp

from tests.precision_cases._fresh2_property_across_modules_base import Sampler


def check_shape(x, shape):
    if x.shape != shape:
        raise ValueError(f"expected {shape}, got {x.shape}")


def check_log_prob(log_prob, n_chains):
    if log_prob.shape != (n_chains,):
        raise ValueError(f"expected ({n_chains},), got {log_prob.shape}")


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Metropolis(Sampler):
    n_chains: int = dataclasses.field(default=4, metadata={"static": True})
    power: float = 2.0

    @functools.partial(jax.jit, static_argnums=1)
    def init_state(self, machine, key):
        x = jax.random.normal(key, (self.n_batches, self.n_sites))
        check_shape(x, (self.n_batches, self.n_sites))
        return x

    @functools.partial(jax.jit, static_argnums=1)
    def step(self, machine, x):
        def body(i, x):
            log_prob = self.power * machine(x).sum(-1)
            check_log_prob(log_prob, self.n_batches)
            return x + 0.1 * log_prob[:, None]

        return jax.lax.fori_loop(0, 3, body, x)


RUNS = [
    lambda: Metropolis(n_sites=3).init_state(jnp.sin, jax.random.key(0)),
    lambda: Metropolis(n_sites=2).step(jnp.cos, jnp.ones((4, 2))),
]
