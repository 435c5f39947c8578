# Variant of: tests/reports/control_numpyro-if-on-sample-in-forward.py
# Class: 4 (Python control flow in user code called on traced values)
# Rule: JG101
# Axis: (h) the forward is the `__call__` of a model object whose instance is called in a jitted loss.
import jax
import jax.numpy as jnp


class Linear:
    def __init__(self, threshold):
        self.threshold = threshold

    def __call__(self, x, a, b):
        y = b + a * x
        if a < self.threshold:  # expect: JG101
            y = y + 1.0
        return y


# --- must be flagged ---


model = Linear(5.0)


@jax.jit
def loss(a, b):
    return jnp.sum(model(jnp.arange(3.0), a, b) ** 2)


def bug():
    return jax.grad(loss)(3.0, 100.0)


# --- must not be flagged ---


class LinearWhere:
    def __init__(self, threshold):
        self.threshold = threshold

    def __call__(self, x, a, b):
        y = b + a * x
        return jnp.where(a < self.threshold, y + 1.0, y)


model_where = LinearWhere(5.0)


@jax.jit
def loss_where(a, b):
    return jnp.sum(model_where(jnp.arange(3.0), a, b) ** 2)


def fixed():
    return jax.grad(loss_where)(3.0, 100.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
