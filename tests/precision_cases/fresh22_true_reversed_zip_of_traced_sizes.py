"""The true look-alike of `fresh22_reversed_list_of_zip.py`: the sizes zipped with the levels are
counts of the levels' nonzero entries, traced values; read from `reversed(list(zip(...)))` they
are still traced, and a slice bounded by one raises.
"""

import jax
import jax.numpy as jnp


def solve(state, rhs):
    sizes = [(jnp.sum(level["q"] > 0), 0) for level in state["levels"]]
    out = jnp.zeros(())
    for level, (pairs, _) in reversed(list(zip(state["levels"], sizes))):
        out = out + rhs[:pairs].sum() * level["q"].sum()  # expect: JG105
    return out


STATE = {"levels": [{"q": jnp.ones((3, 2))}, {"q": jnp.ones((2, 2))}]}
RAISES = [(lambda: jax.jit(solve)(STATE, jnp.arange(24.0)), "IndexError")]
