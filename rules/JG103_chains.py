"""JG103 on chained comparisons outside an `if`: `a < x <= b` is `(a < x) and (x <= b)`.

Python takes the truth value of every comparison of a chain but the last, wherever the chain
is: an argument (a `lax.cond` predicate, `jnp.where`), an assignment, a return. In an `if` the
whole test is reported once, by JG101.
"""

import jax
import jax.numpy as jnp
from jax import lax

# --- must be flagged -------------------------------------------------------------------------


@jax.jit
def band_select(x, lo, hi):
    return lax.cond(lo < x <= hi, lambda v: v, lambda v: -v, x)  # expect: JG103


@jax.jit
def band_mask(x):
    inside = 0.0 <= x < 1.0  # expect: JG103
    return jnp.where(inside, x, 0.0)


@jax.jit
def band_branch(x, lo, hi):
    if lo < x < hi:  # expect: JG101
        return x
    return -x


@jax.jit
def ordered(x, y, z):
    return jnp.where(x == y < z, x, z)  # expect: JG103


# lax.switch traces every function of the sequence it gets, also one built earlier and named
unit_box = lambda x: jnp.where(0.0 < x < 1.0, x, 0.0)  # expect: JG103
BRANCHES = [unit_box, jnp.abs]


def pick_branch(i, x):
    return lax.switch(i, BRANCHES, x)


# --- must not be flagged ---------------------------------------------------------------------


@jax.jit
def band_select_fixed(x, lo, hi):
    return lax.cond((lo < x) & (x <= hi), lambda v: v, lambda v: -v, x)


@jax.jit
def small_matrix(x):
    return x * 2 if 0 < x.ndim <= 2 else x  # shapes are static: a Python chain


def count_below(n, x):
    return jnp.where(0 <= n < x, x, 0.0)  # `0 <= n` is static; the last comparison is returned, not tested


unit_box_fixed = lambda x: jnp.where((0.0 < x) & (x < 1.0), x, 0.0)
FIXED_BRANCHES = [unit_box_fixed, jnp.abs]
in_range = lambda n: 0 < n < 10  # a named list of checks that nothing traces: Python ints
CHECKS = [in_range]


def pick_branch_fixed(i, x):
    return lax.switch(i, FIXED_BRANCHES, x)


def run_checks(n):
    return [check(n) for check in CHECKS]


@jax.jit
def is_none_chain(x, y=None):
    return x if y is None is not x else -x  # identity comparisons are Python bools


RAISES = [
    (lambda: band_select(jnp.array(0.5), 0.0, 1.0), "TracerBoolConversionError"),
    (lambda: band_mask(jnp.array(0.5)), "TracerBoolConversionError"),
    (lambda: band_branch(jnp.array(0.5), 0.0, 1.0), "TracerBoolConversionError"),
    (lambda: ordered(jnp.array(1.0), jnp.array(1.0), jnp.array(2.0)), "TracerBoolConversionError"),
    (lambda: pick_branch(1, 0.5), "TracerBoolConversionError"),
]

RUNS = [
    lambda: band_select_fixed(jnp.array(0.5), 0.0, 1.0),
    lambda: small_matrix(jnp.ones(3)),
    lambda: jax.jit(count_below, static_argnums=0)(2, jnp.arange(4.0)),
    lambda: is_none_chain(jnp.ones(2)),
    lambda: pick_branch_fixed(0, 0.5),
    lambda: run_checks(3),
]
