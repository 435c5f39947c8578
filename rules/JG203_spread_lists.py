"""JG203 unhashable-static-argument, positions filled by a star-spread display: examples that must
and must not be flagged.

`f(x, *args)` binds the elements of `args` to the positions from the star on, in order. When
`args` is a list or tuple display (inline, or a name bound once to one), the analysis knows each
element, and an element stored later by `args[k] = v` (a constant `k`) replaces the one
displayed for the calls after that statement. A list at a static position raises ValueError
("Non-hashable static arguments are not supported", JAX 0.10.2). Where the display's length is
not known (a starred element in it, a name passed on or aliased), nothing past that is claimed.
"""

from functools import partial

import jax
import jax.numpy as jnp

X = jnp.ones(3)


@partial(jax.jit, static_argnums=(1, 2, 3))
def render(x, near, bounds, steps):
    lo, hi = bounds
    return jnp.clip(x * near, lo, hi) * steps


# --- must be flagged -------------------------------------------------------------------------


def spread_list_with_a_list(x=X):
    options = [0.5, [0.0, 1.0], 4]
    return render(x, *options)  # expect: JG203


def list_stored_into_the_options(x=X):
    options = [0.5, None, 4]
    options[1] = [0.0, 1.0]
    return render(x, *options)  # expect: JG203


def spread_tuple_then_more(x=X, more=(4,)):
    options = (0.5, [0.0, 1.0], *more)
    return render(x, *options)  # expect: JG203


# --- must not be flagged ---------------------------------------------------------------------


def tuple_stored_into_the_options(x=X):
    options = [0.5, [0.0, 1.0], 4]
    options[-2] = (0.0, 1.0)
    return render(x, *options)


def called_before_the_store(x=X):
    options = [0.5, (0.0, 1.0), 4]
    out = render(x, *options)
    options[1] = [0.0, 2.0]
    return out


def unknown_tail(x=X, rest=((0.0, 1.0), 4)):
    options = [0.5, *rest]
    return render(x, *options)


RAISES = [(spread_list_with_a_list, "ValueError"), (list_stored_into_the_options, "ValueError"),
          (spread_tuple_then_more, "ValueError")]
RUNS = [tuple_stored_into_the_options, called_before_the_store, unknown_tail]
