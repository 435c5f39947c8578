# Report: jax-ml/jax#587 https://github.com/jax-ml/jax/issues/587
# Class: 6 (churn that comes from call structure: a new function object given to an eager loop on every call)
# Rule: JG301
# Reduced: "Improve the speed of the first step of while_loop/fori_loop": with `jf = jit(f)`
# already compiled, `lax.while_loop(lambda x: x < 0, jf, np.array(0.))` still takes ~20 ms every
# time it runs ("while_loop/fori_loop seems not cache the body_fn"); "When executing `lax.fori_loop`
# or `lax.while_loop` in op-by-op mode, even if the user's body function is itself jitted, the
# constructed XLA While and its function arguments are recompiled". Outside jit the loop is compiled
# and cached by the identity of its functions, and the condition is a new lambda on each call, so
# each call compiles again. Reduced to a helper that runs the loop from a given start, called in a
# loop; the look-alike passes a module-level condition.
import jax
import jax.numpy as jnp
from jax import lax


def f(x):
    return x + jnp.mean(jnp.ones(1000))


jf = jax.jit(f)


# --- must be flagged ---


def count_up(x0):
    return lax.while_loop(lambda x: x < 0, jf, x0)  # expect: JG301


def calls(n):
    return [count_up(jnp.array(-3.0 - i)) for i in range(n)]


# --- must not be flagged ---


def is_negative(x):
    return x < 0


def count_up_cached(x0):
    return lax.while_loop(is_negative, jf, x0)


def calls_cached(n):
    return [count_up_cached(jnp.array(-3.0 - i)) for i in range(n)]


GROWS = [calls]
BOUNDED = [calls_cached]
