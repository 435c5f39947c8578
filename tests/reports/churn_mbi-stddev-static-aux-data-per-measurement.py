# Report: ryan112358/mbi#196 https://github.com/ryan112358/mbi/pull/196
# Class: 6 (churn from data: a float stored as static pytree aux data, changing with every call)
# Rule: JG302 (a static value, here pytree metadata, that changes on every iteration)
# Reduced: "Make stddev and lipschitz dynamic pytree leaves to fix precompile() cache misses":
# `LinearMeasurement.stddev` was static pytree aux data, "baked into the treedef and therefore
# into the `jax.jit` cache key. Two measurements/losses that differ only in noise level ...
# forced a full recompilation." Here the estimator is run for a sweep of noise levels (one
# measurement set per privacy budget), each with its own `stddev`; the estimation is a few
# mirror-descent-like steps on a marginal. Fix (the PR's): make `stddev` a dynamic leaf.
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class LinearMeasurement:
    def __init__(self, noisy_measurement, stddev=1.0):
        self.noisy_measurement = noisy_measurement
        self.stddev = stddev

    def tree_flatten(self):
        return (self.noisy_measurement,), self.stddev

    @classmethod
    def tree_unflatten(cls, stddev, children):
        return cls(children[0], stddev)


@jax.tree_util.register_pytree_node_class
class LinearMeasurementDynamic:
    def __init__(self, noisy_measurement, stddev=1.0):
        self.noisy_measurement = noisy_measurement
        self.stddev = stddev

    def tree_flatten(self):
        return (self.noisy_measurement, self.stddev), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


@jax.jit
def estimate(measurement, iters=10):
    def step(potentials, _):
        mu = jax.nn.softmax(potentials) * jnp.sum(measurement.noisy_measurement)
        grad = (mu - measurement.noisy_measurement) / measurement.stddev
        return potentials - 0.1 * grad, None

    potentials, _ = jax.lax.scan(step, jnp.zeros_like(measurement.noisy_measurement), None, length=10)
    return potentials


Y = jnp.array([3.0, 1.0, 4.0, 2.0])

# --- must be flagged ---


def sweep_budgets(n):
    out = []
    for i in range(n):
        stddev = 1.0 / (i + 1)
        measurement = LinearMeasurement(Y + stddev, stddev=stddev)
        out.append(estimate(measurement))  # expect: JG302
    return out


# --- must not be flagged ---


def sweep_budgets_dynamic(n):
    out = []
    for i in range(n):
        stddev = 1.0 / (i + 1)
        measurement = LinearMeasurementDynamic(Y + stddev, stddev=stddev)
        out.append(estimate(measurement))
    return out


GROWS = [sweep_budgets]
BOUNDED = [sweep_budgets_dynamic]
