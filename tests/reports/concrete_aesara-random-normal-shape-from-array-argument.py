# Report: aesara-devs/aesara#702 https://github.com/aesara-devs/aesara/issues/702
# Class: 2 (arguments JAX needs static: a random shape passed as an array)
# Rule: JG105
# Reduced: the JAX backend's `random_variable` calls `jax.random.normal(key=prng, shape=size)`
# inside the jitted graph function, with `size` an array input (`DeviceArray([10000])`), so under
# jit it is a tracer and JAX 0.2.26 raises "Shapes must be 1D sequences of concrete values". Fix
# (the thread's): JAX takes shapes as tuples; pass the size as a static tuple.
import jax


def random_variable(rng, size):
    return jax.random.normal(key=rng, shape=size)  # expect: JG105


def jax_funcified_fgraph(rng, size):
    return random_variable(rng, size)


# --- must be flagged ---


def bug():
    return jax.jit(jax_funcified_fgraph)(jax.random.PRNGKey(0), jax.numpy.array([10]))


# --- must not be flagged ---


def fixed():
    fgraph = jax.jit(jax_funcified_fgraph, static_argnums=1)
    return fgraph(jax.random.PRNGKey(0), (10,))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
