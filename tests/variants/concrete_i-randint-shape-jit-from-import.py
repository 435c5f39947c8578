# Variant of: tests/reports/concrete_jax-randint-traced-shape.py
# Class: 2 (arguments JAX needs static: a random shape)
# Rule: JG105
# Axis: (i) `from jax import jit, random`, jit applied by assignment at module level (`sample = jit(_sample)`).
from jax import jit, random

# --- must be flagged ---


def _sample(key, N, n_states):
    return random.randint(key, shape=[N], minval=0, maxval=n_states)  # expect: JG105


sample = jit(_sample)


def bug():
    return sample(random.PRNGKey(0), 10, 3)


# --- must not be flagged ---


sample_static = jit(_sample, static_argnames=("N",))


def fixed():
    return sample_static(random.PRNGKey(0), N=10, n_states=3)


RAISES = [(bug, "TypeError")]
RUNS = [fixed]
