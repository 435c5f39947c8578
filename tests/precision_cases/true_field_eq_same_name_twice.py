"""True (look-alike of field_eq_name_rebound_between.py): two constructions of a ``@dataclass``
with its own ``__hash__`` over its name fields, an array in another field, passed at a static
position of one jitted function, with the same values in the hashed fields: a parameter the
function never rebinds, or a name bound once to a literal. Same hash, so JAX compares the second
instance with the first by the generated ``__eq__``, and the truth value of the arrays' ``==``
raises ValueError (JAX 0.10.2).
"""

import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Sensor:
    kind: str
    channel: int
    calibration: jax.Array

    def __hash__(self):
        return hash((self.kind, self.channel))


@functools.partial(jax.jit, static_argnums=0)
def calibrated(sensor, reading):
    return sensor.calibration * reading


def read_twice(kind):
    calibrated(Sensor(kind, 0, jnp.linspace(0.0, 1.0, 4)), 2.0)
    return calibrated(Sensor(kind, 0, jnp.linspace(0.0, 2.0, 4)), 2.0)  # expect: JG203


def read_constant_twice():
    kind = "thermo"
    calibrated(Sensor(kind, 1, jnp.ones(3)), 1.0)
    return calibrated(Sensor("thermo", 1, jnp.zeros(3)), 1.0)  # expect: JG203


RAISES = [(lambda: read_twice("strain"), "ValueError"), (read_constant_twice, "ValueError")]
