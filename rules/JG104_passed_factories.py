"""JG104 in the function a factory returns, when the factory is passed to a wrapper that calls it
with options it made arrays of.

A wrapper that takes a factory (`wrap(make_filter)`) and, inside the function it returns, calls
`factory(**arrays)(x)` runs the factory with those keywords (`**d` binds each parameter to one of
the dict's values) and then the function the factory returns. When that inner function is traced
(`jax.jit(wrap(make_filter)(...))`, also through a factory of factories) and the wrapper built the
dict with `jnp.asarray` there, every option is a tracer: `range(taps)` raises
TracerIntegerConversionError, `if taps > 1:` TracerBoolConversionError (checked under JAX 0.10.2).
Options passed on as the Python values they are stay static: the look-alike runs.
"""

import jax
import jax.numpy as jnp


def make_filter(taps, gain):
    def apply(signal):
        for _ in range(taps):  # expect: JG104
            signal = 0.5 * (signal + jnp.roll(signal, 1)) * gain
        return signal

    return apply


def make_gate(threshold):
    def gate(signal):
        return jnp.where(signal > threshold, signal, 0.0)

    return gate


# --- must be flagged -------------------------------------------------------------------------


def array_options(factory):
    def bind(**options):
        def run(signal):
            arrays = {name: jnp.asarray(value) for name, value in options.items()}
            return factory(**arrays)(signal)

        return run

    return bind


def crashes():
    return jax.jit(array_options(make_filter)(taps=3, gain=1.0))(jnp.arange(4.0))


# --- must not be flagged ---------------------------------------------------------------------


def python_options(factory):
    def bind(**options):
        def run(signal):
            return factory(**options)(signal)  # the options stay Python values

        return run

    return bind


def runs():
    signal = jnp.arange(4.0)
    gate = jax.jit(array_options(make_gate)(threshold=1.0))  # a traced threshold is fine in jnp.where
    return jax.jit(python_options(make_filter)(taps=3, gain=1.0))(signal), gate(signal)


RAISES = [(crashes, "TracerIntegerConversionError")]
RUNS = [runs]
