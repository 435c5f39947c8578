"""`static_argnames` given to a transform used as a decorator factory, `@jax.jit(static_argnames=
...)` (as `@nnx.jit(static_argnames=...)` in flax), make those parameters static.

Seen as: tunix `@nnx.jit(static_argnames=("logits_to_keep",))` then `logits[:, -logits_to_keep - 1 :
-1]` (flax is not installed here; the same form with `jax.jit` is checked).
"""

import jax
import jax.numpy as jnp


@jax.jit(static_argnames=("logits_to_keep",))
def per_token_logps(logits, tokens, logits_to_keep):
    logits = logits[:, -logits_to_keep - 1 : -1, :]
    tokens = tokens[:, -logits_to_keep:]
    picked = jnp.take_along_axis(logits, tokens[..., None], axis=-1)[..., 0]
    return picked - jax.nn.logsumexp(logits, axis=-1)


@jax.jit(static_argnums=(1,))
def last(x, k):
    return x[-k:]


RUNS = [
    lambda: per_token_logps(jnp.ones((2, 6, 5)), jnp.zeros((2, 6), jnp.int32), logits_to_keep=3),
    lambda: last(jnp.arange(5), 2),
]
