# Report: google/jaxopt#422 https://github.com/google/jaxopt/issues/422
# Class: 4 (a Python `if` on a traced value inside a solver's setup, under vmap)
# Rule: JG101
# Reduced: "jaxopt.Bisection not jittable, vmappable": `root(factor)` builds
# `jaxopt.Bisection(optimality_fun=F, lower=1, upper=2)` and runs it with a vmapped `factor`;
# the bracket check in the solver's setup converts a BatchTracer to bool. jaxopt is not installed
# here: Bisection is a small class with the same constructor and a bracket check written as a
# Python `if` on the signs of F at the bounds (reconstructed; the thread shows only the error),
# and a fixed number of bisection steps in a fori_loop. Fix (the maintainer's answer): pass
# `check_bracket=False`.
import jax
import jax.numpy as jnp


class Bisection:
    def __init__(self, optimality_fun, lower, upper, maxiter=30, check_bracket=True):
        self.optimality_fun = optimality_fun
        self.lower = lower
        self.upper = upper
        self.maxiter = maxiter
        self.check_bracket = check_bracket

    def run(self, **kwargs):
        lower = jnp.asarray(self.lower, float)
        upper = jnp.asarray(self.upper, float)
        if self.check_bracket:
            lower_value = self.optimality_fun(lower, **kwargs)
            upper_value = self.optimality_fun(upper, **kwargs)
            if jnp.sign(lower_value) == jnp.sign(upper_value):  # expect: JG101
                raise ValueError("The root is not contained in [lower, upper].")

        def body(_, bounds):
            lo, hi = bounds
            mid = 0.5 * (lo + hi)
            same = jnp.sign(self.optimality_fun(mid, **kwargs)) == jnp.sign(self.optimality_fun(lo, **kwargs))
            return jnp.where(same, mid, lo), jnp.where(same, hi, mid)

        lo, hi = jax.lax.fori_loop(0, self.maxiter, body, (lower, upper))
        return 0.5 * (lo + hi)


def F(x, factor):
    return factor * x**3 - x - 2


# --- must be flagged ---


def root(factor):
    bisec = Bisection(optimality_fun=F, lower=1, upper=2)
    return bisec.run(factor=factor)


def bug():
    return jax.vmap(root)(jnp.array([2.0, 2.0]))


# --- must not be flagged ---


def root_unchecked(factor):
    bisec = Bisection(optimality_fun=F, lower=1, upper=2, check_bracket=False)
    return bisec.run(factor=factor)


def fixed():
    return jax.vmap(root_unchecked)(jnp.array([2.0, 2.0]))


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
