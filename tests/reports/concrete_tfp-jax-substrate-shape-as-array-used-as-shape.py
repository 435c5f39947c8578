# Report: jax-ml/jax#9882 https://github.com/jax-ml/jax/issues/9882
# Class: 3 (everything created inside jit is traced: a shape turned into an array)
# Rule: JG105
# Reduced: "tf.shape doesnt eval to ConcreteArray in conversion": TensorFlow Probability's JAX
# substrate implements `tf.shape(x)` as an array of `x.shape`; inside `jax.jit` that array is a
# tracer, and the annealed-importance-sampling code that builds new states with the shape it
# returned fails ("Shapes must be 1D sequences of concrete values of integer type"), while the
# same code runs eagerly. The fix reads `x.shape`, a tuple of Python ints, where a shape is
# needed. Reduced: the substrate's `shape` helper and a proposal draw of that shape.
import jax
import jax.numpy as jnp


def tf_shape(x):
    return jnp.asarray(x.shape, dtype=jnp.int32)


# --- must be flagged ---


@jax.jit
def propose(state, key):
    shape = tf_shape(state)
    return state + jax.random.normal(key, shape)  # expect: JG105


def run_propose():
    return propose(jnp.zeros(20), jax.random.PRNGKey(0))


# --- must not be flagged ---


@jax.jit
def propose_static_shape(state, key):
    shape = state.shape
    return state + jax.random.normal(key, shape)


def run_propose_static_shape():
    return propose_static_shape(jnp.zeros(20), jax.random.PRNGKey(0))


RAISES = [(run_propose, "TypeError")]
RUNS = [run_propose_static_shape]
