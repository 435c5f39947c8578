# Report: pymc-devs/pytensor#2050 https://github.com/pymc-devs/pytensor/pull/2050
# Class: 2 (arguments JAX needs static: a broadcast shape received as arrays at run time)
# Rule: JG105
# Reduced: "JAX: fix Alloc failing under jax.jit when shape inputs are constants":
# `jax_funcify_Alloc` returns a closure `alloc(x, *shape)` that receives the shape dimensions as
# JAX arrays at run time and calls `jnp.broadcast_to(x, shape)`; when the compiled PyTensor
# function is re-traced by an outer `jax.jit` / `jax.value_and_grad` (as DADVI does with
# `f.vm.jit_fn`), those arrays are tracers and JAX raises "Shapes must be 1D sequences of
# concrete values of integer type". The generated graph function keeps PyTensor's shape (a
# funcified graph calling the dispatch closure on its constant inputs). Fix (the PR's): resolve
# constant shape inputs when the graph is funcified and bake the Python ints into the closure.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def jax_funcify_Alloc(op=None):
    def alloc(x, *shape):
        res = jnp.broadcast_to(x, shape)  # expect: JG105
        return res

    return alloc


alloc = jax_funcify_Alloc()


def jax_funcified_fgraph(x, n0, n1):
    return jnp.sum(alloc(x, n0, n1) ** 2)


def jit_fn(x):
    return jax_funcified_fgraph(x, jnp.asarray(np.int64(3)), jnp.asarray(np.int64(2)))


def bug():
    return jax.jit(jax.value_and_grad(jit_fn))(1.5)


# --- must not be flagged ---


def jax_funcify_Alloc_constant(static_shape):
    def alloc(x, *shape):
        return jnp.broadcast_to(x, static_shape)

    return alloc


alloc_constant = jax_funcify_Alloc_constant((3, 2))


def jit_fn_constant(x):
    return jnp.sum(alloc_constant(x, jnp.asarray(np.int64(3)), jnp.asarray(np.int64(2))) ** 2)


def fixed():
    return jax.jit(jax.value_and_grad(jit_fn_constant))(1.5)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
