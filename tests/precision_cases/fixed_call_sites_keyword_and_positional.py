"""One jitted function called with a parameter by position at one call site and by keyword at
another (through `jax.tree_util.Partial(f, parameter=1)`) compiles twice: jit does not
canonicalise keywords (jax-ml/jax#595), so the two call signatures are two cache entries. Two call
sites, two programs, whatever the data: a bounded one-off cost, not churn (SITES, as
fixed_call_sites.py), so nothing is reported.

Relabelled from the reports corpus at the session of 2026-12-03f (it was
tests/reports/churn_jax-partial-keyword-binding-second-signature.py, marked JG304 on the
`Partial`'s first call; no rule fitted it): jax-ml/jax#14183
(https://github.com/jax-ml/jax/issues/14183), "using `jax.tree_util.Partial` or `lambda` function
triggers compilation": `some_function(1, 1)` compiles, then `Partial(some_function,
parameter=1)(1)` compiles again. The second compile is real (COMPILES counts it), but the count
is fixed by the source's two ways of calling, not by the work; the thread's fix (call the jitted
function one way everywhere) is kept as the look-alike it was.
"""

import jax
from jax.tree_util import Partial


@jax.jit
def some_function(x, parameter):
    return x + parameter


def test_compilation():
    some_function(1, 1)
    patial_function = Partial(some_function, parameter=1)
    patial_function(1)
    return patial_function(1)


def call_positionally(x, parameter):
    return some_function(x, parameter)


def test_compilation_positional():
    some_function(1, 1)
    patial_function = Partial(call_positionally, parameter=1)
    patial_function(1)
    return patial_function(1)


RUNS = [test_compilation, test_compilation_positional]
COMPILES = [(test_compilation, 2), (test_compilation_positional, 1)]
