"""The jitted caller of fresh13_true_jitted_helper_also_called_eagerly._gravity_source (another
module, as in the package)."""

from functools import partial

import jax

from tests.precision_cases.fresh13_true_jitted_helper_also_called_eagerly import _gravity_source


@partial(jax.jit, static_argnames=("config",))
def sources(state, config):
    return state * _gravity_source(config)
