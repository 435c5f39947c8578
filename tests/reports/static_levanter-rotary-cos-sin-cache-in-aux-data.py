# Report: marin-community/marin#1945 https://github.com/marin-community/marin/issues/1945
# Class: 5 (what reaches a static position: arrays in a module's static part, compared with ==)
# Rule: JG203
# Reduced: "Upstream a bug report for == checks in static arrays leading to bad exceptions"
# (levanter): `named_jit(self._init_model_and_opt_state, ...)(model_init)` on Llama fails with
# "ValueError: The truth value of an array with more than one element is ambiguous": the jit cache
# compares the static part of the argument with `__eq__`, and the rotary embedding's
# `cos_cached`/`sin_cached` ([2048, 8] arrays) sat in that static part; `jnp.equal` of the two
# caches is a boolean array. Here the rotary module is a pytree class whose caches are aux data, and
# two model inits go through the same jitted initializer. Fix: keep the caches as children (or
# recompute them from the static sizes inside).
import jax
import jax.numpy as jnp


def rotary_caches(dim, max_len):
    inv_freq = 1.0 / (10000 ** (jnp.arange(0, dim, 2) / dim))
    freqs = jnp.outer(jnp.arange(max_len), inv_freq)
    return jnp.cos(freqs), jnp.sin(freqs)


# --- must be flagged ---


@jax.tree_util.register_pytree_node_class
class LlamaRotaryEmbedding:
    def __init__(self, cos_cached, sin_cached):
        self.cos_cached = cos_cached
        self.sin_cached = sin_cached

    def tree_flatten(self):
        return (), (self.cos_cached, self.sin_cached)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*aux)


@jax.jit
def init_model_and_opt_state(rope, w):
    return w * jnp.sum(rope.cos_cached), jnp.zeros_like(w)


def bug():
    w = jnp.ones(4)
    init_model_and_opt_state(LlamaRotaryEmbedding(*rotary_caches(16, 32)), w)
    return init_model_and_opt_state(LlamaRotaryEmbedding(*rotary_caches(16, 32)), w)  # expect: JG203


# --- must not be flagged ---


@jax.tree_util.register_pytree_node_class
class LlamaRotaryEmbeddingLeaves:
    def __init__(self, cos_cached, sin_cached):
        self.cos_cached = cos_cached
        self.sin_cached = sin_cached

    def tree_flatten(self):
        return (self.cos_cached, self.sin_cached), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


@jax.jit
def init_model_and_opt_state_leaves(rope, w):
    return w * jnp.sum(rope.cos_cached), jnp.zeros_like(w)


def fixed():
    w = jnp.ones(4)
    init_model_and_opt_state_leaves(LlamaRotaryEmbeddingLeaves(*rotary_caches(16, 32)), w)
    return init_model_and_opt_state_leaves(LlamaRotaryEmbeddingLeaves(*rotary_caches(16, 32)), w)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
