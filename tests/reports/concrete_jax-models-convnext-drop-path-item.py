# Report: DarshanDeshpande/jax-models#3 https://github.com/DarshanDeshpande/jax-models/pull/3
# Class: 3 (everything created inside jit is traced: `jnp.linspace` of Python constants gives tracers, and `.item()` on them)
# Rule: JG104
# Reduced: "fix convnext to make it work with jax.jit ... When doing inference using the convnext
# model ... Calling x.item() will call float(x), which breaks the jit tracer. We can remove the
# list comprehension [and the] unnecessary conversion." The model builds its stochastic-depth
# rates with `dp_rates = [x.item() for x in jnp.linspace(0, self.drop_path, sum(self.depths))]`
# in its forward pass; under `jax.jit` the linspace is staged, so `.item()` raises
# ConcretizationTypeError. Here a Flax-free module with the same fields (`depths`, `drop_path`)
# and a stage per depth that scales its input by the rate. Fix (the PR's): keep the jnp array and
# index it, no Python floats.
import jax
import jax.numpy as jnp


class ConvNeXt:
    def __init__(self, depths=(3, 3, 9, 3), drop_path=0.1):
        self.depths = depths
        self.drop_path = drop_path


# --- must be flagged ---


class ConvNeXtItem(ConvNeXt):
    def __call__(self, inputs):
        dp_rates = [x.item() for x in jnp.linspace(0, self.drop_path, sum(self.depths))]  # expect: JG104
        cur = 0
        for depth in self.depths:
            inputs = inputs * (1.0 - dp_rates[cur])
            cur += depth
        return inputs


def bug():
    return jax.jit(ConvNeXtItem())(jnp.ones(4))


# --- must not be flagged ---


class ConvNeXtArray(ConvNeXt):
    def __call__(self, inputs):
        dp_rates = jnp.linspace(0, self.drop_path, sum(self.depths))
        cur = 0
        for depth in self.depths:
            inputs = inputs * (1.0 - dp_rates[cur])
            cur += depth
        return inputs


def fixed():
    return jax.jit(ConvNeXtArray())(jnp.ones(4))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
