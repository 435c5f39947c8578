"""The true look-alike of `fresh24_vmap_keeps_python_int_attribute.py`: an int field stored by the
class's own `__init__` (`self.n_observed = len(gains)`) reaches the vmapped lambda from a
`jax.jit` around it, which turns every leaf of its arguments into a tracer, a Python int field
too: `if spread.size == 1 and count > 1:` raises TracerBoolConversionError.
"""

import equinox as eqx
import jax
import jax.numpy as jnp


class SensorArray(eqx.Module):
    gains: jax.Array
    n_observed: int

    def __init__(self, gains):
        self.gains = gains
        self.n_observed = len(gains)


def broadcast_noise(reading, count):
    spread = jnp.atleast_1d(reading)
    if spread.size == 1 and count > 1:  # expect: JG101
        spread = jnp.broadcast_to(spread, (count,))
    return spread


@jax.jit
def calibrate(sensors: SensorArray, readings):
    return jax.vmap(lambda r: broadcast_noise(r, sensors.n_observed) * sensors.gains)(readings)


RAISES = [(lambda: calibrate(SensorArray(jnp.ones(3)), jnp.ones((5, 1))), "TracerBoolConversionError")]
