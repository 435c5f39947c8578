"""The model module of `fresh24_vmap_keeps_python_int_attribute.py`: an `equinox.Module` whose own
`__init__` stores the observation count as a Python int read off a shape."""

import equinox as eqx
import jax


class ObservedSystem(eqx.Module):
    emission: jax.Array
    n_observed: int

    def __init__(self, emission):
        self.emission = emission
        self.n_observed = int(emission.shape[-1])
