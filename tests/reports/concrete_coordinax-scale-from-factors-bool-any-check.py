# Report: GalacticDynamics/coordinax#561 https://github.com/GalacticDynamics/coordinax/pull/561
# Class: 4 (Python on traced values, deeper: `bool()` of a validation in a constructor classmethod)
# Rule: JG104
# Reduced: "make Scale/Reflect constructors jit-safe": `Scale.from_factors` validates its input with
# `if bool(jnp.any(...)): raise ValueError(...)`, so building the transform inside a jitted function
# fails (`eqx.filter_jit(cxfm.Scale.from_factors)(jnp.asarray([2., 0., 4.]))` raises
# TracerBoolConversionError). Scale is an equinox Module there; here a registered dataclass holding
# the diagonal matrix. Fix (the PR's): replace the eager `bool` check by a traced runtime check
# (`eqx.error_if` there; `checkify.check` here, which still raises on bad concrete input).
import dataclasses

import jax
import jax.numpy as jnp
from jax.experimental import checkify


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Scale:
    S: jax.Array

    # --- must be flagged ---

    @classmethod
    def from_factors(cls, factors):
        if bool(jnp.any(factors == 0)):  # expect: JG104
            raise ValueError("Scale factors must be non-zero.")
        return cls(jnp.diag(factors))


def bug():
    return jax.jit(Scale.from_factors)(jnp.asarray([2.0, 1.0, 4.0])).S


# --- must not be flagged ---


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class ScaleOk:
    S: jax.Array

    @classmethod
    def from_factors(cls, factors):
        checkify.check(jnp.all(factors != 0), "Scale factors must be non-zero.")
        return cls(jnp.diag(factors))


def fixed():
    err, out = checkify.checkify(jax.jit(ScaleOk.from_factors))(jnp.asarray([2.0, 1.0, 4.0]))
    err.throw()
    return out.S


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
