# Report: jax-ml/jax#3994 https://github.com/jax-ml/jax/issues/3994
# Class: 3 (everything created inside jit is traced: a "jit is off" guard does not make values concrete)
# Rule: JG103
# Reduced: "Suggestion: expose `_jit_is_disabled` utility": the user guards a data-dependent
# `assert arr.min() > 0` with `if jax.api._jit_is_disabled():` inside a jitted function,
# expecting concrete values whenever jit is off. froystig's answer: under `vmap` (here
# `jax.vmap(jax.jit(func))` run inside `with jax.disable_jit():`) the argument is still an
# abstract BatchTracer and the assert fails (TracerBoolConversionError). `jax.api` is gone;
# the guard reads the public `jax.config.jax_disable_jit` flag instead, which is what the
# private helper returned. Fix: check with `checkify`/`debug.callback`, or assert outside
# the transformed function on concrete inputs, as here.
import jax
import jax.numpy as jnp


# --- must be flagged ---


@jax.jit
def func(arr):
    if jax.config.jax_disable_jit:
        assert arr.min() > 0, "data-dependent check failed"  # expect: JG103
    return jnp.sqrt(arr)


def batched_debug_run():
    with jax.disable_jit():
        return jax.vmap(func)(jnp.ones((3, 4)))


# --- must not be flagged ---


@jax.jit
def func_unchecked(arr):
    return jnp.sqrt(arr)


def checked_outside():
    data = jnp.ones((3, 4))
    assert data.min() > 0, "data-dependent check failed"
    return jax.vmap(func_unchecked)(data)


RAISES = [(batched_debug_run, "TracerBoolConversionError")]
RUNS = [checked_outside]
