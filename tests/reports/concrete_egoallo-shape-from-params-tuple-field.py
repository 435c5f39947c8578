# Report: brentyi/egoallo#17 https://github.com/brentyi/egoallo/issues/17
# Class: 1 (values inside containers: an int field of a params tuple is traced)
# Rule: JG105
# Reduced: inference fails in the jitted `_optimize_vmapped` with "Shapes must be 1D sequences of
# concrete values of integer type ... depends on the value of the argument guidance_params[12]":
# an integer field of the guidance-parameters tuple is used as a shape, and as part of a traced
# argument it is a tracer. The field names and the optimizer body are stand-ins; the maintainer
# merged a fix without describing it here. Fix: pass the parameters as a static (hashable) value.
from typing import NamedTuple

import jax
import jax.numpy as jnp


class GuidanceParams(NamedTuple):
    prior_weight: float
    smooth_weight: float
    window: int


def _optimize_vmapped(traj, guidance_params):
    buffer = jnp.zeros((guidance_params.window, traj.shape[-1]))  # expect: JG105
    return traj * guidance_params.prior_weight + buffer.sum() * guidance_params.smooth_weight


PARAMS = GuidanceParams(prior_weight=1.0, smooth_weight=0.1, window=8)

# --- must be flagged ---


def bug():
    return jax.jit(_optimize_vmapped)(jnp.ones((4, 3)), PARAMS)


# --- must not be flagged ---


def fixed():
    optimize = jax.jit(_optimize_vmapped, static_argnames=("guidance_params",))
    return optimize(jnp.ones((4, 3)), guidance_params=PARAMS)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
