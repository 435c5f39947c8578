"""Legal (SPREADKW through a comprehension): a wrapper that converts the settings it is given to
arrays, except those it lists, ``{key: jnp.asarray(val) if key not in KEEP else val for key, val
in settings.items()}``, and calls ``factory(**converted)``, binds each key to the parameter of
that name (Python's call semantics): the listed settings reach the factory as the Python values
they were, the others as arrays (tracers under ``jit``). So ``if order > 1:`` in the function the
factory returns tests a Python int when ``"order"`` is listed (by a name bound to a tuple, or
in a list display), and both jitted calls below run (JAX 0.10.2).
(``tests/precision_cases/true_spread_comprehension_converts_unlisted.py``: a setting left out of
the list is a tracer there, and ``range`` of it raises TracerIntegerConversionError.)
"""

import jax
import jax.numpy as jnp

KEEP = ("order", "mode")


def make_smoother(order, weight):
    def smooth(state):
        if order > 1:
            state = jnp.cumsum(state) / state.shape[0]
        return state * weight

    return smooth


def configured(factory):
    def configure(**settings):
        def step(state):
            converted = {key: jnp.asarray(val) if key not in KEEP else val for key, val in settings.items()}
            return factory(**converted)(state)

        return step

    return configure


def listed_inline(factory):
    def bind(**options):
        def apply(state):
            kept = {key: val if key in ["order"] else jnp.asarray(val) for key, val in options.items()}
            return factory(**kept)(state)

        return apply

    return bind


def listed_by_name():
    state = jnp.arange(5.0)
    return jax.jit(configured(make_smoother)(order=2, weight=0.5))(state)


def listed_in_place():
    state = jnp.arange(5.0)
    return jax.jit(listed_inline(make_smoother)(order=3, weight=2.0))(state)


RUNS = [listed_by_name, listed_in_place]
