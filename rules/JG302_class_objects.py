"""JG302 loop-varying-static, a class statement run per iteration whose class reaches a static
position: examples that must and must not be flagged.

A class object hashes and compares by identity (without a metaclass that says otherwise), and a
`class` statement makes a new one every time it runs. Passed at a static position of a jitted
function, a class defined in the loop body is a new static value on every iteration: one trace
and compile each (JAX 0.10.2: compiles grow with the loop). A class defined once, at module level
or before the loop, is one static value, however often it is passed.
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def scale_by(x, kind):
    return x * kind.factor


# --- must be flagged ---------------------------------------------------------------------------


def fresh_class_per_iteration(n):
    out = []
    for i in range(n):
        class Kind:
            factor = 2.0

        out.append(scale_by(jnp.ones(2), Kind))  # expect: JG302
    return out


# --- must not be flagged ---------------------------------------------------------------------


class Doubling:
    factor = 2.0


def module_class(n):
    return [scale_by(jnp.ones(2), Doubling) for _ in range(n)]


def class_before_the_loop(n):
    class Tripling:
        factor = 3.0

    out = []
    for i in range(n):
        out.append(scale_by(jnp.ones(2), Tripling))
    return out


GROWS = [fresh_class_per_iteration]
BOUNDED = [module_class, class_before_the_loop]
