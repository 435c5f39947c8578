"""Helper module of fresh2_property_across_modules.py: the base class whose properties read
metadata lives here, the jitted methods of its subclass in the case."""

import dataclasses

import jax

SHARD_OVER_DEVICES = False


@dataclasses.dataclass(frozen=True)
class Sampler:
    n_sites: int = dataclasses.field(metadata={"static": True})

    @property
    def n_chains(self) -> int:
        return jax.device_count()

    @property
    def n_chains_per_device(self) -> int:
        n_devices = jax.device_count() if SHARD_OVER_DEVICES else 1
        per_device, remainder = divmod(self.n_chains, n_devices)
        if remainder != 0:
            raise RuntimeError("the chains do not divide among the devices")
        return per_device

    @property
    def n_batches(self) -> int:
        if SHARD_OVER_DEVICES:
            return self.n_chains
        return self.n_chains_per_device
