# Variant of: tests/reports/control_pfjax-mwg-adapt-if-on-accept-rate.py
# Class: 4 (Python control flow on a value computed from traced arguments, in a helper)
# Rule: JG101
# Axis: (j) the branch is a conditional expression, the rate computed with `/=` in place.
import jax
import jax.numpy as jnp


def adapt(rw_sd, accept_rate, n_iter, targ_acc=0.44):
    delta = jnp.minimum(0.01, n_iter**-0.5)
    step = -delta if accept_rate < targ_acc else delta  # expect: JG101
    return jnp.exp(jnp.log(rw_sd) + step)


# --- must be flagged ---


@jax.jit
def mwg_step(rw_sd, n_accept, n_iter):
    rate = n_accept
    rate /= n_iter
    return adapt(rw_sd, rate, n_iter)


def bug():
    return mwg_step(jnp.asarray(1.0), jnp.asarray(3.0), 10.0)


# --- must not be flagged ---


def adapt_where(rw_sd, accept_rate, n_iter, targ_acc=0.44):
    delta = jnp.minimum(0.01, n_iter**-0.5)
    return jnp.exp(jnp.log(rw_sd) + jnp.where(accept_rate < targ_acc, -delta, delta))


@jax.jit
def mwg_step_where(rw_sd, n_accept, n_iter):
    rate = n_accept
    rate /= n_iter
    return adapt_where(rw_sd, rate, n_iter)


def fixed():
    return mwg_step_where(jnp.asarray(1.0), jnp.asarray(3.0), 10.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
