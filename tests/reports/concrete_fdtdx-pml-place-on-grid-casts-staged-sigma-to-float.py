# Report: ymahlau/fdtdx#347 https://github.com/ymahlau/fdtdx/pull/347
# Class: 3 (everything created inside jit is traced: a jnp expression on configuration constants)
# Rule: JG104
# Reduced: "Fix: guard setup functions against JIT tracing + remove illegal float() cast in PML":
# `PerfectlyMatchedLayer.place_on_grid` computed the PML conductivity profile's end value with
# jnp operations and then called `float()` on `sigma_end_calculated`, which "caused a separate
# ConcretizationTypeError" when the setup ran inside `jax.jit`: in staged code every jnp result
# is traced, even one computed from Python constants. The PR removes the cast and keeps the value
# as an array, the look-alike.
import jax
import jax.numpy as jnp

ETA0 = 376.73
R0 = 1e-6


# --- must be flagged ---


class PerfectlyMatchedLayer:
    def __init__(self, thickness, order=3):
        self.thickness = thickness
        self.order = order

    def place_on_grid(self, resolution):
        sigma_end_calculated = -(self.order + 1) * jnp.log(R0) / (2 * ETA0 * self.thickness * resolution)
        sigma_end = float(sigma_end_calculated)  # expect: JG104
        depth = jnp.linspace(0.0, 1.0, self.thickness)
        return sigma_end * depth ** self.order


PML = PerfectlyMatchedLayer(thickness=10)


@jax.jit
def simulate(field):
    sigma = PML.place_on_grid(resolution=1e-8)
    return field * jnp.exp(-sigma)


def crashes():
    return simulate(jnp.ones(10))


# --- must not be flagged ---


class PerfectlyMatchedLayerFixed(PerfectlyMatchedLayer):
    def place_on_grid(self, resolution):
        sigma_end = -(self.order + 1) * jnp.log(R0) / (2 * ETA0 * self.thickness * resolution)
        depth = jnp.linspace(0.0, 1.0, self.thickness)
        return sigma_end * depth ** self.order


PML_FIXED = PerfectlyMatchedLayerFixed(thickness=10)


@jax.jit
def simulate_fixed(field):
    sigma = PML_FIXED.place_on_grid(resolution=1e-8)
    return field * jnp.exp(-sigma)


def works():
    return simulate_fixed(jnp.ones(10))


RAISES = [(crashes, "ConcretizationTypeError")]
RUNS = [works]
