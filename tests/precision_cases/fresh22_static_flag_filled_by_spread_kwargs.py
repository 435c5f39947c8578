"""A jitted function called from another jitted function with `**params` (a dict built from the
caller's traced `**params` and new entries): the callee's static parameter `custom_init` may be
filled by that spread, but JAX hashes a jitted function's static arguments before its body runs
(a tracer there raises ValueError at the call: "Non-hashable static arguments are not
supported"), so inside the body a static parameter is never a tracer, however the call fills
it: `if custom_init:` is a Python `if` on a Python value.

Seen as: the twenty-second held-out set's microlensing library (docs/precision.md,
"Twenty-second held-out set"): the jitted magnification calls the jitted image solver with the
lens parameters spread in (JG101 before).
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("nlenses", "custom_init"))
def images(w, nlenses=2, custom_init=False, z_init=None, **params):
    if custom_init:
        return w + z_init
    return w * params["a"] + nlenses


@partial(jax.jit, static_argnames=("nlenses",))
def magnification(w, nlenses=2, **params):
    _params = {**params, "a": 0.5 * params["s"]}
    return images(w, nlenses=nlenses, **_params)


@jax.jit
def track(w, z0):
    return images(w, 2, *(True, z0))


RUNS = [
    lambda: magnification(jnp.ones(3), nlenses=2, s=1.0, q=0.5),
    lambda: track(jnp.ones(3), jnp.zeros(3)),
]
