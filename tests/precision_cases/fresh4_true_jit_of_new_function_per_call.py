"""True (a demonstration its author wrote on purpose): `jax.jit` of a function defined inside the
function that a loop calls is a new function object at each call, so JAX's cache misses and it is
traced and compiled again every time (checked on JAX 0.10.2: 2 compiles for 2 calls, 4 for 4).

Seen as (held-out 4): a finite-element package's `experimental/when_to_jit.py` times `f2`, which
defines `f`, does `f = jax.jit(f)` and calls it, in a loop of 10 ("Bad: repeated jit"), next to
the good forms (a module-level jitted function, passed in or called through a helper).
"""

import jax
import jax.numpy as jnp


def centred_gram(x):
    def f(x):
        return x.T @ (x - x.mean(axis=0))

    f = jax.jit(f)  # expect: JG301
    return f(x)


def repeated(n):
    x = jnp.ones((4, 4))
    out = None
    for _ in range(n):
        out = centred_gram(x)
    return out


RUNS = [lambda: repeated(2)]
GROWS = [repeated]
