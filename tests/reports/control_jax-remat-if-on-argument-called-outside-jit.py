# Report: jax-ml/jax#10602 https://github.com/jax-ml/jax/issues/10602
# Class: 3 (everything a transform stages is traced: `jax.checkpoint` traces its arguments even outside jit)
# Rule: JG101
# Reduced: "remat abstraction provenance": "Applying `remat` to a function can raise the
# abstraction level of its arguments": `@jax.remat def f(x): if x > 0: ...` called eagerly as
# `f(3.)` raises (today TracerBoolConversionError, "while tracing the function f ... for
# checkpoint"), while the same function without `remat` runs on the Python float. `jax.checkpoint`
# stages its function whether or not a jit is around it, so every argument is a tracer. Fix: the
# branch as `jnp.where`, or the flag as a `static_argnums` argument of the checkpoint.
import jax
import jax.numpy as jnp

# --- must be flagged ---


@jax.remat
def f(x):
    if x > 0:  # expect: JG101
        return 5.0
    return 2.0


def bug():
    return f(3.0)


# --- must not be flagged ---


def f_plain(x):
    if x > 0:
        return 5.0
    return 2.0


@jax.remat
def f_where(x):
    return jnp.where(x > 0, 5.0, 2.0)


def fixed():
    return f_plain(3.0) + f_where(3.0)


RAISES = [(bug, "TracerBoolConversionError")]
RUNS = [fixed]
