# Report: https://github.com/tatephughes/Adaptive-MCMC-in-Scala-and-JAX/blob/main/AM_in_JAX.md (literate notes of an adaptive Metropolis sampler: "I could use the scan operation ... `_, results = jl.scan(step, x0, jnp.zeros(n))` ... But Adaptive_State is not a valid JAX type. I could rewrite to not use a custom class, of course, but I'd rather not do that.")
# Class: 1 (values inside containers and objects: the chain state is an instance of a plain class)
# Rule: JG206
# Reduced: the chain state `Adaptive_State(j, x, x_sum, xxt_sum)` is a plain Python class whose
# method `oneStep` returns the next state; iterating it with `lax.scan(step, x0, ...)` makes the
# instance the scan carry, which JAX flattens as a pytree leaf and cannot turn into an abstract
# array: TypeError ("... is not a valid JAX type"). Here the proposal is a random walk scaled by
# the running covariance and the first-stage branch is dropped. Fix: register the class as a
# pytree (`jax.tree_util.register_pytree_node_class`, its fields the children) and write the accept
# step with `jnp.where`, so the author keeps the class.
import dataclasses

import jax
import jax.numpy as jnp
import jax.random as rand
from jax import lax


def _log_target(x):
    return -0.5 * jnp.sum(x**2)


# --- must be flagged ---


class Adaptive_State:
    def __init__(self, j, x, x_sum, xxt_sum):
        self.j = j
        self.x = x
        self.x_sum = x_sum
        self.xxt_sum = xxt_sum

    def oneStep(self, key):
        k1, k2 = rand.split(key)
        cov = self.xxt_sum / self.j - jnp.outer(self.x_sum, self.x_sum) / self.j**2 + 0.1 * jnp.eye(2)
        prop = rand.multivariate_normal(k1, self.x, cov * 2.38**2 / 2)
        accept = jnp.log(rand.uniform(k2)) < _log_target(prop) - _log_target(self.x)
        new_x = jnp.where(accept, prop, self.x)
        return Adaptive_State(self.j + 1, new_x, self.x_sum + new_x, self.xxt_sum + jnp.outer(new_x, new_x))


def run_chain(n):
    x0 = Adaptive_State(1.0, jnp.zeros(2), jnp.zeros(2), jnp.eye(2))

    def step(carry, key):
        return carry.oneStep(key), None

    final, _ = lax.scan(step, x0, rand.split(rand.PRNGKey(1), n))  # expect: JG206
    return final.x


# --- must not be flagged ---


def _adapted_cov(count, total, outer_total):
    mean = total / count
    return outer_total / count - jnp.outer(mean, mean) + 0.1 * jnp.eye(mean.shape[0])


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass
class AdaptiveState:
    j: jax.Array
    x: jax.Array
    x_sum: jax.Array
    xxt_sum: jax.Array

    def tree_flatten(self):
        return dataclasses.astuple(self), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


def metropolis_step(state, key):
    k_prop, k_acc = rand.split(key)
    scale = 2.38**2 / state.x.shape[0]
    prop = rand.multivariate_normal(k_prop, state.x, scale * _adapted_cov(state.j, state.x_sum, state.xxt_sum))
    log_ratio = _log_target(prop) - _log_target(state.x)
    x = jnp.where(jnp.log(rand.uniform(k_acc)) < log_ratio, prop, state.x)
    return AdaptiveState(state.j + 1, x, state.x_sum + x, state.xxt_sum + jnp.outer(x, x)), None


def run_chain_pytree(n):
    start = AdaptiveState(jnp.float32(1.0), jnp.zeros(2), jnp.zeros(2), jnp.eye(2))
    return lax.scan(metropolis_step, start, rand.split(rand.PRNGKey(1), n))[0].x


RAISES = [(lambda: run_chain(20), "TypeError")]
RUNS = [lambda: run_chain_pytree(20)]
