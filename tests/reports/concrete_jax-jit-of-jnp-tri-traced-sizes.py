# Report: jax-ml/jax#22751 https://github.com/jax-ml/jax/issues/22751
# Class: 2 (arguments JAX needs static: the sizes of jnp.tri)
# Rule: JG105
# Reduced: "Underflow in `jax.jit(jnp.tri)`": the user jits the library function directly,
# `jax.jit(jax.numpy.tri)(3, 3, 0)`; N and M become tracers but they are the output shape.
# At the time this failed with a confusing ValueError deep in `min`; after the fix (#22779)
# JAX 0.10.2 raises a TypeError ("Shapes must be 1D sequences of concrete values of integer
# type"). Fix: mark the sizes static.
import jax


# --- must be flagged ---


def bug():
    return jax.jit(jax.numpy.tri)(3, 3, 0)  # expect: JG105


# --- must not be flagged ---


def fixed():
    return jax.jit(jax.numpy.tri, static_argnums=(0, 1, 2))(3, 3, 0)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
