"""One function jitted twice, with different static arguments: each call goes through its own jit.

`jax.jit(f, static_argnums=0)(2.0, x)` makes position 0 static for that jit only;
`jax.jit(f)(Box(x), x)` traces position 0, so a mutable (unhashable) registered dataclass is fine
there. A call read as "a call of `f`" cannot tell which jit it goes through, so neither jit's
static set may be applied to the other's calls.

Seen as: the legal fix of a held-out bug report (jax#7703), where the bug jitted the same `f` with
`static_argnums=0` a few lines above.
"""

import dataclasses
from typing import Any

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Box:
    x: Any


def f(c, x):
    return x * (c.x if isinstance(c, Box) else c)


def static_scale(x):
    return jax.jit(f, static_argnums=0)(2.0, x)


def traced_box(x):
    return jax.jit(f)(Box(x), x)


RUNS = [lambda: static_scale(jnp.ones(2)), lambda: traced_box(jnp.ones(2))]
