"""``not any(isinstance(v, Tracer) for v in (a, b, c))`` is true only when none of ``a``, ``b``,
``c`` is a tracer: the generator runs over the literal tuple's elements, which are those names'
values, so a branch under it never runs in a trace with any of them traced.

Under ``jax.jit`` every array argument is a ``jax.core.Tracer``; ``any(...)`` is then True and the
host-only check (``np.asarray``, ``bool(np.any(...))``) is skipped. Called outside the trace with
NumPy arrays, the check runs (and raises ValueError on a bad mask). Runs under JAX 0.10.2.
(``tests/precision_cases/fresh11_true_tracer_guard_misses_a_name.py``: a traced name left out of
the tuple still reaches ``np.asarray``: TracerArrayConversionError.)

Seen as (held-out 11): a MARL benchmark's ``_validate_adapter_roster``, ``if execution.policies
and not execution.shared and not any(isinstance(value, Tracer) for value in (active, controlled,
valid)):`` before ``np.asarray(active ...)`` and ``if np.any(incompatible & ...)``, called inside
its jitted system step (3 findings).
"""

import jax
import jax.numpy as jnp
import numpy as np
from jax.core import Tracer


def validate(active, controlled=None, valid=None):
    if not any(isinstance(value, Tracer) for value in (active, controlled, valid)):
        owned = np.asarray(active if controlled is None else controlled)
        selected = np.ones(owned.shape[:-1], np.bool_) if valid is None else np.asarray(valid)
        if np.any(~owned & np.asarray(selected)[..., None]):
            raise ValueError("every selected slot must be owned")


def validate_all(active, valid):
    if all(not isinstance(v, Tracer) for v in [active, valid]) and np.any(np.asarray(active) & ~np.asarray(valid)):
        raise ValueError("active slot in an invalid lane")


@jax.jit
def step(active, valid):
    validate(active, valid=valid)
    validate_all(active, valid[:, None])
    return jnp.where(active, 1.0, 0.0).sum()


RUNS = [
    lambda: step(jnp.ones((2, 5), dtype=bool), jnp.ones(2, dtype=bool)),
    lambda: validate(np.ones((2, 5), dtype=bool), valid=np.ones(2, dtype=bool)),
]
