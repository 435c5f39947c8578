"""`static_argnames` given to `flax.nnx.jit` used as a decorator factory make those parameters
static (and nnx.jit, like equinox.filter_jit, traces only arrays: an int argument is static anyway).

Seen as: tunix `@nnx.jit(static_argnames=("logits_to_keep",))` then
`logits[:, -logits_to_keep - 1 : -1, :]`. Needs flax to run (the test skips the run without it;
the lint check needs nothing). decorator_factory_static.py has the same form with jax.jit.
"""

import jax
import jax.numpy as jnp
from flax import nnx


@nnx.jit(static_argnames=("logits_to_keep",))
def per_token_logps(logits, tokens, logits_to_keep: int):
    logits = logits[:, -logits_to_keep - 1 : -1, :]
    tokens = tokens[:, -logits_to_keep:]
    picked = jnp.take_along_axis(logits, tokens[..., None], axis=-1)[..., 0]
    return picked - jax.nn.logsumexp(logits, axis=-1)


RUNS = [lambda: per_token_logps(jnp.ones((2, 6, 5)), jnp.zeros((2, 6), jnp.int32), logits_to_keep=3)]
