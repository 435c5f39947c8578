# Report: jax-ml/jax#2316 https://github.com/jax-ml/jax/issues/2316
# Class: 2 (arguments JAX needs static: a dataset id string used as a dict key)
# Rule: JG206
# Reduced: "Fast JAX compilation when network architecture has per-dataset components": per-dataset
# input/output matrices live in `params[id]` with string keys, `network(params, id)` works eagerly,
# but `jit(network)(params, '1')` errors: a string is not a valid JAX type (today: TypeError "Error
# interpreting argument ... as an abstract array"); marking `id` static compiles once per dataset,
# which "isn't great when you have hundreds of datasets". Fix: stack the per-dataset matrices into
# arrays and pass the dataset index as a traced integer, one compile for all datasets.
import jax
import jax.numpy as jnp

ndatasets = 2
params = {str(k): {"Win": jnp.ones((2, 2)), "Wout": jnp.ones((2, 2))} for k in range(ndatasets)}
params["common"] = {"W": jnp.ones((2, 2))}


def network(params, id):
    return jnp.dot(params[id]["Wout"], jnp.dot(params["common"]["W"], jnp.dot(params[id]["Win"], jnp.ones((2,)))))


network_jit = jax.jit(network)

# --- must be flagged ---


def bug():
    return network_jit(params, "1")  # expect: JG206


# --- must not be flagged ---

stacked = {
    "Win": jnp.stack([params[str(k)]["Win"] for k in range(ndatasets)]),
    "Wout": jnp.stack([params[str(k)]["Wout"] for k in range(ndatasets)]),
    "W": params["common"]["W"],
}


@jax.jit
def network_stacked(stacked, idx):
    return jnp.dot(stacked["Wout"][idx], jnp.dot(stacked["W"], jnp.dot(stacked["Win"][idx], jnp.ones((2,)))))


def fixed():
    return network_stacked(stacked, 1)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
