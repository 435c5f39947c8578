"""A loop over a literal list repeated a literal number of times (`[8] * 10`) binds only the
list's elements: every pass sees the same value, so an array shaped by it has the same shape
every pass and the jitted function compiles once (checked on JAX 0.10.2: 1 compile for 2 steps
and for 4).

Seen as (held-out 5): a neural-field package's benchmark `for cores in [8]*10: for n in [4]:`
(the sweeps of other sizes commented out), building `pars` shaped by `cores` and `n` and calling
a `jax.pmap(jax.vmap(run))` on it 50 times (JG303 before).
"""

import jax
import jax.numpy as jnp


def run(pars):
    return jnp.sum(pars[0] * pars[1] + pars[2])


batched = jax.jit(jax.vmap(run, in_axes=1))


def bench(steps):
    out = []
    for cores in [8] * 10:
        pars = jnp.ones((3, cores * 4))
        for _ in range(steps):
            out.append(batched(pars))
    return out


RUNS = [lambda: bench(2)]
BOUNDED = [bench]
