"""True (held-out 15 look-alike): the ``*, nh=nh`` idiom of
``tests/precision_cases/fresh15_keyword_only_captured_global.py``, but a call of the module passes
``nh=`` by keyword (or spreads ``**`` into the function): a passed argument of a jitted function
that is not static is a tracer, and the reshape to ``3 + nh`` rows raises (JAX 0.10.2:
TypeError, a shape that is not concrete).
"""

from functools import partial

import jax
import jax.numpy as jnp

nh = 4


@partial(jax.jit, static_argnames=["n"])
def rhs(t, x, n, *, nh=nh):
    return x.reshape(3 + nh, n).sum()  # expect: JG105


def more_channels(x):
    return rhs(0.0, x, 2, nh=5)


def from_options(x, opts):
    return rhs(0.0, x, 2, **opts)


RAISES = [(lambda: more_channels(jnp.ones(16)), "TypeError"),
          (lambda: from_options(jnp.ones(16), {"nh": 5}), "TypeError")]
