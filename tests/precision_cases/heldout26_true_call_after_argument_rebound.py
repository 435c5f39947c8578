"""True twin of ``heldout26_same_call_twice_in_one_iteration.py``: between the warm-up and the
timed call the batch is rebound to one twice as long, so the second call passes a new shape and
compiles again (JAX 0.10.2: the compiles grow with the number of batch sizes; GROWS). The second
call is a call of its own, reported; the first stays accepted with ``noqa``.
"""

import jax
import jax.numpy as jnp
import numpy as np


def objective(scale):
    return jnp.sin(scale) * 2.0


batched_objective = jax.jit(jax.vmap(objective))


def scaling_study(n):
    values = None
    for batch_size in range(1, n + 1):
        scales = np.linspace(0.90, 1.10, batch_size)
        batched_objective(scales).block_until_ready()  # noqa: JG303
        scales = np.concatenate([scales, scales])
        values = batched_objective(scales)  # expect: JG303
    return values


GROWS = [scaling_study]
