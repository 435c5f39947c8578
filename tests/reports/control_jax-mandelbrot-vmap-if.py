# Report: jax-ml/jax#24740 https://github.com/jax-ml/jax/issues/24740
# Class: 4 (Python control flow on traced values inside a Python loop, under vmap)
# Rule: JG101
# Reduced: an escape-time loop with an early `return` on `jnp.abs(z) > 2.0`, vmapped over the
# points with `max_iter` unbatched (in_axes=None keeps it a Python int). Fix: count with
# `jnp.where` inside `lax.fori_loop`.
import jax
import jax.numpy as jnp
from jax import lax

# --- must be flagged ---


def mandle_brot(c, max_iter):
    z = jnp.array([0.0 + 0.0j])
    for i in range(max_iter):
        z = z * z + c
        if jnp.abs(z) > 2.0:  # expect: JG101
            return jnp.array([i])
    return jnp.array([max_iter])


mandle_brot_vmap = jax.vmap(mandle_brot, in_axes=(0, None))


def bug():
    return mandle_brot_vmap(jnp.full((4,), -0.75 + 0.1j), 10)


# --- must not be flagged ---


def escape_time(c, max_iter):
    def body(i, carry):
        z, count = carry
        z = z * z + c
        count = jnp.where((count == max_iter) & (jnp.abs(z) > 2.0), i, count)
        return z, count

    return lax.fori_loop(0, max_iter, body, (0.0 + 0.0j, max_iter))[1]


def fixed():
    return jax.vmap(escape_time, in_axes=(0, None))(jnp.full((4,), -0.75 + 0.1j), 10)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
