# Report: jax-ml/jax#9672 https://github.com/jax-ml/jax/issues/9672
# Class: 6 (churn: `jax.jit` of a bound method, re-created in a loop)
# Rule: JG301
# Reduced: the caller-side pattern, `for i in range(3): jit(x.f)()`: each `x.f` is a new
# bound-method object, so each `jit(x.f)` compiles again. Fix (from the thread): jit once in
# the constructor (`self.f = jax.jit(self.f)`).
import jax.numpy as jnp
from jax import jit

# --- must be flagged ---


class X:
    def f(self, a):
        return a * 2.0


def run(n):
    x, a = X(), jnp.ones(3)
    for i in range(n):
        a = jit(x.f)(a)  # expect: JG301
    return a


# --- must not be flagged ---


class JittedX:
    def __init__(self):
        self.f = jit(self.f)

    def f(self, a):
        return a * 2.0


def run_jitted_once(n):
    x, a = JittedX(), jnp.ones(3)
    for i in range(n):
        a = x.f(a)
    return a


GROWS = [run]
BOUNDED = [run_jitted_once]
