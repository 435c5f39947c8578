"""A true look-alike of `fresh24_vmap_keeps_python_int_attribute.py` under `vmap`: one class stores
`self.n_observed = int(...)`, but a registered dataclass of the same module declares a field of
that name with no `__init__` of its own, so its generated `__init__` stores whatever it is given:
here an array of counts, mapped by `vmap`, and `if scale.size == 1 and n_observed > 1:` raises
TracerBoolConversionError. A name is a Python scalar only when no store in the tree may be
anything else.
"""

import dataclasses

import jax
import jax.numpy as jnp


class FixedSensors:
    def __init__(self, emission):
        self.emission = emission
        self.n_observed = int(emission.shape[-1])


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class SensorBatch:
    emission: jax.Array
    n_observed: jax.Array


def noise_covariance(scale, *, n_observed):
    scale = jnp.atleast_1d(scale)
    if scale.size == 1 and n_observed > 1:  # expect: JG101
        scale = jnp.full((3,), scale[0])
    return jnp.diag(jnp.square(scale))


def one(batch: SensorBatch, scale):
    return noise_covariance(scale, n_observed=batch.n_observed)


def predict(batch: SensorBatch, scales):
    return jax.vmap(one)(batch, scales)


RAISES = [(lambda: predict(SensorBatch(jnp.ones((4, 3)), jnp.array([3, 3, 1, 2])), jnp.ones((4, 1))),
           "TracerBoolConversionError")]
