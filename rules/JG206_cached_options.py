"""JG206 untraceable-argument, a jit kept with the static options of the call that built it:
examples that must and must not be flagged.

A jit built on the first call (under `if self._fn is None:`) with `static_argnames` computed from
that call's keyword arguments is kept for every later call. A later call that passes a non-array
keyword the first call did not pass (or passed as an array) gives it at a position the kept jit
traces: a string there raises TypeError. Keeping one jit per static set, keyed by it, a static set
that does not depend on the call, or dropping the kept jit when the set changes, runs.
"""

import jax
import jax.numpy as jnp


def smooth(values, window=2, mode="mean", weight=1.0):
    head = values[:window]
    return weight * (head.mean() if mode == "mean" else head.max())


def non_array_names(options):
    return tuple(sorted(k for k, v in options.items() if not isinstance(v, jax.Array)))


# --- must be flagged -------------------------------------------------------------------------


class Smoother:
    _fn = None

    def __call__(self, values, **options):
        if self._fn is None:
            self._fn = jax.jit(smooth, static_argnames=non_array_names(options))
        return self._fn(values, **options)  # expect: JG206


_smooth_jit = None


def smooth_once(values, **options):
    global _smooth_jit
    if not _smooth_jit:
        names = non_array_names(options)
        _smooth_jit = jax.jit(smooth, static_argnames=names)
    return _smooth_jit(values, **options)  # expect: JG206


class PresetSmoother:
    def __init__(self):
        self._fn = None

    def __call__(self, values, **options):
        static = non_array_names(options)  # read from this call, before the jit is kept
        if self._fn is None:
            self._fn = jax.jit(smooth, static_argnames=static)
        return self._fn(values, **options)  # expect: JG206


def first_weight_then_mode(values):
    smoother = Smoother()
    smoother(values, weight=jnp.asarray(2.0))
    return smoother(values, mode="max")


def preset_window_then_mode(values):
    smoother = PresetSmoother()
    smoother(values, window=3)
    return smoother(values, mode="max")


def first_window_then_mode(values):
    smooth_once(values, window=3)
    return smooth_once(values, mode="max")


# --- must not be flagged ---------------------------------------------------------------------


class KeyedSmoother:
    def __init__(self):
        self._fns = {}

    def __call__(self, values, **options):
        static = non_array_names(options)
        if static not in self._fns:  # one jit per static set
            self._fns[static] = jax.jit(smooth, static_argnames=static)
        return self._fns[static](values, **options)


class FixedSmoother:
    _fn = None

    def __call__(self, values, **options):
        if self._fn is None:  # the static set does not depend on the call
            self._fn = jax.jit(smooth, static_argnames=("window", "mode"))
        return self._fn(values, **options)


class RebuildingSmoother:
    _fn = None
    _static = None

    def __call__(self, values, **options):
        static = non_array_names(options)
        if static != self._static:  # a new static set drops the kept jit
            self._fn = None
            self._static = static
        if self._fn is None:
            self._fn = jax.jit(smooth, static_argnames=static)
        return self._fn(values, **options)


class ResetSmoother:
    def __init__(self):
        self._fn = None

    def reset(self):  # the caller drops the kept jit before it changes the options
        self._fn = None

    def __call__(self, values, **options):
        if self._fn is None:
            self._fn = jax.jit(smooth, static_argnames=non_array_names(options))
        return self._fn(values, **options)


def keyed_fixed_or_rebuilt(values):
    keyed, fixed, rebuilt, reset = KeyedSmoother(), FixedSmoother(), RebuildingSmoother(), ResetSmoother()
    for smoother in (keyed, fixed, rebuilt, reset):
        smoother(values, weight=jnp.asarray(2.0))
    reset.reset()
    return [smoother(values, mode="max") for smoother in (keyed, fixed, rebuilt, reset)]


RAISES = [
    (lambda: first_weight_then_mode(jnp.arange(4.0)), "TypeError"),
    (lambda: first_window_then_mode(jnp.arange(4.0)), "TypeError"),
    (lambda: preset_window_then_mode(jnp.arange(4.0)), "TypeError"),
]

RUNS = [
    lambda: keyed_fixed_or_rebuilt(jnp.arange(4.0)),
]
