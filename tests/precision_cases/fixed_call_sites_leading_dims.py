"""One jitted function called at three straight-line call sites with arrays of leading dimension
8, 8 and 12 compiles twice (shapes are part of jit's cache key): a fixed number of call sites,
each with a shape written in the source, is a bounded one-off cost, not churn (SITES), so nothing
is reported. A shape that comes from data in a loop is JG303's (a new leading dimension per
iteration: tests/reports/ has many).

Relabelled from the reports corpus at the session of 2026-12-03f (it was
tests/reports/churn_so-jit-called-with-different-leading-dimension.py, marked JG303 on the third
call): a Stack Overflow question retold on openillumi.com (https://openillumi.com/?p=109501),
"Stop JAX JIT recompilation! Dynamic shape root cause": `f(jnp.arange(300000000).reshape((-1, 2,
2)))` twice, then `f(jnp.arange(450000000).reshape((-1, 2, 2)))`, which compiles again. The
asker's second compile is real (COMPILES counts it), but it is the second of two programs the
source asks for, whatever the data: by the rules' policy that is not churn. The answer's fix
(pad every input to the largest leading dimension) is kept as the look-alike it was.
"""

import jax
import jax.numpy as jnp

MAX_ROWS = 12
# made before counting: only the jitted functions compile while the oracle counts
SMALL = jnp.arange(32).reshape((-1, 2, 2))
LARGE = jnp.arange(48).reshape((-1, 2, 2))


@jax.jit
def f(x):
    return (x + 10) * 100


def calls():
    a = f(SMALL)
    b = f(SMALL)
    c = f(LARGE)
    return a, b, c


@jax.jit
def f_padded(x):
    return (x + 10) * 100


def pad_rows(x):
    return jnp.pad(x, ((0, MAX_ROWS - x.shape[0]), (0, 0), (0, 0)))


PADDED = [pad_rows(x) for x in (SMALL, SMALL, LARGE)]


def calls_padded():
    return [f_padded(x) for x in PADDED]


RUNS = [calls, calls_padded]
COMPILES = [(calls, 2), (calls_padded, 1)]
