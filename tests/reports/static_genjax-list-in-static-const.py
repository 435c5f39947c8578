# Report: genjax-community/genjax#1179 https://github.com/genjax-community/genjax/issues/1179
# Class: 5 (what reaches a static position: a list inside a frozen wrapper object)
# Rule: JG203
# Reduced: `jax.jit(foo, static_argnums=(0,))` called with a `Const` wrapper (a frozen dataclass
# whose hash is its fields') holding a list: hashing the wrapper hashes the list. Fix: wrap a
# tuple.
import dataclasses

import jax

# --- must be flagged ---


@dataclasses.dataclass(frozen=True)
class Const:
    const: object


def foo(x):
    return x.const[0] + 1


def bug():
    jfoo = jax.jit(foo, static_argnums=(0,))
    return jfoo(Const([2]))  # expect: JG203


# --- must not be flagged ---


def fixed():
    jfoo = jax.jit(foo, static_argnums=(0,))
    return jfoo(Const((2,)))


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
