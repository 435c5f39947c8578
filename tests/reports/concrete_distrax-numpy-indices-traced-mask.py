# Report: google-deepmind/distrax#291 https://github.com/google-deepmind/distrax/issues/291
# Class: 4 (NumPy on traced values, deeper: a NumPy array indexed by a traced index in a helper)
# Rule: JG104
# Reduced: indexing a distribution calls a helper that builds `np.indices(batch_shape)` and
# indexes each NumPy array with the user's index; under jit the index is traced and NumPy
# converts it. Fix: build the indices with `jnp.indices`.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def to_batch_shape_index(batch_shape, index):
    return tuple(x[index] for x in np.indices(batch_shape))  # expect: JG104


def entropy_of_selected(logits):
    mask = jnp.arange(logits.shape[0]) > 0
    index = to_batch_shape_index(logits.shape[:-1], mask)
    probs = jax.nn.softmax(logits[index], axis=-1)
    return -(probs * jnp.log(probs)).sum(-1)


def bug():
    return jax.jit(entropy_of_selected)(jnp.zeros((3, 3, 3)))


# --- must not be flagged ---


def to_batch_shape_index_jnp(batch_shape, index):
    return tuple(x[index] for x in jnp.indices(batch_shape))


def entropy_of_first(logits):
    index = to_batch_shape_index_jnp(logits.shape[:-1], 1)
    probs = jax.nn.softmax(logits[index], axis=-1)
    return -(probs * jnp.log(probs)).sum(-1)


def fixed():
    return jax.jit(entropy_of_first)(jnp.zeros((3, 3, 3)))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
