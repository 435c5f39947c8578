"""Two more flows of the value-model audit (benchmarks/value_model_audit.py, 2026-12-03d) that
lost a traced value:

* a parameter of an ``eqx.filter_jit`` function that every call in the module gives an array
  (``count(jnp.ones(3), 2)``) is a tracer there: the filtering jit traces exactly the arrays
  (NumPy ones too), so ``int(x[0])`` raises (the Python int ``n`` stays static: ``range(n)``
  runs);
* a function nested in a vmapped function and called there reads the vmapped function's
  traced values (``inner()`` returns ``x.sum()``, a batched tracer).

Both raise (checked on JAX 0.10.2); the audit's sample of 3,000 programs missed 42 and 4 of
these before.
"""

import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def count(x, n):
    total = 0
    for _ in range(n):  # a Python int under filter_jit: static
        total += 1
    return x * int(x[0]) + total  # expect: JG104


def batched(x):
    def inner():
        return x.sum().astype(int)

    return x + jnp.zeros(inner()).sum()  # expect: JG105


RAISES = [
    (lambda: count(jnp.ones(3), 2), "ConcretizationTypeError"),
    (lambda: jax.vmap(batched)(jnp.ones((2, 3))), "TypeError"),
]
