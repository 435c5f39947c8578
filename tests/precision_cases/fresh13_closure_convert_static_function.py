"""Legal (held-out 13): ``jax.closure_convert(fun, *example_args)`` returns ``(converted, consts)``:
the tracers ``fun`` closes over are hoisted into ``consts`` (a list of tracers under ``jit``), and
``converted`` is a plain Python function that closes over none of them and takes them as extra
arguments. Passing ``converted`` at a static position of a jitted function is legal under an outer
``jit`` (JAX 0.10.2: ``converted`` is no tracer, the call runs), as JAX's own
``jax.experimental.ode.odeint`` does with its ``_odeint_wrapper``.

Seen as (held-out 13): a particle-mesh cosmology simulator's copy of JAX's ``odeint``
(``converted, consts = custom_derivatives.closure_convert(func, y0, t[0], *args)``, then
``_odeint_wrapper(converted, rtol, ...)`` with ``static_argnums=(0, ..., 5)``), called from its
jitted growth-function integrator (1 JG203).
"""

from functools import partial

import jax
import jax.numpy as jnp
from jax import custom_derivatives


@partial(jax.jit, static_argnums=(0,))
def _wrapper(func, y0, *args):
    return func(y0, *args)


def integrate(func, y0, *args):
    converted, consts = custom_derivatives.closure_convert(func, y0, *args)
    return _wrapper(converted, y0, *args, *consts)


@jax.jit
def growth(y0, scale):
    return integrate(lambda y, s: y * s * scale, y0, 2.0)


RUNS = [lambda: growth(jnp.ones(2), 3.0)]
