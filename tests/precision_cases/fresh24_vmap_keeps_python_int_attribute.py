"""A helper that broadcasts a scalar noise scale to the observation count it is given
(`if scale.size == 1 and n_observed > 1:`), called under `vmap` with `system.n_observed`, a field
of an `equinox.Module` (in another module) whose `__init__` stores `int(emission.shape[-1])`.
`vmap` maps the array leaves of its arguments and hands every other leaf over as it is: a Python
int cannot be mapped (`in_axes=0` on it raises ValueError), so whatever the computed `in_axes`
tree says, `system.n_observed` is a Python int inside the vmapped functions, also through a
helper and a nested function, and the test is a Python test. Under `jit` the same leaf is a
tracer (`fresh24_true_jit_traces_python_int_attribute.py`).

Seen as: the twenty-fourth held-out set's probabilistic-programming library for dynamical systems
(docs/precision.md, "Twenty-fourth held-out set"): its ensemble filter's predicted observations,
vmapped over time steps and members and, per plate, over the model with a computed in_axes tree
(JG101 once before).
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._fresh24_vmap_keeps_python_int_attribute_model import ObservedSystem


def noise_covariance(scale, *, n_observed: int):
    scale = jnp.atleast_1d(scale)
    if scale.size == 1 and n_observed > 1:
        scale = jnp.full((n_observed,), scale[0])
    return jnp.diag(jnp.square(scale))


def per_time(system: ObservedSystem, scales):
    def project(scale):
        return noise_covariance(scale, n_observed=system.n_observed)

    return jax.vmap(project)(scales)


def plate_axes(tree):
    return jax.tree_util.tree_map(lambda leaf: 0 if getattr(leaf, "ndim", 0) > 2 else None, tree)


def predict(system: ObservedSystem, scales, plates=()):
    def one(sys_, s):
        return per_time(sys_, s)

    for _ in plates:
        one = jax.vmap(one, in_axes=(plate_axes(system), 0))
    return one(system, scales)


RUNS = [
    lambda: predict(ObservedSystem(jnp.ones((2, 3))), jnp.ones((5, 1))),
    lambda: predict(ObservedSystem(jnp.ones((4, 2, 3))), jnp.ones((4, 5, 1)), plates=(4,)),
]
