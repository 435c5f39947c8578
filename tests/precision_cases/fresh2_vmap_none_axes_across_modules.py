"""`jax.vmap` passes the arguments whose `in_axes` entry is `None` through untouched also when the
mapped function is imported from another module, and `in_axes` may be vmap's second positional
argument: `vmap(f, (0, None, None))` is `vmap(f, in_axes=(0, None, None))`. A concrete array
passed there stays concrete (`.tolist()` works on it) and a Python int stays an int
(`jnp.arange(-n, n + 1)`) (checked on JAX 0.10.2).

Seen as (held-out 2): a spectroscopy package calls `vmap(interp_table, (0, None, None))(
temperatures, grid, table)` in several modules, where `interp_table` (defined in a database
module) calls `table.tolist()`, and `vmap(make_filter, (None, None, 0), 0)(half_length, sigma,
widths)` where `make_filter` (another module) builds `jnp.arange(-half_length, half_length + 1)`.
The same functions vmapped with `in_axes=` given by keyword are flagged as well.
"""

import jax
import jax.numpy as jnp
from jax import vmap

from tests.precision_cases._fresh2_vmap_none_axes_across_modules_funcs import interp_table, make_filter

GRID = jnp.linspace(100.0, 1000.0, 5)
TABLE = jnp.arange(10.0).reshape(2, 5)


def partition_functions(temperatures):
    return vmap(interp_table, (0, None, None))(temperatures, GRID, TABLE)


def filters(half_length, widths):
    return vmap(make_filter, (None, None, 0), 0)(half_length, 1.5, widths)


def filters_by_keyword(half_length, widths):
    return jax.vmap(make_filter, in_axes=(None, None, 0), out_axes=0)(half_length, 1.5, widths)


RUNS = [
    lambda: partition_functions(jnp.array([150.0, 700.0])),
    lambda: filters(3, jnp.array([0.5, 1.0, 2.0])),
    lambda: filters_by_keyword(2, jnp.ones(3)),
    lambda: jax.jit(lambda w: filters(4, w))(jnp.ones(2)),
]
