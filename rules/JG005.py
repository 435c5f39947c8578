"""JG005 unused-noqa (opt-in): examples that must and must not be flagged.

Hygiene, not a bug: the flagged code runs. `jitguard check --select JG005 --fix` removes the codes.
"""

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def scale(x, factor):
    y = x * factor  # noqa: JG101  # expect: JG005
    return y


@jax.jit
def shift(x, offset):
    if x.ndim > 1:  # jitguard: ignore[JG1]  # expect: JG005
        x = x.ravel()
    return x + offset


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def clip_norm(x):
    norm = jnp.linalg.norm(x)
    # a real finding, silenced on purpose (this example is not run)
    if norm > 1.0:  # noqa: JG101
        x = x / norm
    return x


def long_line(x):
    return x + 1  # noqa: E501  (another linter's code)


def bare(x):
    return x  # noqa


RUNS = [
    lambda: scale(jnp.ones(2), 2.0),
    lambda: shift(jnp.ones((2, 2)), 1.0),
    lambda: long_line(1),
    lambda: bare(1),
]
