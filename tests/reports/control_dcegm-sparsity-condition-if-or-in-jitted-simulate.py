# Report: OpenSourceEconomics/dcegm#167 https://github.com/OpenSourceEconomics/dcegm/pull/167
# Class: 4 (Python and NumPy on traced values, deeper: a user's state-space rule written for Python integers, called on traced states)
# Rule: JG101 (`if <traced> or ...:`; the corpus labels `if a and/or b:` on a traced operand JG101)
# Reduced: "The `sparsity_condition` function in the full model is **not JIT-compatible** because
# it uses Python control flow (`if`/`or`) with JAX arrays ... As a result, the `simulate` method in
# the full model will fail under `jax.jit`." The template's function is not shown in the thread;
# here a dcegm-style rule over the state variables (`period`, `lagged_choice`, `already_retired`)
# with an `if ... or ...:` test, evaluated on the simulated states inside the jitted simulation
# (TracerBoolConversionError). The same function used where dcegm builds the state space, on
# Python integers, runs; the fix the PR proposes for simulation: a `jnp` rule without Python
# control flow.
import jax
import jax.numpy as jnp

model_specs = {"n_periods": 5, "min_ret_period": 2}


def sparsity_condition(period, lagged_choice, already_retired, model_specs):
    if (period <= model_specs["min_ret_period"] and lagged_choice == 0) or (already_retired and lagged_choice != 0):  # expect: JG101
        return False
    return True


# --- must be flagged ---


@jax.jit
def simulate(periods, lagged_choices, retired):
    valid = jax.vmap(lambda p, c, r: sparsity_condition(p, c, r, model_specs))(periods, lagged_choices, retired)
    return jnp.sum(valid)


def bug():
    return simulate(jnp.arange(4), jnp.array([0, 1, 0, 1]), jnp.array([False, False, True, True]))


# --- must not be flagged ---


def sparsity_condition_jax(period, lagged_choice, already_retired, model_specs):
    early = (period <= model_specs["min_ret_period"]) & (lagged_choice == 0)
    back = already_retired & (lagged_choice != 0)
    return ~(early | back)


@jax.jit
def simulate_jax(periods, lagged_choices, retired):
    valid = jax.vmap(lambda p, c, r: sparsity_condition_jax(p, c, r, model_specs))(periods, lagged_choices, retired)
    return jnp.sum(valid)


def fixed():
    return simulate_jax(jnp.arange(4), jnp.array([0, 1, 0, 1]), jnp.array([False, False, True, True]))


def state_space():
    return [
        (p, c, r)
        for p in range(model_specs["n_periods"])
        for c in (0, 1)
        for r in (False, True)
        if sparsity_condition(p, c, r, model_specs)
    ]


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed, state_space]
