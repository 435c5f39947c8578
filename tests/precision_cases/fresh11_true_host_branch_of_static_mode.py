"""True but intended (held-out 11): a function with host-only branches chosen by a static
descriptor, jitted only for the all-JAX descriptor.

``apply_pair(mode, valid)`` reads ``valid`` on the host (``bool(np.any(jax.device_get(valid)))``)
when ``mode == "host"``. Jitted with ``static_argnums=0`` and called with ``"host"``, that line
gets a tracer (``device_get`` hands it back, ``np.any`` calls its ``any``) and ``bool()`` raises
TracerBoolConversionError (JAX 0.10.2); the library keeps its jit for the
all-JAX pairs and calls the plain function when a side runs on the host, which the linter cannot
see (the choice is made in another module, at run time).

Seen as (held-out 11): a MARL benchmark's ``_apply_system_pair``, jitted by a client module with
its two execution descriptors static and called unjitted for mixed host/JAX pairs (4 findings in
its host-only branches: ``valid[index]``, ``np.any(reset_mask)``, two ``bool(np.any(host_...))``;
the host roster check's 3 were false, ``fresh11_tracer_guard_over_literal_tuple.py``).
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnums=0)
def apply_pair(mode, valid):
    if mode == "host":
        has_work = bool(np.any(jax.device_get(valid)))  # expect: JG104
        return valid if has_work else jnp.zeros_like(valid)
    return valid * 2


RAISES = [(lambda: apply_pair("host", jnp.ones(3, dtype=bool)), "TracerBoolConversionError")]
