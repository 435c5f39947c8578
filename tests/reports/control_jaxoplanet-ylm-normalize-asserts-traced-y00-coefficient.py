# Report: exoplanet-dev/jaxoplanet#234 https://github.com/exoplanet-dev/jaxoplanet/issues/234
# Class: 2 (traced value reaches Python control flow through a library object: an assert in a method)
# Rule: JG103
# Reduced: "TracerBoolConversionError when trying to JIT jaxoplanet.experimental.starry objects":
# a numpyro model / jitted light-curve function builds `Ylm.from_dense(jnp.array([1.0, 0,
# params['y10'], 0.0]))`; `from_dense(y, normalize=True)` splits the dense vector into a
# {(l, m): coefficient} dict on an equinox Module and then calls `normalize()`, whose first line
# is `assert self.data[(0, 0)] != 0.0, ValueError(...)`. Inside jit the coefficients are tracers
# (one entry depends on a parameter), so the assert asks for the truth value of a traced
# comparison: TracerBoolConversionError "that seems to originate from an assert statement in the
# ylm.normalize function". Fixed in jaxoplanet PR #236: normalize divides by the (0, 0)
# coefficient without asserting on its value.
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


# --- must be flagged ---


class Ylm(eqx.Module):
    data: dict
    ell_max: int = eqx.field(static=True)

    def __init__(self, data=None):
        if data is None:
            data = {(0, 0): 1.0}
        self.data = dict(data)
        self.ell_max = max(ell for ell, _ in data.keys())

    def normalize(self):
        assert self.data[(0, 0)] != 0.0, ValueError("The (0, 0) coefficient must be non-zero to normalize")  # expect: JG103
        data = {k: v / self.data[(0, 0)] for k, v in self.data.items()}
        return Ylm(data=data)

    @classmethod
    def from_dense(cls, y, normalize=True):
        data = {}
        for i, ylm in enumerate(y):
            ell = int(np.floor(np.sqrt(i)))
            m = i - ell * (ell + 1)
            data[(ell, m)] = ylm
        ylm = cls(data)
        if normalize:
            return ylm.normalize()
        return ylm


@jax.jit
def compute_light_curve(params, times):
    y = Ylm.from_dense(jnp.array([1.0, 0, params["y10"], 0.0]))
    return params["amplitude"] * (y.data[(0, 0)] + y.data[(1, 0)] * jnp.cos(times))


def crashes():
    return compute_light_curve({"y10": 0.3, "amplitude": 1.0}, jnp.linspace(0.0, 1.0, 5))


# --- must not be flagged ---


class YlmFixed(eqx.Module):
    data: dict
    ell_max: int = eqx.field(static=True)

    def __init__(self, data=None):
        if data is None:
            data = {(0, 0): 1.0}
        self.data = dict(data)
        self.ell_max = max(ell for ell, _ in data.keys())

    def normalize(self):
        data = {k: v / self.data[(0, 0)] for k, v in self.data.items()}
        return YlmFixed(data=data)

    @classmethod
    def from_dense(cls, y, normalize=True):
        data = {}
        for i, ylm in enumerate(y):
            ell = int(np.floor(np.sqrt(i)))
            m = i - ell * (ell + 1)
            data[(ell, m)] = ylm
        ylm = cls(data)
        if normalize:
            return ylm.normalize()
        return ylm


@jax.jit
def compute_light_curve_fixed(params, times):
    y = YlmFixed.from_dense(jnp.array([1.0, 0, params["y10"], 0.0]))
    return params["amplitude"] * (y.data[(0, 0)] + y.data[(1, 0)] * jnp.cos(times))


def works():
    return compute_light_curve_fixed({"y10": 0.3, "amplitude": 1.0}, jnp.linspace(0.0, 1.0, 5))


RAISES = [(crashes, "TracerBoolConversionError")]
RUNS = [works]
