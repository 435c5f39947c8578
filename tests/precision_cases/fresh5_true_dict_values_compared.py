"""True: the look-alike of `fresh5_dict_alias_across_modules.py` that compares a dict's values,
not its keys: the values are tracers in the branch `lax.cond` traces, so the comprehension's test
raises TracerBoolConversionError (checked on JAX 0.10.2).
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._fresh5_true_dict_values_compared_types import State


def _check(old: State, new: State) -> None:
    changed = [k for k in old if k in new and jnp.sum(old[k]) != jnp.sum(new[k])]  # expect: JG101
    if changed:
        raise ValueError(f"changed: {changed}")


@jax.jit
def step(states, t):
    def helper(s):
        new = {k: v * 2.0 for k, v in s.items()}
        _check(s, new)
        return new

    return jax.lax.cond(t > 0, helper, lambda s: s, states)


RAISES = [(lambda: step({"e": jnp.ones(3)}, 1.0), "TracerBoolConversionError")]
