"""True look-alike of fresh6_set_difference_of_keys: the operands are traced arrays, not Python
containers, so ``a - b`` is a traced array and ``sorted`` compares its elements in Python:
TracerBoolConversionError (checked on JAX 0.10.2). The fix is ``jnp.sort``.
"""

import jax
import jax.numpy as jnp


@jax.jit
def order(batch):
    return jnp.stack(sorted(batch["x"] - batch["y"]))  # expect: JG103


RAISES = [(lambda: order({"x": jnp.arange(3.0), "y": jnp.ones(3)}), "TracerBoolConversionError")]
