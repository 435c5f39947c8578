"""The configuration helper of ``heldout27_broadcast_to_through_returned_module.py`` (and of its
true twin): imports JAX for itself and hands back the two modules, as a package that configures
JAX once before any use does."""


def import_jax():
    import jax
    import jax.numpy as jnp

    return jax, jnp
