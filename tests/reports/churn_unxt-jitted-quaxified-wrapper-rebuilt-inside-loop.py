# Report: GalacticDynamics/unxt#906 https://github.com/GalacticDynamics/unxt/pull/906
# Class: 6 (churn that comes from call structure: a wrapper jitted anew on every iteration)
# Rule: JG301
# Reduced: "docs(perf): document the jax.jit closure-identity recompile trap": unxt's performance
# guide builds `jitted_quax_func = jax.jit(quax.quaxify(func))` once, "but never states why that
# matters. `jax.jit` caches on the Python *identity* of the wrapped function, not argument
# equality — a wrapper rebuilt inside a loop or method body recompiles on every call instead of
# hitting the cache" (~400x slower, measured in the PR; ~4000x for coordinax's `pt_map`). quax is
# reduced to a small unit-stripping wrapper factory over a pytree Quantity whose unit is
# metadata; the look-alike is the guide's pattern, built once at module scope.
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.tree_util.register_dataclass, data_fields=["value"], meta_fields=["unit"])
@dataclasses.dataclass(frozen=True)
class Q:
    value: jax.Array
    unit: str


def quaxify(fn):
    def wrapped(x, y):
        return Q(fn(x.value, y.value), x.unit)

    return wrapped


def func(x, y):
    return jnp.sum((x ** 3 - y ** 3) / (x ** 2 + y ** 2))


QX = Q(jnp.linspace(0.1, 10.0, 100), "m")
QY = Q(jnp.linspace(11.0, 100.0, 100), "m")


# --- must be flagged ---


def calls(n):
    out = []
    for _ in range(n):
        jitted = jax.jit(quaxify(func))  # expect: JG301
        out.append(jitted(QX, QY).value)
    return out


# --- must not be flagged ---


jitted_quax_func = jax.jit(quaxify(func))


def calls_built_once(n):
    return [jitted_quax_func(QX, QY).value for _ in range(n)]


GROWS = [calls]
BOUNDED = [calls_built_once]
