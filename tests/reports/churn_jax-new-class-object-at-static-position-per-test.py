# Report: jax-ml/jax#16226 https://github.com/jax-ml/jax/issues/16226
# Class: 6 (churn: a new object, hashed by identity, reaches a static position every iteration)
# Rule: JG302
# Reduced: "`jax.jit(..., static_argnums=...)` keeps strong (not weak) reference in cache, causing
# memory leak": `f = jax.jit(f, static_argnums=1); f(1, A)` with a freshly defined `class A`; "this
# use-case turns up in tests, when creating and destroying many JIT'd functions". A class hashes
# and compares by identity, so each newly defined class at the static position is a new cache
# key: one trace and compile per class, kept alive by the cache. Fix: define the class once and
# reuse it.
import jax


def f(x, y):
    return x


jf = jax.jit(f, static_argnums=1)


# --- must be flagged ---


def many_tests(n):
    outs = []
    for _ in range(n):
        class A:
            pass

        outs.append(jf(1, A))  # expect: JG302
    return outs


# --- must not be flagged ---


class Shared:
    pass


def many_tests_shared(n):
    outs = []
    for _ in range(n):
        outs.append(jf(1, Shared))
    return outs


GROWS = [many_tests]
BOUNDED = [many_tests_shared]
