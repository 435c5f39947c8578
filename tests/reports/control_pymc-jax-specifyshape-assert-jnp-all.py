# Report: pymc-devs/pymc#6050 https://github.com/pymc-devs/pymc/issues/6050
# Class: 3 (everything created inside jit is traced: `jnp.all` of a Python bool, asserted)
# Rule: JG103
# Reduced: "JAX-ified model throws error with SpecifyShape `Op`": sampling a PyMC model with
# `sample_numpyro_nuts` fails in the JAX translation of `SpecifyShape`:
# `def specifyshape(x, *shape): assert x.ndim == len(shape); assert jnp.all(x.shape ==
# tuple(shape)), (...)`. The comparison of the static shape with the constant shape is a Python
# bool, but wrapping it in `jnp.all` inside the traced log density (NumPyro differentiates and
# jits it) makes a tracer, and `assert` converts it. The generated graph function and NumPyro
# are replaced by a log density calling the dispatch closure under `jax.jit(jax.value_and_grad)`.
# Fix (the later Aesara/PyTensor dispatch): compare the static shapes in Python, without jnp.
import jax
import jax.numpy as jnp

# --- must be flagged ---


def jax_funcify_SpecifyShape(op=None):
    def specifyshape(x, *shape):
        assert x.ndim == len(shape)
        assert jnp.all(x.shape == tuple(shape)), ("got shape", x.shape, "expected", shape)  # expect: JG103
        return x

    return specifyshape


specifyshape = jax_funcify_SpecifyShape()


def logp_fn(raw_mu_b):
    auto_82524 = jnp.reshape(raw_mu_b, (1,))
    auto_82525 = specifyshape(auto_82524, 1)
    return -0.5 * jnp.sum(auto_82525**2)


def bug():
    return jax.jit(jax.value_and_grad(logp_fn))(0.3)


# --- must not be flagged ---


def jax_funcify_SpecifyShape_static(op=None):
    def specifyshape(x, *shape):
        assert x.ndim == len(shape)
        assert all(s is None or s == d for s, d in zip(shape, x.shape)), ("got shape", x.shape, "expected", shape)
        return x

    return specifyshape


specifyshape_static = jax_funcify_SpecifyShape_static()


def logp_fn_static(raw_mu_b):
    auto_82524 = jnp.reshape(raw_mu_b, (1,))
    auto_82525 = specifyshape_static(auto_82524, 1)
    return -0.5 * jnp.sum(auto_82525**2)


def fixed():
    return jax.jit(jax.value_and_grad(logp_fn_static))(0.3)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
