# Report: uwplasma/vmex#203 https://github.com/uwplasma/vmex/pull/203
# Class: 6 (churn: per-solve values inside the compilation-cache key)
# Rule: JG302
# Reduced: "Stop the polishing path recompiling on every solve": `BSplineBasis` is compared by
# identity and rides in jit pytree metadata, so every freshly built basis recompiled the
# module-jitted strong-force evaluators (8 recompiles per warm repeat, measured), and
# `StrongPhysicalChart` carried its wall-clock build time in hashable metadata — "a timestamp
# inside a compile-cache key". Fix (commit 1): basis equality/hash follow its numeric content,
# the build time is dropped from the aux data. The basis, the chart pytree, the module-level
# jitted evaluator and the per-solve driver are written out.
import time

import jax
import jax.numpy as jnp
import numpy as np


class BSplineBasis:
    def __init__(self, ns, degree=3):
        self.ns, self.degree = ns, degree
        self.knots = np.linspace(0.0, 1.0, ns + degree + 1)

    def matrix(self):
        s = np.linspace(0.0, 1.0, self.ns)
        return np.exp(-((s[:, None] - self.knots[None, : self.ns]) ** 2) * self.ns)


class BSplineBasisByContent(BSplineBasis):
    def __eq__(self, other):
        return isinstance(other, BSplineBasis) and (self.ns, self.degree) == (other.ns, other.degree)

    def __hash__(self):
        return hash((self.ns, self.degree))


@jax.tree_util.register_pytree_node_class
class StrongPhysicalChart:
    def __init__(self, coeffs, basis, built_at):
        self.coeffs, self.basis, self.built_at = coeffs, basis, built_at

    def tree_flatten(self):
        return (self.coeffs,), (self.basis, self.built_at)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], *aux)


@jax.tree_util.register_pytree_node_class
class StrongPhysicalChartFixed(StrongPhysicalChart):
    def tree_flatten(self):
        return (self.coeffs,), self.basis

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], aux, 0.0)


@jax.jit
def strong_force_residual(chart, x):
    B = jnp.asarray(chart.basis.matrix())
    return B @ (chart.coeffs * x) - x


def build_chart(ns):
    return StrongPhysicalChart(jnp.ones(ns), BSplineBasis(ns), time.time())


def build_chart_fixed(ns):
    return StrongPhysicalChartFixed(jnp.ones(ns), BSplineBasisByContent(ns), time.time())


# --- must be flagged ---


def polish(ns, x):
    chart = build_chart(ns)
    return strong_force_residual(chart, x)  # expect: JG302


def warm_repeats(n):
    out = None
    for _ in range(n):
        out = polish(16, jnp.ones(16))
    return out


# --- must not be flagged ---


def polish_fixed(ns, x):
    chart = build_chart_fixed(ns)
    return strong_force_residual(chart, x)


def warm_repeats_fixed(n):
    out = None
    for _ in range(n):
        out = polish_fixed(16, jnp.ones(16))
    return out


GROWS = [warm_repeats]
BOUNDED = [warm_repeats_fixed]
