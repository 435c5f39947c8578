# Report: google/flax#4156 https://github.com/google/flax/issues/4156
# Class: 1 (values inside containers and objects: a dict field of a frozen dataclass module)
# Rule: JG203
# Reduced: "ToLinen is not hashable (Linen modules are)": `model = nnx.bridge.ToLinen(nnx.Linear,
# args=(32, 64))` is a frozen dataclass like any Linen module, but its `kwargs` field defaults to
# a `dict`, so `hash(model)` fails ("unhashable type: 'dict'"), and the module cannot be passed as
# a static argument to `jax.jit` the way Linen modules can (JAX: "Non-hashable static arguments
# are not supported"). Fix (the PR's): store `args` as a tuple and `kwargs` as a frozen mapping in
# `__post_init__`. The bridge class is reduced to its fields and a forward that builds the layer.
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


def linear(x, din, dout, use_bias=True):
    return x @ jnp.ones((din, dout)) + (1.0 if use_bias else 0.0)


@dataclasses.dataclass(frozen=True)
class ToLinen:
    module_cls: object
    args: tuple = ()
    kwargs: dict = dataclasses.field(default_factory=dict)

    def apply(self, x):
        return self.module_cls(x, *self.args, **dict(self.kwargs))


@partial(jax.jit, static_argnums=0)
def forward(model, x):
    return model.apply(x)


# --- must be flagged ---


def bug():
    model = ToLinen(linear, args=(3, 4))
    return forward(model, jnp.ones((2, 3)))  # expect: JG203


# --- must not be flagged ---


@dataclasses.dataclass(frozen=True)
class ToLinenHashable:
    module_cls: object
    args: tuple = ()
    kwargs: tuple = ()

    def __post_init__(self):
        object.__setattr__(self, "args", tuple(self.args))
        kwargs = self.kwargs.items() if isinstance(self.kwargs, dict) else self.kwargs
        object.__setattr__(self, "kwargs", tuple(sorted(kwargs)))

    def apply(self, x):
        return self.module_cls(x, *self.args, **dict(self.kwargs))


def fixed():
    model = ToLinenHashable(linear, args=(3, 4), kwargs={"use_bias": False})
    return forward(model, jnp.ones((2, 3)))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
