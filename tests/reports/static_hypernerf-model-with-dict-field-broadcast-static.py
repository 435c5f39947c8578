# Report: google/hypernerf#33 https://github.com/google/hypernerf/issues/33
# Class: 5 (what reaches a static position: a model whose fields hold a dict)
# Rule: JG203
# Reduced: `ptrain_step(...)` (a pmap with the model in `static_broadcasted_argnums`) fails with
# "Non-hashable static arguments are not supported ... unhashable type: 'NerfModel'": the
# model's fields include a mapping, so the frozen dataclass cannot hash. The flax module is a
# frozen dataclass with a dict field (an assumption: the thread does not show which field); pmap
# runs on the one CPU device. Fix: hold the mapping as a hashable tuple of pairs.
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class NerfModel:
    num_glo_embeddings: int
    embeddings_dict: dict

    def apply(self, x):
        return x * self.num_glo_embeddings


@dataclasses.dataclass(frozen=True)
class NerfModelFixed:
    num_glo_embeddings: int
    embeddings: tuple

    def apply(self, x):
        return x * self.num_glo_embeddings


def train_step(model, state, batch):
    return state - 0.1 * jnp.mean(model.apply(batch))


ptrain_step = jax.pmap(train_step, axis_name="batch", static_broadcasted_argnums=(0,))

# --- must be flagged ---


def bug():
    model = NerfModel(num_glo_embeddings=2, embeddings_dict={"warp": 8})
    return ptrain_step(model, jnp.ones((1, 3)), jnp.ones((1, 4, 3)))  # expect: JG203


# --- must not be flagged ---


def fixed():
    model = NerfModelFixed(num_glo_embeddings=2, embeddings=(("warp", 8),))
    return ptrain_step(model, jnp.ones((1, 3)), jnp.ones((1, 4, 3)))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
