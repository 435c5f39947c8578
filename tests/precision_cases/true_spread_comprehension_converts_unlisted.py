"""True (look-alike of spread_comprehension_keeps_listed_options.py): the comprehension keeps only
the listed settings Python values and makes arrays of the others. ``steps`` is not listed, so
the factory's ``range(steps)`` gets a tracer under ``jit`` and raises
TracerIntegerConversionError (JAX 0.10.2); a listed name that is no parameter changes nothing.
"""

import jax
import jax.numpy as jnp

LISTED = ("rate", "label")


def make_relaxation(steps, rate):
    def relax(field):
        for _ in range(steps):  # expect: JG104
            field = field - rate * jnp.gradient(field)
        return field

    return relax


def arrays_but_listed(build):
    def with_settings(**settings):
        def relaxed(field):
            values = {name: setting if name in LISTED else jnp.asarray(setting) for name, setting in settings.items()}
            relax = build(**values)
            return relax(field)

        return relaxed

    return with_settings


def crashes():
    field = jnp.arange(6.0)
    relaxed = jax.jit(arrays_but_listed(make_relaxation)(steps=3, rate=0.1))
    return relaxed(field)


RAISES = [(crashes, "TracerIntegerConversionError")]
