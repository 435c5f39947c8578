"""JG301 jit-of-new-function, an eager `lax` loop given a bound method read in a loop: examples
that must and must not be flagged.

Outside any jit, `lax.fori_loop`/`while_loop`/`scan` cache their traced body by the function
object they get. Every attribute access `obj.method` makes a new bound-method object, so a loop
that reads it at the call hands the primitive a new function on every iteration, whether the
instance is new (`obj = Stepper()` in the loop) or the same one: one trace and compile per
iteration (JAX 0.10.2: compiles grow with the loop). Reading the method once before the loop, or
passing a module-level function, compiles once.
"""

from jax import lax
import jax.numpy as jnp


class Stepper:
    def body(self, i, x):
        return x * 0.5 + i


# --- must be flagged ---------------------------------------------------------------------------


def new_stepper_each_iteration(n):
    out = []
    for _ in range(n):
        stepper = Stepper()
        out.append(lax.fori_loop(0, 3, stepper.body, jnp.ones(2)))  # expect: JG301
    return out


def one_stepper_method_read_each_iteration(n):
    out = []
    stepper = Stepper()
    for _ in range(n):
        out.append(lax.fori_loop(0, 3, stepper.body, jnp.ones(2)))  # expect: JG301
    return out


# --- must not be flagged ---------------------------------------------------------------------


def body_fn(i, x):
    return x * 0.5 + i


def module_function(n):
    return [lax.fori_loop(0, 3, body_fn, jnp.ones(2)) for _ in range(n)]


def method_read_once(n):
    body = Stepper().body
    out = []
    for _ in range(n):
        out.append(lax.fori_loop(0, 3, body, jnp.ones(2)))
    return out


GROWS = [new_stepper_each_iteration, one_stepper_method_read_each_iteration]
BOUNDED = [module_function, method_read_once]
