"""A static field of a registered dataclass declared by a `dataclasses.field(...)` call that a
formatter wrapped over several lines, read in another module.

`field(\n    metadata={"static": True}\n)` is the same field as on one line: under `jax.jit` it is
part of the tree structure and keeps its Python value, so comparing it with an Enum member and
`range(params.num_guesses)` are Python operations at trace time (checked on JAX 0.10.2). The
class is usually defined in another module than the traced code that reads the field, where only
the tree-wide text scan of metadata fields sees it.

Seen as (held-out 4): a tokamak simulator's edge model declares
`impurity_sot: FixedImpuritySourceOfTruth = dataclasses.field(\n metadata={'static': True}\n)`;
the impurity update that a `lax.cond` branch calls tests
`runtime_params.edge.impurity_sot == FixedImpuritySourceOfTruth.EDGE`.
"""

import jax
import jax.numpy as jnp

from tests.precision_cases._fresh4_wrapped_static_field_across_modules_params import EdgeParams, SourceOfTruth


def _update(params, out):
    for _ in range(params.num_guesses):
        if params.source_of_truth == SourceOfTruth.EDGE:
            out = out * params.scale
    return out


@jax.jit
def update(params, out):
    return jax.lax.cond(params.update, lambda p: _update(p, out), lambda p: out, params)


RUNS = [
    lambda: update(EdgeParams(SourceOfTruth.EDGE, 2, jnp.bool_(True), jnp.float32(2.0)), jnp.float32(1.0)),
    lambda: update(EdgeParams(SourceOfTruth.CORE, update=jnp.bool_(False), scale=jnp.float32(2.0)), jnp.float32(1.0)),
]
