# Report: jax-ml/jax#2920 https://github.com/jax-ml/jax/issues/2920
# Class: 5 (what reaches a static position: a function among odeint's traced *args)
# Rule: JG206
# Reduced: "stax.serial.apply_fun is not a valid JAX type inside odeint": a universal
# differential equation `lv_UDE(y, t, params, ufuncs, uparams)` takes two `stax.serial` networks'
# apply functions as `ufuncs` and calls them, and `odeint(lv_UDE, y0, t, params, (U1, U2),
# (U1_params, U2_params))` fails: odeint treats every extra argument as an array pytree it
# differentiates and traces, and a function is not a valid JAX type (0.10.2: "TypeError: The
# contents of odeint *args must be arrays or scalars, but got <function ...>"). The answer's fix:
# close over the apply functions (`partial(lv_UDE, ufuncs=(U1, U2))`) and pass only arrays.
from functools import partial

import jax
import jax.numpy as jnp
from jax.example_libraries import stax
from jax.experimental.ode import odeint

U1_init, U1 = stax.serial(stax.Dense(8), stax.Tanh, stax.Dense(1))
U2_init, U2 = stax.serial(stax.Dense(8), stax.Tanh, stax.Dense(1))
_, U1_params = U1_init(jax.random.PRNGKey(0), (-1, 2))
_, U2_params = U2_init(jax.random.PRNGKey(1), (-1, 2))
y0 = jnp.array([0.44249296, 4.6280594])
ts = jnp.linspace(0.0, 1.0, 5)


def lv_UDE(y, t, params, ufuncs, uparams):
    R, F = y
    alpha, theta = params
    U1, U2 = ufuncs
    U1_params, U2_params = uparams
    dRdt = alpha * R - U1(U1_params, y)[0]
    dFdt = -theta * F + U2(U2_params, y)[0]
    return jnp.hstack([dRdt, dFdt])


# --- must be flagged ---


def bug():
    return odeint(lv_UDE, y0, ts, jnp.array([1.3, 1.8]), (U1, U2), (U1_params, U2_params))  # expect: JG206


# --- must not be flagged ---


def fixed():
    rhs = partial(lv_UDE, ufuncs=(U1, U2))
    return odeint(lambda y, t, p, up: rhs(y, t, p, uparams=up), y0, ts, jnp.array([1.3, 1.8]), (U1_params, U2_params))


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
