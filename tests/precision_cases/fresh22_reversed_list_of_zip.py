"""A loop over `reversed(list(zip(levels, tops, sizes)))` unpacking `(pairs, _)` from `sizes`, a
list of Python ints read off the levels' shapes: `list` and `reversed` give the tuples `zip`
makes (in reverse order), so each position is still an element of its own iterable and `pairs`
is a Python int, as it is in the forward loop `for level, (pairs, odd) in zip(levels, sizes)`.
Slices, reshapes and `jnp.zeros` sized by it have static sizes: the function runs under `jit`
and `vmap`.

Seen as: the twenty-second held-out set's block-bidiagonal QR solver (docs/precision.md,
"Twenty-second held-out set"): the back-substitution sweep over the levels in reverse order
(JG105 eight times before).
"""

import jax
import jax.numpy as jnp


def level_sizes(state, chain):
    sizes = []
    length = chain
    for level in state["levels"]:
        pairs = level["q"].shape[0]
        odd = length - 2 * pairs
        sizes.append((pairs, odd))
        length = pairs + odd
    return sizes


def solve(state, rhs):
    n = state["template"].shape[0]
    chain = rhs.shape[0] // n - 1
    f = rhs[: chain * n].reshape(chain, n)
    sizes = level_sizes(state, chain)
    tops = []
    for _level, (pairs, odd) in zip(state["levels"], sizes, strict=True):
        tops.append(f[0 : 2 * pairs : 2] + f[1 : 2 * pairs : 2])
        f = jnp.concatenate([f[:pairs], f[-1:]], axis=0) if odd else f[:pairs]
    x_nodes = jnp.ones((2, n))
    for _level, top, (pairs, _) in reversed(list(zip(state["levels"], tops, sizes, strict=True))):
        mid = top.sum() + x_nodes[1 : pairs + 1].sum()
        inter = jnp.stack([x_nodes[:pairs], x_nodes[:pairs] * mid], axis=1).reshape(2 * pairs, n)
        x_nodes = jnp.concatenate([inter, x_nodes[pairs:]], axis=0)
    return x_nodes.reshape(-1).sum() + jnp.zeros((2 * pairs, n)).sum()


STATE = {"template": jnp.zeros(3), "levels": [{"q": jnp.zeros((3, 2, 2))}, {"q": jnp.ones((2, 2, 2))},
                                              {"q": jnp.zeros((1, 2, 2))}]}
RUNS = [
    lambda: jax.jit(solve)(STATE, jnp.arange(24.0)),
    lambda: jax.vmap(solve, in_axes=(None, 0))(STATE, jnp.ones((2, 24))),
]
