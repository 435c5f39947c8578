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


def analyze_with_numpy_topology(sdict, connections):
    """sax#110: the (i, j) topology read from the dict's keys stays NumPy, concrete in a trace."""
    topology = np.array(list(sdict))
    matched = np.broadcast_to(np.array(connections), (len(topology), len(connections)))[
        topology[:, :1] == np.array(connections)]
    values = jnp.stack([jnp.asarray(v) for v in sdict.values()])
    return matched.sum() * values.sum()


@jax.jit
def coupler_numpy_topology(wl):
    return analyze_with_numpy_topology(s_matrix(wl), [1, 2])


RAISES = [(run_coupler, "NonConcreteBooleanIndexError")]
RUNS = [lambda: coupler_numpy_topology(1.55)]
