# Report: jax-ml/jax#14245 https://github.com/jax-ml/jax/issues/14245
# Class: 3 (everything created inside jit is traced: vmap abstracts values even with jit disabled)
# Rule: JG101
# Reduced: "Running vmap with jit disabled on a function with python control flow gives
# errors": `forward` "does some nonlinear transformations ... based on some python control
# flow"; `grad(forward)` works on one value, but `vmap(grad(forward), (0, None))` over 10,000
# samples inside `with jax.disable_jit():` fails with "Abstract value passed to `bool`"
# (TracerBoolConversionError today). mattjj: expected, since different batch elements may take
# different branches; disabling jit does not make vmap's values concrete. The body of
# `forward` is not shown: a thresholded log transform stands in. Fix: select with
# `jnp.where` so the branch is data, not Python control flow.
import jax
import jax.numpy as jnp
from jax import grad, vmap


# --- must be flagged ---


def forward(x, w):
    y = w * x
    if y > 1.0:  # expect: JG101
        y = jnp.log(y) + 1.0
    return y ** 2


def bug():
    xs = jnp.linspace(0.0, 2.0, 8)
    with jax.disable_jit():
        batched_fun = vmap(grad(forward), (0, None))
        return batched_fun(xs, 1.5)


# --- must not be flagged ---


def forward_where(x, w):
    y = w * x
    y = jnp.where(y > 1.0, jnp.log(jnp.maximum(y, 1.0)) + 1.0, y)
    return y ** 2


def fixed():
    xs = jnp.linspace(0.0, 2.0, 8)
    with jax.disable_jit():
        return vmap(grad(forward_where), (0, None))(xs, 1.5)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
