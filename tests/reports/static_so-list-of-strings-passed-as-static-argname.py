# Report: https://openillumi.com/?p=109425 (Stack Overflow question, retold; English version https://openillumi.com/en/en-jax-jit-list-static-arg-best-practice)
# Class: 5 (what reaches a static position: a list at a static argument)
# Rule: JG203
# Reduced: "Fix JAX JIT Non-hashable Errors: Using Lists as Static Args Safely": `def dummy(a: int,
# b: List[str]): return a + len(b)`, `j_dummy = jax.jit(dummy, static_argnames=['b'])`, and
# `j_dummy(1, ['a', 'b'])` raises "ValueError: Non-hashable static arguments are not supported"
# while `jax.jit(partial(dummy, b=[...]))` compiles (and silently keeps the old list when it is
# mutated). Static arguments are jit's cache key and must be hashable; the answer's fix is to
# convert the list to a tuple before the call.
from typing import List

import jax


def dummy(a: int, b: List[str]):
    return a + len(b)


j_dummy = jax.jit(dummy, static_argnames=["b"])


# --- must be flagged ---


def crashes():
    return j_dummy(1, ["a", "b"])  # expect: JG203


# --- must not be flagged ---


def works():
    names = ["a", "b"]
    return j_dummy(1, tuple(names))


RAISES = [(crashes, "ValueError")]
RUNS = [works]
