# Report: JaXRTS/jaxrts#76 https://github.com/JaXRTS/jaxrts/pull/76
# Class: 6 (churn: a new `functools.partial` in a pytree's aux data, compared by identity)
# Rule: JG302
# Reduced: "Instrument function objects": building the standard `Setup` twice and running the
# jitted `probe` after each recompiled every time, "as the instrument function given to the
# `Setup` was a new object": `functools.partial(instrument_gaussian, sigma=...)` made anew for
# each setup. The setup is a pytree whose instrument is static (aux data), and a `partial` object
# hashes and compares by identity, so every new setup is a new tree structure for the jit cache.
# Here a scan over probe energies builds a setup per run. Fix (the PR): an instrument object that
# is itself a pytree (its width a traced leaf), flattened as a child of the setup.
import dataclasses
import functools

import jax
import jax.numpy as jnp


def instrument_gaussian(x, sigma):
    return jnp.exp(-((x / sigma) ** 2))


@jax.tree_util.register_pytree_node_class
class Setup:
    def __init__(self, energy, instrument):
        self.energy = energy
        self.instrument = instrument

    def tree_flatten(self):
        return (self.energy,), (self.instrument,)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], aux[0])


@jax.jit
def probe(setup):
    return setup.instrument(setup.energy).sum()


# --- must be flagged ---


def scan_energies(n):
    out = []
    for i in range(n):
        setup = Setup(jnp.linspace(-1.0, 1.0, 8) * (i + 1), functools.partial(instrument_gaussian, sigma=5.0))
        out.append(probe(setup))  # expect: JG302
    return out


# --- must not be flagged ---


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Gaussian:
    sigma: jax.Array

    def __call__(self, x):
        return jnp.exp(-((x / self.sigma) ** 2))


@jax.tree_util.register_pytree_node_class
class TracedSetup:
    def __init__(self, energy, instrument):
        self.energy = energy
        self.instrument = instrument

    def tree_flatten(self):
        return (self.energy, self.instrument), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


@jax.jit
def probe_traced(setup):
    return setup.instrument(setup.energy).sum()


def scan_energies_traced(n):
    out = []
    for i in range(n):
        setup = TracedSetup(jnp.linspace(-1.0, 1.0, 8) * (i + 1), Gaussian(jnp.asarray(5.0)))
        out.append(probe_traced(setup))
    return out


GROWS = [scan_energies]
BOUNDED = [scan_energies_traced]
