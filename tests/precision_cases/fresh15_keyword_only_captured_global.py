"""Legal (held-out 15): a keyword-only parameter whose default is the module-level name it is
named after (``def rhs(t, x, n, *, nh=nh)``) captures that global when the ``def`` runs, the
``len=len`` idiom: a constant bound as a local. ``jax.jit`` calls the function with the arguments
a caller gives, and a keyword-only parameter can only be given by keyword: a call by position or
through ``*args`` (an integrator calling ``f(t, y, *args)``) leaves it at its default, so ``nh``
is the Python int 4 in the trace and ``x.reshape(3 + nh, n)`` has a static shape (JAX 0.10.2:
these run). (``tests/precision_cases/fresh15_true_captured_global_passed.py``: a call that passes
``nh=`` makes it a tracer, and the reshape raises.)

Seen as (held-out 15): a neural-circuit simulator's jitted right-hand side ``dX(t, X, g, ...,
n_neurons, I_ext=None, *, nchannels=len(channels), nhchannels=nhchannels, h_slice=h_slice, ...)``,
its keyword-only constants commented "pulled from the global module variables, they should not be
used as arguments"; it is called as ``dX(t, X0_flat, *args)`` and handed to an ODE solver.
"""

from functools import partial

import jax
import jax.numpy as jnp

nh = 4  # channels with an h variable
h_slice = slice(0, 4)


@partial(jax.jit, static_argnames=["n"])
def rhs(t, x, g, n, *, nh=nh, h_slice=h_slice):
    x = x.reshape(3 + nh, n)
    v, gates = x[0], x[3 : 3 + nh]
    return (g[h_slice, None] * gates).sum(0) * t - v


def rhs_flat(t, x, *args):
    return rhs(t, x, *args)


def integrate(f, x0, steps, *args):
    x = x0
    for i in range(steps):
        x = x + 0.01 * jnp.concatenate([f(i * 0.01, x, *args), jnp.zeros(x.size - 2)])
    return x


RUNS = [lambda: rhs_flat(0.5, jnp.ones(14), jnp.ones(7), 2),
        lambda: integrate(rhs, jnp.ones(14), 3, jnp.ones(7), 2)]
