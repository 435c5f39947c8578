# Report: google/jaxonnxruntime#29 https://github.com/google/jaxonnxruntime/issues/29
# Class: 2 (an argument JAX needs static: the size of jnp.nonzero)
# Rule: JG105
# Reduced: the ONNX runner jits every node's implementation (`jit_func(*node_inputs,
# **node.attrs_dict)`); the NonZero op is `jnp.stack(jnp.nonzero(x))`, whose output size depends
# on the data, so the jitted model fails with "The size argument of jnp.nonzero must be statically
# specified". Fix used here: run data-dependent ops like NonZero outside jit (the op itself is
# unchanged). The runner's op table is reduced to one op.
import jax
import jax.numpy as jnp


def onnx_nonzero(x):
    return jnp.stack(jnp.nonzero(x))  # expect: JG105


def onnx_relu(x):
    return jnp.maximum(x, 0)


# --- must be flagged ---


def model_func(node_inputs):
    jit_func = jax.jit(onnx_nonzero)
    return jit_func(*node_inputs)


def bug():
    return model_func([jnp.array([0, 1, 1, 0, 2])])


# --- must not be flagged ---


def model_func_eager_nonzero(node_inputs):
    relu = jax.jit(onnx_relu)(*node_inputs)
    return onnx_nonzero(relu)


def fixed():
    return model_func_eager_nonzero([jnp.array([0, 1, 1, 0, 2])])


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
