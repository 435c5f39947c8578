# Report: mlysy/pfjax#3 https://github.com/mlysy/pfjax/issues/3
# Class: 4 (a Python `if` on a value computed from traced state, in a helper)
# Rule: JG101
# Reduced: pfjax's `mwg_adapt` (adaptive Metropolis-within-Gibbs) branches on whether the
# acceptance rate is below the target; called from the jitted sampler step it raises ("traced
# values cannot be used in Boolean functions"). The thread links lines 203-207 without quoting
# them; the branch here is reconstructed from the proposed fix, which replaces it with
# `low_acc = jnp.sign(targ_acc - accept_rate)` and `jnp.exp(jnp.log(rw_sd) - delta * low_acc)`.
import jax
import jax.numpy as jnp


def mwg_adapt(rw_sd, accept_rate, n_iter, targ_acc=0.44):
    delta = jnp.minimum(0.01, n_iter**-0.5)
    if accept_rate < targ_acc:  # expect: JG101
        return jnp.exp(jnp.log(rw_sd) - delta)
    return jnp.exp(jnp.log(rw_sd) + delta)


# --- must be flagged ---


@jax.jit
def mwg_step(rw_sd, n_accept, n_iter):
    accept_rate = n_accept / n_iter
    return mwg_adapt(rw_sd, accept_rate, n_iter)


def bug():
    return mwg_step(jnp.asarray(1.0), jnp.asarray(3.0), 10.0)


# --- must not be flagged ---


def mwg_adapt_fixed(rw_sd, accept_rate, n_iter, targ_acc=0.44):
    delta = jnp.minimum(0.01, n_iter**-0.5)
    low_acc = jnp.sign(targ_acc - accept_rate)
    return jnp.exp(jnp.log(rw_sd) - delta * low_acc)


@jax.jit
def mwg_step_fixed(rw_sd, n_accept, n_iter):
    return mwg_adapt_fixed(rw_sd, n_accept / n_iter, n_iter)


def fixed():
    return mwg_step_fixed(jnp.asarray(1.0), jnp.asarray(3.0), 10.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
