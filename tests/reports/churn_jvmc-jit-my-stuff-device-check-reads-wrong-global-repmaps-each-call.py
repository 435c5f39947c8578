# Report: markusschmitt/vmc_jax#59 https://github.com/markusschmitt/vmc_jax/issues/59
# Class: 6 (churn from a wrapper: a guard meant to build the pmapped helpers once is always true)
# Rule: JG301
# Reduced: "Frequent recompilation in v1.2.0": jVMC builds its pmapped helpers lazily in
# `jit_my_stuff()`, called at the top of every `mpi.global_sum`/`global_mean`, guarded by
# `if global_defs.pmap_devices_updated():` and followed by `pmapDevices = global_defs.myPmapDevices`
# under `global pmapDevices`. After `pmap_devices_updated` moved to the `global_defs` module it
# compares `global_defs.pmapDevices` -- which nobody ever assigns -- while `global pmapDevices`
# in mpi_wrapper names mpi_wrapper's own global. The guard is therefore always true, every call
# re-wraps fresh lambdas in `pmap`, and each new function object compiles again ("too frequent
# recompilation ... severely impedes performance"). Fixed in 1.2.2 (per the release diff) by
# passing each module's own record: `pmap_devices_updated(mpiPmapDevices)`. Here `global_defs`
# is a namespace class standing in for the other module.
import collections
from functools import partial

import jax
import jax.numpy as jnp


class global_defs:
    myPmapDevices = jax.devices()[:1]
    pmap_for_my_devices = partial(jax.pmap, devices=myPmapDevices)
    pmapDevices = None

    @staticmethod
    def pmap_devices_updated():
        if collections.Counter(global_defs.pmapDevices) == collections.Counter(global_defs.myPmapDevices):
            return False
        return True

    @staticmethod
    def pmap_devices_updated_for(pmapDevices):
        if collections.Counter(pmapDevices) == collections.Counter(global_defs.myPmapDevices):
            return False
        return True


# --- must be flagged ---


_sum_up_pmapd = None
pmapDevices = None


def jit_my_stuff():
    global _sum_up_pmapd
    global pmapDevices
    if global_defs.pmap_devices_updated():
        _sum_up_pmapd = global_defs.pmap_for_my_devices(lambda x: jax.lax.psum(jnp.sum(x, axis=0), "i"), axis_name="i")  # expect: JG301
        pmapDevices = global_defs.myPmapDevices


def global_sum(data):
    jit_my_stuff()
    return _sum_up_pmapd(data)


def sampling_steps(n):
    for k in range(n):
        global_sum(jnp.ones((1, 4, 3)) * k)


# --- must not be flagged ---


_sum_up_pmapd_fixed = None
mpiPmapDevices = None


def jit_my_stuff_fixed():
    global _sum_up_pmapd_fixed
    global mpiPmapDevices
    if global_defs.pmap_devices_updated_for(mpiPmapDevices):
        _sum_up_pmapd_fixed = global_defs.pmap_for_my_devices(lambda x: jax.lax.psum(jnp.sum(x, axis=0), "i"), axis_name="i")
        mpiPmapDevices = global_defs.myPmapDevices


def global_sum_fixed(data):
    jit_my_stuff_fixed()
    return _sum_up_pmapd_fixed(data)


def sampling_steps_fixed(n):
    global mpiPmapDevices
    mpiPmapDevices = None
    for k in range(n):
        global_sum_fixed(jnp.ones((1, 4, 3)) * k)


GROWS = [sampling_steps]
BOUNDED = [sampling_steps_fixed]
