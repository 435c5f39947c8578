"""A layout check of a detector's state before and after its update, inside a `lax.cond` branch:
the states are dicts (`State = dict[str, jax.Array]`, a type alias in another module). A dict is
a pytree node whose keys are part of the tree structure, and a tracer is unhashable, so a dict's
keys are never tracers: `sorted(old)`, `set(old) != set(new)`, `for k in old if k in new` and
`jnp.shape(old[k]) != jnp.shape(new[k])` are Python values at trace time (checked on JAX 0.10.2:
the jitted step runs).

Seen as (held-out 5): an FDTD package's `_check_updated_state_layout(detector, old: DetectorState,
new: DetectorState)` with `DetectorState = dict[str, jax.Array]` in the detectors module, called
from the branch `lax.cond` runs per detector (JG101 and JG103, 4 findings, before).
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._fresh5_dict_alias_across_modules_types import State


def _check(old: State, new: State) -> None:
    problems = [f"keys changed from {sorted(old)} to {sorted(new)}"] if set(old) != set(new) else []
    problems += [
        f"'{k}' expected shape {jnp.shape(old[k])}"
        for k in old
        if k in new and (jnp.shape(old[k]) != jnp.shape(new[k]) or jnp.result_type(old[k]) != jnp.result_type(new[k]))
    ]
    if problems:
        raise ValueError("; ".join(problems))


@jax.jit
def step(states, t):
    out = {}
    for name in ("a", "b"):
        def helper(s):
            new = {k: v * 2.0 for k, v in s.items()}
            _check(s, new)
            return new

        out[name] = jax.lax.cond(t > 0, helper, lambda s: s, states[name])
    return out


RUNS = [lambda: step({"a": {"e": jnp.ones(3)}, "b": {"e": jnp.ones(2), "h": jnp.zeros(1)}}, 1.0)]
