# Variant of: tests/reports/concrete_jax-randint-traced-shape.py
# Class: 2 (arguments JAX needs static: a random shape)
# Rule: JG105
# Axis: (d) the shape is built by a closure defined in the jitted function, from a traced argument.
import jax
from jax import random

# --- must be flagged ---


def sample(key, N, n_states):
    def draw():
        return random.randint(key, (N,), 0, n_states)  # expect: JG105

    return draw()


def bug():
    return jax.jit(sample)(random.PRNGKey(0), 10, 3)


# --- must not be flagged ---


def fixed():
    return jax.jit(sample, static_argnums=1)(random.PRNGKey(0), 10, 3)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
