# Report: jax-ml/jax#523 https://github.com/jax-ml/jax/issues/523
# Class: 2 (arguments JAX needs static: an FFT length passed to a jitted function)
# Rule: JG105
# Reduced: "Calling a jit'd function with or without kwarg name has different behavior": `def
# foo(x, foo_power=10): ...`, `jit_foo = jax.jit(foo)`, then `jit_foo(x, foo_power=11)` and
# `jit_foo(x, 11)`; "This can cause errors if foo expects foo_power to be a compile-time
# constant (I ran into this jitting the fft method I'm working on)". In 2019 only the keyword
# call kept `foo_power` static; today keyword arguments are traced too, so both calls trace it and
# the FFT length (which sets the output's shape) cannot be read. The fix is to name the argument
# static (`static_argnames`), which then works by position and by keyword.
import jax
import jax.numpy as jnp

X = jnp.arange(8.0)


# --- must be flagged ---


def foo(x, foo_power=10):
    return jnp.abs(jnp.fft.fft(x, n=foo_power))  # expect: JG105


jit_foo = jax.jit(foo)


def crashes():
    return jit_foo(X, 11)


# --- must not be flagged ---


jit_foo_static = jax.jit(foo, static_argnames=("foo_power",))


def works():
    return jit_foo_static(X, 11), jit_foo_static(X, foo_power=11)


RAISES = [(crashes, "TracerIntegerConversionError")]
RUNS = [works]
