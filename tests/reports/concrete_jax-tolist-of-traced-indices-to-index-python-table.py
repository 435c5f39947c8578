# Report: jax-ml/jax#15057 https://github.com/jax-ml/jax/pull/15057
# Class: 4 (NumPy and Python on traced values: `tolist()` of a traced array)
# Rule: JG104
# Reduced: "Improve error for tolist() and tobytes() on tracer objects": `x.tolist()` asks for
# the array's values as Python objects, which a tracer does not have; the PR makes JAX raise
# ConcretizationTypeError with the method's name instead of an obscure failure. The common
# shape: a jitted function turns an index array into a Python list to look entries up in a
# Python table. The fix makes the table an array and indexes it with the traced indices.
import jax
import jax.numpy as jnp

RATES = [0.1, 0.25, 0.5, 1.0]

# --- must be flagged ---


@jax.jit
def lookup_rates(idx):
    return jnp.array([RATES[i] for i in idx.tolist()])  # expect: JG104


def run_lookup():
    return lookup_rates(jnp.array([0, 2, 3]))


# --- must not be flagged ---


@jax.jit
def lookup_rates_array(idx):
    return jnp.asarray(RATES)[idx]


def run_lookup_array():
    return lookup_rates_array(jnp.array([0, 2, 3]))


RAISES = [(run_lookup, "ConcretizationTypeError")]
RUNS = [run_lookup_array]
