"""True (look-alike of spread_comprehension_keeps_listed_options.py): the comprehension keeps only
the listed options Python values and makes arrays of the others; ``taps`` is not listed, so the
factory's ``range(taps)`` gets a tracer under ``jit`` and raises TracerIntegerConversionError
(JAX 0.10.2). A listed option that is not a parameter changes nothing.
"""

import jax
import jax.numpy as jnp

STATIC_OPTIONS = ("gain", "name")


def make_filter(taps, gain):
    def apply(signal):
        for _ in range(taps):  # expect: JG104
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


def crashes():
    return jax.jit(keep_listed(make_filter)(taps=3, gain=1.0))(jnp.arange(4.0))


RAISES = [(crashes, "TracerIntegerConversionError")]
