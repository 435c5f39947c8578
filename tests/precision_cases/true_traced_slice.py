"""True: a slice bound computed from traced data (`x[:n]` with `n = jnp.sum(mask)`) has no static
size, and JAX raises under jit.

Seen as: flaxdiff `jnp.concatenate([null_labels_seq[:num_unconditional],
label_seq[num_unconditional:]])` with `num_unconditional = jnp.sum(uncond_mask).astype(jnp.int32)`
in the jitted train step (every conditional training step raises).
"""

import jax
import jax.numpy as jnp


@jax.jit
def mix_labels(null_labels, labels, key):
    uncond_mask = jax.random.bernoulli(key, 0.5, (labels.shape[0],))
    num_unconditional = jnp.sum(uncond_mask).astype(jnp.int32)
    return jnp.concatenate([null_labels[:num_unconditional], labels[num_unconditional:]], axis=0)  # expect: JG105


RAISES = [(lambda: mix_labels(jnp.zeros((4, 3)), jnp.ones((4, 3)), jax.random.key(0)), "IndexError")]
