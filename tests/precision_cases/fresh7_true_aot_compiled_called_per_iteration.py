"""True look-alike of fresh7_aot_compiled_kept_per_element: the Compiled is called at once and
dropped, so the loop compiles a new one at every iteration.

``jax.jit(lambda ...).lower(x).compile()(x)`` inside a loop: only the result array is kept; the
next iteration makes a new lambda, lowers and compiles it again (checked on JAX 0.10.2: 2
compiles for n=2, 4 for n=4).
"""

import jax
import jax.numpy as jnp


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        x = jax.jit(lambda v: v * 0.5 + 1.0).lower(x).compile()(x)  # expect: JG301
    return x


RUNS = [lambda: run(2)]
GROWS = [run]
