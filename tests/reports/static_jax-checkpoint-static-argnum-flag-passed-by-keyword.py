# Report: jax-ml/jax#18405 https://github.com/jax-ml/jax/issues/18405
# Class: 5 (what reaches a static position: a remat static argument passed by keyword)
# Rule: JG201
# Reduced: "checkpoint static parameter has to be called as positional argument":
# `f = partial(jit, static_argnums=1)(partial(checkpoint, static_argnums=1)(f))` with
# `def f(x, flag=False): if flag: x += 1`. `f(5, False)` works; `f(5, flag=False)` raises
# "the `static_argnums` argument to `jax.checkpoint` / `jax.remat` can only take integer values
# ... less than `len(args)`": jit maps its own static_argnums to names and accepts them by
# keyword, but jax.checkpoint takes static arguments only from the call's positional arguments,
# and the flag arrives as a keyword. "no problem if only jit though". Workaround from the thread:
# pass the flag positionally.
from functools import partial

from jax import checkpoint, jit


# --- must be flagged ---


@partial(jit, static_argnums=1)
@partial(checkpoint, static_argnums=1)
def f(x, flag=False):
    if flag:
        x += 1
    return x


def crashes():
    return f(5.0, flag=False)  # expect: JG201


# --- must not be flagged ---


@partial(jit, static_argnums=1)
@partial(checkpoint, static_argnums=1)
def g(x, flag=False):
    if flag:
        x += 1
    return x


def works():
    return g(5.0, False)


RAISES = [(crashes, "ValueError")]
RUNS = [works]
