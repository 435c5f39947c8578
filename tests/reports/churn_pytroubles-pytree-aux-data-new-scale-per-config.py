# Report: https://pytroubles.com/en/ampposts/id418-jax-jit-scan-and-pytrees-avoiding-recompilation-with-lambda-captures-and-stable-cache-keys (Q&A page "How JAX JIT Caching Works with pytrees, scan, and lambda closures")
# Class: 6 (churn: a value kept in a registered pytree's auxiliary data changes per object)
# Rule: JG302
# Reduced: a config object is registered as a pytree whose flatten returns the array as a leaf and
# `{'scale': self.scale}` as auxiliary data; a jitted function scans a lambda that closes over
# it. The question: will passing new instances recompile? The answer: the leaves are traced, the
# auxiliary data is part of the tree structure, so it is part of the cache key: new leaf values
# reuse the compiled program, a new `scale` retraces. Here the user sweeps `scale` over configs
# (a new value each time: a compile each); the fix keeps `scale` a leaf, so the sweep reuses one
# program.
import jax
import jax.numpy as jnp
from jax import tree_util


class ConfigBox:
    def __init__(self, vec, scale):
        self.vec = vec
        self.scale = scale

    def step_fn(self, st, inp):
        return (self.vec + st) * inp * self.scale

    def _tree_flatten(self):
        return (self.vec,), {"scale": self.scale}

    @classmethod
    def _tree_unflatten(cls, meta, leaves):
        return cls(*leaves, **meta)


tree_util.register_pytree_node(ConfigBox, ConfigBox._tree_flatten, ConfigBox._tree_unflatten)


class LeafConfigBox(ConfigBox):
    def _tree_flatten(self):
        return (self.vec, self.scale), None

    @classmethod
    def _tree_unflatten(cls, meta, leaves):
        return cls(*leaves)


tree_util.register_pytree_node(LeafConfigBox, LeafConfigBox._tree_flatten, LeafConfigBox._tree_unflatten)


def step_wrapper(cfg, st, inp):
    nxt = cfg.step_fn(st, inp)
    return nxt, nxt


@jax.jit
def run_scan_jit(cfg):
    body = lambda st, inp: step_wrapper(cfg, st, inp)
    return jax.lax.scan(body, jnp.array([0.0, 1.0]), jnp.array([1.0, 2.0, 3.0]))


# --- must be flagged ---


def sweep(n):
    out = []
    for i in range(n):
        cfg = ConfigBox(jnp.array([1.0, 2.0]), 0.5 + 0.1 * i)
        out.append(run_scan_jit(cfg))  # expect: JG302
    return out


# --- must not be flagged ---


def sweep_leaf(n):
    out = []
    for i in range(n):
        cfg = LeafConfigBox(jnp.array([1.0, 2.0]), 0.5 + 0.1 * i)
        out.append(run_scan_jit(cfg))
    return out


def new_vectors_same_scale(n):
    return [run_scan_jit(ConfigBox(jnp.array([1.0, 2.0]) * i, 0.5)) for i in range(n)]


GROWS = [sweep]
BOUNDED = [sweep_leaf, new_vectors_same_scale]
