"""A dict of arrays passed to a jitted function is a pytree: the function sees a dict whose values
are tracers and whose keys are the caller's. ``if k in stats: ... stats[k]`` tests and reads a key:
on a dict both are a key lookup, static under ``jit`` (JAX 0.10.2). On an array the two would not
agree: ``k in arr`` compares ``k`` with the values (``(arr == k).any()``, a traced bool that
raises under ``jit``) while ``arr[k]`` selects a position. So a name tested with ``k in v`` and
read with ``v[k]`` is a mapping, and the test is not array membership.
(``merge5_true_value_tested_in_array.py``: a value tested in an array parameter stays flagged.)

Seen as (twenty-second report batch's membership rule, on the fifteenth held-out set): min-max
scaling of a dict of fluents by a dict of per-fluent bounds, in a jitted closure.
"""

import jax
import jax.numpy as jnp


def normalise(fls, stats):
    out = {}
    for var, values in fls.items():
        if var in stats:
            lower, upper = stats[var]
            out[var] = (values - lower) / (upper - lower)
        else:
            out[var] = values
    return out


normalise_jit = jax.jit(normalise)


RUNS = [
    lambda: normalise_jit(
        {"pos": jnp.arange(3.0), "flag": jnp.ones(2)}, {"pos": (jnp.zeros(3), jnp.full(3, 4.0))}
    ),
]
