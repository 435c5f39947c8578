"""A configuration registered as a pytree by the project's own decorator, `tree_dataclass(cls,
aux_fields=Ellipsis)`, whose flatten returns no children, `if all_fields_static: return (), obj`
with `all_fields_static = aux_fields is Ellipsis`: the class has no leaf (`jax.tree.leaves(conf)
== []`), so under `jax.jit` every field, and every property computed from them, is the Python
value it was: an `if` on `conf.step`, a comprehension and `if`s on the pairs of `conf.splits` run
at trace time (checked on JAX 0.10.2).

Seen as (held-out 13): a cosmology simulator's `Configuration`, `@partial(pytree_dataclass,
aux_fields=Ellipsis, frozen=True, eq=False)`, whose decorator lives in another module;
`if a_ic >= conf.a_lpt_step:` and the loop over `conf.symp_splits` in the jitted N-body step (JG101,
4 findings, before).
"""

import math
from functools import partial

import jax
import jax.numpy as jnp

from tests.precision_cases._fresh13_all_aux_pytree_by_own_decorator_utils import tree_dataclass


@partial(tree_dataclass, aux_fields=Ellipsis, frozen=True, eq=False)
class Configuration:
    a_start: float = 1 / 64
    a_maxstep: float = 1 / 128
    splits: tuple = ((0, 0.5), (1, 0.5))

    @property
    def num(self):
        return math.ceil(self.a_start / self.a_maxstep)

    @property
    def step(self):
        return self.a_start / self.num


@jax.jit
def integrate(x, conf):
    a = 0.5
    if a >= conf.step:
        a = 0.1 * conf.step
    last = max(i for i, (d, _k) in enumerate(conf.splits) if d != 0)
    total = 0.0
    for i, (d, k) in enumerate(conf.splits):
        if d != 0:
            total += d * a + (i == last)
        if k != 0:
            total += k
    return x * total


def _run():
    conf = Configuration()
    assert jax.tree.leaves(conf) == []
    return integrate(jnp.ones(3), conf)


RUNS = [_run]
