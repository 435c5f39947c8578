"""The truth value of a registered pytree object (or None) that a jitted function takes, and `in`
on a field annotated as a mapping, with the classes defined in another module.

Under `jax.jit` a registered dataclass argument arrives as an instance of its class, rebuilt by
unflattening: only its leaves are tracers. Its truth value is Python's (a dataclass without
`__bool__`/`__len__` is always true) and None has no leaves, so `overrides or default` and
`x.heat if profiles else {}` are decided at trace time, once per tree structure. A field annotated
`Mapping[str, ...]` holds a dict, a pytree node whose keys are part of the tree structure:
`name in edge.fixed_concentrations` tests the keys, static (checked on JAX 0.10.2: both calls,
with None and with an instance, run). The same with the classes in the jitted module is not
flagged.

Seen as (held-out 4): a tokamak transport simulator's jitted step takes
`runtime_params_overrides: RuntimeParamsProvider | None = None` and starts with
`provider = runtime_params_overrides or self.runtime_params_provider`; its source builder reads
`explicit.T_e if explicit else {}`; an edge-model update tests
`species in runtime_params.edge.fixed_impurity_concentrations`, a `Mapping[str, FloatScalar]`
field; the classes live in other modules of the package.
"""

import jax
import jax.numpy as jnp

from tests.precision_cases import _fresh4_optional_pytree_truth_across_modules_types as types


@jax.jit
def initial_state(
    default: types.ParamsProvider,
    t: float | None = None,
    overrides: types.ParamsProvider | None = None,
) -> jax.Array:
    provider = overrides or default
    t = t if t is not None else provider.t_initial
    return provider.at(t)


@jax.jit
def build_profiles(x: jax.Array, explicit: types.SourceProfiles | None = None) -> types.SourceProfiles:
    return types.SourceProfiles(
        heat=explicit.heat + x if explicit else x,
        particles=explicit.particles if explicit else {},
    )


def _update(params: types.ParamsProvider, names: tuple[str, ...]) -> jax.Array:
    total = jnp.zeros(())
    for name in names:
        if name in params.edge.fixed_concentrations and params.edge.mode == "edge":
            total = total + params.edge.fixed_concentrations[name]
    return total


@jax.jit
def update(params: types.ParamsProvider, flag: jax.Array) -> jax.Array:
    return jax.lax.cond(flag, lambda p: _update(p, ("ne", "w")), lambda p: p.t_initial, params)


def _provider(scale):
    edge = types.EdgeParams("edge", {"ne": jnp.float32(0.1)}, jnp.float32(scale))
    return types.ParamsProvider(edge, jnp.float32(1.0))


RUNS = [
    lambda: initial_state(_provider(1.0)),
    lambda: initial_state(_provider(1.0), 2.0, _provider(3.0)),
    lambda: build_profiles(jnp.ones(3)),
    lambda: build_profiles(jnp.ones(3), types.SourceProfiles(jnp.ones(3), {"d": jnp.ones(3)})),
    lambda: update(_provider(1.0), jnp.bool_(True)),
]
