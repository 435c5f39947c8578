"""True look-alike of ``fresh11_tracer_guard_over_literal_tuple.py``: the guard's tuple leaves out
``valid``, so under the jit ``active`` and ``controlled`` may be Python values while ``valid`` is a
tracer; ``np.asarray(valid)`` raises TracerArrayConversionError (JAX 0.10.2)."""

import jax
import numpy as np
from jax.core import Tracer


def validate(active, controlled, valid):
    if not any(isinstance(value, Tracer) for value in (active, controlled)):
        return np.asarray(valid)  # expect: JG104
    return valid


@jax.jit
def step(valid):
    return validate(None, None, valid)


RAISES = [(lambda: step(np.ones(2, dtype=bool)), "TracerArrayConversionError")]
