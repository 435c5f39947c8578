# Report: jax-ml/jax#3656 https://github.com/jax-ml/jax/pull/3656 (fixes jax-ml/jax#3654)
# Class: 2 (arguments JAX needs static: `num_classes` of a library function jitted directly)
# Rule: JG105
# Reduced: the PR's example, `jit(one_hot)(3, 5)`: both arguments are traced, `num_classes`
# among them. Fix: `static_argnums=1` (or static_argnames=("num_classes",)).
import jax
from jax import jit
from jax.nn import one_hot

# --- must be flagged ---


def bug():
    return jit(one_hot)(3, 5)  # expect: JG105


# --- must not be flagged ---


def fixed():
    return jit(one_hot, static_argnums=1)(3, 5) + jit(one_hot, static_argnames=("num_classes",))(3, num_classes=5)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
