# Report: tensorflow/probability#1525 https://github.com/tensorflow/probability/issues/1525
# Class: 4 (NumPy on traced values, deeper: a TF-backed library converting its argument to a tensor)
# Rule: JG104
# Reduced: "Categorical distributions / JAX jit Error": a jitted `fun(logits)` builds
# `tfd.Categorical(logits=logits)`; the traceback goes through TFP's `tensor_util.convert_nonref_to_tensor`
# into `tf.convert_to_tensor(value, ...)`, which calls `__array__` on the tracer
# (TracerArrayConversionError). `tfd` was TFP's TensorFlow backend; the follow-up thread (#1527)
# builds the same distribution from `tensorflow_probability.substrates.jax` and reports jit works.
# Here TF's conversion is NumPy's (`np.asarray`), the JAX substrate's is `jnp.asarray`, and the two
# Categorical classes share their code through the backend each one uses.
import jax
import jax.numpy as jnp
import numpy as np


def entropy_from_logits(xp, logits):
    logp = logits - jax.nn.logsumexp(logits, axis=-1, keepdims=True)
    return -xp.sum(jnp.exp(logp) * logp, axis=-1)


# --- must be flagged ---


def tf_convert_to_tensor(value, dtype=np.float32):
    return np.asarray(value, dtype=dtype)  # expect: JG104


class TFCategorical:
    def __init__(self, logits):
        self._logits = tf_convert_to_tensor(logits)

    def entropy(self):
        return entropy_from_logits(jnp, self._logits)


def bug():
    @jax.jit
    def fun(logits):
        dist = TFCategorical(logits=logits)
        return dist.entropy()

    return fun(jnp.ones((8, 5)))


# --- must not be flagged ---


def jax_convert_to_tensor(value, dtype=jnp.float32):
    return jnp.asarray(value, dtype=dtype)


class JaxCategorical:
    def __init__(self, logits):
        self._logits = jax_convert_to_tensor(logits)

    def entropy(self):
        return entropy_from_logits(jnp, self._logits)


def fixed():
    @jax.jit
    def fun(logits):
        dist = JaxCategorical(logits=logits)
        return dist.entropy()

    return fun(jnp.ones((8, 5)))


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
