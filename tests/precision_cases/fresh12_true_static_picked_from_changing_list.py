"""True (the counterpart of ``fresh12_static_picked_from_fixed_tuple.py``): an entry of a
collection the loop changes is a new value each time. A static argument read from a list the loop
appends to (``sizes[-1]``), stores into (``table[1] = k``), or from a tuple it rebinds each
iteration (``pair = (k, k + 1)``) takes as many values as the loop runs: one compile per new
value. Checked under JAX 0.10.2: more compiles for n=4 than for n=2 (GROWS), with each of the
three calls alone too (2 compiles of ``_scale`` for n=2, 4 for n=4).
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def _scale(x, n):
    return x * n


def steps(n):
    sizes, table, out = [1], [0, 0], []
    for k in range(n):
        sizes.append(k + 2)
        table[1] = k
        pair = (k, k + 1)
        out.append(_scale(jnp.ones(3), sizes[-1]))  # expect: JG302
        out.append(_scale(jnp.ones(3), table[1]))  # expect: JG302
        out.append(_scale(jnp.ones(3), pair[0]))  # expect: JG302
    return out


GROWS = [steps]
