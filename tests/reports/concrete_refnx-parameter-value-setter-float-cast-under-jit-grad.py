# Report: refnx/refnx#514 https://github.com/refnx/refnx/pull/514
# Class: 1 (values inside objects: a traced value stored through a property setter that casts it)
# Rule: JG104
# Reduced: "MAINT: remove some roadblocks to JAXification": "removing the float cast in the
# `Parameter.value` setter ... does seem to remove some roadblocks when calculating a gradient
# with JAX". The user's objective sets the model's parameters from the optimiser's vector
# (`obj.parameters.pvals = v`, whose setter assigns `param.value = ...` for each parameter) and is
# differentiated as `jit(grad(obj.nll))`: inside the trace each value is a tracer, and the
# setter's `float(value)` raises ConcretizationTypeError. Here a straight-line model
# `a.value + x * b.value` with a Gaussian negative log-likelihood. Fix (the PR's): the setter
# stores the value without the cast.
import jax
import jax.numpy as jnp

X = jnp.linspace(0.0, 1.0, 8)
Y = 1.0 + 2.0 * X


class Parameters:
    def __init__(self, params):
        self.data = list(params)

    @property
    def pvals(self):
        return [p.value for p in self.data]

    @pvals.setter
    def pvals(self, values):
        for param, value in zip(self.data, values):
            param.value = value


class Objective:
    def __init__(self, parameters):
        self.parameters = parameters

    def nll(self, pvals):
        self.parameters.pvals = pvals
        a, b = self.parameters.data
        model = a.value + X * b.value
        return 0.5 * jnp.sum((Y - model) ** 2)


# --- must be flagged ---


class Parameter:
    def __init__(self, value):
        self._value = float(value)

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, value):
        self._value = float(value)  # expect: JG104


def bug():
    objective = Objective(Parameters([Parameter(0.5), Parameter(1.5)]))
    return jax.jit(jax.grad(objective.nll))(jnp.array([0.5, 1.5]))


# --- must not be flagged ---


class UncastParameter:
    def __init__(self, value):
        self._value = value

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, value):
        self._value = value


def fixed():
    objective = Objective(Parameters([UncastParameter(0.5), UncastParameter(1.5)]))
    return jax.jit(jax.grad(objective.nll))(jnp.array([0.5, 1.5]))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
