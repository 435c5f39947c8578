"""Legal (held-out 13): ``jnp.finfo(x)`` and ``jnp.iinfo(x)`` (also NumPy's) describe the dtype of
their argument, a tracer's too: ``jnp.finfo(x).eps`` is a NumPy scalar and ``jnp.iinfo(...).max``
a Python int under ``jit`` (JAX 0.10.2). So ``jnp.cbrt(eps).item()`` inside
``jax.ensure_compile_time_eval()`` computes on a concrete value, and ``if a_ic >= 1e-3`` on it runs
at trace time.

Seen as (held-out 13): a particle-mesh cosmology simulator's jitted growth-function integrator,
``eps = jnp.finfo(conf.cosmo_dtype).eps; a_ic = 0.5 * jnp.cbrt(eps).item()`` under
``ensure_compile_time_eval`` (1 JG104; the configuration is a pytree whose fields are all aux data,
which the linter does not read through the project's registration helper: see docs/precision.md).
"""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def initial_scale(x):
    with jax.ensure_compile_time_eval():
        eps = jnp.finfo(x).eps
        a_ic = 0.5 * jnp.cbrt(eps).item()
        if a_ic >= 1e-3:
            a_ic = 1e-4
    top = np.iinfo(np.int16).max
    return x * a_ic + int(jnp.iinfo(x.astype(jnp.int32)).max > top)


RUNS = [lambda: initial_scale(jnp.ones(3))]
