# Report: jkitchin/pounce#795 https://github.com/jkitchin/pounce/issues/795 (fixed by jkitchin/pounce#796)
# Class: 2 (a traced value converted to a Python number: `float()` of an entry of a traced array)
# Rule: JG104
# Reduced: the issue (filed by the project's own test bot) says `_expand_bounds` tests each bound
# with `np.isfinite(float(ub[i]))`; under `jax.jit`, with `lb`/`ub` passed as jnp arrays, `ub[i]`
# is a tracer and `float()` raises ConcretizationTypeError. The issue describes the helper but
# does not show its code or the QP layer: here a helper that keeps the finite upper bounds as rows
# of `G`/`h`, called from a jitted `solve_qp`. Fix (the PR's): read the bounds concretely outside
# jit (numpy) and pass only the folded rows in.
import jax
import jax.numpy as jnp
import numpy as np

# --- must be flagged ---


def _expand_bounds(ub, n):
    rows, h = [], []
    for i in range(n):
        if np.isfinite(float(ub[i])):  # expect: JG104
            rows.append(np.eye(n)[i])
            h.append(ub[i])
    return jnp.asarray(np.array(rows)), jnp.stack(h)


@jax.jit
def solve_qp(c, ub):
    G, h = _expand_bounds(ub, c.shape[0])
    return jnp.minimum(-c, h @ G)


def bug():
    return solve_qp(jnp.array([-1.0, 2.0]), jnp.array([1.0, 1.0]))


# --- must not be flagged ---


@jax.jit
def solve_qp_folded(c, G, h):
    return jnp.minimum(-c, h @ G)


def fixed():
    ub = np.asarray(jnp.array([1.0, jnp.inf]))
    keep = [i for i in range(ub.shape[0]) if np.isfinite(float(ub[i]))]
    G, h = np.eye(ub.shape[0])[keep], ub[keep]
    return solve_qp_folded(jnp.array([-1.0, 2.0]), G, h)


RAISES = [(bug, "ConcretizationTypeError")]
RUNS = [fixed]
