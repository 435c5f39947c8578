# Report: jax-ml/jax#3696 https://github.com/jax-ml/jax/issues/3696
# Class: 5 (what reaches a static position: a batched tracer from `vmap`'s default `in_axes`)
# Rule: JG203
# Reduced: "Enabling vmap for one_hot", the second attempt in the report: "I would expect to be
# able to fix it by jitting with `static_argnums=(1,)` ... but this just leads to a different
# concretization error": `vmap` still maps the class count (its default `in_axes=0` covers every
# positional argument), so the jitted `one_hot` receives a batched tracer at its static position
# (JAX 0.10.2: "Non-hashable static arguments are not supported ... BatchTracer"). Fix: keep the
# count out of the mapping with `in_axes=(0, None)`.
import jax
import jax.numpy as jnp

one_hot_static = jax.jit(jax.nn.one_hot, static_argnums=1)

# --- must be flagged ---


def bug():
    labels = jnp.array([2, 3, 4])
    return jax.vmap(one_hot_static)(labels, jnp.array([10, 10, 10]))  # expect: JG203


# --- must not be flagged ---


def fixed():
    labels = jnp.array([2, 3, 4])
    return jax.vmap(one_hot_static, in_axes=(0, None))(labels, 10)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
