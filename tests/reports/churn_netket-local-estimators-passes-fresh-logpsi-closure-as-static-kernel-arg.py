# Report: netket/netket#1179 https://github.com/netket/netket/pull/1179
# Class: 6 (churn from a wrapper: a closure made on every call reaches a static argument)
# Rule: JG302
# Reduced: "Add MCState.local_estimators": the first version of the method built
# `def logpsi(w, s): return self._apply_fun({"params": w, **self.model_state}, s)` on every call
# and handed it to the jitted local-estimator kernel, whose function arguments are static
# (`@partial(jax.jit, static_argnames=("kernel", "apply_fun", "shape"))`). Review: "This will
# recreate a new closure at every execution, triggering compilation again and again" -- a static
# argument is part of jit's cache key and a fresh function object never equals the previous one.
# The merged version passes the state's fixed `self._apply_fun` as the static argument and the
# variables (parameters and model state) as a traced argument. (The exact call in the first
# version is not quoted in the thread; it is reconstructed from the review and the merged code.)
from functools import partial

import jax
import jax.numpy as jnp


def rbm_apply(variables, s):
    return jnp.sum(jnp.log(jnp.cosh(s @ variables["params"]["w"])), axis=-1) * variables["scale"]


def local_kernel(logpsi, params, samples, extra_args):
    sp, mels = extra_args
    return jnp.sum(mels * jnp.exp(logpsi(params, sp) - logpsi(params, samples)[:, None]), axis=-1)


@partial(jax.jit, static_argnames=("kernel", "logpsi", "shape"))
def _local_estimators_kernel(kernel, logpsi, shape, params, samples, extra_args):
    return kernel(logpsi, params, samples, extra_args).reshape(shape)


@partial(jax.jit, static_argnames=("kernel", "apply_fun", "shape"))
def _local_estimators_kernel_fixed(kernel, apply_fun, shape, variables, samples, extra_args):
    def logpsi(w, s):
        return apply_fun(w, s)

    return kernel(logpsi, variables, samples, extra_args).reshape(shape)


class _StateBase:
    def __init__(self, n_chains=2, n_per_chain=3, n_spins=4):
        self._apply_fun = rbm_apply
        self.parameters = {"w": jnp.ones((n_spins, 2)) * 0.1}
        self.model_state = {"scale": jnp.array(1.0)}
        self.samples = jnp.ones((n_chains, n_per_chain, n_spins))

    def extra_args(self, s):
        return -s[:, None, :], jnp.ones((s.shape[0], 1))


# --- must be flagged ---


class MCState(_StateBase):
    def local_estimators(self):
        s = self.samples
        shape = s.shape[:-1]
        s = s.reshape((-1, s.shape[-1]))

        def logpsi(w, s):
            return self._apply_fun({"params": w, **self.model_state}, s)

        return _local_estimators_kernel(local_kernel, logpsi, shape, self.parameters, s, self.extra_args(s))  # expect: JG302


def vmc_iterations(n):
    vstate = MCState()
    for _ in range(n):
        vstate.local_estimators()


# --- must not be flagged ---


class MCStateFixed(_StateBase):
    def local_estimators(self):
        s = self.samples
        shape = s.shape[:-1]
        s = s.reshape((-1, s.shape[-1]))
        variables = {"params": self.parameters, **self.model_state}
        return _local_estimators_kernel_fixed(local_kernel, self._apply_fun, shape, variables, s, self.extra_args(s))


def vmc_iterations_fixed(n):
    vstate = MCStateFixed()
    for _ in range(n):
        vstate.local_estimators()


GROWS = [vmc_iterations]
BOUNDED = [vmc_iterations_fixed]
