"""Legal (SPREADKW through a comprehension): a wrapper that converts the options it is given to
arrays, except those it lists, ``arrays = {k: v if k in STATIC else jnp.asarray(v) for k, v in
options.items()}``, and calls ``factory(**arrays)``, binds each key to the parameter of that name
(Python's call semantics): the listed options reach the factory as the Python values they were,
the others as arrays (tracers under ``jit``). So ``range(taps)`` in the function the factory
returns gets a Python int when ``"taps"`` is listed, and both jitted calls below run (JAX 0.10.2).
(``tests/precision_cases/true_spread_comprehension_converts_unlisted.py``: the option left out of
the list is a tracer there and ``range`` raises TracerIntegerConversionError.)
"""

import jax
import jax.numpy as jnp

STATIC_OPTIONS = ("taps",)


def make_filter(taps, gain):
    def apply(signal):
        for _ in range(taps):
            signal = 0.5 * (signal + jnp.roll(signal, 1)) * gain
        return signal

    return apply


def keep_listed(factory):
    def bind(**options):
        def run(signal):
            arrays = {name: value if name in STATIC_OPTIONS else jnp.asarray(value) for name, value in options.items()}
            return factory(**arrays)(signal)

        return run

    return bind


def keep_inline(factory):
    def bind(**options):
        def run(signal):
            arrays = {k: jnp.asarray(v) if k not in ("taps",) else v for k, v in options.items()}
            return factory(**arrays)(signal)

        return run

    return bind


def runs():
    signal = jnp.arange(4.0)
    return (jax.jit(keep_listed(make_filter)(taps=3, gain=1.0))(signal),
            jax.jit(keep_inline(make_filter)(taps=2, gain=0.5))(signal))


RUNS = [runs]
