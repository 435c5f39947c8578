# Report: jax-ml/jax#13071 https://github.com/jax-ml/jax/issues/13071
# Class: 5 (what reaches a static position: a new Partial object per call, hashed by identity)
# Rule: JG302
# Reduced: "Double `jtu.Partial` results in cache miss": `check = jax.jit(check,
# static_argnums=0)` called with `h1 = jtu.Partial(g)` and `h2 = jtu.Partial(g)` (g itself a
# Partial) traces twice; the maintainers point out that a Partial at a static position is
# hashed like a `functools.partial`, by identity, so every new object is a new cache key
# (under JAX 0.10.2 the single-level `Partial(f)` retraces as well). Here the objects are
# built in a loop, as a caller would. Fix: pass the Partial as an ordinary (pytree) argument:
# its function goes into the treedef and the cache hits.
import jax
import jax.tree_util as jtu


def f(x):
    return x


g = jtu.Partial(f)


def check(h, x):
    return h(x) + 1


check_static = jax.jit(check, static_argnums=0)


# --- must be flagged ---


def run(n):
    out = None
    for i in range(n):
        h = jtu.Partial(g)
        out = check_static(h, i)  # expect: JG302
    return out


# --- must not be flagged ---


check_pytree = jax.jit(check)


def run_pytree(n):
    out = None
    for i in range(n):
        h = jtu.Partial(g)
        out = check_pytree(h, i)
    return out


GROWS = [run]
BOUNDED = [run_pytree]
