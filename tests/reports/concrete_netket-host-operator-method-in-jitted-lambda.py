# Report: netket/netket#1509 https://github.com/netket/netket/pull/1509 ("Throw informative errors if one uses operators/hilbert inside of jax")
# Class: 4 (NumPy and Python on traced values, deeper: NumPy in a method of an object built outside)
# Rule: JG104
# Reduced: "a common error I've seen several people make": `jax.jit(lambda x:
# ha.get_conn_padded(x))(ha.hilbert.all_states())` with a Numba-based operator. Its
# `get_conn_padded` works on host arrays (`np.asarray` of the states, then NumPy/Numba loops),
# so under jit it converts the tracer (TracerArrayConversionError; the PR only reraises it with
# a clearer message). The fix the PR's message gives: `operator.to_jax_operator()`, a version
# written with jax.numpy, which the same jitted lambda can call.
import itertools

import jax
import jax.numpy as jnp
import numpy as np


class IsingHost:
    """Transverse-field Ising chain, connected elements computed on the host (NumPy)."""

    def __init__(self, n_sites, h):
        self.n_sites = n_sites
        self.h = h

    def all_states(self):
        return np.array(list(itertools.product([-1.0, 1.0], repeat=self.n_sites)))

    def to_jax_operator(self):
        return IsingJax(self.n_sites, self.h)


# --- must be flagged ---


class IsingHostConn(IsingHost):
    def get_conn_padded(self, x):
        x = np.asarray(x)  # expect: JG104
        flips = np.repeat(x[:, None, :], self.n_sites, axis=1)
        idx = np.arange(self.n_sites)
        flips[:, idx, idx] *= -1
        mels = np.full(flips.shape[:2], -self.h)
        return flips, mels


def bug():
    ha = IsingHostConn(4, 0.5)
    return jax.jit(lambda x: ha.get_conn_padded(x))(ha.all_states())


# --- must not be flagged ---


class IsingJax:
    def __init__(self, n_sites, h):
        self.n_sites = n_sites
        self.h = h

    def get_conn_padded(self, x):
        flips = jnp.repeat(x[:, None, :], self.n_sites, axis=1)
        sign = 1.0 - 2.0 * jnp.eye(self.n_sites)
        mels = jnp.full(flips.shape[:2], -self.h)
        return flips * sign, mels


def fixed():
    ha = IsingHost(4, 0.5).to_jax_operator()
    states = IsingHost(4, 0.5).all_states()
    return jax.jit(lambda x: ha.get_conn_padded(x))(states)


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
