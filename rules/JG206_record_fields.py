"""JG206 on a string held in a field of a frozen dataclass (or NamedTuple) argument, passed on to a
jitted function at a traced position.

Python passes a function the very object its call builds, and a jit passes a static argument as
it is: `cfg.mode`, read inside, is the field's value, here the string `"zscore"` (given, or the
field's default). A jitted function called with it where it traces its argument cannot turn a
string into an array and raises TypeError ("Error interpreting argument ... as an abstract
array"; JAX 0.10.2, from a plain function and from inside another jit alike). An unpacking
`mode, eps = cfg.mode, cfg.eps` binds each name to its element. Declaring the parameter static
is legal, and so is a field holding a number, which JAX traces.
"""

import dataclasses
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Scaling:
    mode: str = "zscore"
    eps: float = 1e-8


class Window(NamedTuple):
    kind: str
    width: int


@jax.jit
def rescale(x, mode, eps):
    return (x - x.mean()) / (x.std() + eps) if mode == "zscore" else x / (x.max() + eps)


@partial(jax.jit, static_argnames=("mode",))
def rescale_static(x, mode, eps):
    return (x - x.mean()) / (x.std() + eps) if mode == "zscore" else x / (x.max() + eps)


@jax.jit
def taper(x, kind, width):
    return x * jnp.hanning(x.shape[0]) if kind == "hann" else x


# --- must be flagged -------------------------------------------------------------------------


def preprocess(x, cfg):
    return rescale(x, cfg.mode, cfg.eps)  # expect: JG206


@partial(jax.jit, static_argnames=("cfg",))
def preprocess_jitted(x, cfg):
    mode, eps = cfg.mode, cfg.eps
    return rescale(x, mode, eps)  # expect: JG206


def smooth(x, window):
    return taper(x, window.kind, window.width)  # expect: JG206


def run_flagged(x):
    return preprocess(x, Scaling()), preprocess_jitted(x, Scaling(mode="minmax")), smooth(x, Window("hann", 3))


# --- must not be flagged ---------------------------------------------------------------------


def preprocess_static(x, cfg):
    return rescale_static(x, cfg.mode, cfg.eps)  # static: a Python string, one compile per mode


def scale_by(x, cfg):
    return taper(x * cfg.eps, None, 3)  # a number field, traced


def run_legal(x):
    return preprocess_static(x, Scaling()), scale_by(x, Scaling())


RAISES = [
    (lambda: preprocess(jnp.arange(4.0), Scaling()), "TypeError"),
    (lambda: preprocess_jitted(jnp.arange(4.0), Scaling(mode="minmax")), "TypeError"),
    (lambda: smooth(jnp.arange(4.0), Window("hann", 3)), "TypeError"),
]

RUNS = [
    lambda: preprocess_static(jnp.arange(4.0), Scaling()),
    lambda: scale_by(jnp.arange(4.0), Scaling()),
]
