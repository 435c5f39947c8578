# Report: gdsfactory/sax#109 https://github.com/gdsfactory/sax/issues/109
# Class: 3 (everything created inside jit is traced: index arrays built with `jnp.array` from constants)
# Rule: JG105
# Reduced: "sax.circuit is not JAX-traceable when called inside another trace": a model that
# composes a sub-circuit inside its own body works eagerly and fails under `jax.jit` with
# NonConcreteBooleanIndexError at `jnp.broadcast_to(Ci[None, :], match_2d.shape)[match_2d]`.
# The topology indices `Si`/`Sj` come from the S-matrix dict's keys (plain Python ints), but
# `scoo` builds them with `jnp.array`, and inside a trace every `jnp` result is a tracer, so
# the boolean mask compared from them is traced. The fix (sax#110) keeps the topology indices
# in NumPy. Reduced: an S-matrix dict with three entries, two connections, the analysis
# returning the matched connection sum times the S-parameter sum.
import jax
import jax.numpy as jnp
import numpy as np


def s_matrix(wl):
    return {(0, 1): wl * 0.5, (1, 0): wl * 0.5, (2, 3): wl * 0.9}


# --- must be flagged ---


def scoo(sdict):
    keys = list(sdict)
    Si = jnp.array([i for i, _ in keys])
    Sj = jnp.array([j for _, j in keys])
    Sx = jnp.stack([jnp.asarray(sdict[k]) for k in keys])
    return Si, Sj, Sx


def analyze_circuit_klu(sdict, connections):
    Si, Sj, Sx = scoo(sdict)
    Ci = np.array(connections)
    match_2d = Si[:, None] == Ci[None, :]
    CSi = jnp.broadcast_to(Ci[None, :], match_2d.shape)[match_2d]  # expect: JG105
    return CSi.sum() * Sx.sum()


@jax.jit
def coupler_with_sbends(wl):
    return analyze_circuit_klu(s_matrix(wl), [1, 2])


def run_coupler():
    return coupler_with_sbends(1.55)


# --- must not be flagged ---


def scoo_with_numpy_indices(sdict):
    keys = list(sdict)
    Si = np.array([i for i, _ in keys])
    Sj = np.array([j for _, j in keys])
    Sx = jnp.stack([jnp.asarray(sdict[k]) for k in keys])
    return Si, Sj, Sx


def analyze_circuit_klu_numpy(sdict, connections):
    Si, Sj, Sx = scoo_with_numpy_indices(sdict)
    Ci = np.array(connections)
    match_2d = Si[:, None] == Ci[None, :]
    CSi = np.broadcast_to(Ci[None, :], match_2d.shape)[match_2d]
    return CSi.sum() * Sx.sum()


@jax.jit
def coupler_with_sbends_fixed(wl):
    return analyze_circuit_klu_numpy(s_matrix(wl), [1, 2])


def run_coupler_fixed():
    return coupler_with_sbends_fixed(1.55)


RAISES = [(run_coupler, "NonConcreteBooleanIndexError")]
RUNS = [run_coupler_fixed]
