# Report: PyAutoLabs/PyAutoGalaxy#434 https://github.com/PyAutoLabs/PyAutoGalaxy/pull/434
# Class: 6 (churn: a method builds a new closure and a new solver object that jits it on every call)
# Rule: JG301
# Reduced: "`LensCalc._critical_curve_list_via_zero_contour` rebuilt `f = self._make_eigen_fn(...)`
# and `solver = ZeroSolver(...)` on every invocation. Since JAX caches compiled functions by
# callable identity, a fresh `f` each call meant the `ZeroSolver.zero_contour_finder`
# JIT-compile fired anew every time -- ~10 s per call instead of the expected ~66 ms warm."
# Here the solver jits its Newton search when it is made, the lens calculator makes the eigenvalue
# function and the solver inside the method, and a plotting loop asks for the critical curve of
# the same lens again and again: one compile per call (checked on JAX 0.10.2). Fix (the PR's):
# cache `(f, solver)` on the calculator, keyed by the settings, and reuse them.
import jax
import jax.numpy as jnp
from jax import lax


class ZeroSolver:
    def __init__(self, fn, max_newton=8):
        self.fn = fn
        self.max_newton = max_newton
        self.zero_contour_finder = jax.jit(self._newton)

    def _newton(self, x0):
        def step(_, x):
            return x - self.fn(x) / jax.grad(self.fn)(x)

        return lax.fori_loop(0, self.max_newton, step, x0)


class LensCalc:
    def __init__(self, einstein_radius):
        self.einstein_radius = einstein_radius

    def _make_eigen_fn(self, kind):
        sign = 1.0 if kind == "tangential" else -1.0

        def eigen(r):
            return 1.0 - sign * self.einstein_radius / jnp.maximum(r, 1e-3)

        return eigen


# --- must be flagged ---


class RebuildingLensCalc(LensCalc):
    def critical_radius(self, r0, kind="tangential"):
        f = self._make_eigen_fn(kind)
        solver = ZeroSolver(f)
        return solver.zero_contour_finder(r0)  # expect: JG301


def plot_frames(n):
    calc = RebuildingLensCalc(1.2)
    return [calc.critical_radius(jnp.array(0.8 + 0.01 * i)) for i in range(n)]


# --- must not be flagged ---


class CachingLensCalc(LensCalc):
    def __init__(self, einstein_radius):
        super().__init__(einstein_radius)
        self._solvers = {}

    def critical_radius(self, r0, kind="tangential"):
        if kind not in self._solvers:
            self._solvers[kind] = ZeroSolver(self._make_eigen_fn(kind))
        return self._solvers[kind].zero_contour_finder(r0)


def plot_frames_cached(n):
    calc = CachingLensCalc(1.2)
    return [calc.critical_radius(jnp.array(0.8 + 0.01 * i)) for i in range(n)]


GROWS = [plot_frames]
BOUNDED = [plot_frames_cached]
