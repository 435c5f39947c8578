# Report: proteneer/timemachine#800 https://github.com/proteneer/timemachine/pull/800
# Class: 4 (an assert on traced values in a helper called from the jitted function)
# Rule: JG103
# Reduced: a reference potential is jitted; the nonbonded helper it calls validates its inputs
# with `assert` on values computed from the traced conformation. Fix (the PR's): a
# `runtime_validate=False` flag, passed as a Python value, skips the assertion under jit.
import functools

import jax
import jax.numpy as jnp

# --- must be flagged ---


def nonbonded(conf, params, box, cutoff):
    dij = jnp.linalg.norm(conf[:, None, :] - conf[None, :, :], axis=-1)
    assert jnp.all(dij <= jnp.max(box) * 2)  # expect: JG103
    return jnp.sum(jnp.where(dij < cutoff, params[0] / (dij + 1.0), 0.0))


def reference(conf, params, box):
    return nonbonded(conf, params, box, 1.2)


def bug():
    return jax.jit(reference)(jnp.ones((3, 3)), jnp.ones(2), jnp.eye(3) * 3.0)


# --- must not be flagged ---


def nonbonded_checked(conf, params, box, cutoff, runtime_validate=True):
    dij = jnp.linalg.norm(conf[:, None, :] - conf[None, :, :], axis=-1)
    if runtime_validate:
        assert jnp.all(dij <= jnp.max(box) * 2)
    return jnp.sum(jnp.where(dij < cutoff, params[0] / (dij + 1.0), 0.0))


reference_unchecked = functools.partial(nonbonded_checked, cutoff=1.2, runtime_validate=False)


def fixed():
    return jax.jit(reference_unchecked)(jnp.ones((3, 3)), jnp.ones(2), jnp.eye(3) * 3.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
