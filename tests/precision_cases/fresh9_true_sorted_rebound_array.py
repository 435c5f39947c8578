"""True look-alike of ``fresh9_keys_of_string_keyed_tree.py``: a string index says its own name
is a mapping, no other. A name bound to a dict's array and then to an array again, or an array
next to a dict that the function indexes by a string, is sorted element by element: Python
compares traced scalars, TracerBoolConversionError (JAX 0.10.2).
"""

import jax
import jax.numpy as jnp


@jax.jit
def ranked(batch):
    v = batch
    first = v["x"]
    v = first * 2  # v rebound: an array now
    return sorted(v)  # expect: JG103


@jax.jit
def ordered(scores, names):
    low = sorted(scores)  # expect: JG103
    return names["a"] * low[0]


RAISES = [
    (lambda: ranked({"x": jnp.arange(3.0)}), "TracerBoolConversionError"),
    (lambda: ordered(jnp.arange(3.0), {"a": jnp.ones(())}), "TracerBoolConversionError"),
]
