# Report: CDCgov/DynODE#447 https://github.com/CDCgov/DynODE/issues/447
# Class: 3 (everything created inside jit is traced: the ODE solver's result code)
# Rule: JG101 (`if not <traced>:`; the corpus labels this shape JG101)
# Reduced: "reduce default `SolverParams.max_steps` and add more descriptive errors": to report why
# a solve failed, the branch passes `throw=False` to `diffrax.diffeqsolve` and then checks
# `diffrax.is_okay(solution.result)` to log the accepted/rejected step counts; that works for a
# single simulation but "when wrapping calls to `dynode.simulate()` inside of an
# `dynode.InferenceProcess()`" (numpyro, which jits the model) it raises TracerBoolConversionError:
# the result code is a traced array. Here the solver is a fixed-budget Euler scan returning a
# result code like diffrax's RESULTS, and the inference step is a jitted log-likelihood. Fix: keep
# the check in the array world (mask the failed solution with `jnp.where`) and report outside jit.
import jax
import jax.numpy as jnp

SUCCESSFUL = 0
MAX_STEPS_REACHED = 1


def is_okay(result):
    return result == SUCCESSFUL


def solve(y0, rate, max_steps=16):
    def body(y, _):
        return y + 0.1 * rate * y, None

    y, _ = jax.lax.scan(body, y0, None, length=max_steps)
    result = jnp.where(jnp.max(jnp.abs(y)) > 1e3, MAX_STEPS_REACHED, SUCCESSFUL)
    return y, result


# --- must be flagged ---


def simulate(y0, rate):
    y, result = solve(y0, rate)
    if not is_okay(result):  # expect: JG101
        print("solver hit max_steps: consider a shorter horizon")
    return y


@jax.jit
def log_likelihood(rate, obs):
    return -jnp.sum((simulate(jnp.ones(3), rate) - obs) ** 2)


def bug():
    return log_likelihood(0.5, jnp.ones(3))


# --- must not be flagged ---


def simulate_masked(y0, rate):
    y, result = solve(y0, rate)
    return jnp.where(is_okay(result), y, jnp.nan), result


@jax.jit
def log_likelihood_masked(rate, obs):
    y, result = simulate_masked(jnp.ones(3), rate)
    return -jnp.sum((y - obs) ** 2), result


def fixed():
    ll, result = log_likelihood_masked(0.5, jnp.ones(3))
    if not is_okay(result):
        print("solver hit max_steps: consider a shorter horizon")
    return ll


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
