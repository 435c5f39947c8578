"""``jax, jnp = import_jax()`` (a helper of another module that returns the two modules), then
``jnp.broadcast_to(initial_value, buffer.shape)`` in a jitted function with ``initial_value`` a
traced argument. The import table cannot resolve a name bound to a call's result, so the call
reads as a method ``.broadcast_to(...)`` of some object; but a ``jax.Array`` has no
``broadcast_to`` method (nor has a NumPy array), so it is the module function, whose first
argument is the array to broadcast: only the shape after it must be static, and
``buffer.shape`` is (JAX 0.10.2: runs jitted for a 1-D and a 2-D buffer).

Seen as: the twenty-seventh held-out set's rheology package (docs/precision.md, "27th held-out
set"): a fractional model's history buffer filled with its initial value (1 finding before,
JG105).
"""

from tests.precision_cases._heldout27_broadcast_to_through_returned_module_config import import_jax

jax, jnp = import_jax()


@jax.jit
def initialize_history_with_value(buffer, initial_value):
    if buffer.ndim == 1:
        return jnp.full_like(buffer, initial_value)
    return jnp.broadcast_to(initial_value, buffer.shape)


@jax.jit
def fill_rows(buffer, row):
    return jnp.broadcast_to(row[None, :], shape=buffer.shape) + 0.0 * buffer


RUNS = [
    lambda: initialize_history_with_value(jnp.zeros((4, 3)), jnp.float32(2.0)),
    lambda: initialize_history_with_value(jnp.zeros(4), 2.0),
    lambda: fill_rows(jnp.zeros((4, 3)), jnp.arange(3.0)),
]
