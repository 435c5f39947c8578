# Report: pyro-ppl/numpyro#1210 https://github.com/pyro-ppl/numpyro/issues/1210
# Class: 5 (what reaches a static position: an array wrapped to be hashable, hashed with `int()` while traced)
# Rule: JG203 (a tracer, wrapped in a user class, passed where the jitted function expects a static argument); JAX raises from hashing it: the wrapper's `__hash__` calls `int()` on the tracer
# Reduced: "Using customized jit wrapper in Numpyro": the user's `gnool_jit` wraps array arguments
# in `HashableArrayWrapper` (`__hash__` = `int(jnp.sum(x))`) and passes them at `static_argnums`;
# the model works alone but fails once NumPyro traces it. Under the inference's jit the arrays
# the model hands to the wrapped function are tracers (here computed in the model with
# jax.numpy; numpyro's own tracing is replaced by `jax.jit` of the log density), so hashing the
# static argument calls `int()` on a tracer and jit reports "Non-hashable static arguments". The wrapper is the thread's code, the wrapped
# function a small eigen-solve. Fix: pass the arrays as ordinary traced arguments.
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit

# --- must be flagged ---


def some_hash_function(x):
    return int(jnp.sum(x))


class HashableArrayWrapper:
    def __init__(self, val):
        self.val = val

    def __hash__(self):
        return some_hash_function(self.val)

    def __eq__(self, other):
        return isinstance(other, HashableArrayWrapper) and jnp.all(jnp.equal(self.val, other.val))


def gnool_jit(fun, static_array_argnums=()):
    @partial(jit, static_argnums=static_array_argnums)
    def callee(*args):
        args = list(args)
        for i in static_array_argnums:
            args[i] = args[i].val
        return fun(*args)

    def caller(*args):
        args = list(args)
        for i in static_array_argnums:
            args[i] = HashableArrayWrapper(args[i])
        return callee(*args)  # expect: JG203

    return caller


def eigval_sum(x, mat):
    return x * jnp.sum(jnp.linalg.eigvalsh(mat))


eigval_sum_jit = gnool_jit(eigval_sum, static_array_argnums=(1,))


def model_log_density(theta):
    mat = jnp.eye(3) * 2.0
    return eigval_sum_jit(theta, mat)


def bug():
    return jax.jit(model_log_density)(1.0)


# --- must not be flagged ---


eigval_sum_traced = jax.jit(eigval_sum)


def model_log_density_traced(theta):
    mat = jnp.eye(3) * 2.0
    return eigval_sum_traced(theta, mat)


def fixed():
    return jax.jit(model_log_density_traced)(1.0)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
