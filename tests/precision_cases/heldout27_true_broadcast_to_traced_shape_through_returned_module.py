"""True twin of ``heldout27_broadcast_to_through_returned_module.py``: the same module handed
back by a helper, with the shape traced: ``jnp.broadcast_to(value, (n,))`` with ``n`` an argument
of the jitted function. The shape must be static (TypeError at the marked line, JAX 0.10.2).
"""

from tests.precision_cases._heldout27_broadcast_to_through_returned_module_config import import_jax

jax, jnp = import_jax()


@jax.jit
def fill(value, n):
    return jnp.broadcast_to(value, (n,))  # expect: JG105


RAISES = [(lambda: fill(1.0, 3), "TypeError")]
