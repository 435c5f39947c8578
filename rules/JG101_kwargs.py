"""JG101 traced-condition: the keywords a jitted function collects with `**kwargs`.

`jax.jit` traces every keyword argument that `static_argnames` does not name, also the ones a
`**config` parameter collects: `config` is a Python dict (its keys, `len`, `in` are static), its
values are tracers, except under the keys `static_argnames` names, which hold the Python values the
caller gave. That stays so when the dict is spread into a helper (`_apply(x, **config)`), copied
(`dict(config)`, `{**config}`, `config.copy()`) or read (`config.get("k", d)`, `config["k"]`).
"""

from functools import partial

import jax
import jax.numpy as jnp

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def smooth(x, **config):
    mode = config.get("mode")
    if mode:  # expect: JG101
        return x * 0.5
    return x


def _clip(x, limit=None, **rest):
    if limit is not None and limit < 1.0:  # expect: JG101
        return jnp.minimum(x, limit)
    return x


@partial(jax.jit, static_argnames=("method",))
def clip(x, **config):
    return _clip(x, **config)


class Stepper:
    @partial(jax.jit, static_argnums=(0,), static_argnames=("rule",))
    def step(self, x, **options):
        return self._advance(x, **options)

    def _advance(self, x, **options):
        settings = {**options, "floor": 0.0}
        if settings.get("damping", 0.0) > settings["floor"]:  # expect: JG101
            return x * (1.0 - settings["damping"])
        return x


# --- must not be flagged ---------------------------------------------------------------------


@partial(jax.jit, static_argnames=("mode",))
def smooth_static(x, **config):
    mode = config.get("mode")
    if mode:  # a static keyword: the Python value the caller gave
        return x * 0.5
    return x


class Solver:
    def __init__(self):
        self.rule = "scan"

    @partial(jax.jit, static_argnums=(0,), static_argnames=("rule", "steps"))
    def solve(self, x, **options):
        return self._solve(x, **options)

    def _solve(self, x, **options):
        rule = options.get("rule", self.rule)  # static through the spread
        settings = dict(options)
        for _ in range(settings.get("steps", 2)):
            x = x * 0.5 if rule == "scan" else x - 1.0
        return x + options.get("shift", 0.0)  # traced, but only added


@jax.jit
def _private_step(x, **config):
    if config.get("verbose", False):  # no call passes `verbose`: the default, a Python bool
        x = x + 1.0
    return x * config["scale"]


def run_private(x):
    return _private_step(x, scale=2.0)


@jax.jit
def counted(x, **config):
    if "scale" in config and len(config) > 0:  # the keys of the dict are static
        x = x * config["scale"]
    return x


RAISES = [
    (lambda: smooth(jnp.ones(3), mode=1), "TracerBoolConversionError"),
    (lambda: clip(jnp.ones(3), limit=0.5, method="hard"), "TracerBoolConversionError"),
    (lambda: Stepper().step(jnp.ones(3), rule="euler", damping=0.1), "TracerBoolConversionError"),
]

RUNS = [
    lambda: smooth(jnp.ones(3)),
    lambda: smooth_static(jnp.ones(3), mode=1),
    lambda: clip(jnp.ones(3), method="hard"),
    lambda: Solver().solve(jnp.ones(3), rule="other", steps=3, shift=1.0),
    lambda: run_private(jnp.ones(3)),
    lambda: counted(jnp.ones(3), scale=2.0),
]
