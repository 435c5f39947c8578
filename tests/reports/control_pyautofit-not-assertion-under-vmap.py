# Report: PyAutoLabs/PyAutoFit#1581 https://github.com/PyAutoLabs/PyAutoFit/issues/1581
# Class: 4 (a traced value's truth tested in a helper: `not` on a model assertion)
# Rule: JG101
# Reduced: with a JAX analysis, the vmapped `Fitness` that Nautilus builds cannot trace because
# `check_assertions` applies Python `not` to a tracer (a model assertion such as "a < b" evaluated
# on a sampled vector) and raises TracerBoolConversionError for every vector. The model and
# fitness are reduced to one ordering assertion. Fix (the plan): evaluate the assertions
# as a boolean array and fold it into the likelihood with `where`.
import jax
import jax.numpy as jnp


class FitException(Exception):
    pass


class LessThanAssertion:
    def __init__(self, lower, upper):
        self.lower, self.upper = lower, upper

    def __call__(self, arguments):
        return arguments[self.lower] < arguments[self.upper]


ASSERTIONS = [LessThanAssertion("centre_0", "centre_1")]


def check_assertions(arguments):
    for assertion in ASSERTIONS:
        if not assertion(arguments):  # expect: JG101
            raise FitException("assertion violated")


def arguments_from_vector(vector):
    return {"centre_0": vector[0], "centre_1": vector[1]}


# --- must be flagged ---


def fitness_call(vector):
    check_assertions(arguments_from_vector(vector))
    return -jnp.sum(vector**2)


def bug():
    return jax.vmap(fitness_call)(jnp.array([[0.1, 0.2], [0.3, 0.1]]))


# --- must not be flagged ---


def assertions_satisfied(arguments):
    satisfied = jnp.array(True)
    for assertion in ASSERTIONS:
        satisfied = jnp.logical_and(satisfied, assertion(arguments))
    return satisfied


def fitness_call_fixed(vector, resample_figure_of_merit=-1e99):
    log_likelihood = -jnp.sum(vector**2)
    satisfied = assertions_satisfied(arguments_from_vector(vector))
    return jnp.where(satisfied, log_likelihood, resample_figure_of_merit)


def fixed():
    return jax.vmap(fitness_call_fixed)(jnp.array([[0.1, 0.2], [0.3, 0.1]]))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
