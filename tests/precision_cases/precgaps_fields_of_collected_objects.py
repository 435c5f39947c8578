"""Objects kept in Python containers inside a jitted function keep their fields: a list filled by
`append`, by `extend` or by `+=` of a list of them, a comprehension of one constructor, the same
list walked with `zip` or `enumerate`, and a dict filled by `d[k] = Obj(...)` read back with
`.values()` or `.items()`, all hold the very objects stored, so `s.order` of each element is the
Python int every construction passes, and `if s.order > 0:` runs under `jit` (JAX 0.10.2). Only
`s.weight`, built from the jitted argument, is a tracer.

Seen as: issues 10 and 11 (the value model lost the kinds of objects iterated back from lists and
dicts: ROWSTAIL, EXTENDROWS, DICTROWS in docs/precision.md); before them each `if` below was
flagged as a traced truth value.
"""

import jax
import jax.numpy as jnp


class Stage:
    """A weight and its position in a pipeline."""

    def __init__(self, weight, order):
        self.weight = weight
        self.order = order


@jax.jit
def appended_then_walked(t):
    stages = []
    for k in range(3):
        stages.append(Stage(t * k, k))
    out = t
    for s in stages:
        if s.order > 0:
            out = out + s.weight
    return out


@jax.jit
def extended_then_walked(t):
    stages = []
    stages.extend([Stage(t, 0), Stage(t * 2, 1)])
    stages += [Stage(t * 3, 2)]
    out = t
    for s in stages:
        if s.order > 1:
            out = out - s.weight
    return out


@jax.jit
def built_then_paired(t):
    stages = [Stage(t + k, k) for k in range(4)]
    out = t
    for n, (s, nxt) in enumerate(zip(stages, stages[1:])):
        if nxt.order - s.order == 1 and n % 2 == 0:
            out = out * s.weight
    return out


@jax.jit
def stored_by_key(t):
    table = {}
    for name, k in (("low", 0), ("high", 1)):
        table[name] = Stage(t - k, k)
    out = t
    for s in table.values():
        if s.order == 0:
            out = out + s.weight
    for name, s in table.items():
        if s.order == 1 and name:
            out = out / s.weight
    return out



RUNS = [
    lambda: appended_then_walked(jnp.array(0.5)),
    lambda: extended_then_walked(jnp.array(0.5)),
    lambda: built_then_paired(jnp.array(0.5)),
    lambda: stored_by_key(jnp.array(0.5)),
]
