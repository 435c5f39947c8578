"""True: the truth value of an argument whose class (in another module) decides it from a leaf,
or whose annotation is an array type alias of another module.

What CLASSTRUTH (fresh4_optional_pytree_truth_across_modules.py) must not clear: a class whose
`__bool__` reads a traced leaf, or a subclass of one, raises TracerBoolConversionError under
`jax.jit` at `x if gate else y`; `Scalar = jax.Array` is no class, so `limit or 1.0` on a
`Scalar | None` argument tests a tracer (checked on JAX 0.10.2).
"""

import jax
import jax.numpy as jnp

from tests.precision_cases import _fresh4_true_truth_of_traced_across_modules_types as types


@jax.jit
def gated(x, gate: types.Gate | None = None):
    return x * 2 if gate else x  # expect: JG101


@jax.jit
def timed(x, gate: types.TimedGate | None = None):
    return x * 2 if gate else x  # expect: JG101


@jax.jit
def clipped(x, limit: types.Scalar | None = None):
    bound = limit or 1.0  # expect: JG103
    return jnp.minimum(x, bound)


RUNS = [lambda: gated(jnp.ones(2)), lambda: timed(jnp.ones(2)), lambda: clipped(jnp.ones(2))]
RAISES = [
    (lambda: gated(jnp.ones(2), types.Gate(jnp.bool_(True))), "TracerBoolConversionError"),
    (lambda: timed(jnp.ones(2), types.TimedGate(jnp.bool_(True), jnp.float32(0))), "TracerBoolConversionError"),
    (lambda: clipped(jnp.ones(2), jnp.float32(0.5)), "TracerBoolConversionError"),
]
