"""A function decorated with ``@jax.jit(static_argnames=("depth",))`` keeps ``depth`` static in
its body however another transform wraps it: ``jax.jit(partial(_render, scale=s))`` calls the
jitted ``_render``, and that jit hands the body the Python value of ``depth``.

The decorator rebinds the name to the jitted function, so every later use of the name (a jit of
a ``functools.partial`` of it, returned to callers the module cannot see) calls through it. A
static argument is hashed when the call is made: a tracer there raises at the call (it is no
hashable static value), never inside the body. So ``if not depth:`` in the body is a Python test
of a Python value (JAX 0.10.2: both built renderers run, with and without ``depth`` bound).
(``tests/precision_cases/fresh11_true_outer_jit_traces_parameter.py``: the same outer jit of an
undecorated function, called with ``depth=True``, raises TracerBoolConversionError.)

Seen as (held-out 11): a drone simulator's splat renderer, ``@jax.jit(static_argnames=(...,
"depth", ...)) def _render(...)``, wrapped by ``build_render_splat_fn`` as ``jax.jit(partial(
_render, mjx_data=..., camera_ids=..., ...))`` without ``depth`` (1 finding).
"""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit(static_argnames=("depth",))
def _render(data, scale, depth: bool = False):
    out = data * scale
    if not depth:
        return out
    return jnp.concatenate([out, out])


def build_rgb(scale):
    return jax.jit(partial(_render, scale=scale))


def build_rgbd(scale):
    return jax.jit(partial(_render, scale=scale, depth=True))


RUNS = [lambda: build_rgb(2.0)(jnp.ones(2)), lambda: build_rgbd(2.0)(jnp.ones(2))]
