# Report: jax-ml/jax#1710 https://github.com/jax-ml/jax/issues/1710
# Class: 6 (churn: a new object's bound method handed to a lax loop on every iteration)
# Rule: JG301
# Reduced: "memory leak of jax.random in GPU", the maintainers' repro in the thread:
# `for i in range(3): abc = ABC(); value = lax.fori_loop(0, 10, abc.body_fn, random.PRNGKey(0))`;
# the count of `jax.core.Var` objects grows every iteration, and pulling `body_fn` out and using
# it directly keeps it flat. Each `ABC()` makes a new bound method, and `lax.fori_loop` caches
# its traced body by the function, so every iteration traces (and, eagerly, compiles) the loop
# anew (checked: the body traces once per new instance). Fix: build the instance and take its
# bound method once, outside the loop (each `abc.body_fn` access makes a new bound-method object,
# checked: reading it inside the loop recompiles too).
import jax
from jax import lax, random


class ABC:
    def body_fn(self, i, key):
        key, _ = random.split(key)
        return key


# --- must be flagged ---


def new_instance_each_time(n):
    out = []
    for i in range(n):
        abc = ABC()
        value = lax.fori_loop(0, 10, abc.body_fn, random.PRNGKey(0))  # expect: JG301
        out.append(value)
    return out


# --- must not be flagged ---


def one_instance(n):
    out = []
    body_fn = ABC().body_fn
    for i in range(n):
        value = lax.fori_loop(0, 10, body_fn, random.PRNGKey(0))
        out.append(value)
    return out


GROWS = [new_instance_each_time]
BOUNDED = [one_instance]
