# Report: google/objax#92 https://github.com/google/objax/pull/92
# Class: 2 (arguments JAX needs static: an optional override that is traced once it is passed)
# Rule: JG103
# Reduced: "Override default momentum": the Momentum optimizer's `__call__(lr, grads, momentum=None)`
# gets `momentum = momentum or self.momentum`; the test jits the optimizer (objax.Jit traces every
# argument of the call) and passes a momentum, and tracing fails with "The problem arose with the
# 'bool' function" on that line: `or` takes the truth value of the traced momentum. Here the objax
# Module/TrainVar machinery is replaced by a plain class whose step takes and returns the
# parameters and velocity, jitted as a bound method. Fix: test for the default by identity
# (`if momentum is None: momentum = self.momentum`), which only looks at the Python object.
import jax
import jax.numpy as jnp


class Momentum:
    def __init__(self, momentum=0.9):
        self.momentum = momentum

    # --- must be flagged ---

    def __call__(self, params, velocity, lr, grads, momentum=None):
        momentum = momentum or self.momentum  # expect: JG103
        velocity = momentum * velocity + grads
        return params - lr * velocity, velocity


def bug():
    opt = Momentum()
    step = jax.jit(opt.__call__)
    w, v = jnp.ones(3), jnp.zeros(3)
    return step(w, v, 0.1, jnp.full(3, 0.5), 0.95)


# --- must not be flagged ---


class MomentumOk(Momentum):
    def __call__(self, params, velocity, lr, grads, momentum=None):
        if momentum is None:
            momentum = self.momentum
        velocity = momentum * velocity + grads
        return params - lr * velocity, velocity


def fixed():
    opt = MomentumOk()
    step = jax.jit(opt.__call__)
    w, v = jnp.ones(3), jnp.zeros(3)
    w, v = step(w, v, 0.1, jnp.full(3, 0.5), 0.95)
    return step(w, v, 0.1, jnp.full(3, 0.5))


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
