# Variant of: tests/reports/concrete_evox-boolean-mask-in-helper-of-jit.py
# Class: 4 (a boolean mask on a traced array, in code jit calls)
# Rule: JG105
# Axis: (g) the mask is applied in a lambda given to `jax.tree_util.tree_map` inside jit.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.jit
def positives(tree):
    return jax.tree_util.tree_map(lambda x: x[x > 0], tree)  # expect: JG105


def bug():
    return positives({"a": jnp.array([-1.0, 2.0, 3.0])})


# --- must not be flagged ---


@jax.jit
def positives_masked(tree):
    return jax.tree_util.tree_map(lambda x: jnp.where(x > 0, x, 0.0), tree)


def fixed():
    return positives_masked({"a": jnp.array([-1.0, 2.0, 3.0])})


RAISES = [(bug, "NonConcreteBooleanIndexError")]
RUNS = [fixed]
