# Report: aesara-devs/aesara#1158 https://github.com/aesara-devs/aesara/issues/1158
# Class: 5 (what reaches a static position: an index computed from traced values, forced to a Python int with `.item()`)
# Rule: JG104
# Reduced: "Selecting a submodule from a list according to a tracer": a Flax module keeps a pool of
# convolution layers (`self.pool_conv`, `self.size` of them) and picks one per sample from a
# traced index: `@partial(jit, static_argnums=0) def get_conv_from_pool(conv_idx, sample): return
# self.pool_conv[conv_idx](sample)` called with `conv_idx=jax.device_get(conv_idx).item()`. The
# module's `__call__` runs traced (under `jit`/`apply`), so `conv_idx` is a tracer and `.item()`
# raises ConcretizationTypeError. The thread does not show how `conv_idx` is computed; here the
# nearest key to a query (`argmin`), and the pool a list of weight matrices applied as a linear
# map instead of Flax convolutions. Fix: select with `lax.switch` on the traced index (every layer
# traced once, the choice made at run time).
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit

pool_conv = [jnp.eye(3) * (k + 1.0) for k in range(4)]


@partial(jit, static_argnums=0)
def get_conv_from_pool(conv_idx, sample):
    return pool_conv[conv_idx] @ sample


# --- must be flagged ---


@jit
def module_call(x, query, keys):
    conv_idx = jnp.argmin(jnp.sum((keys - query) ** 2, axis=1))
    return get_conv_from_pool(jax.device_get(conv_idx).item(), x)  # expect: JG104


def bug():
    return module_call(jnp.ones(3), jnp.ones(2), jnp.zeros((4, 2)))


# --- must not be flagged ---


@jit
def module_call_switch(x, query, keys):
    conv_idx = jnp.argmin(jnp.sum((keys - query) ** 2, axis=1))
    branches = [partial(lambda W, s: W @ s, W) for W in pool_conv]
    return jax.lax.switch(conv_idx, branches, x)


def fixed():
    return module_call_switch(jnp.ones(3), jnp.ones(2), jnp.zeros((4, 2)))


def eager_index():
    return get_conv_from_pool(2, jnp.ones(3))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed, eager_index]
