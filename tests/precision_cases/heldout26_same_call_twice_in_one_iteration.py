"""Legal look-alike (heldout26, drbx's scaling studies): a batched objective called twice per
batch size, a warm-up and then the timed call, with ``scales`` bound once per iteration and
nothing between the calls touching it. The first call compiles for the new batch size (reported,
and accepted here with ``noqa``: the study measures one compile per size); the second passes the
same values and finds the program the first one compiled, so it compiles nothing (JAX 0.10.2:
three batch sizes, three compiles in all; COMPILES). Only the first call may be reported.
"""

import time

import jax
import jax.numpy as jnp
import numpy as np


def objective(scale):
    return jnp.sin(scale) * 2.0


def scaling_study():
    batched_objective = jax.jit(jax.vmap(objective))
    batch_sizes = np.asarray([1, 2, 4], dtype=np.int64)
    batch_times = []
    values = None
    for batch_size in batch_sizes:
        scales = np.linspace(0.90, 1.10, int(batch_size))
        batched_objective(scales).block_until_ready()  # noqa: JG303
        t_batch = time.perf_counter()
        values = batched_objective(scales)
        jax.block_until_ready(values)
        batch_times.append(time.perf_counter() - t_batch)
    return values


RUNS = [scaling_study]
COMPILES = [(scaling_study, 3)]
