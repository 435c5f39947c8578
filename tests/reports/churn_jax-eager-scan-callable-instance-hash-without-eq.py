# Report: jax-ml/jax#14743 https://github.com/jax-ml/jax/issues/14743
# Class: 6 (churn that comes from call structure: a new callable object for every eager scan)
# Rule: JG301
# Reduced: "Unnecessary re-compiles for jax.lax.scan": passing callable objects to `lax.scan`
# recompiles "even when the callables hash to the same value" (`__hash__` returns 0, two
# instances); the answer: "an identical hash is not sufficient for two objects to be considered
# equivalent; you also have to override `__eq__`" (without it, equality is identity). Here a
# helper makes a new scan step object on every call and is called in a loop. Fix: make the step
# object once and reuse it. (The answer's `__eq__` does not help on JAX 0.10.2: checked, a new
# instance per call still compiles again, `scan` caching on the callable's identity.)
import jax
import jax.numpy as jnp


class Identity:
    def __call__(self, carry, x):
        return carry, x

    def __hash__(self):
        return 0


# --- must be flagged ---


def collect(xs):
    return jax.lax.scan(Identity(), None, xs)  # expect: JG301


def calls(n):
    return [collect(jnp.arange(3)) for _ in range(n)]


# --- must not be flagged ---


STEP = Identity()


def collect_shared(xs):
    return jax.lax.scan(STEP, None, xs)


def calls_shared(n):
    return [collect_shared(jnp.arange(3)) for _ in range(n)]


GROWS = [calls]
BOUNDED = [calls_shared]
