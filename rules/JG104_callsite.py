"""JG104 on NumPy arrays that reach a function from its callers, indexed with a tracer.

JAX makes an argument a tracer only where a transform traces it. A plain call, an unmapped
(`in_axes=None`) position of `jax.vmap` and the arguments `jax.test_util.check_grads` evaluates the
function on for its finite differences hand the function the caller's object as it is: a NumPy
array stays one (JAX 0.10.2). Indexing it with a tracer (a vmapped index, a `fori_loop` counter)
makes NumPy convert the tracer: TracerArrayConversionError. Every call of the module passing NumPy
data there is what says so; a JAX array passed instead, a position vmap maps, a function jit
traces, or a table converted with `jnp.asarray` (or item-assigned) in the function is legal.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.test_util import check_grads

rng = np.random.default_rng(0)
WEIGHTS = {"w": rng.normal(size=3), "b": rng.normal(size=3)}

# --- must be flagged -------------------------------------------------------------------------


@partial(jax.vmap, in_axes=(0, None))
def lookup(i, table):
    return table[i]  # expect: JG104


def lookup_numpy_table():
    return lookup(jnp.arange(3), np.arange(5.0))


def weighted_sum(params):
    w = params["w"]

    def body(i, acc):
        return acc + w[i] * 2.0  # expect: JG104

    return jax.lax.fori_loop(0, 3, body, 0.0)


def weighted_sum_of_numpy_dict():
    return weighted_sum({"w": np.ones(3)})


def energy(params):
    b = params["b"]

    def body(i, acc):
        return acc + params["w"][i] * b[i]  # expect: JG104

    return jax.lax.fori_loop(0, 3, body, 0.0)


def check_energy_gradient():
    # check_grads also evaluates the function on the NumPy arrays it is given
    check_grads(lambda p: energy(p), (WEIGHTS,), order=1, modes=["rev"])


# --- must not be flagged ---------------------------------------------------------------------


@partial(jax.vmap, in_axes=(0, None))
def lookup_ok(i, table):
    return table[i]


def lookup_jax_table():
    return lookup_ok(jnp.arange(3), jnp.arange(5.0))  # a JAX array: indexed by JAX


@partial(jax.vmap, in_axes=(0, 0))
def lookup_mapped(i, table):
    return table[i]


def lookup_mapped_numpy_table():
    return lookup_mapped(jnp.arange(2), np.ones((2, 3)))  # mapped: vmap makes it a tracer


@jax.jit
def pick(table, i):
    return table[i]


def pick_from_numpy_table():
    return pick(np.arange(3.0), 1)  # jit traces every array argument


@partial(jax.vmap, in_axes=(0, None))
def lookup_converted(i, table):
    table = jnp.asarray(table)
    return table[i]


def lookup_converted_table():
    return lookup_converted(jnp.arange(3), np.arange(5.0))


def weighted_sum_converted(params):
    params["w"] = jnp.asarray(params["w"])

    def body(i, acc):
        return acc + params["w"][i] * 2.0

    return jax.lax.fori_loop(0, 3, body, 0.0)


def weighted_sum_of_converted_dict():
    return weighted_sum_converted({"w": np.ones(3)})


def first_weight(params):
    w = params["w"]

    def body(i, acc):
        return acc + w[0] * i  # a Python index: NumPy reads it

    return jax.lax.fori_loop(0, 3, body, 0.0)


def first_weight_of_numpy_dict():
    return first_weight({"w": np.ones(3)})


def energy_converted(params):
    params = jax.tree.map(jnp.asarray, params)  # JAX arrays from here on

    def body(i, acc):
        return acc + params["w"][i] * params["b"][i]

    return jax.lax.fori_loop(0, 3, body, 0.0)


def check_energy_gradient_fixed():
    check_grads(lambda p: energy_converted(p), (WEIGHTS,), order=1, modes=["rev"])


RAISES = [
    (lookup_numpy_table, "TracerArrayConversionError"),
    (weighted_sum_of_numpy_dict, "TracerArrayConversionError"),
    (check_energy_gradient, "TracerArrayConversionError"),
]
RUNS = [lookup_jax_table, lookup_mapped_numpy_table, pick_from_numpy_table, lookup_converted_table,
        weighted_sum_of_converted_dict, first_weight_of_numpy_dict, check_energy_gradient_fixed]
