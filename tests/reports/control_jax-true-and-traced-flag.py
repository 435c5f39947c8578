# Report: jax-ml/jax#22098 https://github.com/jax-ml/jax/pull/22098
# Class: 4 (Python `and` on a traced value)
# Rule: JG101
# Reduced: the PR's reproducer: a jitted function tests `if True and qiaoqiao:` on its
# argument. Fix: mark the flag static.
import functools

import jax

# --- must be flagged ---


@jax.jit
def f(qiaoqiao):
    if True and qiaoqiao:  # expect: JG101
        return 1
    return 0


def bug():
    return f(True)


# --- must not be flagged ---


@functools.partial(jax.jit, static_argnums=0)
def f_static(qiaoqiao):
    if True and qiaoqiao:
        return 1
    return 0


def fixed():
    return f_static(True)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
