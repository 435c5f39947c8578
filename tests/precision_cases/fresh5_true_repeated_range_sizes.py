"""True: a loop over a range repeated (`list(range(1, n + 1)) * 2`) binds every size of the
range, so an array shaped by it takes n shapes and the jitted function compiles once per size
(checked on JAX 0.10.2: 2 compiles for n=2, 4 for n=4). The look-alike of
`fresh5_repeated_literal_sizes.py`, where only the repeat count is unbounded in form.
"""

import jax
import jax.numpy as jnp


def run(pars):
    return jnp.sum(pars[0] * pars[1] + pars[2])


batched = jax.jit(jax.vmap(run, in_axes=1))


def sweep(n):
    out = []
    for cores in list(range(1, n + 1)) * 2:
        pars = jnp.ones((3, cores * 4))
        out.append(batched(pars))  # expect: JG303
    return out


RUNS = [lambda: sweep(2)]
GROWS = [sweep]
