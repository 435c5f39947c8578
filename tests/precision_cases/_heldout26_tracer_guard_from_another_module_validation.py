"""The validation helpers of ``heldout26_tracer_guard_from_another_module.py`` (and of its true
twin): a tracer test that imports JAX for itself, so the module loads without it."""

import jax.numpy as jnp


def is_tracer(value) -> bool:
    """True when ``value`` is a JAX tracer (inside jit, vmap or scan)."""
    import jax

    return isinstance(value, jax.core.Tracer)


def as_array(value):
    return jnp.asarray(value, dtype=jnp.float32)
