# Variant of: tests/reports/control_pfjax-mwg-adapt-if-on-accept-rate.py
# Class: 4 (Python control flow on a value computed from traced arguments, in a helper)
# Rule: JG101
# Axis: (a) the rate is returned by a helper as the second element of a tuple, indexed `[1]`.
import jax
import jax.numpy as jnp


def stats(n_accept, n_iter):
    return n_iter, n_accept / n_iter


# --- must be flagged ---


@jax.jit
def mwg_step(rw_sd, n_accept, n_iter, targ_acc=0.44):
    rate = stats(n_accept, n_iter)[1]
    if rate < targ_acc:  # expect: JG101
        return rw_sd * 0.9
    return rw_sd * 1.1


def bug():
    return mwg_step(jnp.asarray(1.0), jnp.asarray(3.0), 10.0)


# --- must not be flagged ---


@jax.jit
def mwg_step_where(rw_sd, n_accept, n_iter, targ_acc=0.44):
    rate = stats(n_accept, n_iter)[1]
    return rw_sd * jnp.where(rate < targ_acc, 0.9, 1.1)


def fixed():
    return mwg_step_where(jnp.asarray(1.0), jnp.asarray(3.0), 10.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
