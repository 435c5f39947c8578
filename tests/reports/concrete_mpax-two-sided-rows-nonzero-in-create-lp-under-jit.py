# Report: MIT-Lu-Lab/MPAX#1 https://github.com/MIT-Lu-Lab/MPAX/issues/1
# Class: 3 (value-dependent shapes: row selection by a data-dependent mask)
# Rule: JG105
# Reduced: "jax.errors.ConcretizationTypeError: Abstract tracer value encountered where concrete
# value is expected": `solve_mpax(A)` builds `lp = mpax.create_lp(c=-jnp.ones(d), A=A,
# l=jnp.full(m, -jnp.inf), u=jnp.ones(m), var_lb=..., var_ub=...)` and runs `r2HPDHG`; called as
# `jax.vmap(jax.jit(solve_mpax))(A)` it fails. `create_lp` turns two-sided rows into slacks with
# `two_sided_rows = jnp.where(isfinite(l) & isfinite(u) & (l != u))[0]` and then
# `if len(two_sided_rows) == 0` / `jnp.zeros(len(two_sided_rows))` — the number of selected rows
# depends on the (traced) bounds. Fix (PR #2): `create_lp(c, A, b, G, h, l, u)` in general form,
# equalities and inequalities given separately, "now fully JIT-compatible". Dense matrices stand
# in for BCOO; the solver is a few plain PDHG steps.
import jax
import jax.numpy as jnp


class TwoSidedQpProblem:
    def __init__(self, variable_lower_bound, variable_upper_bound, constraint_lower_bound,
                 constraint_upper_bound, constraint_matrix, objective_vector):
        self.variable_lower_bound = variable_lower_bound
        self.variable_upper_bound = variable_upper_bound
        self.constraint_lower_bound = constraint_lower_bound
        self.constraint_upper_bound = constraint_upper_bound
        self.constraint_matrix = constraint_matrix
        self.objective_vector = objective_vector


def two_sided_rows_to_slacks(qp):
    two_sided_rows = jnp.where(  # expect: JG105
        jnp.isfinite(qp.constraint_lower_bound)
        & jnp.isfinite(qp.constraint_upper_bound)
        & (qp.constraint_lower_bound != qp.constraint_upper_bound)
    )[0]
    if len(two_sided_rows) == 0:
        return
    m = len(qp.constraint_lower_bound)
    slack = jnp.zeros((m, len(two_sided_rows))).at[two_sided_rows, jnp.arange(len(two_sided_rows))].set(-1.0)
    qp.variable_lower_bound = jnp.concatenate([qp.variable_lower_bound, qp.constraint_lower_bound[two_sided_rows]])
    qp.variable_upper_bound = jnp.concatenate([qp.variable_upper_bound, qp.constraint_upper_bound[two_sided_rows]])
    qp.objective_vector = jnp.concatenate([qp.objective_vector, jnp.zeros(len(two_sided_rows))])
    qp.constraint_matrix = jnp.concatenate([qp.constraint_matrix, slack], axis=1)
    qp.constraint_lower_bound = qp.constraint_lower_bound.at[two_sided_rows].set(0)
    qp.constraint_upper_bound = qp.constraint_upper_bound.at[two_sided_rows].set(0)


def create_lp(c, A, l, u, var_lb, var_ub):
    problem = TwoSidedQpProblem(jnp.array(var_lb), jnp.array(var_ub), jnp.array(l), jnp.array(u), A, jnp.array(c))
    two_sided_rows_to_slacks(problem)
    is_leq_row = jnp.isfinite(problem.constraint_upper_bound) & ~jnp.isfinite(problem.constraint_lower_bound)
    K = jnp.where(is_leq_row[:, None], -problem.constraint_matrix, problem.constraint_matrix)
    rhs = jnp.where(is_leq_row, -problem.constraint_upper_bound, problem.constraint_lower_bound)
    return (problem.objective_vector, K, rhs, problem.variable_lower_bound, problem.variable_upper_bound)


def create_lp_general(c, A, b, G, h, l, u):
    K = jnp.concatenate([A, G], axis=0)
    rhs = jnp.concatenate([b, h])
    return (c, K, rhs, l, u)


def pdhg(lp, iters=50, step=0.05):
    c, K, rhs, lb, ub = lp

    def body(_, xy):
        x, y = xy
        x_new = jnp.clip(x - step * (c - K.T @ y), lb, ub)
        y_new = jnp.maximum(y + step * (rhs - K @ (2 * x_new - x)), 0.0)
        return x_new, y_new

    x, _ = jax.lax.fori_loop(0, iters, body, (jnp.zeros_like(c), jnp.zeros_like(rhs)))
    return x


key = jax.random.key(0)
A = jnp.abs(jax.random.normal(key, [4, 10, 2]))


# --- must be flagged ---


def solve_mpax(A):
    m, d = A.shape
    lp = create_lp(c=-jnp.ones(d), A=A, l=jnp.full(m, -jnp.inf), u=jnp.ones(m),
                   var_lb=jnp.full(d, -jnp.inf), var_ub=jnp.full(d, +jnp.inf))
    return pdhg(lp)


def crashes():
    return jax.vmap(jax.jit(solve_mpax))(A)


# --- must not be flagged ---


def solve_mpax_general(A):
    m, d = A.shape
    lp = create_lp_general(c=-jnp.ones(d), A=jnp.zeros((0, d)), b=jnp.zeros(0), G=-A, h=-jnp.ones(m),
                           l=jnp.full(d, -jnp.inf), u=jnp.full(d, +jnp.inf))
    return pdhg(lp)


def works():
    return jax.vmap(jax.jit(solve_mpax_general))(A)


RAISES = [(crashes, "ConcretizationTypeError")]
RUNS = [works]
