# Report: jax-ml/jax#3133 https://github.com/jax-ml/jax/issues/3133
# Class: 4 (a NumPy array indexed by a traced value)
# Rule: JG104
# Reduced: `g = lambda i: np.zeros((3, 3))[i, :]` works eagerly but `jax.jit(g)(a)` fails: the
# NumPy array's __getitem__ converts the traced index (TracerArrayConversionError today). The
# same function written with `jnp.zeros` works under jit.
import jax
import jax.numpy as jnp
import numpy as np

f = lambda i: jnp.zeros((3, 3))[i, :]  # noqa: E731
a = np.array([1, 2])

# --- must be flagged ---

g = lambda i: np.zeros((3, 3))[i, :]  # noqa: E731  # expect: JG104


def bug():
    return jax.jit(g)(a)


# --- must not be flagged ---


def fixed():
    return jax.jit(f)(a)


RAISES = [(bug, "TracerArrayConversionError")]
RUNS = [fixed]
