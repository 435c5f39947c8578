# Report: eelregit/pmwd#27 https://github.com/eelregit/pmwd/issues/27
# Class: 5 (what reaches a static position: a remat static argument left at its default)
# Rule: JG201
# Reduced: "Jax bug in linear_modes": pmwd's `linear_modes(modes, cosmo, conf, a=None,
# real=False)` is decorated `@partial(jit, static_argnums=4)` over `@partial(checkpoint,
# static_argnums=4)`, and the usual call `ic = linear_modes(wn, pmcosmo, pmconf)` leaves `real`
# at its default -> "ValueError: the `static_argnums` argument to `jax.checkpoint` / `jax.remat`
# can only take integer values greater than or equal to `-len(args)` and less than `len(args)`,
# but got (4,)": jit binds a defaulted static argument by name, but checkpoint takes static
# arguments only from the positional arguments it receives. The workaround the reporter applied
# (from pmwd's `sto` branch) is a plain wrapper that forwards every argument positionally to the
# decorated `_linear_modes`. Cosmology/configuration are reduced to a few arrays.
from functools import partial
from typing import NamedTuple

import jax.numpy as jnp
from jax import checkpoint, jit


class Cosmology(NamedTuple):
    A_s: jnp.ndarray
    n_s: jnp.ndarray


class Configuration(NamedTuple):
    k: jnp.ndarray
    box_vol: jnp.ndarray


def linear_power(k, a, cosmo):
    growth = 1.0 if a is None else a
    return cosmo.A_s * k**cosmo.n_s * growth**2


conf = Configuration(k=jnp.linspace(0.1, 1.0, 8), box_vol=jnp.asarray(64.0))
cosmo = Cosmology(A_s=jnp.asarray(2.0), n_s=jnp.asarray(0.96))
wn = jnp.ones(8)


# --- must be flagged ---


@partial(jit, static_argnums=4)
@partial(checkpoint, static_argnums=4)
def linear_modes(modes, cosmo, conf, a=None, real=False):
    Plin = linear_power(conf.k, a, cosmo)
    modes = modes * jnp.sqrt(Plin * conf.box_vol)
    if real:
        modes = jnp.fft.irfft(modes)
    return modes


def crashes():
    return linear_modes(wn, cosmo, conf)  # expect: JG201


# --- must not be flagged ---


@partial(jit, static_argnums=4)
@partial(checkpoint, static_argnums=4)
def _linear_modes(modes, cosmo, conf, a=None, real=False):
    Plin = linear_power(conf.k, a, cosmo)
    modes = modes * jnp.sqrt(Plin * conf.box_vol)
    if real:
        modes = jnp.fft.irfft(modes)
    return modes


def linear_modes_fixed(modes, cosmo, conf, a=None, real=False):
    return _linear_modes(modes, cosmo, conf, a, real)


def works():
    return linear_modes_fixed(wn, cosmo, conf)


RAISES = [(crashes, "ValueError")]
RUNS = [works]
