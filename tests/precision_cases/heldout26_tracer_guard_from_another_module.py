"""A sensor model's step checks its input eagerly and skips the check under a trace:
``if not is_tracer(force) and bool(jnp.any(force < 0.0)): raise ...``, with ``is_tracer`` a helper
of another module whose body imports JAX for itself and returns ``isinstance(value,
jax.core.Tracer)``. Python evaluates ``and`` left to right: under ``jit``, ``vmap`` or ``scan``
the left side is False and ``bool()`` never sees the tracer; eagerly the check runs on a concrete
array (JAX 0.10.2: runs jitted, scanned and eagerly). The same guard defined in this module with
its own ``import jax`` narrows the same way.

Seen as: the twenty-sixth held-out set's proprioceptive afferent models (docs/precision.md, "26th
held-out set"): the muscle-spindle and tendon-organ steps, run by ``lax.scan`` (4 findings before,
JG104).
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._heldout26_tracer_guard_from_another_module_validation import as_array, is_tracer


def _traced(value) -> bool:
    import jax

    return isinstance(value, jax.core.Tracer)


def step(state, force):
    f = jnp.broadcast_to(as_array(force), jnp.shape(state))
    if not is_tracer(f) and bool(jnp.any(f < 0.0)):
        raise ValueError("force must be non-negative")
    if not _traced(f) and bool(jnp.all(f > 1e6)):
        raise ValueError("force out of range")
    new = state + 0.1 * (f - state)
    return new, new


def run(forces):
    return jax.lax.scan(step, jnp.zeros(()), forces)


RUNS = [lambda: run(jnp.arange(4.0)), lambda: jax.jit(step)(jnp.zeros(()), 2.0), lambda: step(jnp.zeros(()), 1.0)]
