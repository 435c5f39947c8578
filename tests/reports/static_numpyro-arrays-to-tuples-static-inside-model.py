# Report: pyro-ppl/numpyro#1212 https://github.com/pyro-ppl/numpyro/issues/1212
# Class: 3 (everything created inside jit is traced: arrays returned by a jitted helper, turned into tuples for a static argument)
# Rule: JG203 (a tuple of tracers passed where the jitted function expects a static argument)
# Reduced: "Hashable tuples become traced from third iteration in Numpyro": the model calls
# `func2_w_staticargs(GVARS.a, GVARS.b)`, converts the returned arrays to tuples
# (`tuple(map(tuple, a_static))`, `tuple(b_static)`) and passes them, in a namedtuple, as static
# arguments of the next jitted function. Run eagerly the tuples hold concrete values; once
# NumPyro's inference traces the model (its first two runs are eager) the returned arrays are
# tracers and the "hashable" tuples hold tracers. NumPyro is replaced by `jax.jit` of the model;
# the helpers are small array functions. Fix: compute the static tuples outside the traced
# model, from the concrete globals, once.
from collections import namedtuple
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

GVARS_ = namedtuple("GVARS", ["a", "b"])
GVARS = GVARS_(np.arange(6.0).reshape(2, 3), np.arange(3.0))
GVARS_new_ = namedtuple("GVARS_new", ["a", "b"])


@jax.jit
def func2_w_staticargs(a, b):
    return a * 2, b + 1


@partial(jax.jit, static_argnums=(1,))
def func_with_static_gvars(theta, gvars_new):
    a = jnp.array(gvars_new.a)
    b = jnp.array(gvars_new.b)
    return theta * (jnp.sum(a) + jnp.sum(b))


# --- must be flagged ---


def model(theta):
    a_static, b_static = func2_w_staticargs(GVARS.a, GVARS.b)
    a_static_tuple = tuple(map(tuple, a_static))
    b_static_tuple = tuple(b_static)
    GVARS_new = GVARS_new_(a_static_tuple, b_static_tuple)
    return func_with_static_gvars(theta, GVARS_new)  # expect: JG203


def bug():
    return jax.jit(model)(1.0)


# --- must not be flagged ---


A_STATIC, B_STATIC = (np.asarray(v) for v in func2_w_staticargs(GVARS.a, GVARS.b))
GVARS_NEW = GVARS_new_(tuple(map(tuple, A_STATIC.tolist())), tuple(B_STATIC.tolist()))


def model_fixed(theta):
    return func_with_static_gvars(theta, GVARS_NEW)


def fixed():
    return jax.jit(model_fixed)(1.0)


RAISES = [(bug, "ValueError")]
RUNS = [fixed]
