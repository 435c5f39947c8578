"""True twin of ``heldout26_tracer_guard_from_another_module.py``: the same guard from another
module, with the test inverted (``not is_tracer(f) or bool(...)``). Python evaluates the right
side of ``or`` only when the left is False, that is when ``f`` is a tracer: under ``jit`` the
``bool()`` of the traced comparison raises TracerBoolConversionError (JAX 0.10.2), and the line
is still reported.
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._heldout26_tracer_guard_from_another_module_validation import as_array, is_tracer


def step(state, force):
    f = jnp.broadcast_to(as_array(force), jnp.shape(state))
    if not is_tracer(f) or bool(jnp.any(f < 0.0)):  # expect: JG104
        return state, state
    new = state + 0.1 * (f - state)
    return new, new


RAISES = [(lambda: jax.jit(step)(jnp.zeros(()), 2.0), "TracerBoolConversionError")]
