"""A jitted stencil called in a loop over the spatial axes (a static `axis`), in a private helper
of another module whose only caller is this module's jitted function (given only the static
configuration, so no traced value marks the helper as traced code): the helper runs only while
`sources` is traced, so each call of the jitted stencil is inlined in that trace and compiles
nothing of its own, whatever its static arguments (checked on JAX 0.10.2: three calls of
`sources` with 1, 2 and 3 axes compile `sources` three times and leave the caches of the stencils
empty, `_cache_size() == 0`; the same calls made eagerly compile once per axis).

Seen as (held-out 13): an astrophysics solver's `_fd_gravity_source(...)`, with `for axis in
range(1, config.dimensionality + 1): _stencil_add(phi, ..., axis=axis - 1)` and
`_shift(flux, 1, axis=axis - 1)` (a wrapper of a jitted roll), called only from
`_time_integrator_sources`, a `jax.jit` function of another module (JG302, 6 findings, before).
"""

from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp

from tests.precision_cases import _fresh13_jitted_helper_under_outer_jit_stencils as stencils
from tests.precision_cases._fresh13_jitted_helper_under_outer_jit_stencils import _gravity_source


class Config(NamedTuple):
    dimensionality: int
    spacing: float = 1.0


@partial(jax.jit, static_argnames=("config",))
def sources(state, config):
    return state * _gravity_source(config) + stencils._flux_source(config)


def _run():
    out = [sources(jnp.ones((4,) * n), Config(n)) for n in (1, 2, 3)]
    assert sources._cache_size() == 3
    assert stencils.stencil_add._cache_size() == 0 and stencils.roll._cache_size() == 0
    return out


RUNS = [_run]
