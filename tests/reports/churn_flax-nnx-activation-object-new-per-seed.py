# Report: google/flax#4329 https://github.com/google/flax/issues/4329
# Class: 6 (churn: a new module instance per seed carries an identity-hashed static object)
# Rule: JG302
# Reduced: "nnx.jit aggressively recompiles if nnx.Module/nnx.Optimizer input instances are
# different, even if the state shapes and dtypes are the same ... reinitializing modules with e.g.
# different seeds"; the maintainer shows plain nnx modules do not recompile and suspects
# "non-nnx objects that hash by identity" in the module. Here the module is a registered
# dataclass whose static part holds such an object (a small activation class), rebuilt per seed.
# Fix: static parts that compare by value (a module-level function).
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp


class Activation:
    def __call__(self, x):
        return jax.nn.relu(x)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Model:
    w: jax.Array
    act: Any = dataclasses.field(metadata=dict(static=True))

    def __call__(self, x):
        return self.act(x @ self.w)


@jax.jit
def forward(model, x):
    return model(x)


X = jnp.ones((5, 3))

# --- must be flagged ---


def make_model(seed):
    return Model(jax.random.normal(jax.random.PRNGKey(seed), (3, 3)), Activation())


def stability_sweep(n):
    outs = []
    for seed in range(n):
        model = make_model(seed)
        outs.append(forward(model, X))  # expect: JG302
    return outs


# --- must not be flagged ---


def make_model_fixed(seed):
    return Model(jax.random.normal(jax.random.PRNGKey(seed), (3, 3)), jax.nn.relu)


def stability_sweep_fixed(n):
    outs = []
    for seed in range(n):
        outs.append(forward(make_model_fixed(seed), X))
    return outs


GROWS = [stability_sweep]
BOUNDED = [stability_sweep_fixed]
