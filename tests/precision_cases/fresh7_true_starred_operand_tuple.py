"""True look-alike of fresh7_starred_operand_tuple: the starred tuple literal reaches the
parameter, so it is an operand of ``lax.cond``, traced.

``lax.cond(pred, f, g, *(x, flag))`` passes ``flag`` as the second operand: inside the branch it
is a tracer, and ``if flag:`` raises TracerBoolConversionError (checked on JAX 0.10.2).
"""

import jax
import jax.numpy as jnp


def _branch(x, flag=False):
    if flag:  # expect: JG101
        return -x
    return x


@jax.jit
def step(x):
    return jax.lax.cond(x > 0, _branch, _branch, *(x, x < 1))


RAISES = [(lambda: step(jnp.float32(0.5)), "TracerBoolConversionError")]
