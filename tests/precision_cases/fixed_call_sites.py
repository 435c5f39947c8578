"""A jitted function called with Python scalars at some call sites and int32 arrays (or Python
floats) at others compiles once per input kind: a fixed, small number of compiles, whatever the
loop or the data. JAX really compiles twice here (COMPILES); that is a bounded one-off cost, not
churn, and at most one finding per call site (not one per argument).

Seen as: pgx `_calc_score(4, 1, 0, 0, 0, 11)` in a test after `_calc_score(jnp.int32(...), ...)`
in a loop (66 findings: 11 call sites x 6 arguments); jax-md `safe_mask(mask, fn, x, 0)` and
`safe_mask(mask, fn, x, 0.0)` at 16 sites inside the (traced) force field.
"""

import functools

import jax
import jax.numpy as jnp


@jax.jit
def calc_score(denomination, level, vul, trick):
    return jnp.where(trick >= level + 6, 20 * level + 10 * denomination + 50 * vul, -50)


def check_scores(n):
    out = []
    for level in range(1, n + 1):
        out.append(calc_score(jnp.int32(4), jnp.int32(level), jnp.int32(0), jnp.int32(11)))
    out.append(calc_score(4, 1, 0, 11))
    out.append(calc_score(4, 1, 1, 11))
    out.append(calc_score(2, 2, 1, 6))
    return out


@functools.partial(jax.jit, static_argnums=(1,))
def safe_mask(mask, fn, operand, placeholder=0):
    masked = jnp.where(mask, operand, 0)
    return jnp.where(mask, fn(masked), placeholder)


def _identity(x):
    return x


@jax.jit
def energy(r):
    a = safe_mask(r > 0, _identity, r, 0)
    b = safe_mask(r > 1, _identity, r, 0.0)
    return (a + b).sum()


def relax(n):
    r = jnp.ones(3)
    for _ in range(n):
        r = r - 0.01 * energy(r)
    return r


ARGS = tuple(jnp.int32(v) for v in (4, 1, 0, 11))  # made before counting: only calc_score compiles


def two_kinds():
    return [calc_score(*ARGS), calc_score(4, 1, 0, 11), calc_score(*ARGS), calc_score(2, 2, 1, 6)]


RUNS = [lambda: check_scores(3), lambda: relax(3)]
BOUNDED = [check_scores, relax]
COMPILES = [(two_kinds, 2)]
