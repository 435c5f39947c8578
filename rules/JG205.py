"""JG205 prefer-static-argnames (opt-in): examples that must and must not be flagged.

Style, not a bug: the flagged code runs. `jitguard check --select JG205 --fix` rewrites it.
"""

from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


@partial(jax.jit, static_argnums=(1, 2))  # expect: JG205
def tile(x, rows, cols):
    return jnp.tile(x, (rows, cols))


def power(x, k):
    return x**k


power_jit = jax.jit(power, static_argnums=1)  # expect: JG205

# --- must not be flagged ---------------------------------------------------------------------


@partial(jax.jit, static_argnames=("rows",))
def already_named(x, rows):
    return jnp.tile(x, rows)


@partial(jax.jit, static_argnums=(1,))
def positional_only(x, k, /):
    return x * k


RUNS = [
    lambda: tile(jnp.ones(2), 2, 3),
    lambda: power_jit(jnp.ones(2), 3),
    lambda: already_named(jnp.ones(2), 2),
    lambda: positional_only(jnp.ones(2), 2),
]
