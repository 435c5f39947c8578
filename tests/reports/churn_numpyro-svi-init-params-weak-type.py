# Report: pyro-ppl/numpyro#959 https://github.com/pyro-ppl/numpyro/pull/959
# Class: 6 (churn from data: initial parameters are weakly typed Python floats, the updated ones are strongly typed)
# Rule: JG304; the closest rule (scalar type churn), opt-in; the two kinds are a Python float and the float32 array the step returns
# Reduced: the 0.6.0 release PR fixes "compiling issues in `mcmc` and `svi`": in `SVI.init` the
# initial parameter values (`transform.inv(site['value'])`, here Python floats from
# `numpyro.param('loc', 0.)`) are weakly typed, so `body_fn` in `svi.run` compiles once for the
# weak initial state and again for the strong float32 state it returns ("we convert weak types
# like float to float32/float64 to avoid recompiling body_fn in svi.run"). The SVI machinery is
# reduced to a dict of parameters, a quadratic loss and a momentum update whose state is created with
# `jnp.zeros` (strongly typed). Fix (the PR's):
# `tree_map(lambda x: lax.convert_element_type(x, jnp.result_type(x)), params)` in `init`.
import jax
import jax.numpy as jnp
from jax import lax

DATA = jnp.linspace(-1.0, 1.0, 8)


def loss(params):
    return jnp.mean((DATA - params["loc"]) ** 2) + params["scale"] ** 2


def optim_init(params):
    return jax.tree.map(lambda p: jnp.zeros(jnp.shape(p)), params)


@jax.jit
def body_fn(svi_state):
    params, momentum = svi_state
    grads = jax.grad(loss)(params)
    momentum = jax.tree.map(lambda m, g: 0.9 * m + g, momentum, grads)
    params = jax.tree.map(lambda p, m: p - 0.1 * m, params, momentum)
    return params, momentum


# --- must be flagged ---


def svi_init():
    params = {"loc": 0.0, "scale": 1.0}
    return params, optim_init(params)


def svi_run(num_steps=3):
    svi_state = svi_init()
    for _ in range(num_steps):
        svi_state = body_fn(svi_state)  # expect: JG304
    return svi_state


# --- must not be flagged ---


def svi_init_strong():
    params = {"loc": 0.0, "scale": 1.0}
    params = jax.tree.map(lambda x: lax.convert_element_type(x, jnp.result_type(x)), params)
    return params, optim_init(params)


def svi_run_strong(num_steps=3):
    svi_state = svi_init_strong()
    for _ in range(num_steps):
        svi_state = body_fn(svi_state)
    return svi_state


COMPILES = [(svi_run, "body_fn", 2), (svi_run_strong, "body_fn", 1)]
