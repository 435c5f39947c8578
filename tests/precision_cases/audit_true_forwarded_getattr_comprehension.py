"""True look-alike of audit_forwarded_static_keyword, and two more flows of the value-model audit
that lost a traced value (benchmarks/value_model_audit.py, 2026-12-03d):

* the traced positions of a ``*args`` tuple reach the helper's parameters they fill
  (``forward(x, m, n=n)``: ``m`` is traced in ``helper``);
* ``getattr(obj, "name")`` with a literal name is ``obj.name`` (a traced field read);
* ``[a for a in [x[0]]][0]`` is an element of a comprehension whose element expression is
  traced: a traced value, as ``[x[0]][0]`` is.

Each raises under jit (checked on JAX 0.10.2); the audit's sample of 3,000 programs missed 29, 48
and 35 of these before.
"""

from functools import partial

import jax
import jax.numpy as jnp


def helper(x, m, n):
    if m > 1:  # expect: JG101
        x = x + n
    return x


def forward(*args, **kwargs):
    return helper(*args, **kwargs)


@partial(jax.jit, static_argnames=("n",))
def forwarded(x, m, n):
    return forward(x, m, n=n)


class Box:
    def __init__(self, value):
        self.value = value


@jax.jit
def through_getattr(x):
    v = getattr(Box(x[0]), "value")
    return x * float(v)  # expect: JG104


@jax.jit
def through_comprehension(x):
    v = [a for a in [x[0]]][0]
    return x + jnp.zeros(v.astype(int)).sum()  # expect: JG105


RAISES = [
    (lambda: forwarded(jnp.ones(3), 2, n=3), "TracerBoolConversionError"),
    (lambda: through_getattr(jnp.ones(3)), "ConcretizationTypeError"),
    (lambda: through_comprehension(jnp.ones(3)), "TypeError"),
]
