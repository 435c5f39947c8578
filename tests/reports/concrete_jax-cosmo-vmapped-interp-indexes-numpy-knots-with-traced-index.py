# Report: DifferentiableUniverseInitiative/jax_cosmo#121 https://github.com/DifferentiableUniverseInitiative/jax_cosmo/issues/121
# Class: 4 (NumPy and Python on traced values, deeper: a NumPy array reaches a vmapped function unconverted and is indexed with a tracer)
# Rule: JG104
# Reduced: "interpol crash": `jc.scipy.interpolate.interp(numpy.array([0.5, 1.5]),
# numpy.array([0., 1., 2.]), numpy.array([0., 1., 2.]))` raises TracerArrayConversionError at
# `xi = xp[ind]` ("The numpy.ndarray conversion method __array__() was called on traced array with
# shape int64[]. This BatchTracer ..."), while numpy.interp works. jax_cosmo's interp is
# `@functools.partial(vmap, in_axes=(0, None, None))` over the query points and finds the nearest
# knot with `ind = np.argmin((x - xp) ** 2)` (np is jax.numpy there); xp is not mapped, so the
# caller's NumPy array reaches the body as a NumPy array and NumPy's own __getitem__ is asked to
# index it with a batched tracer. Fix used here: hand the knots over as jax arrays.
import functools

import jax.numpy as np
import numpy
from jax import vmap


# --- must be flagged ---


@functools.partial(vmap, in_axes=(0, None, None))
def interp(x, xp, fp):
    ind = np.argmin((x - xp) ** 2)
    ind = np.clip(ind, 1, len(xp) - 2)
    xi = xp[ind]  # expect: JG104
    s = np.sign(np.clip(x, xp[1], xp[-2]) - xi).astype(np.int32)
    step = np.copysign(1, s).astype(np.int32)
    a = (fp[ind + step] - fp[ind]) / (xp[ind + step] - xp[ind])
    b = fp[ind] - a * xp[ind]
    return a * x + b


def crashes():
    return interp(numpy.array([0.5, 1.5]), numpy.array([0.0, 1.0, 2.0]), numpy.array([0.0, 1.0, 2.0]))


# --- must not be flagged ---


@functools.partial(vmap, in_axes=(0, None, None))
def interp_ok(x, xp, fp):
    ind = np.argmin((x - xp) ** 2)
    ind = np.clip(ind, 1, len(xp) - 2)
    xi = xp[ind]
    s = np.sign(np.clip(x, xp[1], xp[-2]) - xi).astype(np.int32)
    step = np.copysign(1, s).astype(np.int32)
    a = (fp[ind + step] - fp[ind]) / (xp[ind + step] - xp[ind])
    b = fp[ind] - a * xp[ind]
    return a * x + b


def works():
    return interp_ok(np.array([0.5, 1.5]), np.array([0.0, 1.0, 2.0]), np.array([0.0, 1.0, 2.0]))


RAISES = [(crashes, "TracerArrayConversionError")]
RUNS = [works]
