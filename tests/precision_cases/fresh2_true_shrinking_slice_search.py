"""True: a search loop that calls a jitted function on `grid[:q]` with `q` changing every
iteration gives it a new input shape each time: one XLA compile per distinct `q`.

Seen as (held-out 2): a spectroscopy helper looking for the smallest energy grid that keeps a
cross section within a tolerance calls the jitted `xsvector_zeroth(..., coeff[:, :, :, :q], ...,
elower_grid[:q], ...)` in `while allow:` with `q` decreasing by one per round.
"""

import jax
import jax.numpy as jnp


@jax.jit
def cross_section(coeff, grid):
    return (coeff * jnp.exp(-grid)).sum()


def optimal_cut(n):
    coeff = jnp.ones(16)
    grid = jnp.linspace(0.0, 5.0, 16)
    reference = cross_section(coeff, grid)
    q = -1
    for _ in range(n):
        value = cross_section(coeff[:q], grid[:q])  # expect: JG303
        if jnp.abs(value / reference - 1.0) > 0.5:
            break
        q = q - 1
    return q


GROWS = [optimal_cut]
