"""A static argument computed from entries of a fixed-length tuple takes at most as many values
as the tuple has entries, however the index is computed: ``bounds[seats[0]][0]`` with ``bounds``
a 2-tuple of pairs bound before the loop (and not rebound in it) is one of two values, whatever
``seats`` holds. A loop over any number of policies then passes at most 3 distinct ``(start,
end)`` pairs, and a static argument computed from them compiles at most 3 times (JAX's cache is
keyed by the static value: a repeated value is a cache hit). Checked under JAX 0.10.2: 3 compiles
for 3 policies and for 5 (BOUNDED).

Seen as (held-out 12): a game-theory benchmark's realization plan, ``bounds = ((0, num_seat_0),
(num_seat_0, form.parent.size))`` then, per policy of a mixture, ``start, end =
bounds[seats[0]][0], bounds[seats[-1]][1]`` and ``_add_plan(..., tuple((s, e) for s, e in
form.levels if start <= s < end))`` with the levels at ``static_argnums`` (1 JG302 finding).
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

LEVELS = ((0, 2), (2, 3), (3, 6), (6, 8))


@partial(jax.jit, static_argnums=2)
def _add_plan(plan, weights, levels):
    for s, e in levels:
        plan = plan.at[s:e].add(weights.sum())
    return plan


def realization_plan(weight_rows, num_seat_0=3, size=8):
    bounds = ((0, num_seat_0), (num_seat_0, size))
    plan = np.zeros(size, np.float32)
    for weights in weight_rows:
        seats = np.flatnonzero(weights)
        start, end = bounds[seats[0]][0], bounds[seats[-1]][1]
        plan = _add_plan(plan, weights, tuple((s, e) for s, e in LEVELS if start <= s < end))
    return plan


def policies(n):
    # seat 0 only, seat 1 only, both seats, with new weights each time: n + 1 policies
    return realization_plan([np.array([k % 3 != 1, k % 3 != 0], np.float32) * (k + 1) for k in range(n + 1)])


BOUNDED = [policies]
RUNS = [lambda: policies(2), lambda: jnp.asarray(realization_plan([np.ones(2, np.float32)]))]
