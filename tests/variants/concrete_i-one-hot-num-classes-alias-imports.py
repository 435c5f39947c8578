# Variant of: tests/reports/concrete_jax-jit-one-hot.py
# Class: 2 (arguments JAX needs static: `num_classes` of `one_hot`)
# Rule: JG105
# Axis: (i) `import jax.nn as N`, `from jax import numpy as np2`, `from jax import jit as J` as a
# decorator; `num_classes` passed by keyword from a traced parameter.
from functools import partial

import jax.nn as N
from jax import jit as J
from jax import numpy as np2


# --- must be flagged ---


@J
def encode(labels, n):
    return N.one_hot(labels, num_classes=n)  # expect: JG105


def bug():
    return encode(np2.array([0, 2]), 5)


# --- must not be flagged ---


@partial(J, static_argnames=("n",))
def encode_static(labels, n):
    return N.one_hot(labels, num_classes=n)


def fixed():
    return encode_static(np2.array([0, 2]), 5)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
